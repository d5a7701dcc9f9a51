import { and, count, eq } from 'drizzle-orm';
import { ERROR_CODES, type CustomerRow, type CustomerTypeNode, type CustomerTypeRow } from '@heliograph/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  appUser,
  auditLog,
  company,
  companyAgent,
  customer,
  customerType,
  plant,
  role,
  rolePermission,
} from '../../db/schema.js';
import { ACCOUNTS, signInForTests, TestApp } from '../../test/harness.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';
import { DEMO_CUSTOMER_ACCOUNT } from '../demo/customers.js';

const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin', 'staff', 'visitor', 'rival');
const db = () => t.database.db;

let sunriseId: string;
const plants: Record<'mine' | 'sibling' | 'free' | 'owners', string> = { mine: '', sibling: '', free: '', owners: '' };
let demoCustomerId: string;
let demoUserId: string;
let retailId: string;
let commercialId: string;

const userIdOf = async (account: string) =>
  (await db().select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account)))[0]?.id ?? '';

async function counts() {
  const [c] = await db().select({ n: count() }).from(customer);
  const [u] = await db().select({ n: count() }).from(appUser);
  const [r] = await db().select({ n: count() }).from(role);
  const [ty] = await db().select({ n: count() }).from(customerType);
  const [a] = await db().select({ n: count() }).from(auditLog);
  return { customers: c?.n, users: u?.n, roles: r?.n, types: ty?.n, audit: a?.n };
}

async function plantOf(name: string, ownerId: string | null, sn: string): Promise<string> {
  const { plantId } = await provisionPlant(db(), {
    companyId: sunriseId,
    ownerId,
    name,
    ...TEST_PLANT_FIELDS,
    gateways: [
      {
        sn: `${sn}GW`,
        password: 'Cust2026gwpw',
        devices: [{ sn: `${sn}INV`, kind: 'inverter', model: 'SIM-10K', ratedW: 10_000 }],
      },
    ],
  });
  return plantId;
}

/** A customer made through the API, as the company's administrator. */
async function createCustomer(
  account: string,
  extra: Record<string, unknown> = {},
  password = 'Customer2026pw',
): Promise<{ code: number; data: CustomerRow; msg: string }> {
  const { keyId, cipher } = await t.encrypt(password);
  return t.call<CustomerRow>('POST', '/api/v1/customer', {
    token: tokens.admin,
    body: {
      name: 'Sibling Shop',
      contactName: 'Rui Costa',
      phone: '+351 912 345 678',
      email: 'shop@example.org',
      account,
      keyId,
      password: cipher,
      typeId: null,
      permissions: ['station.view', 'equip.view', 'inverter.view'],
      ...extra,
    },
  });
}

beforeAll(async () => {
  const [sunrise] = await db().select().from(company).where(eq(company.name, 'Sunrise Energy'));
  sunriseId = sunrise?.id ?? '';
  const [demo] = await db().select().from(customer);
  demoCustomerId = demo?.id ?? '';
  demoUserId = demo?.userId ?? '';
  const types = await db().select().from(customerType);
  retailId = types.find((x) => x.name === 'Retail')?.id ?? '';
  commercialId = types.find((x) => x.name === 'Commercial')?.id ?? '';
  plants.mine = await plantOf('Bakery Roof', demoUserId, 'CUA');
  plants.free = await plantOf('Depot Roof', null, 'CUC');
  plants.owners = await plantOf('Owner Roof', await userIdOf(ACCOUNTS.owner), 'CUD');
});

describe('the demo seed', () => {
  it('has customer types as a tree and the demo customer on its own permission list', async () => {
    const tree = await t.call<CustomerTypeNode[]>('GET', '/api/v1/customer/types', { token: tokens.admin });
    expect(tree.code).toBe(0);
    const commercial = tree.data.find((n) => n.name === 'Commercial');
    expect(commercial?.children.map((c) => c.name)).toEqual(['Retail']);
    expect(tree.data.map((n) => n.name)).toContain('Residential');
    const list = await t.call<{ total: number; rows: CustomerRow[] }>('GET', '/api/v1/customers', {
      token: tokens.admin,
    });
    expect(list.data.rows.map((r) => r.account)).toContain(DEMO_CUSTOMER_ACCOUNT);
    const [own] = await db()
      .select()
      .from(role)
      .innerJoin(appUser, eq(appUser.roleId, role.id))
      .where(eq(appUser.id, demoUserId));
    expect(own?.role).toMatchObject({ base: 'customer', builtin: false, companyId: sunriseId });
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT)).code).toBe(0);
  });
});

