import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device, gateway, upgrade } from '../../db/schema.js';
import { TestApp } from '../../test/harness.js';
import {
  addFirmware,
  recordCommands,
  sunriseId,
  TestClock,
  upgradePlant,
  type SentCommand,
} from '../../test/upgrade-fixture.js';

/**
 * Two server instances on one PostgreSQL database, each with its own dispatcher: every upgrade is claimed by
 * one of them and sent once, however their rounds overlap. Needs TEST_DATABASE_URL (.ci/run sets it); the
 * embedded database has one connection, where nothing could overlap.
 */
const pgUrl = process.env.TEST_DATABASE_URL;
const DEVICES = 30;

describe.skipIf(!pgUrl)('two instances sending upgrades from one PostgreSQL', () => {
  const clock = new TestClock();
  let a: TestApp;
  let b: TestApp;
  let sentA: SentCommand[];
  let sentB: SentCommand[];

  beforeAll(async () => {
    a = await TestApp.start({}, undefined, { now: clock.now });
    b = await TestApp.start({}, a.database, { now: clock.now });
    sentA = recordCommands(a);
    sentB = recordCommands(b);
    const sns = Array.from({ length: DEVICES }, (_, i) => `SOINV${String(i).padStart(3, '0')}`);
    await upgradePlant(a, clock, 'Scale-out upgrades', [
      {
        sn: 'SOGW01',
        model: 'SO-GW',
        online: false,
        devices: sns.map((sn) => ({ sn, kind: 'inverter' as const, model: 'SO-INV', online: true })),
      },
    ]);
    const fw = await addFirmware(a, {
      companyId: await sunriseId(a.database.db),
      kind: 'inverter',
      product: 'SO-INV',
      version: '2.0',
    });
    const db = a.database.db;
    const [gw] = await db.select().from(gateway).where(eq(gateway.sn, 'SOGW01'));
    const devices = await db
      .select()
      .from(device)
      .where(eq(device.gatewayId, gw?.id ?? ''));
    // Upgrades waiting for their gateway, as starts behind an offline gateway leave them.
    await db.insert(upgrade).values(
      devices.map((d) => ({
        gatewayId: gw?.id ?? '',
        deviceId: d.id,
        kind: 'inverter',
        sn: d.sn,
        model: 'SO-INV',
        firmwareId: fw.id,
        fromVersion: '1.0',
        toVersion: '2.0',
        state: 'waiting',
      })),
    );
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sends each upgrade exactly once when both instances tick at once', async () => {
    await a.database.db.update(gateway).set({ online: true }).where(eq(gateway.sn, 'SOGW01'));
    await Promise.all([a.upgrades.tick(), b.upgrades.tick(), a.upgrades.tick(), b.upgrades.tick()]);
    await Promise.all([a.upgrades.tick(), b.upgrades.tick()]);
    const all = [...sentA, ...sentB].filter((s) => s.cmd.type === 'upgrade');
    expect(all).toHaveLength(DEVICES);
    expect(new Set(all.map((s) => s.cmd.cmdId)).size).toBe(DEVICES);
    const rows = await a.database.db.select().from(upgrade).where(eq(upgrade.model, 'SO-INV'));
    expect(rows.every((r) => r.state === 'running' && r.tokenHash !== null)).toBe(true);
  });
});
