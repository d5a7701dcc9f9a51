import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { pictureTypeOf, type PlantPictureType } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { plant, plantLayout } from '../../db/schema.js';
import { ValidationError } from '../../http/errors.js';

/**
 * Plant pictures live in the database, not on a disk: every instance of a scaled-out deployment serves
 * them and a backup of the database holds them. No table is meant for them, so they take the plant's
 * `plant_layout` row of kind 'picture' (its jsonb `data`: type and base64 bytes); the plant's `picture`
 * column holds the URL with a content hash, so a changed picture is a new URL for caches.
 */
const KIND = 'picture';

interface StoredPicture {
  type: PlantPictureType;
  base64: string;
}

export async function storePicture(
  db: Db,
  plantId: string,
  bytes: Buffer,
  userId: string,
): Promise<{ url: string; type: PlantPictureType; bytes: number }> {
  const type = pictureTypeOf(bytes.subarray(0, 8));
  if (!type) throw new ValidationError([{ field: 'file', rule: 'pictureType' }]);
  const data: StoredPicture = { type, base64: bytes.toString('base64') };
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 12);
  const url = `/api/v1/plant/${plantId}/picture?v=${hash}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(plantLayout)
      .values({ plantId, kind: KIND, data, updatedBy: userId })
      .onConflictDoUpdate({
        target: [plantLayout.plantId, plantLayout.kind],
        set: { data, updatedBy: userId, updatedAt: new Date() },
      });
    await tx.update(plant).set({ picture: url, updatedAt: new Date() }).where(eq(plant.id, plantId));
  });
  return { url, type, bytes: bytes.length };
}

export async function loadPicture(db: Db, plantId: string): Promise<{ type: PlantPictureType; bytes: Buffer } | null> {
  const [row] = await db
    .select({ data: plantLayout.data })
    .from(plantLayout)
    .where(and(eq(plantLayout.plantId, plantId), eq(plantLayout.kind, KIND)));
  if (!row) return null;
  const data = row.data as StoredPicture;
  return { type: data.type, bytes: Buffer.from(data.base64, 'base64') };
}
