import { batteryScheduleParamsSchema, type PlantPlanView, type PriceDay } from '@heliograph/shared';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device, deviceLatest, operationLog, plant, plantPlan } from '../../db/schema.js';
import { RecordingGateways } from '../../test/fake-gateway.js';
import { sunrisePlant, upload } from '../../test/gateway-fixtures.js';
import { signInForTests, TestApp } from '../../test/harness.js';
import { STORAGE_PLANT_FIELDS } from '../../test/plant-fields.js';
import { Planner } from './planner/planner.js';

// 20 June 2026, 10:00 UTC: noon in Berlin, the test plants' zone. The planner and the routes read this clock.
let clock = Date.UTC(2026, 5, 20, 10, 0);
const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '2' });
t.now = () => clock;
const tokens = signInForTests(t, 'admin', 'rival');
const gateways = RecordingGateways.forTests((cmd) =>
  cmd.type === 'batterySchedule' ? { status: 'succeeded', result: { mode: 'timeOfUse' } } : { status: 'succeeded' },
);

const GW = 'GWOPT00001';
const INV = 'INVOPT0001';
const BAT = 'BATOPT0001';
let plantId = '';
let plainId = '';

const schedules = () => gateways.received.filter((c) => c.type === 'batterySchedule');

async function setup(): Promise<void> {
  plantId = await sunrisePlant(t, 'Optimised storage plant', [
    {
      sn: GW,
      devices: [
        { sn: INV, kind: 'inverter', ratedW: 6000, meta: { inverterKind: 'hybrid' } },
        { sn: BAT, kind: 'battery', capacityKwh: 10, ratedW: 5000 },
      ],
    },
  ]);
  plainId = await sunrisePlant(t, 'Plant without a battery', []);
  const [bat] = await t.database.db.select().from(device).where(eq(device.sn, BAT));
  await t.database.db.insert(deviceLatest).values({ deviceId: bat!.id, ts: new Date(clock), metrics: { soc: 50 } });
  await gateways.connect(t, GW);
}

/** Saves the plant form (POST /plant/{id} takes the whole form) with these storage settings merged in. */
async function settings(id: string, values: Record<string, unknown>): Promise<void> {
  const name = id === plantId ? 'Optimised storage plant' : 'Plant without a battery';
  const body = { ...STORAGE_PLANT_FIELDS, name, settings: values };
  const res = await t.call('POST', `/api/v1/plant/${id}`, { token: tokens.admin, body });
  expect(res.code, JSON.stringify(res)).toBe(0);
}

const planOf = async (id: string, token = tokens.admin) =>
  t.call<PlantPlanView>('GET', `/api/v1/smart/plan/${id}`, { token });

/** A .csv price file of the hours of 21 June 2026 in Berlin; `bad` breaks the third row's buy price. */
function priceCsv(bad = false): Buffer {
  const rows = ['start;buy;sell'];
  for (let h = 0; h < 24; h++) {
    const buy = bad && h === 1 ? '0.12345' : (0.1 + h / 100).toFixed(4);
    rows.push(`2026-06-21 ${String(h).padStart(2, '0')}:00;${buy};0.05`);
  }
  return Buffer.from(rows.join('\n'));
}

