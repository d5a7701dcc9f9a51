import { and, eq, sql } from 'drizzle-orm';
import { ERROR_CODES, MAX_COMPANY_ROLES } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { appUser, company, customer, role } from '../../db/schema.js';
import { signInForTests, TestApp, type Answer } from '../../test/harness.js';

/**
 * Requests racing past the same check (issue 12, spec §5 and §8): the loser gets the code the sequential
 * path gives, never a 500, and the rule holds in the rows. On PostgreSQL (CI's second run) the requests
 * really run at once on separate connections; on PGlite they interleave between statements.
 */
const t = TestApp.forTests();
const tokens = signInForTests(t, 'admin');
const PASSWORD = 'Member2026pass';
const db = () => t.database.db;

/** Fires the same request `n` times at once and answers the codes, sorted. */
async function race<T>(n: number, fire: (i: number) => Promise<Answer<T>>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: n }, (_, i) => fire(i)));
  for (const a of answers) expect(a.status, a.msg).toBeLessThan(500);
  return answers.map((a) => a.code).sort((a, b) => a - b);
}

async function sunriseId(): Promise<string> {
  const [c] = await db().select().from(company).where(eq(company.name, 'Sunrise Energy'));
  return c?.id ?? '';
}

async function usersWith(account: string): Promise<number> {
  return (await db().select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account))).length;
}

async function staffRoleId(): Promise<string> {
  const [r] = await db()
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.key, 'company_staff'), sql`${role.companyId} is null`));
  return r?.id ?? '';
}

async function ownRoles(): Promise<{ id: string; name: string }[]> {
  return db()
    .select({ id: role.id, name: role.name })
    .from(role)
    .where(and(eq(role.companyId, await sunriseId()), eq(role.base, 'company_staff')));
}

const createRole = (name: string) =>
  t.call('POST', '/api/v1/company/role', {
    token: tokens.admin,
    body: { name, remark: '', permissions: ['station.view'] },
  });

describe('concurrent writes answer the spec’s code', () => {
  it('adds a member once when two requests add the same account: the other gets "employee already exists"', async () => {
    const roleId = await staffRoleId();
    const bodies = await Promise.all(
      [0, 1, 2].map(async () => {
        const { keyId, cipher } = await t.encrypt(PASSWORD);
        return { account: 'twin@sunrise.example', nickname: 'Twin', roleId, keyId, password: cipher };
      }),
    );
    const codes = await race(3, (i) =>
      t.call('POST', '/api/v1/user/createOrUpdate', { token: tokens.admin, body: bodies[i] }),
    );
    expect(codes).toEqual([0, ERROR_CODES.employeeExists, ERROR_CODES.employeeExists]);
    expect(await usersWith('twin@sunrise.example')).toBe(1);
  });

  it('makes one role of a name when two requests create it at once (801)', async () => {
    const codes = await race(3, () => createRole('Night shift'));
    expect(codes).toEqual([0, ERROR_CODES.roleNameExists, ERROR_CODES.roleNameExists]);
    expect((await ownRoles()).filter((r) => r.name === 'Night shift')).toHaveLength(1);
  });

  it('renames two roles to one name at once: one wins, the other gets 801', async () => {
    const a = await createRole('Day shift');
    const b = await createRole('Weekend shift');
    const ids = [a, b].map((r) => (r.data as { id: string }).id);
    const codes = await race(2, (i) =>
      t.call('POST', `/api/v1/company/role/${ids[i]}`, {
        token: tokens.admin,
        body: { name: 'Late shift', remark: '', permissions: ['station.view'] },
      }),
    );
    expect(codes).toEqual([0, ERROR_CODES.roleNameExists]);
    expect((await ownRoles()).filter((r) => r.name === 'Late shift')).toHaveLength(1);
  });

  it('keeps at most five roles when the last places are raced (800)', async () => {
    const free = MAX_COMPANY_ROLES - (await ownRoles()).length;
    expect(free).toBeGreaterThan(0);
    const codes = await race(free + 3, (i) => createRole(`Crew ${i}`));
    expect(codes.filter((c) => c === 0)).toHaveLength(free);
    expect(codes.filter((c) => c === ERROR_CODES.roleLimit)).toHaveLength(3);
    expect(await ownRoles()).toHaveLength(MAX_COMPANY_ROLES);
  });

  it('makes one customer of an account when two requests create it at once ("already a company customer")', async () => {
    const bodies = await Promise.all(
      [0, 1, 2].map(async () => {
        const { keyId, cipher } = await t.encrypt('Customer2026pw');
        return {
          name: 'Twin Shop',
          contactName: 'Rui',
          phone: '',
          email: '',
          account: 'twin.shop@example.org',
          keyId,
          password: cipher,
          typeId: null,
          permissions: ['station.view'],
        };
      }),
    );
    const codes = await race(3, (i) => t.call('POST', '/api/v1/customer', { token: tokens.admin, body: bodies[i] }));
    expect(codes).toEqual([0, ERROR_CODES.alreadyCompanyCustomer, ERROR_CODES.alreadyCompanyCustomer]);
    expect(await usersWith('twin.shop@example.org')).toBe(1);
    expect(await db().select().from(customer).where(eq(customer.name, 'Twin Shop'))).toHaveLength(1);
  });

  it('makes one company of a name when two platform requests add it at once, whatever its case (203)', async () => {
    const platform = await t.tokenFor('platform@heliograph.example');
    const names = ['Twin Power', 'TWIN POWER', 'twin power'];
    const bodies = await Promise.all(
      names.map(async (name, i) => {
        const { keyId, cipher } = await t.encrypt('Admin2026pass');
        return {
          name,
          contactName: '',
          email: '',
          phone: '',
          address: '',
          hostName: '',
          adminAccount: `boss${i}@twin.example`,
          adminNickname: 'Boss',
          keyId,
          password: cipher,
        };
      }),
    );
    const codes = await race(3, (i) => t.call('POST', '/api/v1/company/add', { token: platform, body: bodies[i] }));
    expect(codes).toEqual([0, ERROR_CODES.companyNameDuplicate, ERROR_CODES.companyNameDuplicate]);
    const rows = await db()
      .select()
      .from(company)
      .where(sql`lower(${company.name}) = 'twin power'`);
    expect(rows).toHaveLength(1);
    // Only the winner's administrator exists: the losers saved nothing.
    const admins = await Promise.all([0, 1, 2].map((i) => usersWith(`boss${i}@twin.example`)));
    expect(admins.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('renames two companies to one name at once: one wins, the other gets 203', async () => {
    const platform = await t.tokenFor('platform@heliograph.example');
    const ids = [
      await sunriseId(),
      (
        await db()
          .select()
          .from(company)
          .where(sql`lower(${company.name}) = 'twin power'`)
      )[0]?.id,
    ];
    const codes = await race(2, (i) =>
      t.call('POST', `/api/v1/companies/${ids[i]}`, {
        token: platform,
        body: {
          name: i === 0 ? 'Midday Energy' : 'MIDDAY ENERGY',
          contactName: '',
          email: '',
          phone: '',
          address: '',
          hostName: '',
        },
      }),
    );
    expect(codes).toEqual([0, ERROR_CODES.companyNameDuplicate]);
    expect(
      await db()
        .select()
        .from(company)
        .where(sql`lower(${company.name}) = 'midday energy'`),
    ).toHaveLength(1);
  });
});
