import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import {
  AUTHENTICATOR_TRANSPORTS,
  passkeyCreationOptions,
  passkeyRequestOptions,
  type PasskeyAssertion,
  type PasskeyCreationOptions,
  type PasskeyRegistrationCredential,
  type PasskeyRequestOptions,
  type PasskeyRow,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, mfaChallenge, passkey, passkeyRegistration, userTotp } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { CallerCache } from '../users/caller-cache.js';
import { ISSUER } from './totp.js';

/**
 * Passkeys (WebAuthn, @simplewebauthn/server) as a second factor. The relying party is the host the console
 * is served from: its id is the request's host name, the origin its scheme, host and port, both as Fastify reads
 * them (X-Forwarded-Host and -Proto count behind a trusted proxy, TRUST_PROXY). A passkey therefore works on the
 * host name it was made on; a white-label host name of a company is another relying party.
 */
export interface RelyingParty {
  rpId: string;
  origin: string;
}

/** The relying party of a request (Fastify's `protocol`, `host` and `hostname`). */
export function relyingParty(req: { protocol: string; host: string; hostname: string }): RelyingParty {
  let origin: string;
  try {
    // URL drops a scheme's default port: a browser's origin for http://example.com:80 is http://example.com.
    origin = new URL(`${req.protocol}://${req.host}`).origin;
  } catch {
    origin = `${req.protocol}://${req.host}`;
  }
  return { rpId: req.hostname.replace(/^\[|\]$/g, '').toLowerCase(), origin };
}

/** How long a registration or a sign-in's passkey options live (the browser's prompt waits as long). */
export const PASSKEY_TIMEOUT_MS = 2 * 60 * 1000;

const rejected = (): AppError => new AppError('passkeyRejected');
const notFound = (): AppError => new AppError('notFound');

type Transport = (typeof AUTHENTICATOR_TRANSPORTS)[number];
const isTransport = (t: string): t is Transport => (AUTHENTICATOR_TRANSPORTS as readonly string[]).includes(t);
const transportsOf = (stored: string): Transport[] => stored.split(',').filter(isTransport);

const toRow = (p: typeof passkey.$inferSelect): PasskeyRow => ({
  id: p.id,
  name: p.name,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
});

/** Whether an account has a passkey (a second factor of its own, like a confirmed authenticator). */
export async function hasPasskey(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId)).limit(1);
  return row !== undefined;
}

/**
 * A sign-in's passkey options: the account's passkeys as the allowed credentials and a new WebAuthn challenge,
 * stored on the sign-in's challenge (a new call replaces it, so only the latest options can be answered).
 */
export async function assertionOptions(
  db: Db,
  challengeId: string,
  userId: string,
  rp: RelyingParty,
): Promise<PasskeyRequestOptions> {
  const keys = await db.select().from(passkey).where(eq(passkey.userId, userId)).orderBy(asc(passkey.createdAt));
  if (keys.length === 0) throw rejected();
  const options = await generateAuthenticationOptions({
    rpID: rp.rpId,
    timeout: PASSKEY_TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: keys.map((k) => ({ id: k.id, transports: transportsOf(k.transports) })),
  });
  await db.update(mfaChallenge).set({ webauthnChallenge: options.challenge }).where(eq(mfaChallenge.id, challengeId));
  return passkeyRequestOptions.parse(options);
}

/**
 * Whether an assertion signs in the challenge's account: the WebAuthn challenge of this sign-in's latest options
 * (taken once, so an assertion is tried once and a replay finds none), one of the account's own passkeys, a
 * valid signature for this relying party and a signature counter that moved on (a cloned authenticator's
 * counter falls behind). Anything malformed is a refusal, never a fault.
 */