describe('creating a customer', () => {
  it('makes the customer, its account and its own permission list, audited', async () => {
    const before = await counts();
    const made = await createCustomer('sibling@example.org', { typeId: retailId });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ name: 'Sibling Shop', account: 'sibling@example.org', typeName: 'Retail' });
    const after = await counts();
    expect(after.customers).toBe(Number(before.customers) + 1);
    expect(after.audit).toBe(Number(before.audit) + 1);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.targetId, made.data.id));
    expect(entry).toMatchObject({ action: 'customer.create', targetKind: 'customer' });
    expect(JSON.stringify(entry?.newValue)).not.toContain('Customer2026pw');
    const role = await t.call<{ permissions: string[] }>('GET', `/api/v1/role/${made.data.id}`, {
      token: tokens.admin,
    });
    expect(role.data.permissions).toEqual(['station.view', 'equip.view', 'inverter.view']);
    // The account signs in and holds exactly that list.
    const token = await t.tokenFor('sibling@example.org', 'Customer2026pw');
    const tree = await t.call<{ permission: string }[]>('GET', '/api/v1/permission', { token });
    expect(tree.data.map((n) => n.permission).sort()).toEqual(['equip.view', 'station.view']);
    plants.sibling = await plantOf('Sibling Roof', made.data.userId, 'CUB');
  });

  it('checks an account: free 0, an account 105, another company’s 106, an agent 202, ours already', async () => {
    const check = (account: string) =>
      t.call('GET', '/api/v1/customer/check', { token: tokens.admin, query: { account } });
    expect((await check('nobody.yet@example.org')).code).toBe(0);
    expect((await check(ACCOUNTS.staff)).code).toBe(ERROR_CODES.accountNotRegistered);
    expect((await check('boss@rival.example')).code).toBe(ERROR_CODES.accountOtherCompany);
    expect((await check(DEMO_CUSTOMER_ACCOUNT)).code).toBe(ERROR_CODES.alreadyCompanyCustomer);
    expect((await check(' Customer@Sunrise.example ')).code).toBe(ERROR_CODES.alreadyCompanyCustomer);
    // A private account (no company) that administers an agent relation.
    const agent = await userIdOf(ACCOUNTS.platform);
    const [rival] = await db().select().from(company).where(eq(company.name, 'Rival Solar'));
    await db()
      .insert(companyAgent)
      .values({ companyId: sunriseId, agentCompanyId: rival?.id ?? '', agentUserId: agent });
    expect((await check(ACCOUNTS.platform)).code).toBe(ERROR_CODES.agentExists);
    await db().delete(companyAgent).where(eq(companyAgent.agentUserId, agent));
  });

  it('refuses an account that is not free with the same codes, saving nothing', async () => {
    const before = await counts();
    expect((await createCustomer(ACCOUNTS.staff)).code).toBe(ERROR_CODES.accountNotRegistered);
    expect((await createCustomer('boss@rival.example')).code).toBe(ERROR_CODES.accountOtherCompany);
    expect((await createCustomer(DEMO_CUSTOMER_ACCOUNT)).code).toBe(ERROR_CODES.alreadyCompanyCustomer);
    expect(await counts()).toEqual(before);
  });

  it('refuses bad input with code 4 and the field, saving nothing', async () => {
    const before = await counts();
    const cases: [string, Record<string, unknown>, string, string?][] = [
      ['not-an-email', {}, 'account'],
      ['new1@example.org', { phone: 'call me' }, 'phone'],
      ['new2@example.org', { email: 'nope' }, 'email'],
      // A key no customer may hold: managing the company's staff.
      ['new3@example.org', { permissions: ['company.user'] }, 'permissions'],
      ['new4@example.org', {}, 'password', 'short'],
      ['new5@example.org', { name: '' }, 'name'],
    ];
    for (const [account, extra, field, password] of cases) {
      const answer = await createCustomer(account, extra, password);
      expect(answer.code, `${field}`).toBe(ERROR_CODES.validation);
      expect(JSON.stringify(answer.data), field).toContain(field);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses another company’s type id as "does not exist", saving nothing', async () => {
    const before = await counts();
    const rivalType = await t.call<CustomerTypeRow>('POST', '/api/v1/customerType', {
      token: tokens.rival,
      body: { name: 'Rival type', remark: '' },
    });
    expect(rivalType.code).toBe(0);
    const after = await counts();
    const answer = await createCustomer('new6@example.org', { typeId: rivalType.data.id });
    expect(answer.code).toBe(ERROR_CODES.notFound);
    expect(await counts()).toEqual(after);
    expect(after.types).toBe(Number(before.types) + 1);
  });

  it('is refused to staff without customer.edit and to a visitor', async () => {
    const { keyId, cipher } = await t.encrypt('Customer2026pw');
    for (const token of [tokens.staff, tokens.visitor]) {
      const answer = await t.call('POST', '/api/v1/customer', {
        token,
        body: { name: 'X', account: 'x@example.org', keyId, password: cipher, permissions: [] },
      });
      expect(answer.code).toBe(ERROR_CODES.noPermission);
    }
    // Staff may read the list.
    expect((await t.call('GET', '/api/v1/customers', { token: tokens.staff })).code).toBe(0);
  });
});

