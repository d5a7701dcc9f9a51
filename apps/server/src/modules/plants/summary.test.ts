import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { gatewayTopics } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company, device, deviceLatest, plantSummary } from '../../db/schema.js';
import { query, toMs } from '../../db/rows.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { quietBus } from '../../test/quiet-bus.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { Ingest } from '../ingest/dispatcher.js';
import { GatewayRegistry } from '../telemetry/registry.js';
import { TelemetryWriter } from '../telemetry/writer.js';
import { provisionPlant } from './provision.js';
import { plantStatusSql } from './status.js';
import { refreshPlantSummaries } from './summary.js';
import { SummaryKeeper, type KeeperTimers } from './summary-keeper.js';

/**
 * The plant summary (issue 11): what the list, its counts and the map show of a plant, kept by ingest. Its
 * upkeep must give what a full recomputation over the raw rows gives, whatever order batches arrive in and
 * however often they are replayed; a device going quiet must show without new data; a plant with no row
 * yet must list as before. Time is the database's: readings are placed relative to its now(), and "time
 * passing" is played by moving a plant's stored moments into the past by the same amount.
 */
const t = TestApp.forTests();
const log = pino({ level: 'silent' });
const bus = quietBus();

/** Timers the test fires itself. */
class ManualTimers implements KeeperTimers {
  readonly due: { fn: () => void; ms: number }[] = [];
  setTimeout(fn: () => void, ms: number): unknown {
    const entry = { fn, ms };
    this.due.push(entry);
    return entry;
  }
  clearTimeout(handle: unknown): void {
    const i = this.due.indexOf(handle as { fn: () => void; ms: number });
    if (i >= 0) this.due.splice(i, 1);
  }
  fireAll(): void {
    for (const e of this.due.splice(0)) e.fn();
  }
}

let ingest: Ingest;
let keeper: SummaryKeeper;
let timers: ManualTimers;
let admin: string;
let sunriseId: string | null = null;
const plants: Record<string, string> = {};

/** The database's clock, in ms. */
async function dbNow(): Promise<number> {
  const [r] = await query<{ now: unknown }>(t.database.db, sql`select now() as now`);
  return toMs(r?.now);
}

async function makePlant(name: string, gw: string, devices: string[]): Promise<string> {
  const { plantId } = await provisionPlant(t.database.db, {
    companyId: sunriseId,
    name,
    ...TEST_PLANT_FIELDS,
    gateways: [{ sn: gw, password: 'SummaryPass2026', devices: devices.map((sn) => ({ sn, kind: 'inverter' })) }],
  });
  plants[name] = plantId;
  return plantId;
}

const send = async (sn: string, channel: 'telemetry' | 'event', body: unknown) => {
  await ingest.receive(gatewayTopics(sn)[channel], Buffer.from(JSON.stringify(body)));
  await ingest.drain();
};
const reading = (dev: string, ts: number, kwh: number) => ({
  device: dev,
  ts,
  metrics: { p_ac: 1000 + (ts % 997), p_pv: 1100 + (ts % 997), e_pv_total: kwh },
});

/** What the list showed before summaries: every figure recomputed over the raw rows. */
async function recomputed(plantId: string) {
  const [r] = await query<{ status: string; today_kwh: unknown; total_kwh: unknown; power: unknown }>(
    t.database.db,
    sql`select ${plantStatusSql} as status,
        (select coalesce(sum(pv), 0) from plant_day where plant_id = p.id and day = (now() at time zone p.timezone)::date) as today_kwh,
        (select coalesce(sum(pv), 0) from plant_day where plant_id = p.id) as total_kwh,
        (select pv from plant_power where plant_id = p.id order by ts desc limit 1) as power
      from plant p where p.id = ${plantId}`,
  );
  return { status: r?.status, todayKwh: Number(r?.today_kwh), totalKwh: Number(r?.total_kwh), powerW: r?.power };
}

async function summaryRow(plantId: string) {
  const [r] = await t.database.db.select().from(plantSummary).where(eq(plantSummary.plantId, plantId));
  return r;
}

interface ListRow {
  id: string;
  name: string;
  status: string;
  powerW: number | null;
  todayKwh: number;
  totalKwh: number;
}
const list = (query: Record<string, string> = {}) =>
  t.call<{ total: number; rows: ListRow[]; stats: Record<string, number> }>('GET', '/api/v1/plants', {
    token: admin,
    query: { size: '100', ...query },
  });
const listed = async (plantId: string) => (await list()).data.rows.find((r) => r.id === plantId);

beforeAll(async () => {
  const { db } = t.database;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  sunriseId = sunrise?.id ?? null;
  timers = new ManualTimers();
  keeper = new SummaryKeeper({ db, log, timers, now: () => 0, sliceSize: 2 });
  ingest = new Ingest({
    db,
    bus,
    registry: new GatewayRegistry(db),
    writer: new TelemetryWriter(db),
    log,
    summaries: keeper,
  });
  admin = await t.tokenFor(ACCOUNTS.admin);
});
afterAll(async () => {
  await ingest?.stop();
  await keeper?.stop();
});

