import { eq } from 'drizzle-orm';
import { findCameraRow, findChannelRow } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { camera, cameraChannel, plant } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';

/** A camera as stored (its password still sealed: open it with SecretBox only to pull video). */
export type CameraRecord = typeof camera.$inferSelect;
export type ChannelRecord = typeof cameraChannel.$inferSelect;
/** The plant a camera is on: what a caller's access was decided by. */
export interface CameraPlant {
  id: string;
  name: string;
  companyId: string | null;
}

export interface FoundCamera {
  camera: CameraRecord;
  plant: CameraPlant;
}
export interface FoundChannel extends FoundCamera {
  channel: ChannelRecord;
}

/**
 * Whether the caller needs the row to be one it may change (add, edit, test, delete), not only see. Reads (live
 * view, playback, lists) leave it out.
 */
export interface CameraFindOptions {
  write?: boolean;
}

async function plantOf(db: Db, plantId: string): Promise<CameraPlant> {
  const [p] = await db
    .select({ id: plant.id, name: plant.name, companyId: plant.companyId })
    .from(plant)
    .where(eq(plant.id, plantId));
  // The policy just found the camera through this plant: a missing one is a race with its deletion.
  if (!p) throw new AppError('notFound');
  return p;
}

/**
 * A camera the caller may see (or, with `write`, change) through its plant's policy, with that plant; otherwise
 * the standard "does not exist" (404), also for another company's camera and a malformed id.
 */
export async function findCamera(
  db: Db,
  auth: AuthContext,
  id: string,
  opts: CameraFindOptions = {},
): Promise<FoundCamera> {
  const { id: cameraId } = await findCameraRow(db, auth, id, { write: opts.write });
  const [row] = await db.select().from(camera).where(eq(camera.id, cameraId));
  if (!row) throw new AppError('notFound');
  return { camera: row, plant: await plantOf(db, row.plantId) };
}

/**
 * A channel the caller may see (or, with `write`, change) with its camera and plant: the one lookup live view,
 * recordings and playback go through (camera.view). Otherwise the standard "does not exist" (404).
 */
export async function findChannel(
  db: Db,
  auth: AuthContext,
  channelId: string,
  opts: CameraFindOptions = {},
): Promise<FoundChannel> {
  const { id } = await findChannelRow(db, auth, channelId, { write: opts.write });
  const [row] = await db
    .select({ channel: cameraChannel, camera })
    .from(cameraChannel)
    .innerJoin(camera, eq(camera.id, cameraChannel.cameraId))
    .where(eq(cameraChannel.id, id));
  if (!row) throw new AppError('notFound');
  return { channel: row.channel, camera: row.camera, plant: await plantOf(db, row.camera.plantId) };
}
