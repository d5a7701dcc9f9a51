import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { UserSession } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { authSession, refreshToken } from '../../db/schema.js';

/**
 * The caller's live sign-ins: sessions not ended that still hold a refresh token which can renew them (not
 * spent, not expired). A session whose last refresh token expired is over even if nobody signed it out.
 * "Last used" is when its tokens were last renewed: access tokens are checked without a database write, so
 * that is the newest moment the server knows of.
 */
export async function liveSessions(db: Db, userId: string, currentSessionId: string, now = new Date()) {
  const rows = await db
    .select({
      id: authSession.id,
      source: authSession.source,
      ip: authSession.ip,
      createdAt: authSession.createdAt,
      lastIssued: max(refreshToken.createdAt),
    })
    .from(authSession)
    .innerJoin(refreshToken, eq(refreshToken.sessionId, authSession.id))
    .where(
      and(
        eq(authSession.userId, userId),
        isNull(authSession.revokedAt),
        isNull(refreshToken.usedAt),
        gt(refreshToken.expiresAt, now),
      ),
    )
    .groupBy(authSession.id)
    .orderBy(desc(authSession.createdAt));
  return rows.map((r): UserSession => ({
    id: r.id,
    source: r.source,
    ip: r.ip,
    startedAt: r.createdAt.toISOString(),
    // The first refresh token is issued at sign-in: a later one means the session was renewed.
    lastUsedAt: r.lastIssued && r.lastIssued.getTime() - r.createdAt.getTime() > 1000 ? toIso(r.lastIssued) : null,
    current: r.id === currentSessionId,
  }));
}

function toIso(d: Date | string): string {
  return typeof d === 'string' ? new Date(d).toISOString() : d.toISOString();
}

/** Whether the session is one of the user's, not ended: another account's id is as unknown as a made-up one. */
export async function ownSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: authSession.id })
    .from(authSession)
    .where(and(eq(authSession.id, sessionId), eq(authSession.userId, userId), isNull(authSession.revokedAt)));
  return row !== undefined;
}
