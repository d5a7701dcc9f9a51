import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import { SCAN_CODE_LIFETIME_S, type ScanPollAnswer } from '@heliograph/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appUser, scanLogin } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { TokenService } from '../auth/tokens.js';
import type { RateLimiter } from '../rate-limit/limiter.js';

const hash = (code: string): string => createHash('sha256').update(code).digest('base64url');
const invalid = (): AppError => new AppError('scanCodeInvalid');
// Rows this much past their expiry are deleted when a new code is made (nothing reads them any more).
const KEEP_EXPIRED_MS = 60 * 60 * 1000;

/**
 * Scan-code login. The login page asks for a code pair: `ticket` (the row's random id) goes into the QR code
 * for a phone to confirm; `code` (random, stored hashed) stays in the desktop, which polls with it. So a
 * photograph of the screen lets nobody collect the tokens; only the desktop that made the code can. A signed-in
 * phone confirms the ticket as its account; the desktop's next poll then gets a token pair of a new session of
 * its own (source `scan`), once. Expired, used or unknown codes are `scanCodeInvalid` and nothing else.
 */
export class ScanLoginService {
  constructor(
    private readonly db: Db,
    private readonly tokens: TokenService,
    private readonly limiter: RateLimiter,
    private readonly now: () => number,
  ) {}

  async create(ip: string): Promise<{ code: string; ticket: string; expiresIn: number }> {
    await this.limiter.consume('scanCodeAddress', ip);
    const now = this.now();
    await this.db.delete(scanLogin).where(lt(scanLogin.expiresAt, new Date(now - KEEP_EXPIRED_MS)));
    const code = `sc_${randomBytes(32).toString('base64url')}`;
    const [row] = await this.db
      .insert(scanLogin)
      .values({
        codeHash: hash(code),
        expiresAt: new Date(now + SCAN_CODE_LIFETIME_S * 1000),
        createdAt: new Date(now),
      })
      .returning({ id: scanLogin.id });
    if (!row) throw new Error('scan_login insert returned nothing');
    return { code, ticket: row.id, expiresIn: SCAN_CODE_LIFETIME_S };
  }

  /** The phone's "yes, sign in there as me": a pending, unexpired ticket becomes confirmed for the caller. */
  async confirm(userId: string, ticket: string): Promise<void> {
    if (!z.uuid().safeParse(ticket).success) throw invalid();
    const now = new Date(this.now());
    const done = await this.db
      .update(scanLogin)
      .set({ status: 'confirmed', userId, confirmedAt: now })
      .where(and(eq(scanLogin.id, ticket), eq(scanLogin.status, 'pending'), gt(scanLogin.expiresAt, now)))
      .returning({ id: scanLogin.id });
    if (done.length === 0) throw invalid();
  }

  /** The desktop's poll: still pending, or (once) its own new token pair. */
  async poll(code: string, ip: string): Promise<ScanPollAnswer> {
    const now = new Date(this.now());
    const [row] = await this.db
      .select({ id: scanLogin.id, status: scanLogin.status, expiresAt: scanLogin.expiresAt })
      .from(scanLogin)
      .where(eq(scanLogin.codeHash, hash(code)));
    if (!row || row.expiresAt <= now || (row.status !== 'pending' && row.status !== 'confirmed')) throw invalid();
    if (row.status === 'pending') return { state: 'pending', token: null };
    // Spent by the first poll that sees it confirmed: two racing polls cannot both sign in.
    const [spent] = await this.db
      .update(scanLogin)
      .set({ status: 'used' })
      .where(and(eq(scanLogin.id, row.id), eq(scanLogin.status, 'confirmed'), gt(scanLogin.expiresAt, now)))
      .returning({ userId: scanLogin.userId });
    if (!spent?.userId) throw invalid();
    const [user] = await this.db
      .select({ disabled: appUser.disabled })
      .from(appUser)
      .where(eq(appUser.id, spent.userId));
    if (!user || user.disabled) throw invalid();
    return { state: 'signedIn', token: await this.tokens.startSession(spent.userId, 'scan', ip) };
  }
}
