import { and, count, eq } from 'drizzle-orm';
import { ERROR_CODES, type MigrationStatus } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountMigration, appUser, auditLog, company, role } from '../../db/schema.js';
import { hashPassword } from '../auth/passwords.js';
import { provisionPlant } from '../plants/provision.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { loadConfig } from '../../config.js';

/**
 * Who may ask to move their account, and each refusal's code (spec §8), with nothing saved. The peer region
 * is a closed port here (a request that is accepted fails at once in the background); the states a migration goes
 * through are set directly to test the answers they give.
 */
const REGIONS = { REGION: 'eu', REGIONS: 'cn=https://127.0.0.1:1', REGION_SECRET: 'x'.repeat(40) };
const t = TestApp.forTests(REGIONS);

const PASSWORD = 'Personal2026pw';
let personal: { id: string; token: string };

async function personalAccount(account: string): Promise<{ id: string; token: string }> {
  const db = t.database.db;
  const [owner] = await db.select({ id: role.id }).from(role).where(eq(role.key, 'plant_owner'));
  const [u] = await db
    .insert(appUser)
    .values({
      account,
      email: account,
      nickname: 'Solo',
      roleId: owner?.id ?? '',
      passwordHash: await hashPassword(PASSWORD),
    })
    .returning();
  return { id: u?.id ?? '', token: await t.tokenFor(account, PASSWORD) };
}

async function migrations(userId: string): Promise<number> {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(accountMigration)
    .where(eq(accountMigration.userId, userId));
  return row?.n ?? 0;
}

async function ask(token: string, region: string) {
  return t.call<MigrationStatus>('POST', '/api/v1/user/migrate', { token, body: { region } });
}

beforeAll(async () => {
  personal = await personalAccount('solo@example.org');
});

describe('POST /user/migrate refuses, with nothing saved', () => {
  it('a platform administrator: 1306 (the platform’s accounts do not move)', async () => {
    const token = await t.tokenFor(ACCOUNTS.platform);
    const answer = await ask(token, 'cn');
    expect(answer.code).toBe(ERROR_CODES.migrationUnsupported);
    // The page says so before anyone asks.
    const status = await t.call<MigrationStatus>('GET', '/api/v1/user/migrate/status', { token });
    expect(status.data.refusal).toBe('migrationUnsupported');
    const [n] = await t.database.db.select({ n: count() }).from(accountMigration);
    expect(n?.n).toBe(0);
  });

  it('a company’s accounts — administrator, staff, a plant owner of the company: 1305', async () => {
    for (const account of [ACCOUNTS.admin, ACCOUNTS.staff, ACCOUNTS.owner, ACCOUNTS.installer]) {
      const answer = await ask(await t.tokenFor(account), 'cn');
      expect(answer.code, account).toBe(ERROR_CODES.migrationNotAllowed);
    }
    const status = await t.call<MigrationStatus>('GET', '/api/v1/user/migrate/status', {
      token: await t.tokenFor(ACCOUNTS.admin),
    });
    expect(status.data.refusal).toBe('migrationNotAllowed');
    const [n] = await t.database.db.select({ n: count() }).from(accountMigration);
    expect(n?.n).toBe(0);
  });

  it('a personal account that owns a plant in a company’s care: 1305', async () => {
    const other = await personalAccount('cared-for@example.org');
    const [sunrise] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
    await provisionPlant(t.database.db, {
      companyId: sunrise?.id ?? null,
      ownerId: other.id,
      name: 'Cared-for plant',
      ...TEST_PLANT_FIELDS,
      gateways: [],
    });
    expect((await ask(other.token, 'cn')).code).toBe(ERROR_CODES.migrationNotAllowed);
    expect(await migrations(other.id)).toBe(0);
  });

  it('an unknown region, or this one: 1307', async () => {
    expect((await ask(personal.token, 'mars')).code).toBe(ERROR_CODES.regionUnknown);
    expect((await ask(personal.token, 'eu')).code).toBe(ERROR_CODES.regionUnknown);
    expect(await migrations(personal.id)).toBe(0);
  });

  it('a request while one is submitted (1303), in progress (1301), or after the move (1302)', async () => {
    const db = t.database.db;
    const cases = [
      ['submitted', ERROR_CODES.migrationRepeated],
      ['in_progress', ERROR_CODES.accountMigrating],
      ['migrated', ERROR_CODES.accountMigrated],
    ] as const;
    const other = await personalAccount('states@example.org');
    for (const [status, code] of cases) {
      await db.delete(accountMigration).where(eq(accountMigration.userId, other.id));
      await db.insert(accountMigration).values({ userId: other.id, fromRegion: 'eu', toRegion: 'cn', status });
      expect((await ask(other.token, 'cn')).code, status).toBe(code);
      expect(await migrations(other.id)).toBe(1);
    }
  });
});

