import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { TokenPair } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, authSession, refreshToken } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { AccessClaims, CallerCache } from '../users/caller-cache.js';

const ISSUER = 'heliograph';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function unauthorized(): AppError {
  return new AppError('tokenInvalid', { httpStatus: 401 });
}

/**
 * Access tokens are short-lived HS256 JWTs naming the user and the sign-in (session) they belong to.
 * Refresh tokens are opaque random strings stored hashed; each is spent on use and replaced by a new one
 * of the same family (session). A spent one presented again means it was stolen or replayed: the whole
 * family is revoked, and with it every access token that names the session.
 */
export class TokenService {
  // Imported once: handing jose the raw bytes would import them again on every signature check.
  private readonly key: KeyObject;

  constructor(
    private readonly db: Db,
    key: Uint8Array,
    private readonly accessTtl: number,
    private readonly refreshTtl: number,
    /** Told when sessions end, so that no instance goes on trusting a caller it remembers. */
    private readonly callers?: Pick<CallerCache, 'forgetSession' | 'forgetUser'>,
  ) {
    this.key = createSecretKey(key);
  }

  async startSession(userId: string, source: string, ip: string): Promise<TokenPair> {
    const [session] = await this.db
      .insert(authSession)
      .values({ userId, source, ip })
      .returning({ id: authSession.id });
    if (!session) throw new Error('session insert returned nothing');
    return this.issue(userId, session.id);
  }

  async refresh(presented: string): Promise<TokenPair> {
    const [row] = await this.db
      .select({
        id: refreshToken.id,
        sessionId: refreshToken.sessionId,
        usedAt: refreshToken.usedAt,
        expiresAt: refreshToken.expiresAt,
        revokedAt: authSession.revokedAt,
        userId: authSession.userId,
        disabled: appUser.disabled,
      })
      .from(refreshToken)
      .innerJoin(authSession, eq(authSession.id, refreshToken.sessionId))
      .innerJoin(appUser, eq(appUser.id, authSession.userId))
      .where(eq(refreshToken.tokenHash, hashToken(presented)));
    if (!row || row.revokedAt || row.disabled) throw unauthorized();
    if (row.usedAt) {
      await this.revokeSession(row.sessionId);
      throw unauthorized();
    }
    if (row.expiresAt.getTime() <= Date.now()) throw unauthorized();
    // Spend it only if nobody spent it in the meantime: two racing refreshes cannot both succeed.
    const spent = await this.db
      .update(refreshToken)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshToken.id, row.id), isNull(refreshToken.usedAt)))
      .returning({ id: refreshToken.id });
    if (spent.length === 0) {
      await this.revokeSession(row.sessionId);
      throw unauthorized();
    }
    return this.issue(row.userId, row.sessionId);
  }

  /** Sign out: the family of the presented refresh token ends. Unknown tokens are ignored. */
  async revoke(presented: string): Promise<void> {
    const [row] = await this.db
      .select({ sessionId: refreshToken.sessionId })
      .from(refreshToken)
      .where(eq(refreshToken.tokenHash, hashToken(presented)));
    if (row) await this.revokeSession(row.sessionId);
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(authSession)
      .set({ revokedAt: new Date() })
      .where(and(eq(authSession.id, sessionId), isNull(authSession.revokedAt)));
    this.callers?.forgetSession(sessionId);
  }

  /**
   * Ends every live session of the user but `keep` (the one making the change): their refresh tokens stop
   * renewing and, because every request checks its session is live, their access tokens stop at once too.
   * Used by a password change or reset and by disabling the account (POST user/disable/{id}); the spec
   * has no "sign out everywhere" call of its own, this is the function one would use.
   */
  async endSessions(userId: string, keep?: string): Promise<void> {
    const live = and(eq(authSession.userId, userId), isNull(authSession.revokedAt));
    await this.db
      .update(authSession)
      .set({ revokedAt: new Date() })
      .where(keep ? and(live, ne(authSession.id, keep)) : live);
    this.callers?.forgetUser(userId);
  }

  /** The user and session an access token names, and its expiry, or a 401. The caller checks the session is live. */
  async verifyAccess(token: string): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'], issuer: ISSUER });
      if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') {
        throw unauthorized();
      }
      return {
        userId: payload.sub,
        sessionId: payload.sid,
        expiresAt: typeof payload.exp === 'number' ? payload.exp * 1000 : undefined,
      };
    } catch {
      throw unauthorized();
    }
  }

  private async issue(userId: string, sessionId: string): Promise<TokenPair> {
    const now = Math.floor(Date.now() / 1000);
    const access = await new SignJWT({ typ: 'access', sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + this.accessTtl)
      .setJti(randomBytes(8).toString('hex'))
      .sign(this.key);
    const refresh = `rt_${randomBytes(32).toString('base64url')}`;
    await this.db.insert(refreshToken).values({
      sessionId,
      tokenHash: hashToken(refresh),
      expiresAt: new Date((now + this.refreshTtl) * 1000),
    });
    return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: this.accessTtl };
  }
}
