import { ERROR_CODES, type BuiltinRole, type ErrorKey } from '@heliograph/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/rows.js';
import { appUser, company, configTemplate, deviceCommand, role } from '../db/schema.js';
import type { AuthContext, Scope } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { accessHooks, errorRendering, requireRouteDeclarations } from '../http/hooks.js';
import { provisionPlant, type ProvisionPlant } from '../modules/plants/provision.js';
import { ACCOUNTS, TestApp } from '../test/harness.js';
import { TEST_PLANT_FIELDS } from '../test/plant-fields.js';
import { findCommand, findDevice, findGateway, findPlant, findTemplate } from './finders.js';
import { managesPlant, scopeCondition } from './policies.js';

/**
 * The access layer on its own: each policy for each role against Sunrise's rows (the caller's tenant) and
 * Rival's (a second company), and the route scopes refused at registration or enforced per request.
 */

type Who = 'platform' | 'staff' | 'owner' | 'visitor' | 'maintainer';

const t = TestApp.forTests();
let callers: Record<Who, AuthContext>;
const keys = { sunrisePlant: '', rivalPlant: '', sunriseTemplate: '', rivalTemplate: '', rivalCommand: '' };

function plantOf(name: string, companyId: string | null, sn: string): ProvisionPlant {
  return {
    ...TEST_PLANT_FIELDS,
    companyId,
    name,
    gateways: [
      {
        sn: `${sn}GW`,
        password: 'Access2026gw',
        devices: [
          { sn: `${sn}INV`, kind: 'inverter' },
          { sn: `${sn}BAT`, kind: 'battery' },
        ],
      },
    ],
  };
}

/** The error code a lookup answers, or 0 when it finds the row. */
async function codeOf(lookup: Promise<unknown>): Promise<number> {
  try {
    await lookup;
    return 0;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const FOUND = 0;
const code = (key: ErrorKey) => ERROR_CODES[key];

beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [rival] = await db.insert(company).values({ name: 'Rival Solar' }).returning();
  const [maintainerRole] = await db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.key, 'maintainer'), isNull(role.companyId)));
  const [maintainer] = await db
    .insert(appUser)
    .values({
      account: 'maintainer@sunrise.example',
      email: 'maintainer@sunrise.example',
      nickname: 'Maintainer',
      companyId: sunrise?.id ?? null,
      roleId: maintainerRole?.id ?? '',
      passwordHash: 'unused',
    })
    .returning();
  const users = await db.select().from(appUser);
  const idOf = (account: string) => users.find((u) => u.account === account)?.id ?? '';
  const as = (who: string, r: BuiltinRole, companyId: string | null): AuthContext => ({
    userId: who,
    sessionId: 'access-test',
    roleId: `builtin:${r}`,
    companyId,
    role: r,
    permissions: new Set(),
  });
  const sunriseId = sunrise?.id ?? null;
  callers = {
    platform: as(idOf(ACCOUNTS.platform), 'platform_admin', null),
    staff: as(idOf(ACCOUNTS.staff), 'company_staff', sunriseId),
    owner: as(idOf(ACCOUNTS.owner), 'plant_owner', sunriseId),
    visitor: as(idOf(ACCOUNTS.visitor), 'visitor', sunriseId),
    maintainer: as(maintainer?.id ?? '', 'maintainer', sunriseId),
  };
  keys.sunrisePlant = (
    await provisionPlant(db, {
      ...plantOf('Sunrise roof', sunriseId, 'SUN'),
      ownerId: callers.owner.userId,
      sharedWith: [
        { userId: callers.visitor.userId, level: 'guest' },
        { userId: callers.maintainer.userId, level: 'maintainer' },
      ],
    })
  ).plantId;
  const rivalPlant = await provisionPlant(db, plantOf('Rival roof', rival?.id ?? null, 'RIV'));
  keys.rivalPlant = rivalPlant.plantId;
  const [sunriseTemplate, rivalTemplate] = await db
    .insert(configTemplate)
    .values([
      { companyId: sunriseId, name: 'Sunrise template', values: {} },
      { companyId: rival?.id ?? null, name: 'Rival template', values: {} },
    ])
    .returning();
  keys.sunriseTemplate = sunriseTemplate?.id ?? '';
  keys.rivalTemplate = rivalTemplate?.id ?? '';
  const [command] = await db
    .insert(deviceCommand)
    .values({
      companyId: rival?.id ?? null,
      plantId: rivalPlant.plantId,
      gatewayId: rivalPlant.gatewayIds[0] ?? '',
      type: 'debug',
      status: 'succeeded',
      expiresAt: new Date(Date.UTC(2026, 0, 1)),
    })
    .returning();
  keys.rivalCommand = command?.id ?? '';
});

