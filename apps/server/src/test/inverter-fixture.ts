import { eq } from 'drizzle-orm';
import { appUser, company, device, deviceCommand, deviceLatest, gateway, upgrade } from '../db/schema.js';
import { provisionPlant, type ProvisionPlant } from '../modules/plants/provision.js';
import { ACCOUNTS, signInForTests, TestApp } from './harness.js';
import { TEST_PLANT_FIELDS } from './plant-fields.js';
import { FAKE_GATEWAY_PASSWORD, RecordingGateways, type Answer } from './fake-gateway.js';

interface PlantSpec {
  name: string;
  /** Gateways that connect with the fake gateways' password. */
  gateways: Omit<ProvisionPlant['gateways'][number], 'password'>[];
}

const withPassword = (spec: PlantSpec) => ({
  name: spec.name,
  gateways: spec.gateways.map((g) => ({ ...g, password: FAKE_GATEWAY_PASSWORD })),
});

/**
 * What the device-command tests share: their app, whose commands time out after two seconds (a silent gateway fails
 * fast); the tokens of Sunrise's administrator and visitor and of Rival Solar's; and fake gateways that record every
 * command and answer it with `answer`. The fields are filled before the tests: read them in tests and hooks.
 */
export function commandTests(answer?: Answer) {
  const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '2' });
  return { t, tokens: signInForTests(t, 'admin', 'visitor', 'rival'), gateways: RecordingGateways.forTests(answer) };
}

/**
 * The inverter command tests' world: a Sunrise plant shared with its visitor as a guest (unless said), and a Rival
 * Solar plant with devices of its own.
 */
export async function inverterPlants(
  t: TestApp,
  ours: PlantSpec,
  theirs: PlantSpec,
  opts: { shareWithVisitor: boolean } = { shareWithVisitor: true },
): Promise<void> {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [visitorUser] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.visitor));
  await provisionPlant(db, {
    ...TEST_PLANT_FIELDS,
    ...withPassword(ours),
    companyId: sunrise?.id ?? null,
    sharedWith: opts.shareWithVisitor ? [{ userId: visitorUser?.id ?? '', level: 'guest' }] : [],
  });
  await t.otherCompanyToken(); // makes Rival Solar
  const [rival] = await db.select().from(company).where(eq(company.name, 'Rival Solar'));
  await provisionPlant(db, { ...TEST_PLANT_FIELDS, ...withPassword(theirs), companyId: rival?.id ?? null });
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

/**
 * A firmware upgrade of the device running through its gateway, as the upgrade dispatcher leaves it once sent
 * (an `upgrade` row in state running): remote commands are refused meanwhile. Returns what ends it.
 */
export async function startUpgrade(t: TestApp, gatewaySn: string, sn: string): Promise<() => Promise<void>> {
  const db = t.database.db;
  const [d] = await db.select().from(device).where(eq(device.sn, sn));
  const [gw] = await db.select().from(gateway).where(eq(gateway.sn, gatewaySn));
  const [row] = await db
    .insert(upgrade)
    .values({
      gatewayId: gw?.id ?? '',
      deviceId: d?.id ?? '',
      kind: 'inverter',
      sn,
      toVersion: '9.9.9',
      state: 'running',
      startedAt: new Date(),
    })
    .returning();
  return async () => {
    await db.delete(upgrade).where(eq(upgrade.id, row?.id ?? ''));
  };
}
