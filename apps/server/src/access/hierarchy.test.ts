import { ERROR_CODES, type BuiltinRole } from '@heliograph/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { query } from '../db/rows.js';
import { appUser, company, companyAgent } from '../db/schema.js';
import type { AuthContext } from '../http/context.js';
import { AppError } from '../http/errors.js';
import { provisionPlant } from '../modules/plants/provision.js';
import { TestApp } from '../test/harness.js';
import { TEST_PLANT_FIELDS } from '../test/plant-fields.js';
import { agencyOf } from '../modules/users/repository.js';
import { findDevice, findPlant } from './finders.js';
import { managesPlant, scopeCondition } from './policies.js';

/**
 * The tenancy hierarchy of issue 12 in the access layer itself: customers of one company (each sees only the
 * plants it owns), an agent company (sees the companies that appointed it, writes only where appointed to
 * operate, nothing once revoked) and internal employees (read everything, change nothing). The routes'
 * own tests and the tenancy sweep build on this.
 */

const t = TestApp.forTests();
const ids = { alpha: '', beta: '', agency: '', third: '' };
const plants = { alice: '', bob: '', betaRoof: '', thirdRoof: '' };
const users = { alice: '', bob: '', agencyStaff: '' };

const as = (userId: string, role: BuiltinRole, companyId: string | null): AuthContext => ({
  userId,
  sessionId: 'hierarchy-test',
  roleId: `builtin:${role}`,
  companyId,
  role,
  permissions: new Set(),
});