describe('policies against a second company', () => {
  const others: Who[] = ['staff', 'owner', 'visitor', 'maintainer'];

  it.each(others)(
    '%s finds none of the other company’s rows, each answered as its own "does not exist"',
    async (who) => {
      const db = t.database.db;
      const auth = callers[who];
      for (const write of [false, true]) {
        expect(await codeOf(findPlant(db, auth, keys.rivalPlant, { write }))).toBe(code('plantNotFound'));
        expect(await codeOf(findDevice(db, auth, 'RIVINV', { kind: 'inverter', write }))).toBe(
          code('inverterNotFound'),
        );
        expect(await codeOf(findDevice(db, auth, 'RIVBAT', { kind: 'battery', write }))).toBe(code('batteryNotFound'));
        expect(await codeOf(findGateway(db, auth, 'RIVGW', { write }))).toBe(code('gatewayNotFound'));
      }
      expect(await codeOf(findTemplate(db, auth, keys.rivalTemplate))).toBe(code('notFound'));
      expect(await codeOf(findCommand(db, auth, keys.rivalCommand))).toBe(code('notFound'));
      expect(managesPlant(auth, { company_id: 'another', owner_id: 'another' })).toBe(false);
    },
  );

  it('a platform administrator reaches every company’s plants, devices, gateways and commands', async () => {
    const db = t.database.db;
    const auth = callers.platform;
    for (const write of [false, true]) {
      expect(await codeOf(findPlant(db, auth, keys.rivalPlant, { write }))).toBe(FOUND);
      expect(await codeOf(findDevice(db, auth, 'RIVINV', { kind: 'inverter', write }))).toBe(FOUND);
      expect(await codeOf(findGateway(db, auth, 'RIVGW', { write }))).toBe(FOUND);
    }
    expect(await codeOf(findCommand(db, auth, keys.rivalCommand))).toBe(FOUND);
    expect(managesPlant(auth, { company_id: 'another', owner_id: 'another' })).toBe(true);
    // Templates belong to a company; the platform works on the unassigned ones only.
    expect(await codeOf(findTemplate(db, auth, keys.rivalTemplate))).toBe(code('notFound'));
  });

  it('a malformed key is "does not exist", not a database error', async () => {
    const db = t.database.db;
    expect(await codeOf(findPlant(db, callers.platform, 'not-a-uuid'))).toBe(code('plantNotFound'));
    expect(await codeOf(findTemplate(db, callers.platform, 'not-a-uuid'))).toBe(code('notFound'));
    expect(await codeOf(findCommand(db, callers.platform, 'not-a-uuid'))).toBe(code('notFound'));
  });
});

