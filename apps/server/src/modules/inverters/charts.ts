import { sql } from 'drizzle-orm';
import {
  INVERTER_CHART_SERIES,
  dayRange,
  type InverterChart,
  type InverterChartPeriod,
  type PortChartData,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import type { InverterTarget } from './service.js';

const ENERGY_COLUMN = {
  purchase: sql`purchase`,
  feedIn: sql`feed_in`,
  load: sql`load`,
  charge: sql`charge`,
  discharge: sql`discharge`,
} as const;

/**
 * The grid, EPS, load, battery and meter charts of an inverter (spec §7 "per-period charts"). A hybrid
 * inverter that reports a port itself is drawn from its own readings; otherwise from the battery or meter
 * behind the same gateway, which is where a plant's port readings come from.
 */
export async function portChart(
  db: Db,
  inv: InverterTarget,
  chart: InverterChart,
  period: InverterChartPeriod,
  key: string,
): Promise<PortChartData> {
  const spec = INVERTER_CHART_SERIES[chart];
  const [sibling] = spec.source
    ? await query<{ id: string }>(
        db,
        sql`select id from device where gateway_id = ${inv.gatewayId} and kind = ${spec.source}
          and deleted_at is null order by sn limit 1`,
      )
    : [];

  if (period === 'day') {
    const [from, to] = dayRange(key, inv.timezone);
    const ids = [inv.id, ...(sibling ? [sibling.id] : [])];
    const samples = await query<{ device_id: string; ts: unknown; metrics: Record<string, number | null> }>(
      db,
      sql`select device_id, ts, metrics from device_sample where device_id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )}) and ts >= ${new Date(from).toISOString()}::timestamptz and ts < ${new Date(to).toISOString()}::timestamptz
        order by ts`,
    );
    // Each series comes from one device: the inverter when it reports the metric, else the sibling.
    const own = new Set<string>();
    for (const s of samples) if (s.device_id === inv.id) for (const k of Object.keys(s.metrics)) own.add(k);
    const keys = spec.day.filter((k) => own.has(k) || sibling);
    const byTs = new Map<number, Record<string, number | null>>();
    for (const s of samples) {
      const fromInverter = s.device_id === inv.id;
      const ts = toMs(s.ts);
      for (const k of keys) {
        if (own.has(k) !== fromInverter) continue;
        const v = s.metrics[k];
        if (v === undefined) continue;
        const row = byTs.get(ts) ?? {};
        row[k] = v;
        byTs.set(ts, row);
      }
    }
    return {
      chart,
      period,
      unit: 'W',
      keys: [...keys],
      rows: [...byTs.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([ts, values]) => ({ ts, values: Object.fromEntries(keys.map((k) => [k, values[k] ?? null])) })),
    };
  }

  const keys = [...spec.energy];
  if (keys.length === 0) return { chart, period, unit: 'kWh', keys, rows: [] };
  const deviceId = sibling?.id ?? inv.id;
  const fmt = period === 'month' ? sql`'YYYY-MM-DD'` : sql`'YYYY-MM'`;
  const range =
    period === 'month'
      ? sql`day >= ${`${key}-01`}::date and day < (${`${key}-01`}::date + interval '1 month')`
      : sql`day >= ${`${key}-01-01`}::date and day < ${`${Number(key) + 1}-01-01`}::date`;
  const rows = await query<Record<string, unknown> & { k: string }>(
    db,
    sql`select to_char(day, ${fmt}) as k, ${sql.join(
      keys.map((k) => sql`sum(${ENERGY_COLUMN[k]}) as ${sql.identifier(k)}`),
      sql`, `,
    )} from device_day where device_id = ${deviceId} and ${range} group by k order by k`,
  );
  return {
    chart,
    period,
    unit: 'kWh',
    keys,
    rows: rows.map((r) => ({
      key: r.k,
      values: Object.fromEntries(keys.map((k) => [k, r[k] === null || r[k] === undefined ? null : Number(r[k])])),
    })),
  };
}