describe('a customer’s plants', () => {
  const asCustomer = () => t.tokenFor(DEMO_CUSTOMER_ACCOUNT);

  it('sees its own plant and never a sibling customer’s: list, detail, devices, map, counts', async () => {
    const token = await asCustomer();
    const list = await t.call<{ total: number; rows: { id: string }[] }>('GET', '/api/v1/plants', { token });
    expect(list.code).toBe(0);
    expect(list.data.rows.map((r) => r.id)).toEqual([plants.mine]);
    expect((await t.call('GET', `/api/v1/plant/${plants.mine}`, { token })).code).toBe(0);
    for (const id of [plants.sibling, plants.free, plants.owners]) {
      expect((await t.call('GET', `/api/v1/plant/${id}`, { token })).code).toBe(ERROR_CODES.plantNotFound);
      expect((await t.call('GET', `/api/v1/plant/${id}/inverters`, { token })).code).toBe(ERROR_CODES.plantNotFound);
    }
    const inverters = await t.call<{ rows: { sn: string }[] }>('GET', '/api/v1/inverters', { token });
    expect(inverters.data.rows.map((r) => r.sn)).toEqual(['CUAINV']);
    expect((await t.call('GET', '/api/v1/inverter/CUBINV', { token })).code).toBe(ERROR_CODES.inverterNotFound);
    const map = await t.call<{ id: string }[]>('GET', '/api/v1/plants/map', { token });
    expect(map.data.map((p) => p.id)).toEqual([plants.mine]);
    const mapCount = await t.call<{ all: number }>('GET', '/api/v1/plants/mapCount', { token });
    expect(mapCount.data.all).toBe(1);
    const overview = await t.call<Record<string, number>>('GET', '/api/v1/overview/plantCount', { token });
    expect(Object.values(overview.data).reduce((a, b) => Math.max(a, b), 0)).toBe(1);
  });

  it('lists the plants a customer may be given, its own first, never a plant owner’s', async () => {
    const answer = await t.call<{ rows: { id: string; assigned: boolean }[] }>(
      'GET',
      `/api/v1/customer/${demoCustomerId}/plants`,
      { token: tokens.admin },
    );
    const ids = answer.data.rows.map((r) => r.id);
    expect(ids[0]).toBe(plants.mine);
    expect(answer.data.rows[0]?.assigned).toBe(true);
    expect(ids).toContain(plants.free);
    expect(ids).not.toContain(plants.owners);
  });

  it('assigns plants and takes them back, audited; the customer sees the change on its next request', async () => {
    const token = await asCustomer();
    const set = (plantIds: string[]) =>
      t.call('POST', `/api/v1/customer/${demoCustomerId}/plants`, { token: tokens.admin, body: { plantIds } });
    expect((await set([plants.mine, plants.free])).code).toBe(0);
    const list = await t.call<{ rows: { id: string }[] }>('GET', '/api/v1/plants', { token });
    expect(list.data.rows.map((r) => r.id).sort()).toEqual([plants.mine, plants.free].sort());
    expect((await set([plants.mine])).code).toBe(0);
    const [free] = await db().select().from(plant).where(eq(plant.id, plants.free));
    expect(free?.ownerId).toBeNull();
    expect((await t.call('GET', `/api/v1/plant/${plants.free}`, { token })).code).toBe(ERROR_CODES.plantNotFound);
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.plants'), eq(auditLog.targetId, demoCustomerId)));
    expect(entries).toHaveLength(2);
  });

  it('refuses a plant owner’s plant and another company’s customer with "does not exist", changing nothing', async () => {
    const before = await counts();
    const mine = await t.call('POST', `/api/v1/customer/${demoCustomerId}/plants`, {
      token: tokens.admin,
      body: { plantIds: [plants.mine, plants.owners] },
    });
    expect(mine.code).toBe(ERROR_CODES.plantNotFound);
    const [owners] = await db().select().from(plant).where(eq(plant.id, plants.owners));
    expect(owners?.ownerId).toBe(await userIdOf(ACCOUNTS.owner));
    const rival = await t.call('POST', `/api/v1/customer/${demoCustomerId}/plants`, {
      token: tokens.rival,
      body: { plantIds: [] },
    });
    expect(rival.code).toBe(ERROR_CODES.notFound);
    const [mineRow] = await db().select().from(plant).where(eq(plant.id, plants.mine));
    expect(mineRow?.ownerId).toBe(demoUserId);
    expect(await counts()).toEqual(before);
  });
});

