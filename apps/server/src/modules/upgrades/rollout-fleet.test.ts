import { createServer } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import type { RolloutRow, UpgradeOption } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, gateway, upgrade } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { startDemoFleet } from '../demo/plugin.js';

/**
 * A staged rollout against the simulated fleet itself (issue 13, "Simulator: … a failed wave halts the
 * rollout"): real simulated gateways download the image over HTTP from the console, check the platform's
 * signature, and fail every install (SIMULATE_UPGRADE_FAIL_PERCENT=100). The first wave's failures halt the
 * rollout by themselves; the later waves never reach a device, whose firmware stays as it was.
 */

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

let t: TestApp;
let fleet: { stop(): Promise<void> } | undefined;
let admin = '';

beforeAll(async () => {
  const port = await freePort();
  t = await TestApp.start({
    // The manifests' download links point at this app, listening for real: the simulated gateways fetch there.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    FLEET_SIZE: '3',
    BACKFILL_DAYS: '0',
    SIMULATE_INTERVAL: '2',
    SIMULATE_UPGRADE_PERCENT_TIME: '0',
    SIMULATE_UPGRADE_FAIL_PERCENT: '100',
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  admin = await t.tokenFor(ACCOUNTS.admin);
  fleet = await startDemoFleet({
    db: t.database.db,
    config: t.config,
    busPort: t.bus.port,
    log: t.app.log,
    manifestKey: t.manifestKey.publicPem,
  });
}, 120_000);

afterAll(async () => {
  await fleet?.stop();
  await t?.close();
});

describe('a staged rollout to the simulated fleet', () => {
  it('halts by itself when the first wave fails, and no later wave reaches a device', async () => {
    const db = t.database.db;
    // The micro-inverter home (the fleet's third plant): a dozen inverters of one model, so one firmware.
    const micros = await until(async () => {
      const rows = await db
        .select({ sn: device.sn, model: device.model, firmware: device.firmware })
        .from(device)
        .innerJoin(gateway, eq(gateway.id, device.gatewayId))
        .where(and(eq(device.kind, 'inverter'), eq(gateway.online, true)));
      const byModel = new Map<string, typeof rows>();
      for (const r of rows.filter((x) => x.model.startsWith('SIM-MI-')))
        byModel.set(r.model, [...(byModel.get(r.model) ?? []), r]);
      const biggest = [...byModel.values()].sort((a, b) => b.length - a.length)[0];
      return biggest && biggest.length >= 4 ? biggest : undefined;
    }, 'the micro-inverters online');
    const sns = micros.map((m) => m.sn);
    // A device counts as online once its readings arrive (the first batch comes within the interval).
    const check = await until(async () => {
      const all = await Promise.all(
        sns.map((sn) =>
          t.call<{ online: boolean; options: UpgradeOption[] }>('POST', `/api/v1/equip/${sn}/upgrade/check`, {
            token: admin,
          }),
        ),
      );
      return all.every((c) => c.data.online) ? all[0] : undefined;
    }, 'the micro-inverters to report');
    const firmwareId = check?.data.options[0]?.firmwareId ?? '';
    expect(firmwareId).not.toBe('');

    const res = await t.call<{ rollout: RolloutRow | null; refused: unknown[] }>('POST', '/api/v1/equip/batchUpgrade', {
      token: admin,
      body: { firmwareId, sns, rollout: { wavePercent: 25, haltPercent: 50 } },
    });
    expect(res.code).toBe(0);
    expect(res.data.refused).toEqual([]);
    const rolloutId = res.data.rollout?.id ?? '';

    const halted = await until(async () => {
      await t.upgrades.tick();
      const rows = (await t.call<{ rows: RolloutRow[] }>('GET', '/api/v1/upgrade/rollouts', { token: admin })).data
        .rows;
      const r = rows.find((x) => x.id === rolloutId);
      return r?.state === 'halted' ? r : undefined;
    }, 'the rollout to halt');
    expect(halted).toMatchObject({ wave: 1, succeeded: 0 });
    expect(halted.failed).toBeGreaterThan(0);

    const upgrades = await db
      .select({ sn: upgrade.sn, wave: upgrade.wave, state: upgrade.state, steps: upgrade.steps })
      .from(upgrade)
      .where(eq(upgrade.rolloutId, rolloutId));
    const first = upgrades.filter((u) => u.wave === 1);
    const later = upgrades.filter((u) => (u.wave ?? 0) > 1);
    // The first wave went to the devices, which downloaded the image and then failed to install it.
    expect(first.every((u) => u.state === 'failed')).toBe(true);
    for (const u of first) {
      expect((u.steps as { step: string }[]).map((s) => s.step)).toEqual(
        expect.arrayContaining(['downloadOk', 'upgradeFailed']),
      );
    }
    // The rest were never sent: still queued, and the devices run the firmware they ran.
    expect(later.length).toBeGreaterThan(0);
    expect(later.every((u) => u.state === 'queued')).toBe(true);
    const after = await db
      .select({ sn: device.sn, firmware: device.firmware })
      .from(device)
      .where(inArray(device.sn, sns));
    const before = new Map(micros.map((m) => [m.sn, m.firmware]));
    for (const d of after) expect(d.firmware).toBe(before.get(d.sn));
  }, 120_000);
});
