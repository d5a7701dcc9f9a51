import { eq } from 'drizzle-orm';
import { company } from '../db/schema.js';
import { DEFAULT_VALUATION, provisionPlant, type ProvisionPlant } from '../modules/plants/provision.js';
import type { TestApp } from './harness.js';

/** A plain grid-connected Berlin plant: the fields API tests give provisionPlant when only devices matter. */
export const TEST_PLANT_FIELDS = {
  type: 'grid' as const,
  inverterKind: 'string' as const,
  capacityKw: 10,
  commissionedOn: '2025-01-01',
  timezone: 'Europe/Berlin',
  currency: 'EUR',
  latitude: 52.5,
  longitude: 13.4,
  address: 'Berlin',
  valuation: DEFAULT_VALUATION,
};

/** The same Berlin plant with a DC-coupled battery behind hybrid inverters (batteries, switches, the sweep). */
export const STORAGE_PLANT_FIELDS = {
  ...TEST_PLANT_FIELDS,
  type: 'storage_dc' as const,
  inverterKind: 'hybrid' as const,
};

/** A plain Sunrise Energy plant with these gateways: for tests of the broker, where only the gateways matter. */
export async function sunriseTestPlant(t: TestApp, name: string, gateways: ProvisionPlant['gateways']): Promise<void> {
  const [sunrise] = await t.database.db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  await provisionPlant(t.database.db, { companyId: sunrise?.id ?? null, name, ...TEST_PLANT_FIELDS, gateways });
}