describe('another company', () => {
  it('gets "does not exist" for Sunrise’s customer and type ids, changing nothing', async () => {
    const before = await counts();
    const calls: [string, 'GET' | 'POST' | 'DELETE', unknown?][] = [
      [`/api/v1/role/${demoCustomerId}`, 'GET'],
      [`/api/v1/customer/${demoCustomerId}`, 'POST', { name: 'Hijacked', permissions: [] }],
      [`/api/v1/customers/delete/${demoCustomerId}`, 'DELETE'],
      [`/api/v1/customerType/${retailId}`, 'GET'],
      [`/api/v1/customerType/${retailId}`, 'POST', { name: 'Hijacked' }],
      [`/api/v1/customerType/${retailId}/delete`, 'POST'],
      ['/api/v1/customerType', 'POST', { name: 'Under theirs', parentId: commercialId }],
      [`/api/v1/customer/user/${demoUserId}/disable`, 'POST', { disabled: true }],
    ];
    for (const [url, method, body] of calls) {
      const answer = await t.call(method, url, { token: tokens.rival, ...(body ? { body } : {}) });
      expect(answer.code, `${method} ${url}`).toBe(ERROR_CODES.notFound);
    }
    const list = await t.call<{ total: number }>('GET', '/api/v1/customers', { token: tokens.rival });
    expect(list.data.total).toBe(0);
    const users = await t.call<{ total: number }>('GET', '/api/v1/customer/users', { token: tokens.rival });
    expect(users.data.total).toBe(0);
    expect(await counts()).toEqual(before);
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT)).code).toBe(0);
  });
});

