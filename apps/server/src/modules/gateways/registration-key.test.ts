import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appUser, company } from '../../db/schema.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { provisionPlant } from '../plants/provision.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';

const SN = 'GWKEY00001';
const t = TestApp.forTests();
beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const userId = async (account: string) =>
    (await db.select({ id: appUser.id }).from(appUser).where(eq(appUser.account, account)))[0]?.id ?? null;
  await provisionPlant(db, {
    companyId: sunrise?.id ?? null,
    ownerId: await userId(ACCOUNTS.owner),
    installerId: await userId(ACCOUNTS.installer),
    name: 'Key plant',
    ...TEST_PLANT_FIELDS,
    gateways: [{ sn: SN, password: 'KeyPass2026', registrationKey: 'SECRETK1', devices: [] }],
    sharedWith: [{ userId: (await userId(ACCOUNTS.visitor)) ?? '', level: 'guest' }],
  });
});

const detail = async (account: string) =>
  t.call<Record<string, unknown>>('GET', `/api/v1/gateway/${SN}`, { token: await t.tokenFor(account) });

describe('GET gateway/{sn} and the registration key', () => {
  it('gives the key to roles that import and bind gateways (company administrator, installer)', async () => {
    for (const account of [ACCOUNTS.admin, ACCOUNTS.installer]) {
      const d = await detail(account);
      expect(d.code).toBe(0);
      expect(d.data.registrationKey).toBe('SECRETK1');
    }
  });

  it('leaves it out for the plant owner and for a guest of the shared plant, who still see the gateway', async () => {
    for (const account of [ACCOUNTS.owner, ACCOUNTS.visitor]) {
      const d = await detail(account);
      expect(d.code).toBe(0);
      expect(d.data.sn).toBe(SN);
      expect(d.data).not.toHaveProperty('registrationKey');
    }
  });
});
