import { sql } from 'drizzle-orm';
import {
  dayRange,
  localDay,
  type DeviceDetail,
  type DeviceKind,
  type DeviceStatus,
  type EnergyRow,
  type IndexedRow,
} from '@heliograph/shared';
import { findDevice } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { num, query, toMs } from '../../db/rows.js';
import type { AuthContext } from '../../http/context.js';
import { deviceStatusOwnSql } from '../plants/status.js';

/** Devices are seen through their plant: a device of a plant outside the caller's scope does not exist. */
export class DeviceService {
  constructor(private readonly db: Db) {}

  async get(auth: AuthContext, sn: string, kind: DeviceKind): Promise<DeviceDetail> {
    const r = await findDevice<{
      id: string;
      sn: string;
      kind: DeviceKind;
      model: string;
      brand: string;
      firmware: string | null;
      alias: string | null;
      rated_w: unknown;
      capacity_kwh: unknown;
      protocol: string;
      gateway_sn: string;
      plant_id: string | null;
      plant_name: string | null;
      timezone: string | null;
      status: DeviceStatus;
      ts: unknown;
      metrics: Record<string, number | null> | null;
    }>(this.db, auth, sn, {
      kind,
      select: sql`d.*, g.sn as gateway_sn, p.name as plant_name, p.timezone, ${deviceStatusOwnSql} as status, dl.ts, dl.metrics`,
      // Only a device on a plant has a detail page: stock on an unbound gateway does not exist here.
      join: sql`join plant p on p.id = d.plant_id left join device_latest dl on dl.device_id = d.id`,
    });
    return {
      id: r.id,
      sn: r.sn,
      kind: r.kind,
      model: r.model,
      brand: r.brand,
      firmware: r.firmware,
      alias: r.alias,
      ratedW: num(r.rated_w),
      capacityKwh: num(r.capacity_kwh),
      protocol: r.protocol,
      gatewaySn: r.gateway_sn,
      plantId: r.plant_id,
      plantName: r.plant_name,
      timezone: r.timezone ?? 'UTC',
      status: r.status,
      lastSeen: r.ts ? toMs(r.ts) : null,
      metrics: r.metrics ?? {},
    };
  }

  /** A device's readings of one local day, the chosen metrics only. */
  async day(
    d: DeviceDetail,
    day: string | undefined,
    params: readonly string[],
  ): Promise<{ ts: number; values: Record<string, number | null> }[]> {
    const date = day ?? localDay(Date.now(), d.timezone);
    const [from, to] = dayRange(date, d.timezone);
    const rows = await query<{ ts: unknown; metrics: Record<string, number | null> }>(
      this.db,
      sql`select ts, metrics from device_sample where device_id = ${d.id}
        and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz order by ts`,
    );
    return rows.map((r) => ({
      ts: toMs(r.ts),
      values: Object.fromEntries(params.map((p) => [p, r.metrics[p] ?? null])),
    }));
  }

  /** Energy of the device per day of a month, per month of a year, or per year. */
  async energy(d: DeviceDetail, period: 'month' | 'year' | 'total', key: string): Promise<EnergyRow[]> {
    const fmt = period === 'month' ? sql`'YYYY-MM-DD'` : period === 'year' ? sql`'YYYY-MM'` : sql`'YYYY'`;
    const range =
      period === 'month'
        ? sql`and day >= ${`${key}-01`}::date and day < (${`${key}-01`}::date + interval '1 month')`
        : period === 'year'
          ? sql`and day >= ${`${key}-01-01`}::date and day < ${`${Number(key) + 1}-01-01`}::date`
          : sql``;
    const rows = await query<{
      k: string;
      pv: unknown;
      purchase: unknown;
      feed_in: unknown;
      charge: unknown;
      discharge: unknown;
      load: unknown;
    }>(
      this.db,
      sql`select to_char(day, ${fmt}) as k, sum(pv) as pv, sum(purchase) as purchase, sum(feed_in) as feed_in, sum(charge) as charge,
        sum(discharge) as discharge, sum(load) as load from device_day where device_id = ${d.id} ${range} group by k order by k`,
    );
    return rows.map((r) => ({
      key: r.k,
      pv: Number(r.pv),
      purchase: Number(r.purchase),
      feedIn: Number(r.feed_in),
      charge: Number(r.charge),
      discharge: Number(r.discharge),
      load: Number(r.load),
    }));
  }
}

/** Per-MPPT (or string) and per-phase readings from a snapshot, for the inverter's input and output views. */
export function indexed(metrics: Record<string, number | null>, prefix: 'mppt' | 'ph' | 'cell'): IndexedRow[] {
  const out = new Map<number, Record<string, number | null>>();
  const re = new RegExp(`^${prefix}(\\d+)_(\\w+)$`);
  for (const [k, v] of Object.entries(metrics)) {
    const m = re.exec(k);
    if (!m) continue;
    const i = Number(m[1]);
    const entry = out.get(i) ?? {};
    entry[m[2] ?? ''] = v;
    out.set(i, entry);
  }
  return [...out.entries()].sort((a, b) => a[0] - b[0]).map(([index, values]) => ({ index, values }));
}