describe('the plant summary', () => {
  it('equals a full recomputation after batches out of order and replayed, events included', async () => {
    const id = await makePlant('Summary Order', 'GWSUM0001', ['INVSUM0001', 'INVSUM0002']);
    const now = await dbNow();
    const ts = (minutesAgo: number) => now - minutesAgo * 60_000;
    const late = { id: 'late', samples: [reading('INVSUM0001', ts(10), 5.4), reading('INVSUM0002', ts(10), 7.2)] };
    const early = { id: 'early', samples: [reading('INVSUM0001', ts(20), 5.0), reading('INVSUM0002', ts(20), 7.0)] };
    const middle = { id: 'middle', samples: [reading('INVSUM0001', ts(15), 5.1)] };
    await send('GWSUM0001', 'telemetry', late);
    await send('GWSUM0001', 'telemetry', early);
    await keeper.flush();
    await send('GWSUM0001', 'telemetry', middle);
    await send('GWSUM0001', 'telemetry', late);
    await send('GWSUM0001', 'telemetry', early);
    const fault = { id: 'f-1', device: 'INVSUM0002', ts: ts(12), code: 'F023', level: 'fault', state: 'raised' };
    const cleared = { ...fault, id: 'f-2', ts: ts(11), state: 'cleared' };
    const warning = { id: 'w-1', device: 'INVSUM0001', ts: ts(9), code: 'W104', level: 'warning', state: 'raised' };
    // The clear arrives before the fault it clears, then the fault again: it stays open.
    await send('GWSUM0001', 'event', cleared);
    await send('GWSUM0001', 'event', fault);
    await send('GWSUM0001', 'event', warning);
    await send('GWSUM0001', 'event', fault);
    expect(keeper.pending).toBeGreaterThan(0);
    await keeper.flush();
    expect(keeper.pending).toBe(0);

    const full = await recomputed(id);
    expect(full.status).toBe('fault');
    const row = await summaryRow(id);
    expect(row).toMatchObject({ status: full.status, todayKwh: full.todayKwh, totalKwh: full.totalKwh });
    expect(row?.powerW).toBe(full.powerW);
    expect(full.totalKwh).toBeCloseTo(0.6, 6);
    // Both devices report: the status holds until the first of them misses three 5-minute intervals.
    expect(row?.statusUntil?.getTime()).toBe(ts(10) + 15 * 60_000);
    expect(await listed(id)).toMatchObject({
      status: 'fault',
      todayKwh: full.todayKwh,
      totalKwh: full.totalKwh,
      powerW: full.powerW,
    });
  });

  it('shows a device that went quiet as offline, without new data, and the sweep catches up', async () => {
    const id = await makePlant('Summary Quiet', 'GWSUM0002', ['INVSUM0003', 'INVSUM0004']);
    const now = await dbNow();
    await send('GWSUM0002', 'telemetry', {
      id: 'q-1',
      samples: [reading('INVSUM0003', now - 60_000, 1), reading('INVSUM0004', now - 8 * 60_000, 2)],
    });
    await keeper.flush();
    expect(await summaryRow(id)).toMatchObject({ status: 'normal' });
    expect((await listed(id))?.status).toBe('normal');

    // Ten minutes pass: the second device's latest reading is now 18 minutes old (offline after 15).
    await movePlantIntoPast(id, 10 * 60_000);
    expect(await summaryRow(id)).toMatchObject({ status: 'normal' });
    expect((await recomputed(id)).status).toBe('warning');
    expect((await listed(id))?.status).toBe('warning');
    expect((await list({ status: 'warning' })).data.rows.map((r) => r.id)).toContain(id);

    // Ten more: both are quiet; the plant is offline and shows no power.
    await movePlantIntoPast(id, 10 * 60_000);
    expect(await listed(id)).toMatchObject({ status: 'offline', powerW: null });
    const map = await t.call<{ id: string; status: string }[]>('GET', '/api/v1/plants/map', { token: admin });
    expect(map.data.find((p) => p.id === id)?.status).toBe('offline');

    // The sweep refreshes the expired row; nothing will change it by time any more.
    expect(await keeper.sweep()).toBeGreaterThan(0);
    expect(await summaryRow(id)).toMatchObject({ status: 'offline', statusUntil: null });
    expect((await listed(id))?.status).toBe('offline');
  });

  it('lists a plant with no summary row yet as a full recomputation does, and the sweep adds its row', async () => {
    const id = await makePlant('Summary Newcomer', 'GWSUM0003', ['INVSUM0005']);
    const [inv] = await t.database.db.select().from(device).where(eq(device.sn, 'INVSUM0005'));
    // Written beside ingest (as an import or another path might): nobody marks the plant.
    await t.database.db
      .insert(deviceLatest)
      .values({ deviceId: inv?.id ?? '', ts: new Date(await dbNow()), metrics: {} });
    expect(await summaryRow(id)).toBeUndefined();
    const before = await listed(id);
    expect(before).toMatchObject({ status: 'normal', todayKwh: 0, totalKwh: 0 });
    const counts = (await t.call<Record<string, number>>('GET', '/api/v1/plants/mapCount', { token: admin })).data;
    expect(counts.normal).toBeGreaterThan(0);

    await keeper.sweep();
    expect(await summaryRow(id)).toMatchObject({ status: 'normal' });
    expect(await listed(id)).toEqual(before);
    expect((await t.call('GET', '/api/v1/plants/mapCount', { token: admin })).data).toEqual(counts);
  });

  it('catches up with a device added outside ingest at the next sweep', async () => {
    const id = plants['Summary Newcomer'] ?? '';
    await refreshPlantSummaries(t.database.db, [id]);
    expect(await summaryRow(id)).toMatchObject({ status: 'normal' });
    const [inv] = await t.database.db.select().from(device).where(eq(device.sn, 'INVSUM0005'));
    // A second inverter that has never reported: the plant is in warning from now on.
    await t.database.db
      .insert(device)
      .values({ sn: 'INVSUM0006', kind: 'inverter', gatewayId: inv?.gatewayId ?? '', plantId: id });
    expect((await recomputed(id)).status).toBe('warning');
    await keeper.sweep();
    expect(await summaryRow(id)).toMatchObject({ status: 'warning' });
    expect((await listed(id))?.status).toBe('warning');
  });

  it('answers the whole list the same from summaries as from the raw rows', async () => {
    const sorts = ['name', 'power', 'todayEnergy', 'capacity', 'created'];
    const answers = async () => Promise.all(sorts.map((sort) => list({ sort, order: 'desc' })));
    await refreshPlantSummaries(t.database.db, Object.values(plants));
    const fromSummaries = await answers();
    await t.database.db.delete(plantSummary);
    expect(await answers()).toEqual(fromSummaries);
  });

  it('refreshes the marked plants at most once a second, one flush at a time, in slices', async () => {
    const ids = Object.values(plants);
    keeper.markDirty(ids);
    keeper.markDirty(ids);
    // One timer for any number of marks.
    expect(timers.due).toHaveLength(1);
    timers.fireAll();
    await keeper.flush();
    expect(keeper.pending).toBe(0);
    const rows = await t.database.db.select().from(plantSummary);
    expect(rows.map((r) => r.plantId).sort()).toEqual([...ids].sort());
    keeper.markDirty([ids[0] ?? '']);
    // The last flush ended at 0 by the keeper's clock: the next waits a second.
    expect(timers.due.map((d) => d.ms)).toEqual([1000]);
    await keeper.flush();
  });

  it('leaves plants marked during a flush to the next one, a second later', async () => {
    const ids = Object.values(plants);
    expect(ids.length).toBeGreaterThan(2);
    const own = new ManualTimers();
    const first = ids[0] ?? '';
    // Between the two slices, ingest commits for a plant again.
    const k: SummaryKeeper = new SummaryKeeper({
      db: t.database.db,
      log,
      timers: own,
      now: () => 0,
      sliceSize: 2,
      turn: async () => k.markDirty([first]),
    });
    k.markDirty(ids);
    await k.flush();
    expect(k.pending).toBe(1);
    expect(own.due.map((d) => d.ms)).toEqual([1000]);
    await k.stop();
    expect(k.pending).toBe(0);
    expect(own.due).toHaveLength(0);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('two instances', () => {
  it('sweep one at a time: while another holds the sweep lock, this one leaves the work to it', async () => {
    const id = plants['Summary Newcomer'] ?? '';
    await t.database.db.delete(plantSummary).where(eq(plantSummary.plantId, id));
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    let locked: () => void = () => undefined;
    const lockTaken = new Promise<void>((r) => (locked = r));
    const other = t.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(724312)`);
      locked();
      await held;
    });
    await lockTaken;
    expect(await keeper.sweep()).toBe(0);
    expect(await summaryRow(id)).toBeUndefined();
    release();
    await other;
    expect(await keeper.sweep()).toBeGreaterThan(0);
    expect(await summaryRow(id)).toBeDefined();
  });
});

/**
 * Plays `ms` of time passing for one plant: its devices' latest readings, its power and its summary row move
 * that far into the past, so against the unchanged now() they are as old as they would be later.
 */
async function movePlantIntoPast(plantId: string, ms: number): Promise<void> {
  const shift = sql`${ms} * interval '1 millisecond'`;
  const { db } = t.database;
  await db.execute(
    sql`update device_latest set ts = ts - ${shift} where device_id in (select id from device where plant_id = ${plantId})`,
  );
  await db.execute(
    sql`update plant_summary set status_until = status_until - ${shift}, computed_at = computed_at - ${shift} where plant_id = ${plantId}`,
  );
}
