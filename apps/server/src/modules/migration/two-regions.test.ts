import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ERROR_CODES, MIGRATION_TABLES, type MigrationStatus } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client.js';
import {
  accountMigration,
  appUser,
  chartParams,
  device,
  deviceDay,
  deviceEvent,
  deviceLatest,
  deviceSample,
  message,
  plantDay,
  plantLayout,
  plantPower,
  plant,
  role,
} from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { provisionPlant } from '../plants/provision.js';
import { STORAGE_PLANT_FIELDS } from '../../test/plant-fields.js';
import { TestApp } from '../../test/harness.js';
import { Migrator } from './job.js';
import { SIGNATURE_HEADERS, sign } from './signature.js';
import { countOwned, ownedBy, pages, specOf, toWire } from './tables.js';

/**
 * Two regions, each a whole app on its own PGlite database (its own data directory), listening on a port of
 * its own and each other's peer: an account with plants and history moves from eu to cn over the signed
 * server-to-server calls. Every table of the account is counted before and after, on both sides.
 */
const SECRET = 'a-shared-secret-of-the-two-regions-0123456789';
const ACCOUNT = 'wanderer@example.org';
const PASSWORD = 'Wander2026pw';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

interface Region {
  t: TestApp;
  database: Database;
  url: string;
}

async function region(code: string, peer: string, port: number, peerPort: number): Promise<Region> {
  const database = await openDatabase({ dataDir: path.join(mkdtempSync(path.join(tmpdir(), `hg-${code}-`)), 'db') });
  const t = await TestApp.start(
    {
      REGION: code,
      REGIONS: `${peer}=http://127.0.0.1:${peerPort}`,
      REGION_SECRET: SECRET,
      // Where this region's gateways connect: told to the gateways of an account that moves here.
      REGION_MQTT_URL: `mqtts://mqtt.${code}.example:8883`,
    },
    database,
  );
  await t.app.listen({ port, host: '127.0.0.1' });
  return { t, database, url: `http://127.0.0.1:${port}` };
}

let eu: Region;
let cn: Region;
let userId: string;

/** A personal account (no company) owning one plant with two gateways' worth of devices and their history. */
async function wanderer(db: Database['db']): Promise<string> {
  const [owner] = await db.select({ id: role.id }).from(role).where(eq(role.key, 'plant_owner'));
  const [u] = await db
    .insert(appUser)
    .values({
      account: ACCOUNT,
      email: ACCOUNT,
      nickname: 'Wanderer',
      roleId: owner?.id ?? '',
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning();
  const id = u?.id ?? '';
  const { plantId } = await provisionPlant(db, {
    companyId: null,
    ownerId: id,
    name: 'Travelling plant',
    ...STORAGE_PLANT_FIELDS,
    gateways: [
      {
        sn: 'MIGGW01',
        password: 'Migrate2026gw',
        devices: [
          { sn: 'MIGINV01', kind: 'inverter', model: 'SIM-HYB-10K', ratedW: 10_000 },
          { sn: 'MIGBAT01', kind: 'battery', capacityKwh: 10 },
        ],
      },
    ],
  });
  const devices = await db.select().from(device).where(eq(device.plantId, plantId));
  const start = Date.UTC(2026, 0, 30, 0, 0);
  // Over a month boundary (two partitions) and more rows than one page of the transfer.
  for (const d of devices) {
    const samples = Array.from({ length: 700 }, (_, i) => ({
      deviceId: d.id,
      plantId,
      ts: new Date(start + i * 5 * 60_000),
      metrics: { p: i },
      ePv: 0.1,
    }));
    for (let i = 0; i < samples.length; i += 200) await db.insert(deviceSample).values(samples.slice(i, i + 200));
    await db.insert(deviceLatest).values({ deviceId: d.id, ts: new Date(start), metrics: { p: 1 } });
    await db
      .insert(deviceDay)
      .values(['2026-01-30', '2026-01-31', '2026-02-01'].map((day) => ({ deviceId: d.id, day, pv: 12 })));
    await db.insert(deviceEvent).values({
      gatewayId: d.gatewayId,
      gatewayEventId: `ev-${d.sn}`,
      deviceId: d.id,
      plantId,
      code: 'E001',
      level: 'fault',
      raisedAt: new Date(start),
    });
  }
  await db.insert(plantDay).values(['2026-01-30', '2026-01-31'].map((day) => ({ plantId, day, pv: 24 })));
  await db
    .insert(plantPower)
    .values(Array.from({ length: 600 }, (_, i) => ({ plantId, ts: new Date(start + i * 5 * 60_000), pv: i })));
  await db.insert(plantLayout).values({ plantId, kind: 'physical', data: { panels: [] } });
  await db.insert(message).values({ userId: id, type: 1, title: 'Welcome' });
  await db.insert(chartParams).values({ userId: id, kind: 'inverter', params: ['p'] });
  return id;
}

/** Every table's row count, whoever the rows belong to. */
async function totals(db: Database['db']): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of MIGRATION_TABLES) {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(specOf(table).table);
    out[table] = Number(row?.n ?? 0);
  }
  return out;
}

