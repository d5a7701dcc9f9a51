import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type FleetHandle } from '@heliograph/simulator';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { spareGatewayDefs } from '../demo/spares.js';
import { spareCredentials, validPlant, withSpares } from '../../test/plant-admin-fixtures.js';

const t = TestApp.forTests();
let fleet: FleetHandle;
let admin: string;

beforeAll(async () => {
  await withSpares(t);
  admin = await t.tokenFor(ACCOUNTS.admin);
  // The spare gateways as the demo server runs them: refused, asking again every two seconds.
  fleet = startFleet({
    plants: spareGatewayDefs().map((s) => s.def),
    credentials: spareCredentials,
    mqttUrl: `mqtt://127.0.0.1:${t.bus.port}`,
    intervalSec: 1,
    backfillDays: 0,
  });
});
afterAll(async () => {
  await fleet?.stop();
});

async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('a spare gateway bound by the wizard', () => {
  it('stays out while unbound, then reports its devices’ live values to the new plant', async () => {
    await new Promise((r) => setTimeout(r, 1000));
    expect(fleet.stats().connected).toBe(0);
    const made = await t.call<{ id: string }>('POST', '/api/v1/plant', {
      token: admin,
      body: validPlant({ gateways: [{ sn: 'GW99000001', key: 'HG7K2M9Q' }] }),
    });
    expect(made.code).toBe(0);
    const started = Date.now();
    const live = await until(async () => {
      const rt = await t.call<{ ts: number | null; powerW: { pv: number | null; soc: number | null } }>(
        'GET',
        `/api/v1/plant/${made.data.id}/realtime`,
        { token: admin },
      );
      return rt.data.ts ? rt.data : undefined;
    }, 20_000);
    expect(Date.now() - started).toBeLessThan(20_000);
    // An AC-coupled storage home: a battery state of charge comes with the first readings.
    expect(live.powerW.soc).not.toBeNull();
    const info = await t.call<{ gateways: { sn: string; online: boolean; devices: number }[] }>(
      'GET',
      `/api/v1/plant/${made.data.id}/info`,
      { token: admin },
    );
    expect(info.data.gateways).toEqual([expect.objectContaining({ sn: 'GW99000001', devices: 4 })]);
    expect(fleet.stats().connected).toBe(1);

    // Unbound again: the broker drops it at once and refuses it from then on.
    const unbind = await t.call('POST', `/api/v1/plant/${made.data.id}/gateway`, {
      token: admin,
      body: { action: 'unbind', sn: 'GW99000001' },
    });
    expect(unbind.code).toBe(0);
    await until(async () => (fleet.stats().connected === 0 ? true : undefined), 5000);
    await new Promise((r) => setTimeout(r, 2500));
    expect(fleet.stats().connected).toBe(0);
  });
});