describe('POST /user/migrate accepts a personal account', () => {
  it('records the request (submitted) and its audit entry; GET status shows it and the peers', async () => {
    const before = await t.call<MigrationStatus>('GET', '/api/v1/user/migrate/status', { token: personal.token });
    expect(before.data).toMatchObject({ enabled: true, region: 'eu', migration: null, refusal: null });
    expect(before.data.peers).toEqual([{ region: 'cn', url: 'https://127.0.0.1:1' }]);
    const answer = await ask(personal.token, 'cn');
    expect(answer.code).toBe(0);
    expect(answer.data.migration).toMatchObject({ fromRegion: 'eu', toRegion: 'cn' });
    expect(await migrations(personal.id)).toBe(1);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, personal.id), eq(auditLog.action, 'migration.request')));
    expect(audit?.newValue).toEqual({ from: 'eu', to: 'cn' });
  });
});

describe('without REGION, REGIONS and REGION_SECRET the feature is off', () => {
  const off = TestApp.forTests();
  it('says so, refuses a request with 1307 and has no server-to-server routes', async () => {
    const token = await off.tokenFor(ACCOUNTS.owner);
    const status = await off.call<MigrationStatus>('GET', '/api/v1/user/migrate/status', { token });
    expect(status.data).toMatchObject({ enabled: false, region: null, peers: [], migration: null });
    // A personal account, which could move were the feature on.
    const [owner] = await off.database.db.select({ id: role.id }).from(role).where(eq(role.key, 'plant_owner'));
    await off.database.db.insert(appUser).values({
      account: 'stay@example.org',
      email: 'stay@example.org',
      nickname: 'Stay',
      roleId: owner?.id ?? '',
      passwordHash: await hashPassword(PASSWORD),
    });
    const personalToken = await off.tokenFor('stay@example.org', PASSWORD);
    const refused = await off.call('POST', '/api/v1/user/migrate', { token: personalToken, body: { region: 'cn' } });
    expect(refused.code).toBe(ERROR_CODES.regionUnknown);
    const res = await off.app.inject({ method: 'POST', url: '/api/v1/internal/migration/batch', payload: {} });
    expect(res.statusCode).toBe(404);
  });
});

describe('the configuration', () => {
  const env = { INIT_CWD: '/srv' };
  it('takes the three variables together, leaving this region out of its peers', () => {
    const c = loadConfig({
      ...env,
      REGION: 'eu',
      REGIONS: 'eu=https://eu.example,cn=https://cn.example/',
      REGION_SECRET: 's'.repeat(32),
    });
    expect(c.migration).toEqual({ region: 'eu', peers: { cn: 'https://cn.example' }, secret: 's'.repeat(32) });
    expect(loadConfig(env).migration).toBeUndefined();
  });

  it('refuses a partial or wrong setting with one line per variable, never printing the secret', () => {
    const lines = (e: Record<string, string>): string[] => {
      try {
        loadConfig({ ...env, ...e });
      } catch (err) {
        return (err as { lines: string[] }).lines;
      }
      return [];
    };
    expect(lines({ REGION: 'eu' })).toEqual([
      expect.stringMatching(/^REGIONS is not set/),
      expect.stringMatching(/^REGION_SECRET is not set/),
    ]);
    const bad = lines({ REGION: 'EU!', REGIONS: 'cn=ftp://x', REGION_SECRET: 'short-secret' });
    expect(bad).toHaveLength(3);
    expect(bad.join('\n')).not.toContain('short-secret');
    expect(bad.find((l) => l.startsWith('REGIONS='))).toContain('region=https://address');
    // The broker address told to moved gateways: an MQTT URL, or nothing.
    const valid = { REGION: 'eu', REGIONS: 'cn=https://cn.example', REGION_SECRET: 's'.repeat(32) };
    expect(lines({ ...valid, REGION_MQTT_URL: 'https://eu.example' })).toEqual([
      expect.stringMatching(/^REGION_MQTT_URL="https:\/\/eu.example" must be/),
    ]);
    expect(loadConfig({ ...env, ...valid, REGION_MQTT_URL: 'mqtts://mqtt.eu.example:8883' }).migration?.mqttUrl).toBe(
      'mqtts://mqtt.eu.example:8883',
    );
  });
});
