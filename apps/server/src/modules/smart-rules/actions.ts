import { sql } from 'drizzle-orm';
import { MESSAGE_TYPE, type PermissionKey, type RuleAction, type RuleActionOutcome } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { deviceTarget, inverterTarget, sendCommand, type Caller } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';
import { findSwitch } from '../ac-switches/queries.js';
import { mergeSettings } from '../ac-switches/settings-store.js';
import { InverterService } from '../inverters/service.js';
import { postMessages } from '../messages/post.js';
import type { MessageBus } from '../mqtt/bus.js';

/** The plant's buy price in the slot holding `atMs` (null: none known). Injected: issue 17's price part. */
export interface PriceSource {
  buyAt(plantId: string, atMs: number): Promise<number | null>;
}

/** Sets a light (issue 17's lighting part). Injected. */
export interface LightActuator {
  setLight(
    caller: { auth: AuthContext; ip: string },
    lightId: string,
    value: { on: boolean; brightness: number },
  ): Promise<{ ok: true } | { ok: false; reason: string }>;
}

export interface ActionDeps {
  db: Db;
  commands: CommandService;
  lights: LightActuator;
  bus?: MessageBus | undefined;
}

/** What the engine passes about the run. */
export interface RunContext {
  runId: string;
  ruleId: string;
  ruleName: string;
  plantId: string;
  ownerId: string | null;
}

/** The address the operation log records for what a rule did. */
export const RULE_IP = 'smart-rule';

const PERMISSION: Record<RuleAction['kind'], PermissionKey | null> = {
  acSwitch: 'switch.control',
  inverterMode: 'inverter.setting',
  light: null,
  notify: null,
};

export function targetOf(a: RuleAction): string {
  if (a.kind === 'acSwitch' || a.kind === 'inverterMode') return a.sn;
  if (a.kind === 'light') return a.lightId;
  return a.to;
}

const outcome = (a: RuleAction, status: RuleActionOutcome['status'], reason: string | null): RuleActionOutcome => ({
  kind: a.kind,
  target: targetOf(a),
  status,
  reason,
});

/**
 * Runs one action as the rule's owner (`auth`, read now: a owner who lost the permission or the plant is
 * refused, with the reason). Device commands take the same path as the console's buttons: the finder with the
 * write scope, `sendCommand`, the operation log, and the console's copy kept only on success.
 */
export async function runAction(
  deps: ActionDeps,
  auth: AuthContext | undefined,
  run: RunContext,
  a: RuleAction,
  index: number,
): Promise<RuleActionOutcome> {
  if (!auth) return outcome(a, 'refused', 'ownerUnavailable');
  const needed = PERMISSION[a.kind];
  if (needed && !auth.permissions.has(needed)) return outcome(a, 'refused', 'noPermission');
  const caller: Caller = { auth, ip: RULE_IP };
  try {
    switch (a.kind) {
      case 'acSwitch': {
        const sw = await findSwitch(deps.db, auth, a.sn, { write: true });
        if (sw.plantId !== run.plantId) return outcome(a, 'refused', 'notFound');
        if (a.on && sw.settings.localOff) return outcome(a, 'refused', 'stateForbidsCommand');
        const order = {
          type: a.on ? 'switchOn' : 'switchOff',
          operation: a.on ? 'switch.on' : 'switch.off',
          oldValue: sw.on,
          newValue: a.on,
        } as const;
        const o = await sendCommand(deps.commands, caller, deviceTarget(sw), order, () =>
          mergeSettings(deps.db, sw.id, { on: a.on, localOff: false }),
        );
        if (o.status !== 'succeeded' && o.error === 'locallyOff')
          await mergeSettings(deps.db, sw.id, { on: false, localOff: true });
        return o.status === 'succeeded' ? outcome(a, 'succeeded', null) : outcome(a, 'failed', o.error ?? o.status);
      }
      case 'inverterMode': {
        const inverters = new InverterService(deps.db);
        const inv = await inverters.target(auth, a.sn, { write: true });
        if (inv.plantId !== run.plantId) return outcome(a, 'refused', 'notFound');
        inverters.assertAllowed(inv, 'settings');
        const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
        const values = { batteryWorkMode: a.mode };
        const order = {
          type: 'settingsWrite',
          params: values,
          operation: 'inverter.settingsWrite',
          oldValue: { batteryWorkMode: known.batteryWorkMode ?? null },
          newValue: values,
        } as const;
        const o = await sendCommand(deps.commands, caller, inverterTarget(inv), order, () =>
          inverters.rememberSettings(inv, values),
        );
        return o.status === 'succeeded' ? outcome(a, 'succeeded', null) : outcome(a, 'failed', o.error ?? o.status);
      }
      case 'light': {
        const r = await deps.lights.setLight(caller, a.lightId, { on: a.on, brightness: a.brightness });
        return r.ok ? outcome(a, 'succeeded', null) : outcome(a, 'failed', r.reason);
      }
      case 'notify': {
        const users = await recipients(deps.db, run, a.to);
        if (users.length === 0) return outcome(a, 'failed', 'noRecipient');
        await postMessages(
          { db: deps.db, ...(deps.bus ? { bus: deps.bus } : {}) },
          users.map((userId) => ({
            userId,
            type: MESSAGE_TYPE.notification,
            title: run.ruleName,
            content: a.message,
            plantId: run.plantId,
            url: `/intelligence/list?rule=${run.ruleId}`,
            source: `rule:${run.runId}:${index}`,
          })),
        );
        return outcome(a, 'succeeded', null);
      }
    }
  } catch (err) {
    // The owner may no longer reach the device (moved, deleted, the plant given away), or it is offline (1201).
    if (err instanceof AppError) return outcome(a, err.key === 'deviceOffline' ? 'failed' : 'refused', err.key);
    throw err;
  }
}

/** The rule's owner, or the plant's watchers: its owner and the accounts it is shared with. */
async function recipients(db: Db, run: RunContext, to: 'owner' | 'watchers'): Promise<string[]> {
  if (to === 'owner') return run.ownerId ? [run.ownerId] : [];
  const rows = await query<{ id: string }>(
    db,
    sql`select owner_id as id from plant where id = ${run.plantId} and owner_id is not null
      union select user_id as id from plant_share where plant_id = ${run.plantId}`,
  );
  return rows.map((r) => r.id);
}