describe('changing a customer', () => {
  it('applies a narrower permission list on the customer’s next request, without a new sign-in', async () => {
    const token = await t.tokenFor(DEMO_CUSTOMER_ACCOUNT);
    expect((await t.call('GET', '/api/v1/inverters', { token })).code).toBe(0);
    const answer = await t.call<CustomerRow>('POST', `/api/v1/customer/${demoCustomerId}`, {
      token: tokens.admin,
      body: { name: 'Bright Bakery', typeId: retailId, permissions: ['station.view'] },
    });
    expect(answer.code).toBe(0);
    expect((await t.call('GET', '/api/v1/inverters', { token })).code).toBe(ERROR_CODES.noPermission);
    expect((await t.call('GET', '/api/v1/plants', { token })).code).toBe(0);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.update'), eq(auditLog.targetId, demoCustomerId)));
    expect(entry?.newValue).toMatchObject({ permissions: ['station.view'] });
    expect((entry?.oldValue as { permissions: string[] }).permissions).toContain('inverter.view');
  });

  it('refuses a key a customer may not hold, changing nothing', async () => {
    const [own] = await db().select().from(appUser).where(eq(appUser.id, demoUserId));
    const held = () =>
      db()
        .select()
        .from(rolePermission)
        .where(eq(rolePermission.roleId, own?.roleId ?? ''));
    const before = await held();
    const answer = await t.call('POST', `/api/v1/customer/${demoCustomerId}`, {
      token: tokens.admin,
      body: { name: 'Bright Bakery', permissions: ['station.view', 'company.role.edit'] },
    });
    expect(answer.code).toBe(ERROR_CODES.validation);
    expect(await held()).toEqual(before);
  });
});

describe('customer types', () => {
  it('refuses to delete a type with sub-types (typeHasSubtypes), changing nothing', async () => {
    const before = await counts();
    const answer = await t.call('POST', `/api/v1/customerType/${commercialId}/delete`, { token: tokens.admin });
    expect(answer.code).toBe(ERROR_CODES.typeHasSubtypes);
    expect(await counts()).toEqual(before);
  });

  it('refuses to move a type below its own sub-type', async () => {
    const answer = await t.call('POST', `/api/v1/customerType/${commercialId}`, {
      token: tokens.admin,
      body: { name: 'Commercial', parentId: retailId },
    });
    expect(answer.code).toBe(ERROR_CODES.validation);
    const [row] = await db().select().from(customerType).where(eq(customerType.id, commercialId));
    expect(row?.parentId).toBeNull();
  });

  it('creates, edits and deletes a type; deleting one in use leaves its customers without a type', async () => {
    const made = await t.call<CustomerTypeRow>('POST', '/api/v1/customerType', {
      token: tokens.admin,
      body: { name: 'Farms', parentId: null, remark: 'Agricultural' },
    });
    expect(made.code).toBe(0);
    const edited = await t.call<CustomerTypeRow>('POST', `/api/v1/customerType/${made.data.id}`, {
      token: tokens.admin,
      body: { name: 'Farms and barns', parentId: commercialId, remark: '' },
    });
    expect(edited.data).toMatchObject({ name: 'Farms and barns', parentId: commercialId });
    const flat = await t.call<CustomerTypeRow[]>('GET', '/api/v1/customerTypes', { token: tokens.staff });
    expect(flat.data.map((x) => x.name)).toContain('Farms and barns');
    // Retail is in use by the demo customer.
    const del = await t.call('POST', `/api/v1/customerType/${retailId}/delete`, { token: tokens.admin });
    expect(del.code).toBe(0);
    const [demo] = await db().select().from(customer).where(eq(customer.id, demoCustomerId));
    expect(demo?.typeId).toBeNull();
    const actions = (await db().select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining(['customerType.create', 'customerType.update', 'customerType.delete']),
    );
  });

  it('is read-only for staff (no customer.type.edit)', async () => {
    const answer = await t.call('POST', '/api/v1/customerType', { token: tokens.staff, body: { name: 'Nope' } });
    expect(answer.code).toBe(ERROR_CODES.noPermission);
  });
});

