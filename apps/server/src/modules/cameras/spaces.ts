import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { CAMERA_LIMITS, type StorageSpaceBody, type StorageSpaceRow } from '@heliograph/shared';
import { findStorageSpace } from '../../access/finders.js';
import { isCompanyRole, scopeCondition } from '../../access/policies.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation, lockName, query, toMs } from '../../db/rows.js';
import { storageSpace } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { SecretBox } from '../auth/secret-box.js';

/** Who asks, and from where (the audit log keeps the address). */
export interface Caller {
  auth: AuthContext;
  ip: string;
}

interface RawSpace {
  id: string;
  name: string;
  kind: string;
  folder: string;
  s3: { endpoint: string; bucket: string; region: string; prefix: string; accessKey: string } | null;
  has_secret: boolean;
  capacity_gb: unknown;
  retention_days: unknown;
  used_bytes: unknown;
  cameras: unknown;
  created_at: unknown;
}

const columns = sql`ss.id, ss.name, ss.kind, ss.folder, ss.s3, ss.s3_secret_cipher is not null as has_secret,
  ss.capacity_gb, ss.retention_days, ss.used_bytes,
  (select count(*) from camera c where c.storage_space_id = ss.id) as cameras, ss.created_at`;

const rowOf = (r: RawSpace): StorageSpaceRow => ({
  id: r.id,
  name: r.name,
  kind: r.kind === 's3' ? 's3' : 'folder',
  folder: r.kind === 's3' ? '' : r.folder,
  // The secret key is never answered: only whether one is kept.
  s3: r.kind === 's3' && r.s3 ? { ...r.s3, hasSecret: Boolean(r.has_secret) } : null,
  capacityGb: Number(r.capacity_gb),
  retentionDays: Number(r.retention_days),
  usedBytes: Number(r.used_bytes),
  cameras: Number(r.cameras),
  createdAt: toMs(r.created_at),
});

/**
 * A folder space's folder as kept: relative to the server's video folder (VIDEO_DIR), with `/` between parts,
 * no `.` parts and no trailing slash; undefined when it would leave that folder (`..`, an absolute path, a drive
 * letter, a home folder) or has characters no folder name should (control characters).
 */
export function normalFolder(folder: string): string | undefined {
  const raw = folder.trim();
  if (raw === '' || raw.startsWith('/') || raw.startsWith('\\') || raw.startsWith('~') || /^[A-Za-z]:/.test(raw))
    return undefined;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(raw)) return undefined;
  const parts = raw.split(/[\\/]+/).filter((p) => p !== '' && p !== '.');
  if (parts.length === 0 || parts.some((p) => p === '..')) return undefined;
  const joined = parts.join('/');
  // Belt and braces: what path.posix makes of it must still be the same relative path.
  return path.posix.normalize(joined) === joined ? joined : undefined;
}

/**
 * Video storage spaces of a company (issue 18 point 3, spec §9: at most 10): a folder below VIDEO_DIR or an
 * S3-compatible bucket whose secret key is sealed at rest and never answered. Company scope: a company's own
 * staff (storage.space) see and change their company's spaces only; another company's is "does not exist".
 */
export class StorageSpaceService {
  constructor(private readonly d: { db: Db; box: SecretBox }) {}

  /** The caller's company: spaces belong to a company, managed by its own staff. */
  private companyOf(auth: AuthContext): string {
    if (!isCompanyRole(auth) || !auth.companyId) throw new AppError('noPermission');
    return auth.companyId;
  }

  async list(auth: AuthContext): Promise<StorageSpaceRow[]> {
    const rows = await query<RawSpace>(
      this.d.db,
      sql`select ${columns} from storage_space ss where ${scopeCondition(auth, 'storageSpace')}
        order by ss.name, ss.id`,
    );
    return rows.map(rowOf);
  }

  async get(auth: AuthContext, id: string): Promise<StorageSpaceRow> {
    return rowOf(await findStorageSpace<RawSpace>(this.d.db, auth, id, { select: columns }));
  }

  /** The body's rules beyond its shape: a safe folder, an S3 block (with its secret when none is kept). */
  private async valuesOf(body: StorageSpaceBody, keptSecret: string | null) {
    if (body.kind === 'folder') {
      const folder = normalFolder(body.folder);
      if (folder === undefined) throw new ValidationError([{ field: 'folder', rule: 'storageFolder' }]);
      return { kind: 'folder', folder, s3: null, s3SecretCipher: null };
    }
    if (!body.s3) throw new ValidationError([{ field: 's3', rule: 'required' }]);
    const { secretKey, ...s3 } = body.s3;
    let cipher = keptSecret;
    if (secretKey !== undefined && secretKey !== '') cipher = await this.d.box.seal(secretKey);
    if (!cipher) throw new ValidationError([{ field: 's3.secretKey', rule: 'required' }]);
    return { kind: 's3', folder: '', s3, s3SecretCipher: cipher };
  }

