import { timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { firmware, upgrade } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { FileStore } from '../files/store.js';
import { tokenHash } from './dispatcher.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a download answers: the whole image, a part of it, or "that part is not there". */
export type ImageAnswer =
  | { status: 200; bytes: Buffer; size: number }
  | { status: 206; bytes: Buffer; size: number; first: number; last: number }
  | { status: 416; size: number };

/** Neither the token nor the upgrade's state is told: any refusal is the same "does not exist". */
const gone = () => new AppError('notFound', { httpStatus: 404 });

/**
 * The bytes of a Range header over an image of `size` bytes (RFC 9110 §14.1.2): `a-`, `a-b` or `-n` (the last
 * n). Undefined: no usable single range (absent, several, or malformed), so the whole image is served; null:
 * a range that lies outside the image (416).
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { first: number; last: number } | null | undefined {
  if (!header) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m) return undefined;
  const [, a = '', b = ''] = m;
  if (a === '' && b === '') return undefined;
  if (a === '') {
    const n = Number(b);
    if (n === 0) return null;
    return { first: Math.max(0, size - n), last: size - 1 };
  }
  const first = Number(a);
  const last = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (first >= size || last < first) return null;
  return { first, last };
}

/**
 * GET /upgrade/image/:upgradeId?token= (open: the token is the authority). The token must be the one the
 * upgrade's manifest carries (only its hash is stored), not expired by the app's clock, and the upgrade still
 * running; then the firmware's image, whole or the range asked for, so a cut download resumes where it stopped.
 */
export async function imageFor(
  db: Db,
  files: FileStore,
  now: number,
  id: string,
  token: string,
  range: string | undefined,
): Promise<ImageAnswer> {
  if (!UUID.test(id)) throw gone();
  const [row] = await db
    .select({
      state: upgrade.state,
      tokenHash: upgrade.tokenHash,
      expiresAt: upgrade.tokenExpiresAt,
      fileId: firmware.fileId,
    })
    .from(upgrade)
    .leftJoin(firmware, eq(firmware.id, upgrade.firmwareId))
    .where(eq(upgrade.id, id));
  if (!row?.tokenHash || !row.expiresAt || !row.fileId || row.state !== 'running') throw gone();
  const given = Buffer.from(tokenHash(token), 'hex');
  const held = Buffer.from(row.tokenHash, 'hex');
  if (given.length !== held.length || !timingSafeEqual(given, held)) throw gone();
  if (row.expiresAt.getTime() < now) throw gone();
  const file = await files.get(db, row.fileId);
  if (!file) throw gone();
  const size = file.bytes.length;
  const r = byteRange(range, size);
  if (r === null) return { status: 416, size };
  if (r === undefined) return { status: 200, bytes: file.bytes, size };
  return { status: 206, bytes: file.bytes.subarray(r.first, r.last + 1), size, ...r };
}
