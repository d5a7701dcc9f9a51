import { createHash, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { storedFile } from '../../db/schema.js';
import type { ObjectStore } from './object-store.js';

/** What a stored file is for; each kind's reader decides who may fetch it. */
export type FileKind = 'avatar' | 'logo' | 'manual' | 'firmware' | 'deviceConfig' | 'report';

/**
 * The kind a removed file's row takes while its object still waits in the S3-compatible store to be deleted
 * (`FileStore.sweep`). Such a row belongs to no reader.
 */
export const REMOVED_KIND = 'removed';

export interface StoredFileMeta {
  id: string;
  kind: FileKind;
  name: string;
  contentType: string;
  size: number;
  sha256: string;
  companyId: string | null;
  ownerId: string | null;
}

export interface NewFile {
  kind: FileKind;
  name: string;
  contentType: string;
  bytes: Buffer;
  companyId?: string | null;
  ownerId?: string | null;
}

type Tx = Pick<Db, 'insert' | 'update' | 'delete' | 'select'>;

/**
 * Small files (avatars, logos, manuals, firmware images) behind one interface. By default their bytes live
 * in the database (DESIGN: so every instance of a scaled-out deployment serves them with nothing else to run,
 * and a backup holds them); with an S3-compatible store configured, new files' bytes go there and the row keeps
 * the key. Each row says where its bytes are, so files stored before a store was configured stay readable.
 *
 * Writes take the caller's transaction: the row is part of it. The object is written before the row, so a
 * row never points at nothing; a transaction that rolls back leaves an object no row names (harmless; a
 * bucket lifecycle rule can expire them). A removal inside a transaction only marks the row, and `sweep`
 * deletes the object and then the row, once across instances: were the object deleted at once, a rollback
 * would bring back a row whose bytes are gone.
 *
 * Validation (type by content, size) is the caller's: each kind has its own rule (spec §5).
 */
export class FileStore {
  constructor(readonly objects: ObjectStore | null = null) {}

  /** Where new files' bytes go, for the operations page and logs. */
  get where(): 'database' | 's3' {
    return this.objects ? 's3' : 'database';
  }

  async put(db: Pick<Db, 'insert'>, f: NewFile): Promise<StoredFileMeta> {
    const [stored] = await this.putMany(db, [f]);
    if (!stored) throw new Error('no file was stored');
    return stored;
  }

  /** Several files in one statement (the demo library seeds a hundred images at once). */
  async putMany(db: Pick<Db, 'insert'>, list: NewFile[]): Promise<StoredFileMeta[]> {
    if (!list.length) return [];
    const rows = list.map((f) => {
      const id = randomUUID();
      return {
        f,
        id,
        sha256: createHash('sha256').update(f.bytes).digest('hex'),
        storageKey: this.objects ? `${f.kind}/${id}` : null,
      };
    });
    for (const r of rows)
      if (this.objects && r.storageKey) await this.objects.put(r.storageKey, r.f.bytes, r.f.contentType);
    await db.insert(storedFile).values(
      rows.map(({ f, id, sha256, storageKey }) => ({
        id,
        kind: f.kind,
        name: f.name,
        contentType: f.contentType,
        size: f.bytes.length,
        sha256,
        bytes: storageKey ? null : f.bytes,
        storageKey,
        companyId: f.companyId ?? null,
        ownerId: f.ownerId ?? null,
      })),
    );
    return rows.map(({ f, id, sha256 }) => ({
      id,
      kind: f.kind,
      name: f.name,
      contentType: f.contentType,
      size: f.bytes.length,
      sha256,
      companyId: f.companyId ?? null,
      ownerId: f.ownerId ?? null,
    }));
  }

  /** A file's metadata and bytes, or undefined. Whether the caller may have it is decided before this. */
  async get(db: Db, id: string): Promise<(StoredFileMeta & { bytes: Buffer }) | undefined> {
    const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
    if (!row || row.kind === REMOVED_KIND) return undefined;
    let bytes = row.bytes;
    if (!bytes && row.storageKey) {
      if (!this.objects) throw new Error(`file ${id} lives in the S3-compatible store, and none is configured (S3_*)`);
      bytes = (await this.objects.get(row.storageKey)) ?? null;
    }
    if (!bytes) return undefined;
    return {
      id: row.id,
      kind: row.kind as FileKind,
      name: row.name,
      contentType: row.contentType,
      size: row.size,
      sha256: row.sha256,
      companyId: row.companyId,
      ownerId: row.ownerId,
      bytes,
    };
  }

  /** The file is gone for every reader when the caller's transaction commits; its object goes at the next sweep. */
  async remove(db: Tx, id: string): Promise<void> {
    const [row] = await db.select({ storageKey: storedFile.storageKey }).from(storedFile).where(eq(storedFile.id, id));
    if (!row) return;
    if (row.storageKey) await db.update(storedFile).set({ kind: REMOVED_KIND }).where(eq(storedFile.id, id));
    else await db.delete(storedFile).where(eq(storedFile.id, id));
  }

  /**
   * Deletes the objects of removed files, then their rows, `limit` at a time. Rows are claimed with
   * SKIP LOCKED, so instances sweeping at once never take the same one; an object that cannot be deleted
   * keeps its row for the next sweep. Returns how many were deleted.
   */
  async sweep(db: Db, limit = 100): Promise<number> {
    const objects = this.objects;
    if (!objects) return 0;
    return db.transaction(async (tx) => {
      const rows = await query<{ id: string; storage_key: string }>(
        tx,
        sql`SELECT id, storage_key FROM stored_file
            WHERE kind = ${REMOVED_KIND} AND storage_key IS NOT NULL
            LIMIT ${limit} FOR UPDATE SKIP LOCKED`,
      );
      const done: string[] = [];
      for (const r of rows) {
        try {
          await objects.delete(r.storage_key);
          done.push(r.id);
        } catch {
          // Kept for the next sweep; the store may be back by then.
        }
      }
      for (const id of done) await tx.delete(storedFile).where(eq(storedFile.id, id));
      return done.length;
    });
  }
}

/** Files with their bytes in the database: the default, and what tests use unless they are about S3. */
export const DATABASE_FILES = new FileStore(null);