  /** What the audit log may say of a space: everything but the secret key. */
  private static audited(b: StorageSpaceBody) {
    const s3 = b.kind === 's3' && b.s3 ? { ...b.s3, secretKey: undefined } : null;
    return {
      name: b.name,
      kind: b.kind,
      folder: b.kind === 'folder' ? b.folder : '',
      s3,
      capacityGb: b.capacityGb,
      retentionDays: b.retentionDays,
    };
  }

  async add(caller: Caller, body: StorageSpaceBody): Promise<StorageSpaceRow> {
    const companyId = this.companyOf(caller.auth);
    const values = await this.valuesOf(body, null);
    const id = await this.d.db.transaction(async (tx) => {
      // One company's adds one at a time, so two at once cannot both be the tenth.
      await lockName(tx, `storage-space:${companyId}`);
      const [n] = await query<{ n: unknown }>(
        tx,
        sql`select count(*) as n from storage_space where company_id = ${companyId}`,
      );
      if (Number(n?.n ?? 0) >= CAMERA_LIMITS.spacesMax)
        throw new ValidationError([{ field: 'name', rule: 'storageSpacesMax' }]);
      await this.nameFree(tx, companyId, body.name, null);
      const [made] = await tx
        .insert(storageSpace)
        .values({
          companyId,
          name: body.name,
          ...values,
          capacityGb: body.capacityGb,
          retentionDays: body.retentionDays,
        })
        .returning({ id: storageSpace.id })
        .catch((e: unknown) => {
          if (isUniqueViolation(e)) throw new AppError('storageSpaceNameExists');
          throw e;
        });
      if (!made) throw new AppError('serverError');
      await recordAudit(tx, caller.auth, caller.ip, {
        action: 'storageSpace.create',
        targetKind: 'storage_space',
        targetId: made.id,
        newValue: StorageSpaceService.audited(body),
      });
      return made.id;
    });
    return this.get(caller.auth, id);
  }

  private async nameFree(tx: Pick<Db, 'execute'>, companyId: string, name: string, except: string | null) {
    const [taken] = await query<{ id: string }>(
      tx,
      sql`select id from storage_space where company_id = ${companyId} and lower(name) = lower(${name})
        ${except ? sql`and id <> ${except}` : sql``}`,
    );
    if (taken) throw new AppError('storageSpaceNameExists');
  }

  async edit(caller: Caller, id: string, body: StorageSpaceBody): Promise<StorageSpaceRow> {
    const companyId = this.companyOf(caller.auth);
    const { id: spaceId } = await findStorageSpace(this.d.db, caller.auth, id, { write: true });
    const [old] = await this.d.db.select().from(storageSpace).where(eq(storageSpace.id, spaceId));
    if (!old) throw new AppError('notFound');
    const values = await this.valuesOf(body, old.kind === 's3' ? old.s3SecretCipher : null);
    await this.d.db.transaction(async (tx) => {
      await lockName(tx, `storage-space:${companyId}`);
      await this.nameFree(tx, companyId, body.name, spaceId);
      await tx
        .update(storageSpace)
        .set({ name: body.name, ...values, capacityGb: body.capacityGb, retentionDays: body.retentionDays })
        .where(and(eq(storageSpace.id, spaceId), eq(storageSpace.companyId, companyId)))
        .catch((e: unknown) => {
          if (isUniqueViolation(e)) throw new AppError('storageSpaceNameExists');
          throw e;
        });
      await recordAudit(tx, caller.auth, caller.ip, {
        action: 'storageSpace.update',
        targetKind: 'storage_space',
        targetId: spaceId,
        oldValue: {
          name: old.name,
          kind: old.kind,
          folder: old.folder,
          s3: old.s3,
          capacityGb: old.capacityGb,
          retentionDays: old.retentionDays,
        },
        newValue: StorageSpaceService.audited(body),
      });
    });
    return this.get(caller.auth, spaceId);
  }

  /**
   * Deletes a space. Refused (storageSpaceInUse) while a camera records into it: recordings would stop without
   * anyone deciding so. Cameras that only name it with recording off are left without a space. The space's
   * recordings go with it (their rows by cascade).
   */
  async remove(caller: Caller, id: string): Promise<void> {
    this.companyOf(caller.auth);
    const { id: spaceId } = await findStorageSpace(this.d.db, caller.auth, id, { write: true });
    await this.d.db.transaction(async (tx) => {
      // Held until the end: a camera edit that would start recording into it waits (it reads the space `for share`).
      await tx.execute(sql`select id from storage_space where id = ${spaceId} for update`);
      const [recording] = await query<{ n: unknown }>(
        tx,
        sql`select count(*) as n from camera where storage_space_id = ${spaceId} and recording <> 'off'`,
      );
      if (Number(recording?.n ?? 0) > 0) throw new AppError('storageSpaceInUse');
      const [old] = await tx.delete(storageSpace).where(eq(storageSpace.id, spaceId)).returning();
      await recordAudit(tx, caller.auth, caller.ip, {
        action: 'storageSpace.delete',
        targetKind: 'storage_space',
        targetId: spaceId,
        oldValue: old ? { name: old.name, kind: old.kind, folder: old.folder, s3: old.s3 } : null,
      });
    });
  }
}