describe('policies within the caller’s company', () => {
  /** Read, write and manage of Sunrise's plant, and whether its device and gateway can be operated. */
  const expected: Record<Who, { read: boolean; write: boolean; manage: boolean }> = {
    platform: { read: true, write: true, manage: true },
    staff: { read: true, write: true, manage: true },
    owner: { read: true, write: true, manage: true },
    // A guest share sees the plant and changes nothing.
    visitor: { read: true, write: false, manage: false },
    // A maintainer share operates the plant, never disposes of it.
    maintainer: { read: true, write: true, manage: false },
  };

  it.each(Object.keys(expected) as Who[])('%s', async (who) => {
    const db = t.database.db;
    const auth = callers[who];
    const rights = expected[who];
    const found = (ok: boolean, missing: ErrorKey) => (ok ? FOUND : code(missing));
    const plant = await findPlant<{ id: string; company_id: string | null; owner_id: string | null }>(
      db,
      auth,
      keys.sunrisePlant,
      { select: sql`p.id, p.company_id, p.owner_id` },
    );
    expect(plant.id).toBe(keys.sunrisePlant);
    expect(await codeOf(findPlant(db, auth, keys.sunrisePlant, { write: true }))).toBe(
      found(rights.write, 'plantNotFound'),
    );
    expect(managesPlant(auth, plant)).toBe(rights.manage);
    expect(await codeOf(findDevice(db, auth, 'SUNINV', { kind: 'inverter' }))).toBe(FOUND);
    expect(await codeOf(findDevice(db, auth, 'SUNINV', { kind: 'inverter', write: true }))).toBe(
      found(rights.write, 'inverterNotFound'),
    );
    expect(await codeOf(findGateway(db, auth, 'SUNGW', { write: true }))).toBe(found(rights.write, 'gatewayNotFound'));
    // Templates are the company's, whatever the role; the platform administrator belongs to none.
    expect(await codeOf(findTemplate(db, auth, keys.sunriseTemplate))).toBe(found(who !== 'platform', 'notFound'));
  });

  it('list queries keep the same rows as the finders', async () => {
    const db = t.database.db;
    const visible = async (who: Who, write = false) =>
      (
        await query<{ name: string }>(
          db,
          sql`select p.name from plant p where ${scopeCondition(callers[who], 'plant', { write })} order by p.name`,
        )
      ).map((r) => r.name);
    expect(await visible('platform')).toEqual(['Rival roof', 'Sunrise roof']);
    for (const who of ['staff', 'owner', 'visitor', 'maintainer'] as const) {
      expect(await visible(who)).toEqual(['Sunrise roof']);
    }
    expect(await visible('visitor', true)).toEqual([]);
  });
});

describe('route scopes', () => {
  const handler = async () => ({ ok: true });

  it('refuses to register a route with a scope outside the closed set', async () => {
    const app = Fastify();
    requireRouteDeclarations(app);
    const invented = JSON.parse('"tenant"') as Scope;
    expect(() =>
      app.get('/api/v1/invented', { config: { access: 'signedIn', scope: invented }, schema: {} }, handler),
    ).toThrow(/scope "tenant", not one of none, self, company, platform/);
    await app.close();
  });

  it('refuses a public route that claims to touch a tenant’s rows', async () => {
    const app = Fastify();
    requireRouteDeclarations(app);
    expect(() =>
      app.get('/api/v1/open', { config: { access: 'public', scope: 'company' }, schema: {} }, handler),
    ).toThrow(/scope must be none/);
    await app.close();
  });

  it('answers a platform route to a platform administrator only, and a public one without authenticating', async () => {
    const app = Fastify();
    let authentications = 0;
    // The hooks alone: these made-up routes have no contract, which the registration check would refuse.
    accessHooks(app, {
      authenticate: async (token) => {
        authentications += 1;
        return token === 'platform' || token === 'staff' ? callers[token] : null;
      },
    });
    errorRendering(app);
    app.get('/api/v1/everything', { config: { access: 'signedIn', scope: 'platform' }, schema: {} }, handler);
    app.get('/api/v1/open', { config: { access: 'public', scope: 'none' }, schema: {} }, handler);
    const call = async (url: string, token?: string) => {
      const res = await app.inject({ url, headers: token ? { authorization: `Bearer ${token}` } : {} });
      return { status: res.statusCode, body: res.json<{ code?: number; ok?: boolean }>() };
    };
    expect(await call('/api/v1/everything', 'platform')).toEqual({ status: 200, body: { ok: true } });
    expect((await call('/api/v1/everything', 'staff')).body.code).toBe(code('noPermission'));
    expect((await call('/api/v1/everything', 'nobody')).status).toBe(401);
    expect((await call('/api/v1/everything')).status).toBe(401);
    const before = authentications;
    expect(await call('/api/v1/open', 'staff')).toEqual({ status: 200, body: { ok: true } });
    expect(authentications).toBe(before);
    await app.close();
  });
});