describe('customer users', () => {
  it('lists the customers’ accounts with their last sign-in', async () => {
    await t.tokenFor(DEMO_CUSTOMER_ACCOUNT);
    const answer = await t.call<{ rows: { account: string; lastSignIn: number | null }[] }>(
      'GET',
      '/api/v1/customer/users',
      { token: tokens.admin, query: { q: 'customer@' } },
    );
    expect(answer.data.rows).toHaveLength(1);
    expect(answer.data.rows[0]?.account).toBe(DEMO_CUSTOMER_ACCOUNT);
    expect(answer.data.rows[0]?.lastSignIn).not.toBeNull();
    // Staff accounts are not customers: disabling one here is "does not exist".
    const staff = await t.call('POST', `/api/v1/customer/user/${await userIdOf(ACCOUNTS.staff)}/disable`, {
      token: tokens.admin,
      body: { disabled: true },
    });
    expect(staff.code).toBe(ERROR_CODES.notFound);
  });

  it('disables an account (its live token stops at once, sign-in 101) and enables it again, audited', async () => {
    const token = await t.tokenFor(DEMO_CUSTOMER_ACCOUNT);
    const off = await t.call('POST', `/api/v1/customer/user/${demoUserId}/disable`, {
      token: tokens.admin,
      body: { disabled: true },
    });
    expect(off.code).toBe(0);
    expect((await t.call('GET', '/api/v1/plants', { token })).status).toBe(401);
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT)).code).toBe(ERROR_CODES.accountDisabled);
    await t.call('POST', `/api/v1/customer/user/${demoUserId}/disable`, {
      token: tokens.admin,
      body: { disabled: false },
    });
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT)).code).toBe(0);
    const actions = (await db().select().from(auditLog).where(eq(auditLog.targetId, demoUserId))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['customer.disable', 'customer.enable']));
  });

  it('resets the password: the old one and the live token stop working, the new one signs in', async () => {
    const token = await t.tokenFor(DEMO_CUSTOMER_ACCOUNT);
    const weak = await t.encrypt('short');
    const refused = await t.call('POST', `/api/v1/customer/user/${demoUserId}/pwd`, {
      token: tokens.admin,
      body: weak,
    });
    expect(refused.code).toBe(ERROR_CODES.validation);
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT)).code).toBe(0);
    const { keyId, cipher } = await t.encrypt('Renewed2026pw');
    const answer = await t.call('POST', `/api/v1/customer/user/${demoUserId}/pwd`, {
      token: tokens.admin,
      body: { keyId, password: cipher },
    });
    expect(answer.code).toBe(0);
    expect((await t.call('GET', '/api/v1/plants', { token })).status).toBe(401);
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT)).code).not.toBe(0);
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT, 'Renewed2026pw')).code).toBe(0);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'customer.passwordReset'));
    expect(JSON.stringify(entry)).not.toContain('Renewed2026pw');
  });
});

describe('deleting a customer', () => {
  it('removes the customer and its account’s access; its plants stay with the company without owner', async () => {
    const token = await t.tokenFor(DEMO_CUSTOMER_ACCOUNT, 'Renewed2026pw');
    const answer = await t.call('DELETE', `/api/v1/customers/delete/${demoCustomerId}`, { token: tokens.admin });
    expect(answer.code).toBe(0);
    expect(await db().select().from(customer).where(eq(customer.id, demoCustomerId))).toEqual([]);
    const [kept] = await db().select().from(plant).where(eq(plant.id, plants.mine));
    expect(kept).toMatchObject({ ownerId: null, companyId: sunriseId });
    expect((await t.call('GET', '/api/v1/plants', { token })).status).toBe(401);
    expect((await t.login(DEMO_CUSTOMER_ACCOUNT, 'Renewed2026pw')).code).toBe(ERROR_CODES.accountDisabled);
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'customer.delete'), eq(auditLog.targetId, demoCustomerId)));
    expect(entry?.oldValue).toMatchObject({ account: DEMO_CUSTOMER_ACCOUNT, plants: [plants.mine] });
    // The admin still sees the plant.
    expect((await t.call('GET', `/api/v1/plant/${plants.mine}`, { token: tokens.admin })).code).toBe(0);
  });
});
