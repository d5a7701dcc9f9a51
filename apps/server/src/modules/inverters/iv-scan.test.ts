import { sql } from 'drizzle-orm';
import { INVERTER_STATE, ivKeyPoints, type IvScanResult } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { operationLog } from '../../db/schema.js';
import { commandTests, commandsFor, inverterPlants, setLatest, startUpgrade } from '../../test/inverter-fixture.js';

const GW = 'GWIVSC0001';
const INV = 'INVIVS0001';
const INV_OFF = 'INVIVS0002';
const INV_OTHER = 'INVIVS0009';

/** The test's gateway: records every command and answers what `gateways.answer` says at the time. */
const { t, tokens, gateways } = commandTests();

/** A curve as a gateway sends it: I = isc·(1 − e^((V − voc)/15)), 40 points. */
function mppt(index: number, isc: number, voc: number) {
  const points = Array.from({ length: 40 }, (_, k) => {
    const v = (voc * k) / 39;
    return {
      v: Math.round(v * 10) / 10,
      i: Math.round(Math.max(0, isc * (1 - Math.exp((v - voc) / 15))) * 1000) / 1000,
    };
  });
  return { index, points, ...ivKeyPoints(points) };
}
const SCAN: IvScanResult = { mppts: [mppt(1, 9.8, 460), mppt(2, 4.1, 455)] };

const setState = (sn: string, state: number) => setLatest(t, sn, { p_ac: 4200, p_pv: 4400, state });
const logsFor = (sn: string) =>
  t.database.db
    .select()
    .from(operationLog)
    .where(sql`${operationLog.target} = ${sn} and ${operationLog.operation} = 'inverter.ivScan'`);

interface ScanAnswer {
  status: string;
  error: string | null;
  iv: IvScanResult | null;
}
const scan = (sn: string, token: string) =>
  t.call<ScanAnswer>('POST', `/api/v1/inverter/${sn}/pvIVRealtime`, { token });

beforeAll(async () => {
  await inverterPlants(
    t,
    {
      name: 'I-V scan test plant',
      gateways: [
        { sn: GW, devices: [{ sn: INV, kind: 'inverter', model: 'HG-5K', ratedW: 5000 }] },
        { sn: 'GWIVSC0002', devices: [{ sn: INV_OFF, kind: 'inverter', model: 'HG-5K', ratedW: 5000 }] },
      ],
    },
    {
      name: 'Rival I-V plant',
      gateways: [{ sn: 'GWIVSC0009', devices: [{ sn: INV_OTHER, kind: 'inverter' }] }],
    },
  );
  for (const sn of [INV, INV_OFF, INV_OTHER]) await setState(sn, INVERTER_STATE.mppt);
  await gateways.connect(t, GW);
});

describe('PV I-V scan (pvIVRealtime)', () => {
  it('another company’s inverter does not exist (600), either way round', async () => {
    expect((await scan(INV, tokens.rival)).code).toBe(600);
    expect((await scan(INV_OTHER, tokens.admin)).code).toBe(600);
    expect(await commandsFor(t, INV_OTHER)).toHaveLength(0);
  });

  it('refuses a visitor and sends nothing', async () => {
    const res = await scan(INV, tokens.visitor);
    expect([403, 200]).toContain(res.status);
    expect([2, 600]).toContain(res.code);
    expect(await commandsFor(t, INV)).toHaveLength(0);
  });

  it('answers 1201 for an inverter behind an offline gateway, sending nothing, and logs the attempt', async () => {
    const res = await scan(INV_OFF, tokens.admin);
    expect(res.code).toBe(1201);
    expect(await commandsFor(t, INV_OFF)).toHaveLength(0);
    expect((await logsFor(INV_OFF)).map((l) => l.result)).toEqual(['failed: offline']);
  });

  it('sends ivScan to the inverter and answers the validated curves, logged as succeeded', async () => {
    gateways.answer = () => ({ status: 'succeeded', result: SCAN });
    const res = await scan(INV, tokens.admin);
    expect(res.code).toBe(0);
    expect(res.data.status).toBe('succeeded');
    expect(res.data.iv?.mppts.map((m) => m.index)).toEqual([1, 2]);
    const [first] = res.data.iv?.mppts ?? [];
    expect(first?.points).toHaveLength(40);
    expect(first?.voc).toBeGreaterThan(first?.vmp ?? Infinity);
    expect(first?.isc).toBeGreaterThan(first?.imp ?? Infinity);
    expect(gateways.received.at(-1)).toMatchObject({ type: 'ivScan', device: INV });
    const logs = await logsFor(INV);
    expect(logs.map((l) => l.result)).toEqual(['succeeded']);
    expect(logs[0]?.commandId).toBeTruthy();
  });

  it('reports a failed scan as failed with the device’s reason, and no curves', async () => {
    gateways.answer = () => ({ status: 'failed', error: 'no PV input' });
    const res = await scan(INV, tokens.admin);
    expect(res.data).toMatchObject({ status: 'failed', error: 'no PV input', iv: null });
    expect((await logsFor(INV)).map((l) => l.result)).toContain('failed: no PV input');
  });

  it('gives no curves for a malformed answer (too few points, voltage going back)', async () => {
    gateways.answer = () => ({
      status: 'succeeded',
      result: { mppts: [{ ...mppt(1, 5, 400), points: [{ v: 1, i: 1 }] }] },
    });
    expect((await scan(INV, tokens.admin)).data).toMatchObject({ status: 'succeeded', iv: null });
    const back = mppt(1, 5, 400);
    gateways.answer = () => ({
      status: 'succeeded',
      result: { mppts: [{ ...back, points: [...back.points].reverse() }] },
    });
    expect((await scan(INV, tokens.admin)).data).toMatchObject({ status: 'succeeded', iv: null });
  });

  it('refuses a scan while the inverter is upgrading (1202), sending nothing', async () => {
    const before = (await commandsFor(t, INV)).length;
    const endUpgrade = await startUpgrade(t, GW, INV);
    expect((await scan(INV, tokens.admin)).code).toBe(1202);
    expect(await commandsFor(t, INV)).toHaveLength(before);
    await endUpgrade();
  });
});
