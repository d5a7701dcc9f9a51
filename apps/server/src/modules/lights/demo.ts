import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { light, lightAccount, plant } from '../../db/schema.js';
import { SecretBox } from '../auth/secret-box.js';
import { SimulatedLightProvider } from './providers.js';

/**
 * The demo company's simulated bulb account, linked at demo start, with two of its four bulbs bound to the
 * first two plants (the other two stay unbound, to be bound on the application centre page).
 */
export async function addDemoLights(
  db: Db,
  companyId: string,
  adminId: string | null,
  now = Date.now(),
): Promise<void> {
  const provider = new SimulatedLightProvider();
  const token = provider.tokenFor(`demo:${companyId}`);
  const [existing] = await db
    .select({ id: lightAccount.id })
    .from(lightAccount)
    .where(eq(lightAccount.companyId, companyId));
  if (existing) return;
  await db.insert(lightAccount).values({
    companyId,
    provider: provider.key,
    tokenCipher: await new SecretBox(db).seal(token),
    linkedBy: adminId,
    linkedAt: new Date(now),
  });
  const plants = await db
    .select({ id: plant.id })
    .from(plant)
    .where(eq(plant.companyId, companyId))
    .orderBy(asc(plant.createdAt), asc(plant.name))
    .limit(2);
  const bulbs = await provider.listBulbs(token);
  const names = ['Entrance', 'Inverter room'];
  for (const [i, p] of plants.entries()) {
    const bulb = bulbs[i];
    if (!bulb) continue;
    const state = { on: i === 0, brightness: i === 0 ? 80 : 0 };
    await provider.setBulb(token, bulb.bulb, state);
    await db.insert(light).values({
      companyId,
      plantId: p.id,
      provider: provider.key,
      providerDeviceId: bulb.bulb,
      alias: names[i] ?? bulb.name,
      ...state,
      updatedAt: new Date(now),
    });
  }
}
