import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { serverSecret } from '../../db/schema.js';

/**
 * A secret made once and shared by every instance through the database. `on conflict do nothing` makes
 * two instances starting together agree on one value.
 */
export async function getOrCreateSecret(db: Db, name: string, bytes = 32): Promise<Buffer> {
  await db
    .insert(serverSecret)
    .values({ name, value: randomBytes(bytes).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, name));
  if (!row) throw new Error(`secret ${name} missing after insert`);
  return Buffer.from(row.value, 'base64');
}
