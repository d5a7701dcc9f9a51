import { sql, type SQL } from 'drizzle-orm';
import {
  inverterActionBlock,
  inverterFlow,
  localDay,
  type BatteryInverter,
  type DebugReply,
  type DeviceStatus,
  type InverterAction,
  type InverterEvent,
  type InverterFacets,
  type InverterFilter,
  type InverterFlowAnswer,
  type InverterList,
  type InverterListQuery,
  type InverterListStatus,
  type InverterRow,
  type InverterSort,
  type Lang,
  type InverterStatusCounts,
  type SettingField,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { anyContains, num, query, toMs } from '../../db/rows.js';
import { eventCore, type RawEvent } from '../events/rows.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { findDevice } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';
import { deviceStatusOwnSql } from '../plants/status.js';
import { settingFieldsFor } from './settings-form.js';
import { dataForm, labelled, type DataForm } from './protocol-form.js';

/** The inverter a route acts on, with what the action rule needs. */
export interface InverterTarget {
  id: string;
  sn: string;
  alias: string | null;
  model: string;
  protocol: string;
  meta: Record<string, unknown>;
  settings: Record<string, unknown>;
  gatewayId: string;
  gatewaySn: string;
  plantId: string | null;
  timezone: string;
  status: string;
  state: number | null;
  /** A battery is behind the same gateway: a hybrid inverter then offers its battery settings. */
  hasBattery: boolean;
}

const ORDER: Record<InverterSort, SQL> = {
  sn: sql`sn`,
  plant: sql`plant_name`,
  power: sql`power_w`,
  today: sql`today_kwh`,
  lastSeen: sql`ts`,
};

type RawRow = {
  id: string;
  sn: string;
  alias: string | null;
  brand: string;
  model: string;
  rated_w: unknown;
  protocol: string;
  firmware: string | null;
  gateway_sn: string;
  plant_id: string | null;
  plant_name: string | null;
  status: DeviceStatus;
  power_w: unknown;
  today_kwh: unknown;
  total_kwh: unknown;
  ts: unknown;
  writable: boolean;
};

/** Inverters in the caller's scope (device → gateway → plant), never deleted ones. */
export class InverterService {
  constructor(private readonly db: Db) {}

  /** One row per visible inverter with its status, the base of the list, the counts and the export. */
  private base(auth: AuthContext, f: InverterFilter): SQL {
    const q = f.q?.trim();
    const search = q ? anyContains(q, [sql`d.sn`, sql`d.alias`, sql`p.name`, sql`g.sn`]) : null;
    return sql`select d.id, d.sn, d.alias, d.brand, d.model, d.rated_w, d.protocol, d.firmware, g.sn as gateway_sn,
        d.plant_id, p.name as plant_name, ${deviceStatusOwnSql} as status, dl.ts,
        (dl.metrics->>'p_ac')::float8 as power_w,
        coalesce((dl.metrics->>'e_ac_total')::float8, (dl.metrics->>'e_pv_total')::float8) as total_kwh,
        coalesce((select dd.pv from device_day dd where dd.device_id = d.id
          and dd.day = (now() at time zone coalesce(p.timezone, 'UTC'))::date), 0) as today_kwh,
        ${scopeCondition(auth, 'device', { write: true })} as writable
      from device d join gateway g on g.id = d.gateway_id left join plant p on p.id = d.plant_id
      left join device_latest dl on dl.device_id = d.id
      where d.kind = 'inverter' and d.deleted_at is null and ${scopeCondition(auth, 'device')}
        ${search ? sql`and ${search}` : sql``}
        ${f.plantId ? sql`and d.plant_id::text = ${f.plantId}` : sql``}
        ${f.model ? sql`and d.model = ${f.model}` : sql``}
        ${f.brand ? sql`and d.brand = ${f.brand}` : sql``}`;
  }

  async list(auth: AuthContext, f: InverterListQuery): Promise<Omit<InverterList, 'facets'>> {
    const order = f.order === 'asc' ? sql`asc` : sql`desc`;
    const by = f.sort ? sql`${ORDER[f.sort]} ${order} nulls last, sn` : sql`plant_name, sn`;
    const rows = await query<RawRow & { total: unknown }>(
      this.db,
      sql`select *, count(*) over () as total from (${this.base(auth, f)}) i
        ${f.status ? sql`where status = ${f.status}` : sql``}
        order by ${by} limit ${f.size} offset ${(f.page - 1) * f.size}`,
    );
    const stats = await this.stats(auth, f);
    return {
      total: rows[0] ? Number(rows[0].total) : f.status ? stats[f.status] : 0,
      rows: rows.map(toRow),
      stats,
    };
  }

  /** Every row for the export (same filters as the list, capped). */
  async all(auth: AuthContext, f: InverterFilter, cap: number): Promise<InverterRow[]> {
    const rows = await query<RawRow>(
      this.db,
      sql`select * from (${this.base(auth, f)}) i ${f.status ? sql`where status = ${f.status}` : sql``}
        order by plant_name, sn limit ${cap}`,
    );
    return rows.map(toRow);
  }

  /** Inverters by status under every filter except the status one (the statistics bar). */
  async stats(auth: AuthContext, f: InverterFilter): Promise<InverterStatusCounts> {
    const rows = await query<{ status: string; n: unknown }>(
      this.db,
      sql`select status, count(*) as n from (${this.base(auth, { ...f, status: undefined })}) i group by status`,
    );
    const out = { all: 0, normal: 0, warning: 0, fault: 0, offline: 0, upgrading: 0 };
    for (const r of rows) {
      const n = Number(r.n);
      out.all += n;
      if (r.status in out) out[r.status as InverterListStatus] += n;
    }
    return out;
  }

  /** Models, brands and plants of the visible inverters: the choices of the list's filters. */
  async facets(auth: AuthContext): Promise<InverterFacets> {
    const rows = await query<{ model: string; brand: string; plant_id: string | null; plant_name: string | null }>(
      this.db,
      sql`select distinct d.model, d.brand, d.plant_id, p.name as plant_name
        from device d join gateway g on g.id = d.gateway_id left join plant p on p.id = d.plant_id
        where d.kind = 'inverter' and d.deleted_at is null and ${scopeCondition(auth, 'device')} limit 2000`,
    );
    const plants = new Map<string, string>();
    for (const r of rows) if (r.plant_id) plants.set(r.plant_id, r.plant_name ?? '');
    const sorted = (xs: Iterable<string>) => [...new Set(xs)].filter(Boolean).sort((a, b) => a.localeCompare(b));
    return {
      models: sorted(rows.map((r) => r.model)),
      brands: sorted(rows.map((r) => r.brand)),
      plants: [...plants.entries()]
        .map(([id, name]) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name))
        .slice(0, 500),
    };
  }

  /**
   * The inverter `sn` as the caller may see it (`write`: may change or command it); 600 otherwise, the same
   * answer for another company's inverter as for one that does not exist.
   */
  async target(auth: AuthContext, sn: string, opts: { write?: boolean } = {}): Promise<InverterTarget> {
    const r = await findDevice<{
      id: string;
      sn: string;
      alias: string | null;
      model: string;
      protocol: string;
      meta: Record<string, unknown> | null;
      settings: Record<string, unknown> | null;
      gateway_id: string;
      gateway_sn: string;
      plant_id: string | null;
      timezone: string | null;
      status: string;
      state: unknown;
      has_battery: boolean;
    }>(this.db, auth, sn, {
      kind: 'inverter',
      write: opts.write ?? false,
      select: sql`d.id, d.sn, d.alias, d.model, d.protocol, d.meta, d.settings, d.gateway_id, g.sn as gateway_sn,
          d.plant_id, p.timezone, ${deviceStatusOwnSql} as status, (dl.metrics->>'state')::float8 as state,
          exists (select 1 from device b where b.gateway_id = d.gateway_id and b.kind = 'battery'
            and b.deleted_at is null) as has_battery`,
      join: sql`left join plant p on p.id = d.plant_id left join device_latest dl on dl.device_id = d.id`,
    });
    return {
      id: r.id,
      sn: r.sn,
      alias: r.alias,
      model: r.model,
      protocol: r.protocol,
      meta: r.meta ?? {},
      settings: r.settings ?? {},
      gatewayId: r.gateway_id,
      gatewaySn: r.gateway_sn,
      plantId: r.plant_id,
      timezone: r.timezone ?? 'UTC',
      status: r.status,
      state: num(r.state),
      hasBattery: Boolean(r.has_battery),
    };
  }

  /**
   * What flows through the inverter now (spec §7 "flow"): its own PV and AC output, the battery behind its
   * gateway when it is a hybrid, and the gateway's meter for grid and load (packages/shared inverterFlow).
   */
  async flow(auth: AuthContext, sn: string): Promise<InverterFlowAnswer> {
    const inv = await this.target(auth, sn);
    const hybrid = inv.meta.inverterKind === 'hybrid';
    const rows = await query<{
      kind: string;
      metrics: Record<string, number | null> | null;
      ts: unknown;
      rated_w: unknown;
    }>(
      this.db,
      sql`select distinct on (d.kind) d.kind, dl.metrics, dl.ts, d.rated_w
        from device d left join device_latest dl on dl.device_id = d.id
        where d.deleted_at is null and (d.id = ${inv.id}
          or (d.gateway_id = ${inv.gatewayId} and d.kind in ('battery', 'meter')))
        order by d.kind, d.sn`,
    );
    const of = (kind: string) => rows.find((r) => r.kind === kind);
    const own = of('inverter');
    const battery = hybrid ? of('battery') : undefined;
    const meter = of('meter');
    const flow = inverterFlow({
      inverter: own?.metrics ?? {},
      battery: battery ? (battery.metrics ?? {}) : null,
      meter: meter ? (meter.metrics ?? {}) : null,
    });
    return { ...flow, ts: own?.ts ? toMs(own.ts) : null, ratedW: num(own?.rated_w), meter: meter !== undefined };
  }

  /**
   * The hybrid inverter a battery is set through: the hybrid behind the battery's gateway (null when there
   * is none). 1206 for a battery the caller may not see, the same as for one that does not exist.
   */
  async hybridOfBattery(auth: AuthContext, batterySn: string): Promise<BatteryInverter | null> {
    const b = await findDevice<{ gateway_id: string }>(this.db, auth, batterySn, {
      kind: 'battery',
      select: sql`d.gateway_id`,
    });
    const [r] = await query<BatteryInverter>(
      this.db,
      sql`select d.sn, d.alias, d.model, d.protocol, ${deviceStatusOwnSql} as status
        from device d join gateway g on g.id = d.gateway_id left join device_latest dl on dl.device_id = d.id
        where d.gateway_id = ${b.gateway_id} and d.kind = 'inverter' and d.deleted_at is null
          and d.meta->>'inverterKind' = 'hybrid'
        order by d.sn limit 1`,
    );
    return r ?? null;
  }

  /** Refuses an action the inverter's state forbids: 1201 offline, 1202 upgrading, 1210 any other state. */
  assertAllowed(inv: InverterTarget, action: InverterAction): void {
    const block = inverterActionBlock(action, { status: inv.status, state: inv.state });
    if (block === 'offline') throw new AppError('deviceOffline');
    if (block === 'upgrading') throw new AppError('deviceUpgrading');
    if (block) throw new AppError('stateForbidsCommand', { data: { reason: block } });
  }

  /**
   * The settings form of the inverter's protocol; 601 when it has none. Asynchronous because a protocol may
   * be register-map data in the database (issue 14 item 2), not only a built-in form.
   */
  async fields(inv: InverterTarget, lang: Lang = 'en'): Promise<SettingField[]> {
    const builtin = settingFieldsFor(inv.protocol, inv.meta, { battery: inv.hasBattery });
    if (builtin) return builtin;
    const form = await this.dataForm(inv);
    if (!form || form.fields.length === 0) throw new AppError('inverterSettingUnsupported');
    return labelled(form, lang);
  }

  /**
   * The form of an inverter bound to a data protocol (its `protocol` is a protocol's code): the writable
   * columns of the newest `settings` config; null for a built-in protocol or one without that config.
   */
  async dataForm(inv: InverterTarget): Promise<DataForm | null> {
    return dataForm(this.db, inv.protocol);
  }

  async setAlias(id: string, alias: string | null): Promise<void> {
    await this.db.execute(sql`update device set alias = ${alias} where id = ${id}`);
  }

  async setProtocol(id: string, protocol: string): Promise<void> {
    await this.db.execute(sql`update device set protocol = ${protocol} where id = ${id}`);
  }

  async markDeleted(id: string): Promise<void> {
    await this.db.execute(sql`update device set deleted_at = now() where id = ${id} and deleted_at is null`);
  }

  /** Settings the console last read from or wrote to the device (the "old value" of the next write). */
  async rememberSettings(inv: InverterTarget, values: Record<string, unknown>): Promise<void> {
    const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
    const next = { ...inv.settings, inverter: { ...known, ...values } };
    await this.db.execute(sql`update device set settings = ${JSON.stringify(next)}::jsonb where id = ${inv.id}`);
  }

  /** The inverter's events, newest first. */
  async events(inv: InverterTarget, page: number, size: number): Promise<{ total: number; rows: InverterEvent[] }> {
    const rows = await query<RawEvent & { total: unknown }>(
      this.db,
      sql`select id, code, level, message, raised_at, cleared_at, count(*) over () as total from device_event
        where device_id = ${inv.id} order by raised_at desc limit ${size} offset ${(page - 1) * size}`,
    );
    return {
      total: rows[0] ? Number(rows[0].total) : 0,
      rows: rows.map(eventCore),
    };
  }

  /** The last debug commands sent to the inverter, newest first (the debug panel's replies). */
  async debugReplies(inv: InverterTarget, id: string | undefined, limit: number): Promise<DebugReply[]> {
    const rows = await query<{
      id: string;
      type: string;
      params: Record<string, unknown>;
      status: string;
      result: Record<string, unknown> | null;
      error: string | null;
      created_at: unknown;
    }>(
      this.db,
      sql`select id, type, params, status, result, error, created_at from device_command
        where device_id = ${inv.id} and type in ('debugRead', 'debugWrite') ${id ? sql`and id::text = ${id}` : sql``}
        order by created_at desc limit ${limit}`,
    );
    return rows.map((r) => ({
      id: r.id,
      type: r.type,
      params: r.params,
      status: r.status,
      result: r.result,
      error: r.error,
      at: toMs(r.created_at),
    }));
  }

  localToday(inv: InverterTarget): string {
    return localDay(Date.now(), inv.timezone);
  }
}

function toRow(r: RawRow): InverterRow {
  return {
    id: r.id,
    sn: r.sn,
    alias: r.alias,
    brand: r.brand,
    model: r.model,
    ratedW: num(r.rated_w),
    protocol: r.protocol,
    firmware: r.firmware,
    gatewaySn: r.gateway_sn,
    plantId: r.plant_id,
    plantName: r.plant_name,
    status: r.status,
    powerW: num(r.power_w),
    todayKwh: Number(r.today_kwh ?? 0),
    totalKwh: num(r.total_kwh),
    lastSeen: r.ts ? toMs(r.ts) : null,
    writable: Boolean(r.writable),
  };
}
