import { sql } from 'drizzle-orm';
import {
  bucket5,
  dayRange,
  derivedLoad,
  income,
  localTime,
  type EnergyFigure,
  type EnergyFigures,
  type PricedInterval,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { rowsOf, toDay, toMs } from '../../db/rows.js';
import type { Metrics } from './decode.js';
import { addEnergy, countEnergy, noEnergy, sameEnergy, type ReadingEnergy } from './energy.js';
import type { DeviceInfo, PlantInfo } from './registry.js';
import { SamplePartitions } from './partitions.js';

export interface IncomingSample {
  device: DeviceInfo;
  plant: PlantInfo | null;
  ts: number;
  metrics: Metrics;
}

interface Row {
  ts: number;
  metrics: Metrics;
  energy: ReadingEnergy;
  isNew: boolean;
  changed: boolean;
}

// Any Db or transaction handle: both run `execute`.
type Exec = Pick<Db, 'execute'>;

/** The writer's transaction, for what commits together with the readings (events, gateways' last-seen). */
export type WriterTx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Commits readings: raw samples, per-interval energy from the counters, the latest snapshot, daily rollups
 * per device and plant (with income), and 5-minute plant power. One transaction per call, a handful of
 * set-based statements whatever the number of samples. Idempotent: a reading already stored (same device
 * and timestamp) changes nothing, so replays are harmless.
 */
export class TelemetryWriter {
  private readonly partitions: SamplePartitions;

  constructor(private readonly db: Db) {
    this.partitions = new SamplePartitions(db);
  }

  /**
   * Returns the plants whose figures changed and how many readings were new. `alongside` runs in the same
   * transaction after the readings are written, so what it writes commits with them or not at all.
   */
  async write(
    samples: readonly IncomingSample[],
    alongside?: (tx: WriterTx) => Promise<void>,
  ): Promise<{ plants: Set<string>; inserted: number }> {
    if (samples.length === 0) {
      if (alongside) await this.db.transaction(alongside);
      return { plants: new Set(), inserted: 0 };
    }
    await this.partitions.ensure(samples.map((s) => s.ts));

    const byDevice = new Map<string, { device: DeviceInfo; plant: PlantInfo | null; samples: Map<number, Metrics> }>();
    for (const s of samples) {
      let entry = byDevice.get(s.device.id);
      if (!entry) {
        entry = { device: s.device, plant: s.plant, samples: new Map() };
        byDevice.set(s.device.id, entry);
      }
      if (!entry.samples.has(s.ts)) entry.samples.set(s.ts, s.metrics);
    }

    return this.db.transaction(async (tx) => {
      const ids = [...byDevice.keys()].sort();
      // One writer per device at a time, across instances too: a transaction-scoped advisory lock per device,
      // taken in a fixed order so two instances never deadlock. (Locking device_latest rows would miss a
      // device's very first readings, when it has no row yet.)
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(d)) from unnest(${pgArray(ids)}::text[]) as d order by d`,
      );
      const latestRows = rowsOf<{ device_id: string; ts: unknown; metrics: Metrics }>(
        await tx.execute(
          sql`select device_id, ts, metrics from device_latest where device_id = any(${pgArray(ids)}::uuid[])`,
        ),
      );
      const latest = new Map(latestRows.map((r) => [r.device_id, { ts: toMs(r.ts), metrics: r.metrics }]));

      const inserts: { deviceId: string; plantId: string | null; row: Row }[] = [];
      const updates: { deviceId: string; row: Row }[] = [];
      const dayIncrements = new Map<string, { deviceId: string; day: string; e: EnergyFigures }>();
      const recomputeDays = new Map<string, { deviceId: string; day: string; tz: string }>();
      const plantDays = new Map<string, { plant: PlantInfo; day: string }>();
      const buckets = new Map<string, { plantId: string; bucket: number }>();
      const newLatest: { deviceId: string; ts: number; metrics: Metrics }[] = [];
      const appendingDevices = new Set<string>();

      for (const [deviceId, entry] of byDevice) {
        const tz = entry.plant?.timezone ?? 'UTC';
        const incoming = [...entry.samples.entries()].sort((a, b) => a[0] - b[0]);
        const first = incoming[0];
        if (!first) continue;
        const prev = latest.get(deviceId);
        let rows: Row[];
        let start: { ts: number; metrics: Metrics } | undefined;
        const appending = !prev || first[0] > prev.ts;
        if (appending) {
          appendingDevices.add(deviceId);
          start = prev;
          rows = incoming.map(([ts, metrics]) => ({ ts, metrics, energy: noEnergy(), isNew: true, changed: false }));
        } else {
          // A replay or a late batch lands among stored readings: merge it in and recount from the reading before it.
          const before = rowsOf<{ ts: unknown; metrics: Metrics }>(
            await tx.execute(
              sql`select ts, metrics from device_sample where device_id = ${deviceId} and ts < ${new Date(first[0]).toISOString()}::timestamptz order by ts desc limit 1`,
            ),
          )[0];
          start = before ? { ts: toMs(before.ts), metrics: before.metrics } : undefined;
          const stored = rowsOf<{ ts: unknown; metrics: Metrics } & Record<string, number | null>>(
            await tx.execute(
              sql`select ts, metrics, e_pv, e_purchase, e_feed_in, e_charge, e_discharge, e_load from device_sample where device_id = ${deviceId} and ts >= ${new Date(first[0]).toISOString()}::timestamptz order by ts`,
            ),
          );
          const merged = new Map<number, Row>();
          for (const r of stored) {
            merged.set(toMs(r.ts), {
              ts: toMs(r.ts),
              metrics: r.metrics,
              energy: {
                pv: r.e_pv ?? null,
                purchase: r.e_purchase ?? null,
                feedIn: r.e_feed_in ?? null,
                charge: r.e_charge ?? null,
                discharge: r.e_discharge ?? null,
                load: r.e_load ?? null,
              },
              isNew: false,
              changed: false,
            });
          }
          for (const [ts, metrics] of incoming) {
            if (!merged.has(ts)) merged.set(ts, { ts, metrics, energy: noEnergy(), isNew: true, changed: false });
          }
          rows = [...merged.values()].sort((a, b) => a.ts - b.ts);
          if (!rows.some((r) => r.isNew)) continue; // all of it was already stored: a pure replay
        }

        const counted = countEnergy(rows, start, entry.device.maxW);
        for (const [k, row] of rows.entries()) {
          const energy = counted[k] ?? noEnergy();
          if (!row.isNew && !sameEnergy(row.energy, energy)) row.changed = true;
          row.energy = energy;
        }

        let newest = prev;
        for (const row of rows) {
          if (!row.isNew && !row.changed) continue;
          const { day } = localTime(row.ts, tz);
          if (row.isNew) inserts.push({ deviceId, plantId: entry.device.plantId, row });
          else updates.push({ deviceId, row });
          if (appending) {
            const key = `${deviceId}|${day}`;
            const acc = dayIncrements.get(key) ?? {
              deviceId,
              day,
              e: { pv: 0, purchase: 0, feedIn: 0, charge: 0, discharge: 0, load: 0 },
            };
            addEnergy(acc.e, row.energy);
            dayIncrements.set(key, acc);
          } else {
            recomputeDays.set(`${deviceId}|${day}`, { deviceId, day, tz });
          }
          if (entry.plant && entry.device.plantId) {
            plantDays.set(`${entry.plant.id}|${day}`, { plant: entry.plant, day });
            const b = bucket5(row.ts);
            buckets.set(`${entry.plant.id}|${b}`, { plantId: entry.plant.id, bucket: b });
          }
          if (row.isNew && (!newest || row.ts > newest.ts)) {
            // The snapshot keeps older values of metrics a newer reading lacks, so counters carry over.
            newest = { ts: row.ts, metrics: { ...(newest?.metrics ?? {}), ...row.metrics } };
          }
        }
        if (newest && newest !== prev) newLatest.push({ deviceId, ts: newest.ts, metrics: newest.metrics });
      }

      if (inserts.length > 0) await insertSamples(tx, inserts);
      for (const u of updates) await updateSampleEnergy(tx, u.deviceId, u.row);
      if (dayIncrements.size > 0) await incrementDeviceDays(tx, [...dayIncrements.values()]);
      for (const r of recomputeDays.values()) await recomputeDeviceDay(tx, r.deviceId, r.day, r.tz);
      if (newLatest.length > 0) await upsertLatest(tx, newLatest);
      if (plantDays.size > 0) await rollupPlantDays(tx, [...plantDays.values()]);
      if (buckets.size > 0) {
        const { complete, rest } = powerFromFlush(byDevice, appendingDevices, [...buckets.values()]);
        if (complete.length > 0) await upsertPlantPower(tx, complete);
        if (rest.length > 0) await rollupPlantPower(tx, rest);
      }
      if (alongside) await alongside(tx);

      return { plants: new Set([...plantDays.values()].map((p) => p.plant.id)), inserted: inserts.length };
    });
  }
}

/** A JS array as a Postgres array literal parameter (works the same on node-postgres and PGlite). */
function pgArray(values: readonly (string | number | null)[]): string {
  return `{${values
    .map((v) =>
      v === null ? 'NULL' : typeof v === 'number' ? String(v) : `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`,
    )
    .join(',')}}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

async function insertSamples(tx: Exec, rows: { deviceId: string; plantId: string | null; row: Row }[]): Promise<void> {
  // One JSON document for all rows: PostgreSQL parses it once, far cheaper than escaped text arrays.
  const doc = JSON.stringify(
    rows.map((r) => ({
      device_id: r.deviceId,
      ts: iso(r.row.ts),
      plant_id: r.plantId,
      metrics: r.row.metrics,
      e_pv: r.row.energy.pv,
      e_purchase: r.row.energy.purchase,
      e_feed_in: r.row.energy.feedIn,
      e_charge: r.row.energy.charge,
      e_discharge: r.row.energy.discharge,
      e_load: r.row.energy.load,
    })),
  );
  await tx.execute(sql`
    insert into device_sample (device_id, ts, plant_id, metrics, e_pv, e_purchase, e_feed_in, e_charge, e_discharge, e_load)
    select device_id, ts, plant_id, metrics, e_pv, e_purchase, e_feed_in, e_charge, e_discharge, e_load
    from jsonb_to_recordset(${doc}::jsonb) as x(device_id uuid, ts timestamptz, plant_id uuid, metrics jsonb,
      e_pv float8, e_purchase float8, e_feed_in float8, e_charge float8, e_discharge float8, e_load float8)
    on conflict (device_id, ts) do nothing`);
}

async function updateSampleEnergy(tx: Exec, deviceId: string, row: Row): Promise<void> {
  const e = row.energy;
  await tx.execute(sql`
    update device_sample set e_pv = ${e.pv}, e_purchase = ${e.purchase}, e_feed_in = ${e.feedIn},
      e_charge = ${e.charge}, e_discharge = ${e.discharge}, e_load = ${e.load}
    where device_id = ${deviceId} and ts = ${iso(row.ts)}::timestamptz`);
}

async function incrementDeviceDays(
  tx: Exec,
  rows: { deviceId: string; day: string; e: EnergyFigures }[],
): Promise<void> {
  const col = (f: EnergyFigure) => pgArray(rows.map((r) => r.e[f]));
  await tx.execute(sql`
    insert into device_day (device_id, day, pv, purchase, feed_in, charge, discharge, load)
    select * from unnest(${pgArray(rows.map((r) => r.deviceId))}::uuid[], ${pgArray(rows.map((r) => r.day))}::date[],
      ${col('pv')}::float8[], ${col('purchase')}::float8[], ${col('feedIn')}::float8[],
      ${col('charge')}::float8[], ${col('discharge')}::float8[], ${col('load')}::float8[])
    on conflict (device_id, day) do update set
      pv = device_day.pv + excluded.pv, purchase = device_day.purchase + excluded.purchase,
      feed_in = device_day.feed_in + excluded.feed_in, charge = device_day.charge + excluded.charge,
      discharge = device_day.discharge + excluded.discharge, load = device_day.load + excluded.load`);
}

async function recomputeDeviceDay(tx: Exec, deviceId: string, day: string, tz: string): Promise<void> {
  const [from, to] = dayRange(day, tz);
  await tx.execute(sql`
    insert into device_day (device_id, day, pv, purchase, feed_in, charge, discharge, load)
    select ${deviceId}::uuid, ${day}::date, coalesce(sum(e_pv), 0), coalesce(sum(e_purchase), 0), coalesce(sum(e_feed_in), 0),
      coalesce(sum(e_charge), 0), coalesce(sum(e_discharge), 0), coalesce(sum(e_load), 0)
    from device_sample where device_id = ${deviceId} and ts >= ${iso(from)}::timestamptz and ts < ${iso(to)}::timestamptz
    on conflict (device_id, day) do update set pv = excluded.pv, purchase = excluded.purchase, feed_in = excluded.feed_in,
      charge = excluded.charge, discharge = excluded.discharge, load = excluded.load`);
}

async function upsertLatest(tx: Exec, rows: { deviceId: string; ts: number; metrics: Metrics }[]): Promise<void> {
  await tx.execute(sql`
    insert into device_latest (device_id, ts, metrics, updated_at)
    select d, t, m, now() from unnest(${pgArray(rows.map((r) => r.deviceId))}::uuid[],
      ${pgArray(rows.map((r) => iso(r.ts)))}::timestamptz[], ${pgArray(rows.map((r) => JSON.stringify(r.metrics)))}::jsonb[]) as x(d, t, m)
    on conflict (device_id) do update set ts = excluded.ts, metrics = excluded.metrics, updated_at = now()
    where excluded.ts > device_latest.ts`);
}

/**
 * Plant-day figures are the sum of the plant's device days; the load is measured where a meter reports
 * it and derived from the balance otherwise; income follows the plant's valuation method.
 */
async function rollupPlantDays(tx: Exec, items: { plant: PlantInfo; day: string }[]): Promise<void> {
  const sums = rowsOf<
    { plant_id: string; day: unknown } & Record<'pv' | 'purchase' | 'feed_in' | 'charge' | 'discharge' | 'load', number>
  >(
    await tx.execute(sql`
      select t.plant_id, t.day, coalesce(sum(dd.pv), 0) as pv, coalesce(sum(dd.purchase), 0) as purchase,
        coalesce(sum(dd.feed_in), 0) as feed_in, coalesce(sum(dd.charge), 0) as charge,
        coalesce(sum(dd.discharge), 0) as discharge, coalesce(sum(dd.load), 0) as load
      from unnest(${pgArray(items.map((i) => i.plant.id))}::uuid[], ${pgArray(items.map((i) => i.day))}::date[]) as t(plant_id, day)
      left join device d on d.plant_id = t.plant_id
      left join device_day dd on dd.device_id = d.id and dd.day = t.day
      group by t.plant_id, t.day`),
  );
  const plants = new Map(items.map((i) => [`${i.plant.id}|${i.day}`, i.plant]));
  const out: { plantId: string; day: string; e: EnergyFigures; income: number }[] = [];
  for (const r of sums) {
    const day = toDay(r.day);
    const plant = plants.get(`${r.plant_id}|${day}`);
    if (!plant) continue;
    const base = summedFigures(r);
    const measured = Number(r.load);
    const e: EnergyFigures = { ...base, load: measured > 0 ? measured : derivedLoad(base) };
    const intervals = plant.valuation.method === 'tou' ? await pricedIntervals(tx, plant, day) : [];
    out.push({ plantId: plant.id, day, e, income: income(plant.valuation, e, intervals) });
  }
  if (out.length === 0) return;
  const col = (f: EnergyFigure) => pgArray(out.map((o) => o.e[f]));
  await tx.execute(sql`
    insert into plant_day (plant_id, day, pv, purchase, feed_in, charge, discharge, load, income, updated_at)
    select p, d, pv, pu, fi, ch, di, lo, inc, now() from unnest(${pgArray(out.map((o) => o.plantId))}::uuid[], ${pgArray(out.map((o) => o.day))}::date[],
      ${col('pv')}::float8[], ${col('purchase')}::float8[], ${col('feedIn')}::float8[], ${col('charge')}::float8[],
      ${col('discharge')}::float8[], ${col('load')}::float8[], ${pgArray(out.map((o) => o.income))}::float8[])
      as x(p, d, pv, pu, fi, ch, di, lo, inc)
    on conflict (plant_id, day) do update set pv = excluded.pv, purchase = excluded.purchase, feed_in = excluded.feed_in,
      charge = excluded.charge, discharge = excluded.discharge, load = excluded.load, income = excluded.income, updated_at = now()`);
}

/** A row of summed energy columns as figures; the load is left to the caller (measured, or derived). */
function summedFigures(
  r: Record<'pv' | 'purchase' | 'feed_in' | 'charge' | 'discharge', unknown>,
): Omit<EnergyFigures, 'load'> {
  return {
    pv: Number(r.pv),
    purchase: Number(r.purchase),
    feedIn: Number(r.feed_in),
    charge: Number(r.charge),
    discharge: Number(r.discharge),
  };
}

/** The plant's energy per reading time of one day, for time-of-use pricing. */
async function pricedIntervals(tx: Exec, plant: PlantInfo, day: string): Promise<PricedInterval[]> {
  const [from, to] = dayRange(day, plant.timezone);
  const rows = rowsOf<{
    ts: unknown;
    pv: number;
    purchase: number;
    feed_in: number;
    charge: number;
    discharge: number;
    load: number;
    has_load: boolean;
  }>(
    await tx.execute(sql`
      select ts, coalesce(sum(e_pv), 0) as pv, coalesce(sum(e_purchase), 0) as purchase, coalesce(sum(e_feed_in), 0) as feed_in,
        coalesce(sum(e_charge), 0) as charge, coalesce(sum(e_discharge), 0) as discharge, coalesce(sum(e_load), 0) as load,
        bool_or(e_load is not null) as has_load
      from device_sample where plant_id = ${plant.id} and ts >= ${iso(from)}::timestamptz and ts < ${iso(to)}::timestamptz
      group by ts order by ts`),
  );
  return rows.map((r) => {
    const base = summedFigures(r);
    const load = r.has_load ? Number(r.load) : derivedLoad(base);
    return {
      minuteOfDay: localTime(toMs(r.ts), plant.timezone).minuteOfDay,
      purchase: base.purchase,
      feedIn: base.feedIn,
      selfUsed: Math.max(0, load - base.purchase),
    };
  });
}

interface PowerRow {
  plantId: string;
  bucket: number;
  pv: number | null;
  load: number | null;
  grid: number | null;
  battery: number | null;
  soc: number | null;
}

const metric = (m: Metrics, k: string): number | null => (typeof m[k] === 'number' ? (m[k] as number) : null);
const add = (a: number | null, b: number | null): number | null => (b === null ? a : (a ?? 0) + b);

/**
 * Plant power for the buckets this flush fully determines: every device of the plant has a reading in the
 * bucket here, and all of them are newer than anything stored (so nothing stored could be newer). That is
 * the usual case — one gateway per plant sending all its devices each poll — and needs no reading back.
 * The other buckets are left to `rollupPlantPower`. Same rules as there.
 */
function powerFromFlush(
  byDevice: Map<string, { device: DeviceInfo; plant: PlantInfo | null; samples: Map<number, Metrics> }>,
  appending: Set<string>,
  buckets: { plantId: string; bucket: number }[],
): { complete: PowerRow[]; rest: { plantId: string; bucket: number }[] } {
  const newestInBucket = new Map<string, Map<string, { ts: number; m: Metrics; kind: string }>>();
  // Looked up per bucket below: a backfill flush has thousands of buckets and hundreds of devices.
  const plants = new Map<string, PlantInfo>();
  for (const [deviceId, entry] of byDevice) {
    if (!entry.plant || !entry.device.plantId) continue;
    plants.set(entry.plant.id, entry.plant);
    for (const [ts, m] of entry.samples) {
      const key = `${entry.plant.id}|${bucket5(ts)}`;
      let devs = newestInBucket.get(key);
      if (!devs) newestInBucket.set(key, (devs = new Map()));
      const cur = devs.get(deviceId);
      if (!cur || ts > cur.ts) devs.set(deviceId, { ts, m, kind: entry.device.kind });
    }
  }
  const complete: PowerRow[] = [];
  const rest: { plantId: string; bucket: number }[] = [];
  for (const b of buckets) {
    const devs = newestInBucket.get(`${b.plantId}|${b.bucket}`);
    const plant = plants.get(b.plantId);
    const whole =
      devs !== undefined &&
      plant !== undefined &&
      devs.size === plant.deviceCount &&
      [...devs.keys()].every((id) => appending.has(id));
    if (!whole || !devs) {
      rest.push(b);
      continue;
    }
    let pv: number | null = null;
    let load: number | null = null;
    let grid: number | null = null;
    let battery: number | null = null;
    let socSum = 0;
    let socN = 0;
    for (const { m, kind } of devs.values()) {
      if (kind === 'inverter') pv = add(pv, metric(m, 'p_pv') ?? metric(m, 'p_ac'));
      load = add(load, metric(m, 'p_load'));
      grid = add(grid, metric(m, 'p_grid'));
      battery = add(battery, metric(m, 'p_bat'));
      const soc = metric(m, 'soc');
      if (soc !== null) {
        socSum += soc;
        socN++;
      }
    }
    complete.push({
      ...b,
      pv,
      load: load ?? (pv ?? 0) + (grid ?? 0) + (battery ?? 0),
      grid,
      battery,
      soc: socN ? socSum / socN : null,
    });
  }
  return { complete, rest };
}

async function upsertPlantPower(tx: Exec, rows: PowerRow[]): Promise<void> {
  const doc = JSON.stringify(
    rows.map((r) => ({
      plant_id: r.plantId,
      ts: iso(r.bucket),
      pv: r.pv,
      load: r.load,
      grid: r.grid,
      battery: r.battery,
      soc: r.soc,
    })),
  );
  await tx.execute(sql`
    insert into plant_power (plant_id, ts, pv, load, grid, battery, soc)
    select plant_id, ts, pv, load, grid, battery, soc
    from jsonb_to_recordset(${doc}::jsonb) as x(plant_id uuid, ts timestamptz, pv float8, load float8, grid float8, battery float8, soc float8)
    on conflict (plant_id, ts) do update set pv = excluded.pv, load = excluded.load, grid = excluded.grid,
      battery = excluded.battery, soc = excluded.soc`);
}

/**
 * 5-minute plant power from each device's newest reading in the bucket: PV from inverters, grid (+ buying)
 * and load from meters, battery (+ discharging) and SOC from whatever reports them. Without a load meter
 * the load is what the balance leaves: PV + grid + battery.
 */
async function rollupPlantPower(tx: Exec, items: { plantId: string; bucket: number }[]): Promise<void> {
  await tx.execute(sql`
    insert into plant_power (plant_id, ts, pv, load, grid, battery, soc)
    select plant_id, bucket, pv, coalesce(load, coalesce(pv, 0) + coalesce(grid, 0) + coalesce(battery, 0)), grid, battery, soc
    from (
      select t.plant_id, t.bucket,
        sum(case when d.kind = 'inverter' then coalesce((s.metrics->>'p_pv')::float8, (s.metrics->>'p_ac')::float8) end) as pv,
        sum((s.metrics->>'p_load')::float8) as load,
        sum((s.metrics->>'p_grid')::float8) as grid,
        sum((s.metrics->>'p_bat')::float8) as battery,
        avg((s.metrics->>'soc')::float8) as soc
      from unnest(${pgArray(items.map((i) => i.plantId))}::uuid[], ${pgArray(items.map((i) => iso(i.bucket)))}::timestamptz[]) as t(plant_id, bucket)
      join lateral (
        select distinct on (x.device_id) x.device_id, x.metrics from device_sample x
        where x.plant_id = t.plant_id and x.ts >= t.bucket and x.ts < t.bucket + interval '5 minutes'
        order by x.device_id, x.ts desc
      ) s on true
      join device d on d.id = s.device_id
      group by t.plant_id, t.bucket
    ) agg
    on conflict (plant_id, ts) do update set pv = excluded.pv, load = excluded.load, grid = excluded.grid,
      battery = excluded.battery, soc = excluded.soc`);
}
