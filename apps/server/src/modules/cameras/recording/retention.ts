import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { query } from '../../../db/rows.js';
import type { SpaceStores } from './space-store.js';

/** How often retention runs (once across instances per run: a transaction-scoped advisory lock). */
export const RETENTION_MS = 10 * 60_000;
/** A space's capacity is in GB of 10^9 bytes, as disks and buckets are sold. */
const GB = 1e9;
/** Rows looked at per space and run when over capacity (a run that does not free enough continues next time). */
const BATCH = 2_000;
/**
 * Segments of deleted cameras removed per space and run: a camera recording continuously leaves 43,200 a day
 * per channel, and a month of them is not deleted in one statement (the rest go in the next runs).
 */
const ORPHAN_BATCH = 20_000;

interface SpaceRow {
  id: string;
  kind: string;
  folder: string;
  s3: { endpoint: string; bucket: string; region: string; prefix: string; accessKey: string } | null;
  s3_secret_cipher: string | null;
  capacity_gb: number;
  retention_days: number;
  used_bytes: number;
}

/**
 * Reclaims space: in every storage space, the segments of deleted cameras (channel gone), those older than its
 * retention, then the oldest beyond its capacity — always oldest first across the space, so what is kept of each channel is one stretch without holes
 * inside. Rows go in one transaction with the space's use; the bytes after it commits (a file left by a crash
 * is only wasted space, never a row pointing at nothing). Returns how many segments went.
 */
export async function reclaimSpace(deps: { db: Db; stores: SpaceStores; now: number }): Promise<number> {
  const gone: { space: SpaceRow; keys: string[] }[] = [];
  await deps.db.transaction(async (tx) => {
    const [lock] = await query<{ got: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(hashtext('camera-retention')) as got`,
    );
    if (!lock?.got) return;
    const spaces = await query<SpaceRow>(
      tx,
      sql`select id, kind, folder, s3, s3_secret_cipher, capacity_gb, retention_days, used_bytes from storage_space`,
    );
    for (const space of spaces) {
      const cutoff = new Date(deps.now - space.retention_days * 86_400_000).toISOString();
      const orphaned = await query<{ object_key: string; bytes: number }>(
        tx,
        sql`delete from recording_segment where id in (select id from recording_segment
            where storage_space_id = ${space.id} and channel_id is null limit ${ORPHAN_BATCH})
          returning object_key, bytes`,
      );
      const expired = await query<{ object_key: string; bytes: number }>(
        tx,
        sql`delete from recording_segment where storage_space_id = ${space.id} and started_at < ${cutoff}::timestamptz
          returning object_key, bytes`,
      );
      expired.push(...orphaned);
      let used = Number(space.used_bytes) - expired.reduce((n, r) => n + Number(r.bytes), 0);
      const keys = expired.map((r) => r.object_key);
      const excess = used - Number(space.capacity_gb) * GB;
      if (excess > 0) {
        const oldest = await query<{ id: number; object_key: string; bytes: number }>(
          tx,
          sql`select id, object_key, bytes from recording_segment where storage_space_id = ${space.id}
            order by started_at limit ${BATCH}`,
        );
        const ids: number[] = [];
        let freed = 0;
        for (const r of oldest) {
          if (freed >= excess) break;
          ids.push(Number(r.id));
          keys.push(r.object_key);
          freed += Number(r.bytes);
        }
        if (ids.length > 0) {
          await tx.execute(
            sql`delete from recording_segment where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          );
        }
        used -= freed;
      }
      if (keys.length === 0) continue;
      await tx.execute(sql`update storage_space set used_bytes = ${Math.max(0, used)} where id = ${space.id}`);
      gone.push({ space, keys });
    }
  });
  let count = 0;
  for (const { space, keys } of gone) {
    const store = await deps.stores.of({
      id: space.id,
      kind: space.kind,
      folder: space.folder,
      s3: space.s3,
      s3SecretCipher: space.s3_secret_cipher,
    });
    for (const key of keys) {
      await store.delete(key).catch(() => undefined);
      count += 1;
    }
  }
  return count;
}
