import { and, eq } from 'drizzle-orm';
import { LIMITS, pictureTypeOf } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, storedFile } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { ValidationError } from '../../http/errors.js';
import type { FileStore } from '../files/store.js';
import { findUserById } from './repository.js';

/**
 * The avatar of an account (spec §5: JPG or PNG, recognised by content; at most 6 MB, §9). One stored_file of
 * kind 'avatar' per account: a new one replaces (and deletes) the old in one transaction. `app_user.avatar`
 * holds where it is served, with a piece of the content hash, so a new picture is a new URL for caches.
 */
export function avatarUrl(userId: string, sha256: string): string {
  return `/api/v1/user/${userId}/avatar?v=${sha256.slice(0, 12)}`;
}

/** Checks and stores the picture; the previous one goes. Nothing is saved when it is refused. */
export async function storeAvatar(
  db: Db,
  files: FileStore,
  userId: string,
  companyId: string | null,
  bytes: Buffer,
): Promise<void> {
  if (!pictureTypeOf(bytes.subarray(0, 8))) throw new ValidationError([{ field: 'file', rule: 'pictureType' }]);
  if (bytes.length > LIMITS.avatarBytes) throw new ValidationError([{ field: 'file', rule: 'avatarSize' }]);
  const type = pictureTypeOf(bytes.subarray(0, 8)) ?? 'image/png';
  await db.transaction(async (tx) => {
    const old = await tx
      .select({ id: storedFile.id })
      .from(storedFile)
      .where(and(eq(storedFile.kind, 'avatar'), eq(storedFile.ownerId, userId)));
    for (const o of old) await files.remove(tx, o.id);
    const file = await files.put(tx, {
      kind: 'avatar',
      name: type === 'image/png' ? 'avatar.png' : 'avatar.jpg',
      contentType: type,
      bytes,
      companyId,
      ownerId: userId,
    });
    await tx
      .update(appUser)
      .set({ avatar: avatarUrl(userId, file.sha256), updatedAt: new Date() })
      .where(eq(appUser.id, userId));
  });
}

export async function removeAvatar(db: Db, files: FileStore, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const old = await tx
      .select({ id: storedFile.id })
      .from(storedFile)
      .where(and(eq(storedFile.kind, 'avatar'), eq(storedFile.ownerId, userId)));
    for (const o of old) await files.remove(tx, o.id);
    await tx.update(appUser).set({ avatar: null, updatedAt: new Date() }).where(eq(appUser.id, userId));
  });
}

/**
 * The avatar of `userId` if the caller may see it: their own, a member of the same company's, or any for a
 * platform administrator. Undefined otherwise, exactly like an account without one (no probing).
 */
export async function readableAvatar(
  db: Db,
  files: FileStore,
  auth: AuthContext,
  userId: string,
): Promise<{ contentType: string; bytes: Buffer } | undefined> {
  const user = await findUserById(db, userId);
  if (!user) return undefined;
  const allowed =
    user.id === auth.userId ||
    auth.role === 'platform_admin' ||
    (auth.companyId !== null && user.companyId === auth.companyId);
  if (!allowed) return undefined;
  const [row] = await db
    .select({ id: storedFile.id })
    .from(storedFile)
    .where(and(eq(storedFile.kind, 'avatar'), eq(storedFile.ownerId, userId)));
  if (!row) return undefined;
  const file = await files.get(db, row.id);
  return file && { contentType: file.contentType, bytes: file.bytes };
}
