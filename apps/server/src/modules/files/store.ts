import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { storedFile } from '../../db/schema.js';

/** What a stored file is for; each kind's reader decides who may fetch it. */
export type FileKind = 'avatar' | 'logo' | 'manual' | 'firmware';

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

/**
 * Small files (avatars, logos, manuals) live in the database by default (DESIGN: so every instance of a
 * scaled-out deployment serves them and a backup holds them). The row keeps a content hash, so a URL can
 * carry it and a changed file is a new URL for caches. Validation (type by content, size) is the caller's:
 * each kind has its own rule (spec §5).
 */
export async function putFile(db: Pick<Db, 'insert'>, f: NewFile): Promise<StoredFileMeta> {
  const sha256 = createHash('sha256').update(f.bytes).digest('hex');
  const [row] = await db
    .insert(storedFile)
    .values({
      kind: f.kind,
      name: f.name,
      contentType: f.contentType,
      size: f.bytes.length,
      sha256,
      bytes: f.bytes,
      companyId: f.companyId ?? null,
      ownerId: f.ownerId ?? null,
    })
    .returning({ id: storedFile.id });
  if (!row) throw new Error('stored_file insert returned nothing');
  return {
    id: row.id,
    kind: f.kind,
    name: f.name,
    contentType: f.contentType,
    size: f.bytes.length,
    sha256,
    companyId: f.companyId ?? null,
    ownerId: f.ownerId ?? null,
  };
}

/** A file's metadata and bytes, or undefined. Whether the caller may have it is decided before this. */
export async function getFile(db: Db, id: string): Promise<(StoredFileMeta & { bytes: Buffer }) | undefined> {
  const [row] = await db.select().from(storedFile).where(eq(storedFile.id, id));
  if (!row?.bytes) return undefined;
  return {
    id: row.id,
    kind: row.kind as FileKind,
    name: row.name,
    contentType: row.contentType,
    size: row.size,
    sha256: row.sha256,
    companyId: row.companyId,
    ownerId: row.ownerId,
    bytes: row.bytes,
  };
}

export async function deleteFile(db: Pick<Db, 'delete'>, id: string): Promise<void> {
  await db.delete(storedFile).where(eq(storedFile.id, id));
}