export async function acceptAssertion(
  db: Db,
  challengeId: string,
  userId: string,
  assertion: PasskeyAssertion,
  rp: RelyingParty,
  now: Date,
): Promise<boolean> {
  const [taken] = await db
    .select({ webauthn: mfaChallenge.webauthnChallenge })
    .from(mfaChallenge)
    .where(and(eq(mfaChallenge.id, challengeId), isNotNull(mfaChallenge.webauthnChallenge)));
  const expected = taken?.webauthn;
  if (!expected) return false;
  const spent = await db
    .update(mfaChallenge)
    .set({ webauthnChallenge: null })
    .where(and(eq(mfaChallenge.id, challengeId), eq(mfaChallenge.webauthnChallenge, expected)))
    .returning({ id: mfaChallenge.id });
  if (spent.length === 0) return false;
  const [key] = await db
    .select()
    .from(passkey)
    .where(and(eq(passkey.id, assertion.id), eq(passkey.userId, userId)));
  if (!key) return false;
  let newCounter: number;
  try {
    const result = await verifyAuthenticationResponse({
      response: assertion,
      expectedChallenge: expected,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpId,
      credential: {
        id: key.id,
        publicKey: Buffer.from(key.publicKey, 'base64url'),
        counter: key.counter,
        transports: transportsOf(key.transports),
      },
      // The password was the first factor; the passkey is the thing the account holds.
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    newCounter = result.authenticationInfo.newCounter;
  } catch {
    return false;
  }
  // Only if no other sign-in used the same counter meanwhile.
  const moved = await db
    .update(passkey)
    .set({ counter: newCounter, lastUsedAt: now })
    .where(and(eq(passkey.id, key.id), eq(passkey.counter, key.counter)))
    .returning({ id: passkey.id });
  return moved.length === 1;
}

export interface PasskeyDeps {
  db: Db;
  callers: Pick<CallerCache, 'forgetUser'>;
  now: () => number;
}

/** Who changes an account's passkeys (always the account itself: scope self). */
interface Actor {
  userId: string;
  companyId: string | null;
}

/** The signed-in account's own passkeys (scope self): list, add, rename, remove. */
export class PasskeyService {
  constructor(private readonly d: PasskeyDeps) {}

  private get db(): Db {
    return this.d.db;
  }

  private nowDate(): Date {
    return new Date(this.d.now());
  }

  async list(userId: string): Promise<PasskeyRow[]> {
    const rows = await this.db.select().from(passkey).where(eq(passkey.userId, userId)).orderBy(asc(passkey.createdAt));
    return rows.map(toRow);
  }

  /** The caller's passkey by its id, or "does not exist" (another account's passkey included). */
  private async own(userId: string, id: string) {
    const [row] = await this.db
      .select()
      .from(passkey)
      .where(and(eq(passkey.id, id), eq(passkey.userId, userId)));
    if (!row) throw notFound();
    return row;
  }

  /** Options for the browser to make a new passkey; its challenge is kept until the registration answers it. */
  async registrationOptions(userId: string, rp: RelyingParty): Promise<PasskeyCreationOptions> {
    const [user] = await this.db
      .select({ account: appUser.account, nickname: appUser.nickname })
      .from(appUser)
      .where(eq(appUser.id, userId));
    if (!user) throw notFound();
    const existing = await this.db.select().from(passkey).where(eq(passkey.userId, userId));
    const options = await generateRegistrationOptions({
      rpName: ISSUER,
      rpID: rp.rpId,
      userName: user.account,
      userDisplayName: user.nickname || user.account,
      userID: Buffer.from(userId, 'utf8'),
      timeout: PASSKEY_TIMEOUT_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((k) => ({ id: k.id, transports: transportsOf(k.transports) })),
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const expiresAt = new Date(this.d.now() + PASSKEY_TIMEOUT_MS);
    await this.db.delete(passkeyRegistration).where(lt(passkeyRegistration.expiresAt, this.nowDate()));
    await this.db
      .insert(passkeyRegistration)
      .values({ userId, challenge: options.challenge, rpId: rp.rpId, expiresAt, createdAt: this.nowDate() })
      .onConflictDoUpdate({
        target: passkeyRegistration.userId,
        set: { challenge: options.challenge, rpId: rp.rpId, expiresAt, createdAt: this.nowDate() },
      });
    return passkeyCreationOptions.parse(options);
  }

  /**
   * Saves the passkey the browser made for the latest options (their challenge is spent by this call, right or
   * wrong). Two-step verification is then on for the account (the passkey is a second factor).
   */
  async register(
    actor: Actor,
    ip: string,
    rp: RelyingParty,
    name: string,
    credential: PasskeyRegistrationCredential,
  ): Promise<PasskeyRow> {
    const [pending] = await this.db
      .delete(passkeyRegistration)
      .where(and(eq(passkeyRegistration.userId, actor.userId), gt(passkeyRegistration.expiresAt, this.nowDate())))
      .returning();
    if (!pending || pending.rpId !== rp.rpId) throw rejected();
    let made: { id: string; publicKey: Uint8Array; counter: number; transports?: string[] | undefined };
    try {
      const result = await verifyRegistrationResponse({
        response: credential,
        expectedChallenge: pending.challenge,
        expectedOrigin: rp.origin,
        expectedRPID: pending.rpId,
        requireUserVerification: false,
      });
      if (!result.verified) throw rejected();
      made = result.registrationInfo.credential;
    } catch {
      throw rejected();
    }
    const transports = (made.transports ?? credential.response.transports ?? []).filter(isTransport).join(',');
    const row = await this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(passkey)
        .values({
          id: made.id,
          userId: actor.userId,
          publicKey: Buffer.from(made.publicKey).toString('base64url'),
          counter: made.counter,
          transports,
          name,
          createdAt: this.nowDate(),
        })
        .onConflictDoNothing({ target: passkey.id })
        .returning();
      if (!inserted) return undefined;
      await tx.update(appUser).set({ mfaEnabled: true, updatedAt: this.nowDate() }).where(eq(appUser.id, actor.userId));
      await recordAudit(tx, actor, ip, {
        action: 'mfa.passkeyAdd',
        targetKind: 'user',
        targetId: actor.userId,
        newValue: { passkey: name },
      });
      return inserted;
    });
    if (!row) throw new AppError('passkeyExists');
    this.d.callers.forgetUser(actor.userId);
    return toRow(row);
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeyRow> {
    await this.own(userId, id);
    const [row] = await this.db
      .update(passkey)
      .set({ name })
      .where(and(eq(passkey.id, id), eq(passkey.userId, userId)))
      .returning();
    if (!row) throw notFound();
    return toRow(row);
  }

  /**
   * Removes one of the caller's passkeys. The last second factor of an account whose administrator requires
   * two-step verification stays (1405); with none left, two-step verification is off.
   */
  async remove(actor: Actor, ip: string, id: string): Promise<void> {
    const key = await this.own(actor.userId, id);
    const [user] = await this.db
      .select({ required: appUser.mfaRequired })
      .from(appUser)
      .where(eq(appUser.id, actor.userId));
    const others = (await this.db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, actor.userId)))
      .length;
    const [totp] = await this.db
      .select({ userId: userTotp.userId })
      .from(userTotp)
      .where(and(eq(userTotp.userId, actor.userId), isNotNull(userTotp.confirmedAt)));
    const lastFactor = others <= 1 && !totp;
    if (lastFactor && user?.required) throw new AppError('mfaStillRequired');
    await this.db.transaction(async (tx) => {
      await tx.delete(passkey).where(and(eq(passkey.id, id), eq(passkey.userId, actor.userId)));
      if (lastFactor)
        await tx
          .update(appUser)
          .set({ mfaEnabled: false, updatedAt: this.nowDate() })
          .where(eq(appUser.id, actor.userId));
      await recordAudit(tx, actor, ip, {
        action: 'mfa.passkeyRemove',
        targetKind: 'user',
        targetId: actor.userId,
        oldValue: { passkey: key.name },
      });
    });
    this.d.callers.forgetUser(actor.userId);
  }
}
