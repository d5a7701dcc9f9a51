import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import {
  BATTERY_SETTINGS_GROUP,
  GATEWAY_COMM_SETTINGS,
  PLANT_SETTING_LIMITS,
  settingsConflicts,
  settingsProblems,
  type CommandOutcome,
  type OperationLogPage,
  type PermissionKey,
  type PlantSettingDevice,
  type PlantSettingDeviceResult,
  type PlantSettingKind,
  type PlantSettingReason,
  type PlantSettingsAnswer,
  type PlantSettingsWriteAnswer,
  type PlantSettingsWriteBody,
  type SettingField,
  type SettingValue,
} from '@heliograph/shared';
import { findPlant } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { inverterTarget, sendCommand, type Caller } from '../commands/device-command.js';
import { operationLogPage } from '../commands/operation-log.js';
import type { CommandService } from '../commands/service.js';
import { setMeshCheck, setUploadInterval } from '../gateways/own-gateway.js';
import { settingsError } from '../inverters/settings-fields.js';
import type { InverterService, InverterTarget } from '../inverters/service.js';

/**
 * The device-level key a plant page writes with: the plant page itself needs `station.setting` (its route),
 * and each device keeps its own rule — whoever may not set an inverter on its page may not from the plant's.
 */
export const DEVICE_KEY: Record<PlantSettingKind, PermissionKey> = {
  inverter: 'inverter.setting',
  battery: 'battery.control',
  comm: 'gateway.control',
};

/** The operation log keys a plant page shows: the writes it makes, and the reads of the same settings. */
const LOG_OPERATIONS: Record<PlantSettingKind, readonly string[]> = {
  inverter: ['inverter.settingsWrite', 'inverter.settingsRead'],
  battery: ['inverter.settingsWrite', 'inverter.settingsRead'],
  comm: ['gateway.uploadInterval', 'gateway.meshCheck'],
};

interface GatewayOfPlant {
  gatewayId: string;
  sn: string;
  plantId: string | null;
  online: boolean;
  uploadIntervalS: number;
  meshCheck: boolean;
}

/** A device of the plant with what writing to it needs: the inverter, or the gateway. */
interface Member {
  device: PlantSettingDevice;
  inverter?: InverterTarget;
  gateway?: GatewayOfPlant;
}

interface Group {
  id: string;
  protocol: string;
  fields: SettingField[];
  members: Member[];
}

/** Runs `fn` over `items` with at most `limit` at a time, answers in the items' order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

const formId = (protocol: string, fields: readonly SettingField[]) =>
  `${protocol}:${createHash('sha1').update(JSON.stringify(fields)).digest('hex').slice(0, 10)}`;

const pick = (values: Record<string, unknown>, fields: readonly SettingField[]) =>
  Object.fromEntries(fields.filter((f) => f.key in values).map((f) => [f.key, values[f.key]]));

/** Why a command was not sent, from the error that refused it; null for an error that is not about the device. */
function skipReason(e: unknown): PlantSettingReason | null {
  if (!(e instanceof AppError)) return null;
  if (e.key === 'deviceOffline') return 'offline';
  if (e.key === 'deviceUpgrading') return 'upgrading';
  if (e.key === 'stateForbidsCommand') return 'state';
  return null;
}

const skipped = (sn: string, reason: PlantSettingReason): PlantSettingDeviceResult => ({
  sn,
  result: 'skipped',
  reason,
  error: null,
  commandId: null,
  commandStatus: null,
});

function fromOutcome(sn: string, outcome: CommandOutcome): PlantSettingDeviceResult {
  const ok = outcome.status === 'succeeded';
  return {
    sn,
    result: ok ? 'succeeded' : 'failed',
    reason: ok ? null : outcome.status === 'timed_out' ? 'timedOut' : 'rejected',
    error: ok ? null : outcome.error,
    commandId: outcome.id,
    commandStatus: outcome.status,
  };
}

/**
 * Plant-level parameters (issue 14 item 3): the plant's devices of a kind grouped by the form they share, and one
 * set of values written to the chosen ones — checked against the form once, then one command per device, a few
 * at a time, each through the same path (and operation log) as the device's own page.
 */
export class PlantSettingsService {
  constructor(private readonly deps: { db: Db; commands: CommandService; inverters: InverterService }) {}

  /** The plant the caller may see; 700 for another company's, the same as for one that does not exist. */
  plant(auth: AuthContext, id: string): Promise<{ id: string; name: string }> {
    return findPlant<{ id: string; name: string }>(this.deps.db, auth, id, { select: sql`p.id, p.name` });
  }

