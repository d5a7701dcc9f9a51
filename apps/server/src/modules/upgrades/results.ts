import { and, eq, isNotNull, sql } from 'drizzle-orm';
import {
  commandResultSchema,
  UPGRADE_CMD_PREFIX,
  upgradeDoneResult,
  upgradeStepResult,
  type UpgradeState,
  type UpgradeStep,
} from '@heliograph/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { device, gateway, upgrade } from '../../db/schema.js';

/** The prefix of a cancel command's id (`upgc-<upgradeId>`): its answer says only that the gateway heard it. */
export const CANCEL_CMD_PREFIX = 'upgc-';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an up/ack answer is an upgrade's (or its cancel's): ingest hands those to this module. */
export function isUpgradeAnswer(json: unknown): boolean {
  if (typeof json !== 'object' || json === null || !('cmdId' in json)) return false;
  const id = json.cmdId;
  return typeof id === 'string' && (id.startsWith(UPGRADE_CMD_PREFIX) || id.startsWith(CANCEL_CMD_PREFIX));
}

export interface ResultDeps {
  db: Db;
  log: FastifyBaseLogger;
  now: () => number;
  /** An upgrade became final: its rollout's wave may be through. */
  finished: () => void;
}

/**
 * An answer of a gateway on up/ack for `upg-<id>` (issue 13 point 4), on whichever instance received it. Only
 * the upgrade's own gateway may answer it, and a final state is never overwritten (the updates are conditional
 * on `running`, so a late or repeated answer changes nothing):
 * - `progress` with result.step appends {step, at} to the steps (and the percentage while the file is sent);
 * - `succeeded` with result.version ends it and writes that version to the device (or gateway);
 * - `failed` ends it with the gateway's error; error `cancelled` is a cancellation.
 * If a cancel was asked for and the device finished anyway, the end is `cancelFailed` with its own outcome
 * (error null: it upgraded; otherwise why it failed).
 */
export async function handleUpgradeResult(deps: ResultDeps, sn: string, json: unknown): Promise<void> {
  const parsed = commandResultSchema.safeParse(json);
  if (!parsed.success) {
    deps.log.warn({ sn }, 'unreadable upgrade answer');
    return;
  }
  const r = parsed.data;
  if (r.cmdId.startsWith(CANCEL_CMD_PREFIX)) {
    // The cancel's own answer: the upgrade's answer says how it ended, this one is only logged.
    if (r.status === 'failed') deps.log.info({ sn, cmdId: r.cmdId, error: r.error }, 'cancel refused by gateway');
    return;
  }
  const id = r.cmdId.slice(UPGRADE_CMD_PREFIX.length);
  if (!UUID.test(id)) return;
  const { db } = deps;
  const [row] = await db
    .select({
      id: upgrade.id,
      state: upgrade.state,
      deviceId: upgrade.deviceId,
      gatewayId: upgrade.gatewayId,
      cancelRequestedAt: upgrade.cancelRequestedAt,
      gatewaySn: gateway.sn,
    })
    .from(upgrade)
    .innerJoin(gateway, eq(gateway.id, upgrade.gatewayId))
    .where(eq(upgrade.id, id));
  if (!row || row.gatewaySn !== sn) {
    deps.log.warn({ sn, upgrade: id }, 'upgrade answer from a gateway it was not sent to; ignored');
    return;
  }
  const at = deps.now();
  const step = upgradeStepResult.safeParse(r.result ?? {});
  if (row.state !== 'running') {
    // A step that lost the race to the end (answers of one gateway can reach two instances): still the
    // device's history, so it goes in before the end's step, once. A repeated one finds itself and is dropped.
    if (r.status === 'progress' && step.success) await insertLateStep(db, id, step.data.step, at);
    return;
  }
  const appended = step.success ? appendStep(step.data.step, at) : sql`steps`;
  const running = and(eq(upgrade.id, id), eq(upgrade.state, 'running'));

  if (r.status === 'accepted' || r.status === 'progress') {
    await db
      .update(upgrade)
      .set({
        steps: appended,
        ...(r.progress !== undefined ? { progress: Math.round(r.progress) } : {}),
      })
      .where(running);
    return;
  }

  const cancelAsked = row.cancelRequestedAt !== null;
  let state: UpgradeState;
  let error: string | null = null;
  if (r.status === 'succeeded') {
    state = cancelAsked ? 'cancelFailed' : 'succeeded';
  } else {
    error = r.error ?? 'failed';
    state = error === 'cancelled' ? 'cancelled' : cancelAsked ? 'cancelFailed' : 'failed';
  }
  const version = r.status === 'succeeded' ? upgradeDoneResult.safeParse(r.result ?? {}) : undefined;
  const ended = await db.transaction(async (tx) => {
    const done = await tx
      .update(upgrade)
      .set({
        state,
        error,
        steps: appended,
        ...(r.status === 'succeeded' ? { progress: 100 } : {}),
        finishedAt: new Date(at),
      })
      .where(running)
      .returning({ id: upgrade.id, toVersion: upgrade.toVersion });
    const [u] = done;
    if (!u || r.status !== 'succeeded') return u !== undefined;
    // The version the device says it now runs (the target when it does not say).
    const runs = version?.success ? version.data.version : u.toVersion;
    if (row.deviceId) await tx.update(device).set({ firmware: runs }).where(eq(device.id, row.deviceId));
    else await tx.update(gateway).set({ firmware: runs }).where(eq(gateway.id, row.gatewayId));
    return true;
  });
  if (ended) deps.finished();
}

async function insertLateStep(db: ResultDeps['db'], id: string, step: UpgradeStep, at: number): Promise<void> {
  const entry = sql`jsonb_build_object('step', ${step}::text, 'at', ${at}::bigint)`;
  await db
    .update(upgrade)
    .set({ steps: sql`(steps - -1) || jsonb_build_array(${entry}) || jsonb_build_array(steps -> -1)` })
    .where(
      and(
        eq(upgrade.id, id),
        // Only an upgrade that has ended: one waiting or queued was never sent, so no step of it is late.
        isNotNull(upgrade.finishedAt),
        sql`jsonb_array_length(steps) > 0`,
        sql`not (steps @> jsonb_build_array(jsonb_build_object('step', ${step}::text)))`,
      ),
    );
}

/** The steps column with one more step appended, in SQL, so answers handled at once on two instances both land. */
function appendStep(step: UpgradeStep, at: number) {
  return sql`steps || jsonb_build_array(jsonb_build_object('step', ${step}::text, 'at', ${at}::bigint))`;
}
