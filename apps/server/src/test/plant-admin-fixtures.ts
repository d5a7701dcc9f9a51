import { eq } from 'drizzle-orm';
import type { PlantCreateInput } from '@heliograph/shared';
import { appUser, company, role } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { ensureSpareGateways } from '../modules/demo/spares.js';
import { DEMO_COMPANY } from '../modules/demo/seed.js';
import type { TestApp } from './harness.js';

/** A plant the wizard would send: every rule satisfied, no gateway. */
export const validPlant = (over: Partial<PlantCreateInput> = {}): PlantCreateInput => ({
  name: 'Wizard Roof One',
  capacityKw: 9.9,
  type: 'storage_ac',
  commissionedOn: '2025-04-30',
  timezone: 'Europe/Lisbon',
  currency: 'EUR',
  address: 'Rua Augusta 1, Lisboa',
  latitude: 38.71,
  longitude: -9.14,
  valuation: { method: 'constant', buyPrice: 0.22, sellPrice: 0.06 },
  contactName: 'Sofia Martins',
  contactPhone: '+351 912 345 678',
  ownerAccount: 'owner@sunrise.example',
  ...over,
});

/** Connection passwords of the spare gateways the last `withSpares` made. */
export const spareCredentials: Record<string, string> = {};

/** The demo company's id, with its spare gateways in stock. */
export async function withSpares(t: TestApp): Promise<string> {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, DEMO_COMPANY));
  if (!sunrise) throw new Error('no demo company');
  Object.assign(spareCredentials, await ensureSpareGateways(db, sunrise.id));
  return sunrise.id;
}

/** Another account of a built-in role, with the demo password. */
export async function makeUser(
  t: TestApp,
  account: string,
  roleKey: string,
  companyId: string | null,
  password = 'Demo2026pass',
): Promise<string> {
  const db = t.database.db;
  const [r] = await db.select({ id: role.id }).from(role).where(eq(role.key, roleKey));
  const [u] = await db
    .insert(appUser)
    .values({
      account,
      email: account,
      nickname: account.split('@')[0] ?? account,
      companyId,
      roleId: r?.id ?? '',
      passwordHash: await hashPassword(password),
    })
    .returning({ id: appUser.id });
  return u?.id ?? '';
}