async function codeOf(lookup: Promise<unknown>): Promise<number> {
  try {
    await lookup;
    return 0;
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
}

const NOT_FOUND = ERROR_CODES.plantNotFound;

async function visiblePlants(auth: AuthContext, write = false): Promise<string[]> {
  const rows = await query<{ id: string }>(
    t.database.db,
    sql`select p.id from plant p where ${scopeCondition(auth, 'plant', { write })} order by p.name`,
  );
  return rows.map((r) => r.id);
}

beforeAll(async () => {
  const db = t.database.db;
  const made = await db
    .insert(company)
    .values([{ name: 'Alpha Solar' }, { name: 'Beta Solar' }, { name: 'Agency Ltd' }, { name: 'Third Solar' }])
    .returning({ id: company.id, name: company.name });
  const idOf = (name: string) => made.find((c) => c.name === name)?.id ?? '';
  ids.alpha = idOf('Alpha Solar');
  ids.beta = idOf('Beta Solar');
  ids.agency = idOf('Agency Ltd');
  ids.third = idOf('Third Solar');
  const [anyRole] = await db.select({ id: appUser.roleId }).from(appUser).limit(1);
  const account = (name: string, companyId: string) => ({
    account: `${name}@hierarchy.example`,
    email: `${name}@hierarchy.example`,
    nickname: name,
    companyId,
    roleId: anyRole?.id ?? '',
    passwordHash: 'unused',
  });
  const [alice, bob, agencyStaff] = await db
    .insert(appUser)
    .values([account('alice', ids.alpha), account('bob', ids.alpha), account('agency', ids.agency)])
    .returning({ id: appUser.id });
  users.alice = alice?.id ?? '';
  users.bob = bob?.id ?? '';
  users.agencyStaff = agencyStaff?.id ?? '';
  const plant = async (name: string, companyId: string, sn: string, ownerId: string | null = null) =>
    (
      await provisionPlant(db, {
        ...TEST_PLANT_FIELDS,
        name,
        companyId,
        ownerId,
        gateways: [{ sn: `${sn}GW`, password: 'Hierarchy2026', devices: [{ sn: `${sn}INV`, kind: 'inverter' }] }],
      })
    ).plantId;
  plants.alice = await plant('Alice roof', ids.alpha, 'HALICE', users.alice);
  plants.bob = await plant('Bob roof', ids.alpha, 'HBOB', users.bob);
  plants.betaRoof = await plant('Beta roof', ids.beta, 'HBETA');
  plants.thirdRoof = await plant('Third roof', ids.third, 'HTHIRD');
});

describe('customers of one company', () => {
  it('see the plants they own and never a sibling customer’s', async () => {
    const db = t.database.db;
    const alice = as(users.alice, 'customer', ids.alpha);
    expect(await visiblePlants(alice)).toEqual([plants.alice]);
    expect(await codeOf(findPlant(db, alice, plants.alice))).toBe(0);
    expect(await codeOf(findPlant(db, alice, plants.bob))).toBe(NOT_FOUND);
    expect(await codeOf(findDevice(db, alice, 'HBOBINV', { kind: 'inverter' }))).toBe(ERROR_CODES.inverterNotFound);
    expect(await codeOf(findDevice(db, alice, 'HALICEINV', { kind: 'inverter' }))).toBe(0);
  });

  it('may change their own plants only, and dispose of them as their owner', async () => {
    const alice = as(users.alice, 'customer', ids.alpha);
    expect(await visiblePlants(alice, true)).toEqual([plants.alice]);
    expect(managesPlant(alice, { company_id: ids.alpha, owner_id: users.alice })).toBe(true);
    expect(managesPlant(alice, { company_id: ids.alpha, owner_id: users.bob })).toBe(false);
  });

  it('while their company’s staff see every plant of the company', async () => {
    const staff = as(users.bob, 'company_staff', ids.alpha);
    expect(new Set(await visiblePlants(staff))).toEqual(new Set([plants.alice, plants.bob]));
  });
});

describe('an agent company', () => {
  // As a request sees it: the caller's appointments are loaded with the caller (users/repository.ts).
  const agency = async (): Promise<AuthContext> => ({
    ...as(users.agencyStaff, 'company_staff', ids.agency),
    agentFor: await agencyOf(t.database.db, ids.agency),
  });

  it('sees nothing of a company that has not appointed it', async () => {
    expect(await visiblePlants(await agency())).toEqual([]);
    expect(await codeOf(findPlant(t.database.db, await agency(), plants.betaRoof))).toBe(NOT_FOUND);
  });

  it('appointed to view: reads the served company’s plants and devices, changes nothing, and sees no third company', async () => {
    const db = t.database.db;
    await db
      .insert(companyAgent)
      .values({ companyId: ids.beta, agentCompanyId: ids.agency, agentUserId: users.agencyStaff, level: 'view' });
    expect(await visiblePlants(await agency())).toEqual([plants.betaRoof]);
    expect(await codeOf(findDevice(db, await agency(), 'HBETAINV', { kind: 'inverter' }))).toBe(0);
    expect(await codeOf(findPlant(db, await agency(), plants.betaRoof, { write: true }))).toBe(NOT_FOUND);
    expect(await codeOf(findPlant(db, await agency(), plants.thirdRoof))).toBe(NOT_FOUND);
  });

  it('appointed to operate: may change them too; revoked: sees them no more', async () => {
    const db = t.database.db;
    await db.update(companyAgent).set({ level: 'operate' }).where(eq(companyAgent.companyId, ids.beta));
    expect(await codeOf(findPlant(db, await agency(), plants.betaRoof, { write: true }))).toBe(0);
    await db.delete(companyAgent).where(eq(companyAgent.companyId, ids.beta));
    expect(await visiblePlants(await agency())).toEqual([]);
    expect(await codeOf(findPlant(db, await agency(), plants.betaRoof))).toBe(NOT_FOUND);
  });

  it('does not let the served company see the agent’s plants', async () => {
    const db = t.database.db;
    await db
      .insert(companyAgent)
      .values({ companyId: ids.beta, agentCompanyId: ids.third, agentUserId: users.agencyStaff, level: 'operate' });
    const beta = as(users.bob, 'company_staff', ids.beta);
    expect(await visiblePlants(beta)).toEqual([plants.betaRoof]);
    await db.delete(companyAgent).where(eq(companyAgent.companyId, ids.beta));
  });
});

describe('internal employees', () => {
  it('read every company’s plants and change none', async () => {
    const db = t.database.db;
    const internal = as(users.bob, 'internal_employee', null);
    const seen = new Set(await visiblePlants(internal));
    for (const id of Object.values(plants)) expect(seen.has(id)).toBe(true);
    expect(await visiblePlants(internal, true)).toEqual([]);
    expect(await codeOf(findDevice(db, internal, 'HTHIRDINV', { kind: 'inverter' }))).toBe(0);
    expect(await codeOf(findPlant(db, internal, plants.thirdRoof, { write: true }))).toBe(NOT_FOUND);
    expect(managesPlant(internal, { company_id: ids.third, owner_id: null })).toBe(false);
  });
});
