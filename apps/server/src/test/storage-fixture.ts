import { eq, inArray } from 'drizzle-orm';
import { appUser, company, device, deviceEvent, deviceLatest, deviceSample } from '../db/schema.js';
import { ACCOUNTS, type TestApp } from './harness.js';
import { provisionPlant } from '../modules/plants/provision.js';
import { TEST_PLANT_FIELDS } from './plant-fields.js';

/**
 * Test data for the battery, meter, weather-station and event tests: a Sunrise plant shared to the demo
 * visitor (guest) with a master and a slave battery, two meters and a weather station reporting now, and a
 * Rival Solar plant with one of each. Serial numbers carry the test's prefix so files never collide.
 */
export interface StorageFixture {
  plantId: string;
  rivalPlantId: string;
  sn: {
    master: string;
    slave: string;
    meterA: string;
    meterB: string;
    weather: string;
    rivalBattery: string;
    rivalMeter: string;
    rivalWeather: string;
  };
  ids: Record<string, string>;
  /** The plant-local day of the day-chart readings: tests ask for it by date, not for "today". */
  day: string;
}

export function cellMetrics(n: number, base = 3.3): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 1; i <= n; i++) {
    out[`cell${i}_v`] = Number((base + (i === 5 ? -0.021 : i === 9 ? 0.012 : 0.001 * (i % 3))).toFixed(3));
    out[`cell${i}_t`] = 24 + (i % 4) * 0.5;
  }
  return out;
}

export async function storageFixture(t: TestApp, prefix: string): Promise<StorageFixture> {
  const db = t.database.db;
  await t.otherCompanyToken(); // makes Rival Solar
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rival] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  const [visitor] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.visitor));
  const [owner] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.owner));
  const sn = {
    master: `${prefix}BAT01`,
    slave: `${prefix}BAT02`,
    meterA: `${prefix}MTR01`,
    meterB: `${prefix}MTR02`,
    weather: `${prefix}WS01`,
    rivalBattery: `${prefix}RBAT1`,
    rivalMeter: `${prefix}RMTR1`,
    rivalWeather: `${prefix}RWS1`,
  };
  const base = { ...TEST_PLANT_FIELDS, type: 'storage_dc' as const };
  const { plantId } = await provisionPlant(db, {
    ...base,
    companyId: sunrise?.id ?? null,
    name: `${prefix} storage plant`,
    sharedWith: [
      { userId: visitor?.id ?? '', level: 'guest' },
      { userId: owner?.id ?? '', level: 'guest' },
    ],
    gateways: [
      {
        sn: `${prefix}GW01`,
        password: 'GatewayPass2026',
        devices: [
          {
            sn: sn.master,
            kind: 'battery',
            capacityKwh: 10.24,
            model: 'SIM-BAT-10.24',
            meta: { bmsSn: `${prefix}BMS1` },
          },
          { sn: sn.slave, kind: 'battery', capacityKwh: 10.24, model: 'SIM-BAT-10.24' },
          { sn: sn.meterA, kind: 'meter', model: 'SIM-MTR-3P' },
          { sn: sn.meterB, kind: 'meter', model: 'SIM-MTR-1P' },
          { sn: sn.weather, kind: 'weather', model: 'SIM-WS-1' },
        ],
      },
    ],
  });
  const { plantId: rivalPlantId } = await provisionPlant(db, {
    ...base,
    companyId: rival?.id ?? null,
    name: `${prefix} rival plant`,
    gateways: [
      {
        sn: `${prefix}RGW1`,
        password: 'GatewayPass2026',
        devices: [
          { sn: sn.rivalBattery, kind: 'battery', capacityKwh: 5 },
          { sn: sn.rivalMeter, kind: 'meter' },
          { sn: sn.rivalWeather, kind: 'weather' },
        ],
      },
    ],
  });
  const rows = await db
    .select({ id: device.id, sn: device.sn })
    .from(device)
    .where(inArray(device.sn, Object.values(sn)));
  const ids = Object.fromEntries(rows.map((r) => [r.sn, r.id]));
  const id = (s: string) => ids[s] ?? '';
  await db
    .update(device)
    .set({ parentId: id(sn.master) })
    .where(eq(device.id, id(sn.slave)));

  const now = new Date();
  const battery = (soc: number) => ({
    p_bat: -1200,
    soc,
    soh: 97,
    v_bat: 52.8,
    i_bat: -22.7,
    temp: 25.5,
    cycles: 42,
    cap_full_ah: 194,
    cap_residual_ah: Math.round(194 * soc) / 100,
    relay_charge: 1,
    relay_discharge: 0,
    ...cellMetrics(16),
  });
  const meter = { p_grid: -850, p_load: 1400, e_import_total: 1234.5, e_export_total: 987.25, freq: 50 };
  const latest: [string, Record<string, number>][] = [
    [sn.master, battery(64)],
    [sn.slave, battery(61)],
    [
      sn.meterA,
      {
        ...meter,
        ph1_v: 230.1,
        ph1_i: 3.2,
        ph1_p: 700,
        ph2_v: 231,
        ph2_i: 0.5,
        ph2_p: 80,
        ph3_v: 229.5,
        ph3_i: 0.3,
        ph3_p: 70,
      },
    ],
    [sn.meterB, meter],
    [sn.weather, { irradiance: 640, t_ambient: 18.5, t_module: 34.2, wind_speed: 2.4 }],
    [sn.rivalBattery, battery(50)],
    [sn.rivalMeter, meter],
    [sn.rivalWeather, { irradiance: 100, t_ambient: 10, t_module: 12, wind_speed: 1 }],
  ];
  await db.insert(deviceLatest).values(latest.map(([s, metrics]) => ({ deviceId: id(s), ts: now, metrics })));
  // Two readings an hour apart for the day charts, on the plant's today; 11:00 UTC is midday in Berlin, whatever
  // the season. Tests ask for this day by date, so a run across midnight cannot miss it.
  const today = now.toLocaleDateString('en-CA', { timeZone: TEST_PLANT_FIELDS.timezone });
  const noon = new Date(`${today}T11:00:00Z`);
  const later = new Date(noon.getTime() + 3_600_000);
  await db.insert(deviceSample).values([
    { deviceId: id(sn.master), plantId, ts: noon, metrics: battery(40) },
    { deviceId: id(sn.master), plantId, ts: later, metrics: battery(55) },
    { deviceId: id(sn.meterA), plantId, ts: noon, metrics: meter },
    { deviceId: id(sn.weather), plantId, ts: noon, metrics: { irradiance: 600, t_ambient: 18 } },
    { deviceId: id(sn.weather), plantId, ts: later, metrics: { irradiance: 800, t_ambient: 19 } },
  ]);
  return { plantId, rivalPlantId, sn, ids, day: today };
}