  async answer(auth: AuthContext, plantId: string, kind: PlantSettingKind): Promise<PlantSettingsAnswer> {
    const plant = await this.plant(auth, plantId);
    const { groups, unsupported } = await this.groups(auth, plant.id, kind);
    return {
      plantId: plant.id,
      plantName: plant.name,
      kind,
      groups: groups.map((g) => ({
        id: g.id,
        protocol: g.protocol,
        fields: g.fields,
        devices: g.members.map((m) => m.device),
      })),
      unsupported: unsupported.map((m) => m.device),
      canWrite: auth.permissions.has(DEVICE_KEY[kind]),
    };
  }

  /** The plant's devices of `kind` the caller may see, grouped by their form. */
  private async groups(
    auth: AuthContext,
    plantId: string,
    kind: PlantSettingKind,
  ): Promise<{ groups: Group[]; unsupported: Member[] }> {
    if (kind === 'comm') {
      const members = await this.gateways(auth, plantId);
      const fields = [...GATEWAY_COMM_SETTINGS];
      const groups =
        members.length > 0 ? [{ id: formId('gateway', fields), protocol: 'gateway', fields, members }] : [];
      return { groups, unsupported: [] };
    }
    const rows = await query<{ sn: string; writable: boolean; battery_sn: string | null }>(
      this.deps.db,
      sql`select d.sn, ${scopeCondition(auth, 'device', { write: true })} as writable,
          (select b.sn from device b where b.gateway_id = d.gateway_id and b.kind = 'battery'
            and b.deleted_at is null order by b.sn limit 1) as battery_sn
        from device d join gateway g on g.id = d.gateway_id
        where d.plant_id = ${plantId} and d.kind = 'inverter' and d.deleted_at is null
          and ${scopeCondition(auth, 'device')}
        order by d.sn`,
    );
    const byForm = new Map<string, Group>();
    const unsupported: Member[] = [];
    const { inverters } = this.deps;
    const loaded = await mapLimit(rows, PLANT_SETTING_LIMITS.concurrency, async (r) => {
      const inv = await inverters.target(auth, r.sn);
      const all = await inverters.fields(inv).catch((e: unknown) => {
        if (e instanceof AppError && e.key === 'inverterSettingUnsupported') return null;
        throw e;
      });
      return { r, inv, all };
    });
    for (const { r, inv, all } of loaded) {
      const fields = kind === 'battery' ? (all ?? []).filter((f) => f.group === BATTERY_SETTINGS_GROUP) : all;
      const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
      const device: PlantSettingDevice = {
        sn: inv.sn,
        alias: inv.alias,
        model: inv.model,
        status: inv.status,
        gatewaySn: inv.gatewaySn,
        batterySn: kind === 'battery' ? r.battery_sn : null,
        writable: Boolean(r.writable),
        values: fields ? pick(known, fields) : {},
      };
      if (!fields) {
        unsupported.push({ device, inverter: inv });
        continue;
      }
      // A string inverter (or a hybrid without a battery) has no battery group: not a device of that page.
      if (fields.length === 0) continue;
      const id = formId(inv.protocol, fields);
      const group = byForm.get(id) ?? { id, protocol: inv.protocol, fields, members: [] };
      group.members.push({ device, inverter: inv });
      byForm.set(id, group);
    }
    return { groups: [...byForm.values()], unsupported };
  }

  private async gateways(auth: AuthContext, plantId: string): Promise<Member[]> {
    const rows = await query<{
      id: string;
      sn: string;
      alias: string | null;
      model: string | null;
      online: boolean;
      upload_interval_s: unknown;
      mesh_check: boolean;
      writable: boolean;
    }>(
      this.deps.db,
      sql`select g.id, g.sn, g.alias, g.model, g.online, g.upload_interval_s, g.mesh_check,
          ${scopeCondition(auth, 'gateway', { write: true })} as writable
        from gateway g where g.plant_id = ${plantId} and ${scopeCondition(auth, 'gateway')}
        order by g.sn`,
    );
    return rows.map((r) => {
      const gw: GatewayOfPlant = {
        gatewayId: r.id,
        sn: r.sn,
        plantId,
        online: Boolean(r.online),
        uploadIntervalS: Number(r.upload_interval_s),
        meshCheck: Boolean(r.mesh_check),
      };
      return {
        device: {
          sn: r.sn,
          alias: r.alias,
          model: r.model ?? '',
          status: gw.online ? 'online' : 'offline',
          gatewaySn: r.sn,
          batterySn: null,
          writable: Boolean(r.writable),
          values: { uploadIntervalS: gw.uploadIntervalS, meshCheck: gw.meshCheck },
        },
        gateway: gw,
      };
    });
  }

