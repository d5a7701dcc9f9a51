import { eq } from 'drizzle-orm';
import { appUser, company, device, deviceCommand, deviceLatest } from '../db/schema.js';
import { provisionPlant, type ProvisionPlant } from '../modules/plants/provision.js';
import { ACCOUNTS, type TestApp } from './harness.js';
import { TEST_PLANT_FIELDS } from './plant-fields.js';

interface PlantSpec {
  name: string;
  gateways: ProvisionPlant['gateways'];
}

/**
 * The inverter command tests' world: a Sunrise plant shared with its visitor as a guest (unless said), a Rival Solar plant
 * with devices of its own, and the tokens of Sunrise's admin, its visitor and the other company.
 */
export async function inverterPlants(
  t: TestApp,
  ours: PlantSpec,
  theirs: PlantSpec,
  opts: { shareWithVisitor: boolean } = { shareWithVisitor: true },
): Promise<{ admin: string; visitor: string; other: string }> {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [visitorUser] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.visitor));
  await provisionPlant(db, {
    ...TEST_PLANT_FIELDS,
    ...ours,
    companyId: sunrise?.id ?? null,
    sharedWith: opts.shareWithVisitor ? [{ userId: visitorUser?.id ?? '', level: 'guest' }] : [],
  });
  const other = await t.otherCompanyToken();
  const [rival] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  await provisionPlant(db, { ...TEST_PLANT_FIELDS, ...theirs, companyId: rival?.id ?? null });
  return { admin: await t.tokenFor(ACCOUNTS.admin), visitor: await t.tokenFor(ACCOUNTS.visitor), other };
}

/** Saves `metrics` as the device's latest reading, taken `ageS` seconds ago. */
export async function setLatest(t: TestApp, sn: string, metrics: Record<string, number>, ageS = 0): Promise<void> {
  const [d] = await t.database.db.select().from(device).where(eq(device.sn, sn));
  const ts = new Date(Date.now() - ageS * 1000);
  await t.database.db
    .insert(deviceLatest)
    .values({ deviceId: d?.id ?? '', ts, metrics })
    .onConflictDoUpdate({ target: deviceLatest.deviceId, set: { ts, metrics } });
}

/** Every command saved for the device. */
export async function commandsFor(t: TestApp, sn: string) {
  const [d] = await t.database.db.select().from(device).where(eq(device.sn, sn));
  return t.database.db
    .select()
    .from(deviceCommand)
    .where(eq(deviceCommand.deviceId, d?.id ?? ''));
}