async function statusOf(r: Region, token: string): Promise<MigrationStatus> {
  return (await r.t.call<MigrationStatus>('GET', '/api/v1/user/migrate/status', { token })).data;
}

/**
 * The newest migration of the account once it has settled, read from the source's database: once it has
 * moved, the account's old tokens no longer answer there.
 */
/** Waits (at most 10 s) for a condition the test cannot await directly, such as a message on the bus. */
async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
}

async function settled(r: Region): Promise<typeof accountMigration.$inferSelect> {
  for (let i = 0; i < 600; i++) {
    const [m] = await r.database.db
      .select()
      .from(accountMigration)
      .where(eq(accountMigration.userId, userId))
      .orderBy(desc(accountMigration.createdAt))
      .limit(1);
    if (m && ['migrated', 'failed'].includes(m.status)) return m;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error('the migration did not settle');
}

/** Sends one table's rows of the account from eu to cn as the job does (a connection cut after it, say). */
async function sendTable(table: (typeof MIGRATION_TABLES)[number]): Promise<number> {
  const spec = specOf(table);
  const owned = await ownedBy(eu.database.db, userId);
  let inserted = 0;
  for await (const page of pages(eu.database.db, spec, spec.where(owned), 500)) {
    // The account's role travels by its built-in key, as the job sends it.
    const rows = page.map((r) => toWire(table === 'app_user' ? { ...r, roleKey: 'plant_owner' } : r));
    const body = JSON.stringify({ migration: 'retry', table, rows });
    const p = '/api/v1/internal/migration/batch';
    const ts = Date.now();
    const res = await fetch(`${cn.url}${p}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADERS.region]: 'eu',
        [SIGNATURE_HEADERS.timestamp]: String(ts),
        [SIGNATURE_HEADERS.signature]: sign(SECRET, 'eu', ts, p, body),
      },
      body,
    });
    const answer = (await res.json()) as { code: number; data: { inserted: number } };
    expect(answer.code).toBe(0);
    inserted += answer.data.inserted;
  }
  return inserted;
}

beforeAll(async () => {
  const [euPort, cnPort] = [await freePort(), await freePort()];
  eu = await region('eu', 'cn', euPort, cnPort);
  cn = await region('cn', 'eu', cnPort, euPort);
  userId = await wanderer(eu.database.db);
}, 120_000);

afterAll(async () => {
  for (const r of [eu, cn]) {
    await r.t.close();
    await r.database.close();
  }
});

describe('an account moves from one region to another', () => {
  it('refuses an unsigned server-to-server call with nothing saved', async () => {
    const before = await totals(cn.database.db);
    const unsigned = await cn.t.call('POST', '/api/v1/internal/migration/batch', {
      body: { migration: 'x', table: 'message', rows: [{ id: '5f0d7a4e-8d0c-4a8e-9a65-0c1f3b1f0001' }] },
    });
    expect(unsigned.status).toBe(401);
    expect(await totals(cn.database.db)).toEqual(before);
  });

  it('a move that fails keeps the account working where it was, with the failure in its status', async () => {
    // Someone else already holds the account name in cn: the import refuses, nothing of the account arrives.
    const [owner] = await cn.database.db.select({ id: role.id }).from(role).where(eq(role.key, 'plant_owner'));
    await cn.database.db.insert(appUser).values({
      account: ACCOUNT,
      email: ACCOUNT,
      nickname: 'Namesake',
      roleId: owner?.id ?? '',
      passwordHash: await hashPassword('Namesake2026pw'),
    });
    const token = await eu.t.tokenFor(ACCOUNT, PASSWORD);
    const mine = await countOwned(eu.database.db, await ownedBy(eu.database.db, userId));
    const asked = await eu.t.call('POST', '/api/v1/user/migrate', { token, body: { region: 'cn' } });
    expect(asked.code).toBe(0);
    expect((await settled(eu)).status).toBe('failed');
    const failed = await statusOf(eu, token);
    expect(failed.migration).toMatchObject({ status: 'failed', error: 'migrationFailed' });
    expect(await countOwned(eu.database.db, await ownedBy(eu.database.db, userId))).toEqual(mine);
    expect(await countOwned(cn.database.db, await ownedBy(cn.database.db, userId))).toMatchObject({
      app_user: 0,
      plant: 0,
      device_sample: 0,
    });
    expect((await eu.t.call('GET', '/api/v1/user', { token })).code).toBe(0);
    await cn.database.db.delete(appUser).where(eq(appUser.account, ACCOUNT));
  }, 60_000);

  it('moves every row of the account, imports nothing twice after a cut, and leaves nothing behind', async () => {
    const token = await eu.t.tokenFor(ACCOUNT, PASSWORD);
    // An avatar, uploaded through the API, travels too.
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const boundary = '----migration';
    const upload = await eu.t.app.inject({
      method: 'POST',
      url: `/api/v1/user/${userId}/avatar`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.json<{ code: number }>().code).toBe(0);

    const owned = await ownedBy(eu.database.db, userId);
    const mine = await countOwned(eu.database.db, owned);
    expect(mine.device_sample).toBe(1400);
    expect(mine.plant_power).toBe(600);
    expect(mine.stored_file).toBe(1);
    const euTotals = await totals(eu.database.db);
    const cnTotals = await totals(cn.database.db);

    // A connection cut after some tables: they are already in cn when the migration runs.
    expect(await sendTable('app_user')).toBe(1);
    expect(await sendTable('plant')).toBe(1);
    expect(await sendTable('gateway')).toBe(1);
    expect(await sendTable('device')).toBe(2);
    expect(await sendTable('device_sample')).toBe(1400);
    // A batch sent twice imports nothing the second time.
    expect(await sendTable('device_sample')).toBe(0);

    // What eu tells gateways (hg/v1/<sn>/down/cmd) while the account moves.
    const commands: { topic: string; command: Record<string, unknown> }[] = [];
    await eu.t.bus.subscribeAll('hg/v1/+/down/cmd', (topic, payload) => {
      commands.push({ topic, command: JSON.parse(payload.toString('utf8')) as Record<string, unknown> });
    });
    const asked = await eu.t.call<MigrationStatus>('POST', '/api/v1/user/migrate', { token, body: { region: 'cn' } });
    expect(asked.code).toBe(0);
    expect(asked.data.migration?.toRegion).toBe('cn');
    const done = await settled(eu);
    expect(done.status).toBe('migrated');
    expect(done.error).toBeNull();

    // cn holds exactly what eu held of the account: no row lost, none doubled.
    const there = await countOwned(cn.database.db, await ownedBy(cn.database.db, userId));
    expect(there).toEqual(mine);
    const cnAfter = await totals(cn.database.db);
    for (const table of MIGRATION_TABLES)
      expect(cnAfter[table], table).toBe((cnTotals[table] ?? 0) + (mine[table] ?? 0));

    // eu keeps nothing of it but the account row, which now says where it went.
    const left = await countOwned(eu.database.db, owned);
    for (const table of MIGRATION_TABLES) expect(left[table], table).toBe(table === 'app_user' ? 1 : 0);
    const euAfter = await totals(eu.database.db);
    for (const table of MIGRATION_TABLES) {
      const kept = table === 'app_user' ? 0 : (mine[table] ?? 0);
      expect(euAfter[table], table).toBe((euTotals[table] ?? 0) - kept);
    }
    // The moved gateway is told cn's broker: it connects there with the serial number and password that moved.
    await until(() => commands.length > 0);
    expect(commands).toEqual([
      {
        topic: 'hg/v1/MIGGW01/down/cmd',
        command: expect.objectContaining({ type: 'serverAddress', params: { url: 'mqtts://mqtt.cn.example:8883' } }),
      },
    ]);
    const [tomb] = await eu.database.db.select().from(appUser).where(eq(appUser.id, userId));
    expect(tomb?.migratedTo).toBe('cn');
    expect(tomb?.avatar).toBeNull();

    // The old region's token stopped; signing in there says where to go; cn lets the account in.
    expect((await eu.t.call('GET', '/api/v1/user', { token })).status).toBe(401);
    const again = await eu.t.login(ACCOUNT, PASSWORD);
    expect(again.code).toBe(ERROR_CODES.accountMigrated);
    expect(again.data).toMatchObject({ region: 'cn', url: cn.url });
    const cnToken = await cn.t.tokenFor(ACCOUNT, PASSWORD);
    const user = await cn.t.call<{ avatar: string | null }>('GET', '/api/v1/user', { token: cnToken });
    expect(user.code).toBe(0);
    // cn's shell says where the account came from.
    const arrived = await statusOf(cn, cnToken);
    expect(arrived).toMatchObject({
      region: 'cn',
      migration: { status: 'migrated', fromRegion: 'eu', toRegion: 'cn' },
    });
    const plants = await cn.t.call<{ list?: unknown[]; total?: number }>('GET', '/api/v1/plants', { token: cnToken });
    expect(plants.code).toBe(0);
    expect(JSON.stringify(plants.data)).toContain('Travelling plant');
  }, 120_000);
});

describe('what is written while an account moves', () => {
  it('reaches the peer: a reading, an event and a changed day written after the copy was confirmed', async () => {
    const db = eu.database.db;
    const [owner] = await db.select({ id: role.id }).from(role).where(eq(role.key, 'plant_owner'));
    const [u] = await db
      .insert(appUser)
      .values({
        account: 'latecomer@example.org',
        email: 'latecomer@example.org',
        nickname: 'Latecomer',
        roleId: owner?.id ?? '',
        passwordHash: await hashPassword(PASSWORD),
      })
      .returning();
    const id = u?.id ?? '';
    const { plantId } = await provisionPlant(db, {
      companyId: null,
      ownerId: id,
      name: 'Busy plant',
      ...STORAGE_PLANT_FIELDS,
      gateways: [
        {
          sn: 'MIGGW02',
          password: 'Migrate2026gw',
          devices: [{ sn: 'MIGINV02', kind: 'inverter', model: 'SIM-HYB-10K', ratedW: 10_000 }],
        },
      ],
    });
    const [inverter] = await db.select().from(device).where(eq(device.plantId, plantId));
    const deviceId = inverter?.id ?? '';
    const now = Date.now();
    const today = new Date(now).toISOString().slice(0, 10);
    await db.insert(deviceSample).values({ deviceId, plantId, ts: new Date(now - 60 * 60_000), metrics: { p: 1 } });
    await db.insert(deviceDay).values({ deviceId, day: today, pv: 3 });
    await db.insert(accountMigration).values({ userId: id, fromRegion: 'eu', toRegion: 'cn', status: 'submitted' });

    const migrator = new Migrator({
      db,
      config: { region: 'eu', peers: { cn: cn.url }, secret: SECRET },
      tokens: { endSessions: async () => undefined },
      log: eu.t.app.log,
      now: () => Date.now(),
      // The gateway goes on reporting after the peer confirmed the copy, and the day's total grows.
      inWindow: async () => {
        await db.insert(deviceSample).values({ deviceId, plantId, ts: new Date(now), metrics: { p: 2 } });
        await db.insert(deviceEvent).values({
          gatewayId: inverter?.gatewayId ?? '',
          gatewayEventId: 'ev-late',
          deviceId,
          plantId,
          code: 'E002',
          level: 'warning',
          raisedAt: new Date(now),
        });
        await db
          .update(deviceDay)
          .set({ pv: 7 })
          .where(and(eq(deviceDay.deviceId, deviceId), eq(deviceDay.day, today)));
        await db.update(plant).set({ name: 'Busy plant, renamed' }).where(eq(plant.id, plantId));
      },
    });
    expect(await migrator.runOnce()).toBe(true);
    const [m] = await db.select().from(accountMigration).where(eq(accountMigration.userId, id));
    expect(m).toMatchObject({ status: 'migrated', error: null });

    const peer = cn.database.db;
    const samples = await peer.select().from(deviceSample).where(eq(deviceSample.deviceId, deviceId));
    expect(samples.map((r) => r.ts.getTime()).sort()).toEqual([now - 60 * 60_000, now]);
    const events = await peer.select().from(deviceEvent).where(eq(deviceEvent.deviceId, deviceId));
    expect(events.map((e) => e.gatewayEventId)).toEqual(['ev-late']);
    const [day] = await peer.select().from(deviceDay).where(eq(deviceDay.deviceId, deviceId));
    expect(day?.pv).toBe(7);
    const [moved] = await peer.select().from(plant).where(eq(plant.id, plantId));
    expect(moved?.name).toBe('Busy plant, renamed');
    // Nothing of it stays behind in eu.
    expect(
      await db
        .select()
        .from(deviceSample)
        .where(inArray(deviceSample.deviceId, [deviceId])),
    ).toEqual([]);
    expect(await db.select().from(plant).where(eq(plant.id, plantId))).toEqual([]);
  }, 60_000);
});
