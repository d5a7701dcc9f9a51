import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';

/** Links demo child nodes to their master (the demo fleet provisions devices without parents). */
export async function linkLoraChildren(db: Db, masterSn: string, childSns: string[]): Promise<void> {
  const [m] = await db.select({ id: device.id }).from(device).where(eq(device.sn, masterSn));
  if (!m || childSns.length === 0) return;
  await db.update(device).set({ parentId: m.id }).where(inArray(device.sn, childSns));
}