/** Events: an open fault on the master battery, a cleared warning on meter A, an open one at Rival Solar. */
export async function storageEvents(t: TestApp, f: StorageFixture): Promise<{ raised: Record<string, number> }> {
  const db = t.database.db;
  const [gw] = await db.select({ gatewayId: device.gatewayId }).from(device).where(eq(device.sn, f.sn.master));
  const [rgw] = await db.select({ gatewayId: device.gatewayId }).from(device).where(eq(device.sn, f.sn.rivalBattery));
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000);
  // [device, its gateway, its plant, code, level, message, raised and cleared days ago]
  const rows: [string, string, string, string, 'fault' | 'warning' | 'info', string, number, number?][] = [
    [f.sn.master, gw?.gatewayId ?? '', f.plantId, 'BMS-OT', 'fault', 'over temperature', 1],
    [f.sn.meterA, gw?.gatewayId ?? '', f.plantId, 'M-COMM', 'warning', 'meter communication lost', 10, 9],
    [f.sn.weather, gw?.gatewayId ?? '', f.plantId, 'WS-INFO', 'info', 'sensor cleaned', 3],
    [f.sn.rivalBattery, rgw?.gatewayId ?? '', f.rivalPlantId, 'BMS-OT', 'fault', 'rival fault', 2],
  ];
  await db.insert(deviceEvent).values(
    rows.map(([sn, gatewayId, plantId, code, level, message, raised, cleared]) => ({
      gatewayId,
      gatewayEventId: `${sn}-1`,
      deviceId: f.ids[sn] ?? '',
      plantId,
      code,
      level,
      message,
      raisedAt: at(raised),
      ...(cleared === undefined ? {} : { clearedAt: at(cleared) }),
    })),
  );
  return { raised: { fault: at(1).getTime(), warning: at(10).getTime(), info: at(3).getTime() } };
}
