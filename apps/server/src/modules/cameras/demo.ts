import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { SIMULATED_CAMERA_KIND, type RecordingMode } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { camera, cameraChannel, plant, storageSpace } from '../../db/schema.js';
import { SecretBox } from '../auth/secret-box.js';

export const DEMO_SPACE = { name: 'Demo recordings', folder: 'demo', capacityGb: 20, retentionDays: 7 } as const;

/**
 * The demo's cameras, largest plant first: how many channels each has and what they are called, and how it
 * records. One records around faults (so playback has something once a fault happens), the rest only live.
 */
const DEMO_CAMERAS: { name: string; channels: string[]; recording: RecordingMode }[] = [
  { name: 'Site NVR', channels: ['Entrance', 'Array north', 'Array south', 'Inverter room'], recording: 'event' },
  { name: 'Array camera', channels: ['Array east', 'Array west'], recording: 'off' },
  { name: 'Gate camera', channels: ['Gate'], recording: 'off' },
];

/**
 * Gives the demo company's largest plants simulated cameras (issue 18 point 4; SIMULATE_CAMERAS): a test
 * pattern with a clock that camstream's ffmpeg makes, so live view and recordings can be seen with no camera.
 * Once: a company that has any camera or the demo space already (a restart, or cameras the user added or
 * removed since) is left as it is. Answers how many cameras it made.
 */
export async function ensureDemoCameras(db: Db, companyId: string): Promise<number> {
  const [existing] = await query<{ n: unknown }>(
    db,
    sql`select (select count(*) from camera where company_id = ${companyId})
      + (select count(*) from storage_space where company_id = ${companyId} and name = ${DEMO_SPACE.name}) as n`,
  );
  if (Number(existing?.n ?? 0) > 0) return 0;
  const plants = await db
    .select({ id: plant.id })
    .from(plant)
    .where(and(eq(plant.companyId, companyId), isNull(plant.deletedAt)))
    .orderBy(desc(plant.capacityKw), plant.name, plant.id)
    .limit(DEMO_CAMERAS.length);
  if (plants.length === 0) return 0;
  // Sealed like any other, before the transaction (the box reads its key through `db`); nobody needs to know
  // them: the test pattern asks for none.
  const box = new SecretBox(db);
  const ciphers = await Promise.all(plants.map(() => box.seal(randomBytes(9).toString('base64url'))));
  return db.transaction(async (tx) => {
    const [space] = await tx
      .insert(storageSpace)
      .values({ companyId, kind: 'folder', ...DEMO_SPACE })
      .onConflictDoNothing()
      .returning({ id: storageSpace.id });
    // Made by another instance starting at the same moment: it makes the cameras too.
    if (!space) return 0;
    let made = 0;
    for (const [i, p] of plants.entries()) {
      const def = DEMO_CAMERAS[i];
      if (!def) break;
      const [cam] = await tx
        .insert(camera)
        .values({
          companyId,
          plantId: p.id,
          kind: SIMULATED_CAMERA_KIND,
          name: def.name,
          host: 'simulated',
          port: 554,
          username: 'demo',
          passwordCipher: ciphers[i] ?? '',
          recording: def.recording,
          storageSpaceId: def.recording === 'off' ? null : space.id,
        })
        .returning({ id: camera.id });
      if (!cam) continue;
      await tx.insert(cameraChannel).values(def.channels.map((name, k) => ({ cameraId: cam.id, number: k + 1, name })));
      made++;
    }
    return made;
  });
}