  /**
   * Writes `values` to the chosen devices of the plant. They must share one form, and each value is checked
   * against it before anything is sent (code 4 naming the field otherwise); then one command per device, at
   * most PLANT_SETTING_LIMITS.concurrency at a time, each answered succeeded, failed or skipped with why.
   */
  async write(
    caller: Caller,
    plantId: string,
    kind: PlantSettingKind,
    body: PlantSettingsWriteBody,
  ): Promise<PlantSettingsWriteAnswer> {
    const { auth } = caller;
    const plant = await this.plant(auth, plantId);
    if (!auth.permissions.has(DEVICE_KEY[kind])) throw new AppError('noPermission', { httpStatus: 403 });
    const { groups } = await this.groups(auth, plant.id, kind);
    const members = new Map<string, { group: Group; member: Member }>();
    for (const group of groups) for (const member of group.members) members.set(member.device.sn, { group, member });
    const forms = new Set(body.sns.map((sn) => members.get(sn)?.group).filter((g) => g !== undefined));
    const [group, ...others] = [...forms];
    // Devices of different forms cannot take one set of values; none of the plant's, nothing to check against.
    if (!group || others.length > 0) throw new ValidationError([{ field: 'sns', rule: 'invalid' }]);
    const { values } = body;
    const problems = [...settingsProblems(group.fields, values), ...settingsConflicts(values)];
    if (problems.length > 0) throw settingsError(problems);
    const results = await mapLimit(body.sns, PLANT_SETTING_LIMITS.concurrency, async (sn) => {
      const found = members.get(sn);
      if (!found || found.group !== group) return skipped(sn, 'notInPlant');
      if (!found.member.device.writable) return skipped(sn, 'readOnly');
      try {
        if (found.member.inverter) return await this.writeInverter(caller, found.member.inverter, values);
        if (found.member.gateway) return await this.writeGateway(caller, found.member.gateway, values);
        return skipped(sn, 'notInPlant');
      } catch (e) {
        const reason = skipReason(e);
        if (reason) return skipped(sn, reason);
        throw e;
      }
    });
    const count = (r: PlantSettingDeviceResult['result']) => results.filter((x) => x.result === r).length;
    return { results, succeeded: count('succeeded'), failed: count('failed'), skipped: count('skipped') };
  }

  /** The inverter settings write of the device's own page (settings routes), for one inverter of the plant. */
  private async writeInverter(
    caller: Caller,
    inv: InverterTarget,
    values: Record<string, SettingValue>,
  ): Promise<PlantSettingDeviceResult> {
    const { inverters, commands } = this.deps;
    inverters.assertAllowed(inv, 'settings');
    const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
    if (settingsConflicts(values, known).length > 0) return skipped(inv.sn, 'conflict');
    const order = {
      type: 'settingsWrite',
      params: values,
      operation: 'inverter.settingsWrite',
      oldValue: Object.fromEntries(Object.keys(values).map((k) => [k, known[k] ?? null])),
      newValue: values,
    } as const;
    const save = () => inverters.rememberSettings(inv, values);
    return fromOutcome(inv.sn, await sendCommand(commands, caller, inverterTarget(inv), order, save));
  }

  /** The gateway page's upload interval and mesh check, one command each, stopping at the first that fails. */
  private async writeGateway(
    caller: Caller,
    gw: GatewayOfPlant,
    values: Record<string, SettingValue>,
  ): Promise<PlantSettingDeviceResult> {
    if (!gw.online) return skipped(gw.sn, 'offline');
    const deps = { db: this.deps.db, commands: this.deps.commands };
    let last: CommandOutcome | null = null;
    if (typeof values.uploadIntervalS === 'number') {
      last = await setUploadInterval(deps, caller, gw, values.uploadIntervalS, 'gateway.uploadInterval');
      if (last.status !== 'succeeded') return fromOutcome(gw.sn, last);
    }
    if (typeof values.meshCheck === 'boolean') {
      last = await setMeshCheck(deps, caller, gw, values.meshCheck, 'gateway.meshCheck');
    }
    return last ? fromOutcome(gw.sn, last) : skipped(gw.sn, 'notInPlant');
  }

  /**
   * The operation log of the plant's devices for the settings a page of `kind` changes, newest first (battery:
   * only the inverter settings reads and writes that concern a battery field).
   */
  async log(
    auth: AuthContext,
    plantId: string,
    kind: PlantSettingKind,
    page: number,
    size: number,
  ): Promise<OperationLogPage> {
    const plant = await this.plant(auth, plantId);
    const ops = sql.join(
      LOG_OPERATIONS[kind].map((op) => sql`${op}`),
      sql`, `,
    );
    let about = sql`true`;
    if (kind === 'battery') {
      // The battery settings are some of the inverter settings: the rows that name one of the battery fields.
      const { groups } = await this.groups(auth, plant.id, kind);
      const keys = [...new Set(groups.flatMap((g) => g.fields.map((f) => f.key)))];
      about =
        keys.length === 0
          ? sql`false`
          : sql`(${sql.join(
              keys.map((k) => sql`position(${`"${k}"`} in coalesce(o.new_value, '')) > 0`),
              sql` or `,
            )})`;
    }
    const where = sql`o.plant_id = ${plant.id} and o.operation in (${ops}) and ${about}`;
    return operationLogPage(this.deps.db, where, page, size);
  }
}