describe('dynamic prices and the battery plan', () => {
  it('answers the day’s prices with the 3 cheapest and 3 dearest periods, in the plant’s zone and currency', async () => {
    await setup();
    // Without a source of its own, a plant is priced by its tariff: the default constant price, all day.
    const tariff = await t.call<PriceDay>('GET', '/api/v1/smart/realtimePrice/day', {
      token: tokens.admin,
      query: { plantId, day: '2026-06-20' },
    });
    expect(tariff.code).toBe(0);
    expect(tariff.data.source).toBe('tariff');
    expect(tariff.data.timezone).toBe('Europe/Berlin');

    await settings(plantId, { priceSource: 'simulated' });
    const day = await t.call<PriceDay>('GET', '/api/v1/smart/realtimePrice/day', {
      token: tokens.admin,
      query: { plantId, day: '2026-06-20' },
    });
    expect(day.data.source).toBe('simulated');
    expect(day.data.currency).toBe('EUR');
    expect(day.data.slots).toHaveLength(24);
    // Local midnight in Berlin (summer time) is 22:00 UTC the day before.
    expect(day.data.slots[0]!.start).toBe(Date.UTC(2026, 5, 19, 22));
    expect(day.data.cheapest).toHaveLength(3);
    expect(day.data.dearest).toHaveLength(3);
    const price = new Map(day.data.slots.map((s) => [s.start, s.buy]));
    const buys = day.data.slots.map((s) => s.buy).sort((a, b) => a - b);
    expect(day.data.cheapest.map((s) => price.get(s))).toEqual(buys.slice(0, 3));
    expect(day.data.dearest.map((s) => price.get(s))).toEqual(buys.slice(-3).reverse());
    for (const s of day.data.slots) expect(Math.round(s.buy * 1e4) / 1e4).toBe(s.buy);
  });

  it('refuses a bad day and answers another company “does not exist”', async () => {
    const bad = await t.call('GET', '/api/v1/smart/realtimePrice/day', {
      token: tokens.admin,
      query: { plantId, day: '2026-02-30' },
    });
    expect(bad.status).toBe(400);
    for (const url of [`/api/v1/smart/plan/${plantId}`, '/api/v1/smart/realtimePrice/day']) {
      const res = await t.call('GET', url, { token: tokens.rival, query: { plantId } });
      expect(res.code, url).toBe(700);
    }
  });

  it('checks a price file row by row and saves it whole, its prices then winning over the plant’s source', async () => {
    const dayOf = () =>
      t.call<PriceDay>('GET', '/api/v1/smart/realtimePrice/day', {
        token: tokens.admin,
        query: { plantId, day: '2026-06-21' },
      });
    const before = await dayOf();
    const bad = await upload<{ saved: boolean; errors: { row: number; field: string; rule: string }[] }>(
      t,
      `/api/v1/smart/price/upload?plantId=${plantId}`,
      tokens.admin,
      priceCsv(true),
      'prices.csv',
    );
    expect(bad.data.saved).toBe(false);
    expect(bad.data.errors).toEqual([{ row: 3, field: 'buy', rule: 'priceDecimals4' }]);
    expect((await dayOf()).data).toEqual(before.data);

    const rival = await upload(
      t,
      `/api/v1/smart/price/upload?plantId=${plantId}`,
      tokens.rival,
      priceCsv(),
      'prices.csv',
    );
    expect(rival.code).toBe(700);

    const good = await upload<{ saved: boolean; slots: number; days: string[] }>(
      t,
      `/api/v1/smart/price/upload?plantId=${plantId}`,
      tokens.admin,
      priceCsv(),
      'prices.csv',
    );
    expect(good.data).toMatchObject({ saved: true, slots: 24, days: ['2026-06-21'] });
    const after = await dayOf();
    expect(after.data.source).toBe('file');
    expect(after.data.slots[5]).toEqual({ start: Date.UTC(2026, 5, 21, 3), minutes: 60, buy: 0.15, sell: 0.05 });
    // The cheapest hours are the first three of the file's rising prices, the dearest its last three.
    expect(after.data.cheapest).toEqual([0, 1, 2].map((h) => Date.UTC(2026, 5, 20, 22 + h)));

    const cleared = await t.call<{ removed: number }>('POST', '/api/v1/smart/price/clear', {
      token: tokens.admin,
      query: { plantId },
    });
    expect(cleared.data.removed).toBe(24);
    expect((await dayOf()).data.source).toBe('simulated');
  });

  it('sends no command while automation is off', async () => {
    await t.planner.tick();
    expect(schedules()).toHaveLength(0);
    const view = await planOf(plantId);
    expect(view.data.automation).toBe(false);
    expect(view.data.storage).toBe(true);
    expect(view.data.slots).toEqual([]);
    expect(await t.database.db.select().from(plantPlan)).toHaveLength(0);
  });

  it('plans a plant once automation is on and sends the plan to its hybrid inverter, logged', async () => {
    await settings(plantId, { autoChargeDischarge: true, autoExport: true });
    await settings(plainId, { autoChargeDischarge: true });
    await t.planner.tick();
    const sent = schedules();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.device).toBe(INV);
    const params = batteryScheduleParamsSchema.parse(sent[0]!.params);
    // From the current hour to the end of tomorrow, Berlin time: 12 + 24 hourly slots.
    expect(params.slots).toHaveLength(36);
    expect(params.slots[0]!.start).toBe(clock);

    const view = await planOf(plantId);
    expect(view.data.automation).toBe(true);
    expect(view.data.mode).toBe('optimised');
    expect(view.data.slots).toHaveLength(36);
    expect(view.data.command).toMatchObject({ status: 'succeeded', inverterSn: INV });
    expect(view.data.nextPlanAt).toBe(clock + 15 * 60_000);
    // The plan is never worse than plain self-consumption on the same forecasts.
    expect(view.data.cost!).toBeLessThanOrEqual(view.data.baselineCost! + 1e-6);
    // It moves the battery: some slot charges and some discharges.
    expect(view.data.slots.some((s) => s.chargeKwh > 0)).toBe(true);
    expect(view.data.slots.some((s) => s.dischargeKwh > 0)).toBe(true);
    const log = await t.database.db
      .select()
      .from(operationLog)
      .where(and(eq(operationLog.target, INV), eq(operationLog.operation, 'inverter.batterySchedule')));
    expect(log).toHaveLength(1);
    expect(log[0]!.result).toBe('succeeded');

    // A plant with no battery is in the loop but gets no command.
    const plain = await planOf(plainId);
    expect(plain.data.storage).toBe(false);
    expect(plain.data.reason).toBe('noStorage');
  });

  it('does not plan again before the plan is due, nor send an unchanged plan', async () => {
    await t.planner.tick();
    expect(schedules()).toHaveLength(1);
    clock += 15 * 60_000;
    await t.planner.tick();
    // Re-planned a quarter later with the same prices and forecasts: nothing the inverter must hear.
    expect(schedules()).toHaveLength(1);
    expect((await planOf(plantId)).data.plannedAt).toBe(clock);
  });

  it('plans each plant once when two instances run a round together', async () => {
    clock += 15 * 60_000;
    // A changed target makes the next plan differ, so it is sent.
    await settings(plantId, { chargeTargetSoc: 80 });
    const other = new Planner({
      db: t.database.db,
      commands: t.commands,
      log: t.app.log,
      now: () => clock,
      intervalMs: 0,
    });
    const before = schedules().length;
    await Promise.all([t.planner.tick(), other.tick()]);
    expect(schedules().length - before).toBe(1);
    const [row] = await t.database.db.select().from(plantPlan).where(eq(plantPlan.plantId, plantId));
    expect(row!.plannedAt!.getTime()).toBe(clock);
  });

  it('plans again at once when the battery departs from the plan', async () => {
    clock += 60_000;
    await t.planner.tick();
    const [before] = await t.database.db.select().from(plantPlan).where(eq(plantPlan.plantId, plantId));
    expect(before!.plannedAt!.getTime()).toBe(clock - 60_000);
    // The battery reads 95 % where the plan had it near 50 %: a cloud front, a guest's sauna, a stuck relay.
    const [bat] = await t.database.db.select().from(device).where(eq(device.sn, BAT));
    await t.database.db
      .update(deviceLatest)
      .set({ metrics: { soc: 95 } })
      .where(eq(deviceLatest.deviceId, bat!.id));
    await t.planner.tick();
    const [after] = await t.database.db.select().from(plantPlan).where(eq(plantPlan.plantId, plantId));
    expect(after!.plannedAt!.getTime()).toBe(clock);
    await t.database.db
      .update(deviceLatest)
      .set({ metrics: { soc: 50 } })
      .where(eq(deviceLatest.deviceId, bat!.id));
  });

  it('returns the inverter to self-use once when automation is switched off, and leaves the loop', async () => {
    const before = schedules().length;
    await settings(plantId, { autoChargeDischarge: false });
    await t.planner.tick();
    const after = schedules();
    expect(after.length - before).toBe(1);
    expect(batteryScheduleParamsSchema.parse(after.at(-1)!.params).slots).toEqual([]);
    expect(await t.database.db.select().from(plantPlan).where(eq(plantPlan.plantId, plantId))).toHaveLength(0);
    await t.planner.tick();
    expect(schedules()).toHaveLength(after.length);
    const [p] = await t.database.db.select().from(plant).where(eq(plant.id, plantId));
    expect((p!.settings as { autoChargeDischarge?: boolean }).autoChargeDischarge).toBe(false);
  });
});
