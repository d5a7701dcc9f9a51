import { and, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  MFA_CHALLENGE,
  type MfaChallenge,
  type MfaMethod,
  type MfaState,
  type PasskeyAssertion,
  type PasskeyRequestOptions,
  type TokenPair,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, mfaChallenge, mfaRecoveryCode, userTotp } from '../../db/schema.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordAudit } from '../audit/record.js';
import type { RsaKeyStore } from '../auth/keys.js';
import { hashGeneratedSecret, verifyPassword } from '../auth/passwords.js';
import type { TokenService } from '../auth/tokens.js';
import type { RateLimiter } from '../rate-limit/limiter.js';
import type { CallerCache } from '../users/caller-cache.js';
import { acceptAssertion, assertionOptions, hasPasskey, type RelyingParty } from './passkeys.js';
import { newRecoveryCodes, newTotpSecret, normaliseRecoveryCode, otpauthUri, totpStep } from './totp.js';

export interface MfaDeps {
  db: Db;
  tokens: TokenService;
  keys: RsaKeyStore;
  limiter: RateLimiter;
  callers: Pick<CallerCache, 'forgetUser'>;
  /** The clock (tests move it); codes, challenges and their lifetimes are judged by it. */
  now: () => number;
}

/** Who changes an account's two-step verification, for the audit log. */
export interface Actor {
  userId: string;
  companyId: string | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The account fields a sign-in is judged by. */
interface SigningUser {
  id: string;
  account: string;
  companyId: string | null;
  mfaRequired: boolean;
}

const wrongCode = (): AppError => new AppError('mfaCodeWrong');

/**
 * Two-step verification (RFC 6238 TOTP and one-time recovery codes). The password sign-in asks `challengeFor`
 * whether the account needs a second factor; if so no token is issued, only a challenge (5 minutes, 5 codes)
 * that `complete` turns into a token pair. An account an administrator requires it of, but that has no
 * authenticator yet, gets a challenge that only enrols one (`enrolForChallenge`), then the tokens.
 *
 * Enrolled means a confirmed `user_totp` row, whatever `app_user.mfa_enabled` says (the flag follows the row
 * for GET user): an administrator's reset deletes the rows, and the account then signs in with its password.
 */
export class MfaService {
  constructor(private readonly d: MfaDeps) {}

  private get db(): Db {
    return this.d.db;
  }

  private nowDate(): Date {
    return new Date(this.d.now());
  }

  private async confirmedTotp(userId: string) {
    const [row] = await this.db
      .select()
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
    return row;
  }

  /** Called by the password sign-in once the password is right: a challenge, or undefined to issue tokens. */
  async challengeFor(user: SigningUser, source: string, ip: string): Promise<MfaChallenge | undefined> {
    const enrolled = (await this.factors(user.id)).any;
    if (!enrolled && !user.mfaRequired) return undefined;
    const now = this.d.now();
    // Old challenges of the account go: they would only be more doors for the same password.
    await this.db.delete(mfaChallenge).where(lt(mfaChallenge.expiresAt, new Date(now)));
    const [row] = await this.db
      .insert(mfaChallenge)
      .values({ userId: user.id, source, ip, expiresAt: new Date(now + MFA_CHALLENGE.lifetimeS * 1000) })
      .returning({ id: mfaChallenge.id });
    if (!row) throw new Error('mfa_challenge insert returned nothing');
    return this.describe(row.id, user.id, 0, now + MFA_CHALLENGE.lifetimeS * 1000);
  }

  /** The second factors an account has: a confirmed authenticator, passkeys, unused recovery codes. */
  private async factors(userId: string): Promise<{ totp: boolean; passkey: boolean; recovery: boolean; any: boolean }> {
    const totp = (await this.confirmedTotp(userId)) !== undefined;
    const passkey = await hasPasskey(this.db, userId);
    const [code] = await this.db
      .select({ id: mfaRecoveryCode.id })
      .from(mfaRecoveryCode)
      .where(and(eq(mfaRecoveryCode.userId, userId), isNull(mfaRecoveryCode.usedAt)))
      .limit(1);
    return { totp, passkey, recovery: totp || (passkey && code !== undefined), any: totp || passkey };
  }

  private async describe(
    challenge: string,
    userId: string,
    attempts: number,
    expiresAt: number,
  ): Promise<MfaChallenge> {
    const f = await this.factors(userId);
    // An account with no second factor yet (an administrator requires one) enrols an authenticator.
    const methods: MfaMethod[] = f.any ? [] : ['totp'];
    if (f.totp) methods.push('totp');
    if (f.recovery) methods.push('recovery');
    if (f.passkey) methods.push('passkey');
    return {
      challenge,
      methods,
      enrol: !f.any,
      expiresIn: Math.max(0, Math.ceil((expiresAt - this.d.now()) / 1000)),
      attemptsLeft: Math.max(0, MFA_CHALLENGE.attempts - attempts),
    };
  }

  /** A live challenge (not expired, not used, tries left) and its account, or 1402. */
  private async liveChallenge(id: string) {
    const [row] = await this.db
      .select({
        id: mfaChallenge.id,
        userId: mfaChallenge.userId,
        source: mfaChallenge.source,
        attempts: mfaChallenge.attempts,
        expiresAt: mfaChallenge.expiresAt,
        account: appUser.account,
        companyId: appUser.companyId,
        disabled: appUser.disabled,
      })
      .from(mfaChallenge)
      .innerJoin(appUser, eq(appUser.id, mfaChallenge.userId))
      .where(
        and(
          eq(mfaChallenge.id, id),
          isNull(mfaChallenge.usedAt),
          gt(mfaChallenge.expiresAt, this.nowDate()),
          lt(mfaChallenge.attempts, MFA_CHALLENGE.attempts),
        ),
      );
    if (!row || row.disabled) throw wrongCode();
    return row;
  }

  /** GET account/MfaStatus: what a live challenge asks for. */
  async challengeStatus(id: string): Promise<MfaChallenge> {
    const c = await this.liveChallenge(id);
    return this.describe(c.id, c.userId, c.attempts, c.expiresAt.getTime());
  }

  /** Sign-in enrolment: a new (unconfirmed) authenticator secret for a challenge's account that has none. */
  async enrolForChallenge(id: string): Promise<{ uri: string; secret: string }> {
    const c = await this.liveChallenge(id);
    // A passkey is a second factor too: the password alone never sets up another one beside it.
    if ((await this.factors(c.userId)).any) throw new AppError('mfaAlreadyEnabled');
    // Each new secret spends a try, so a challenge cannot be used to mint secrets without end.
    await this.spendTry(c.id);
    return this.newSecret(c.userId, c.account);
  }

  /** A sign-in's passkey options (the account's passkeys, a new WebAuthn challenge); 1406 without a passkey. */
  async passkeyOptions(id: string, rp: RelyingParty): Promise<PasskeyRequestOptions> {
    const c = await this.liveChallenge(id);
    return assertionOptions(this.db, c.id, c.userId, rp);
  }

  private async spendTry(id: string): Promise<void> {
    const spent = await this.db
      .update(mfaChallenge)
      .set({ attempts: sql`${mfaChallenge.attempts} + 1` })
      .where(
        and(
          eq(mfaChallenge.id, id),
          isNull(mfaChallenge.usedAt),
          lt(mfaChallenge.attempts, MFA_CHALLENGE.attempts),
          gt(mfaChallenge.expiresAt, this.nowDate()),
        ),
      )
      .returning({ id: mfaChallenge.id });
    if (spent.length === 0) throw wrongCode();
  }

  private async newSecret(userId: string, account: string): Promise<{ uri: string; secret: string }> {
    const secret = newTotpSecret();
    await this.db
      .insert(userTotp)
      .values({ userId, secret, confirmedAt: null, lastStep: null, createdAt: this.nowDate() })
      .onConflictDoUpdate({
        target: userTotp.userId,
        set: { secret, confirmedAt: null, lastStep: null, createdAt: this.nowDate() },
        // A confirmed authenticator is never replaced here (turn it off first).
        setWhere: isNull(userTotp.confirmedAt),
      });
    return { uri: otpauthUri(account, secret), secret };
  }

  /**
   * Finishes a sign-in: the challenge's account gets a token pair for a right authenticator code (or an unused
   * recovery code). Wrong codes count against the challenge (5 tries) and, like wrong passwords, against the
   * account and the address (the sign-in rate limits).
   */
  async complete(
    id: string,
    input: { code?: string | undefined; recoveryCode?: string | undefined; passkey?: PasskeyAssertion | undefined },
    ip: string,
    rp: RelyingParty,
  ): Promise<TokenPair & { recoveryCodes?: string[] }> {
    if (!input.code && !input.recoveryCode && !input.passkey)
      throw new ValidationError([{ field: 'code', rule: 'required' }]);
    const c = await this.liveChallenge(id);
    await this.d.limiter.assertNotBlocked([
      ['loginAccount', c.account],
      ['loginAddress', ip],
    ]);
    await this.spendTry(c.id);
    const actor = { userId: c.userId, companyId: c.companyId };
    const f = await this.factors(c.userId);
    let recoveryCodes: string[] | undefined;
    let accepted: boolean;
    if (input.passkey) {
      accepted = await acceptAssertion(this.db, c.id, c.userId, input.passkey, rp, this.nowDate());
    } else if (input.code) {
      // A code enrols an authenticator only for an account with no second factor at all.
      accepted = f.totp
        ? await this.acceptTotp(c.userId, input.code)
        : !f.any && (recoveryCodes = await this.confirmEnrolment(actor, ip, input.code)) !== undefined;
    } else {
      accepted = f.recovery && (await this.spendRecoveryCode(c.userId, input.recoveryCode ?? ''));
    }
    if (!accepted) {
      await this.d.limiter.recordFailure('loginAccount', c.account);
      await this.d.limiter.recordFailure('loginAddress', ip);
      throw input.passkey ? new AppError('passkeyRejected') : wrongCode();
    }
    // Spent once: two racing right codes cannot both open a session.
    const used = await this.db
      .update(mfaChallenge)
      .set({ usedAt: this.nowDate() })
      .where(and(eq(mfaChallenge.id, c.id), isNull(mfaChallenge.usedAt)))
      .returning({ id: mfaChallenge.id });
    if (used.length === 0) throw wrongCode();
    const pair = await this.d.tokens.startSession(c.userId, c.source, ip);
    return recoveryCodes ? { ...pair, recoveryCodes } : pair;
  }

  /** A right code of the confirmed authenticator, newer than the last one used (which it then becomes). */
  private async acceptTotp(userId: string, code: string): Promise<boolean> {
    const [row] = await this.db
      .select()
      .from(userTotp)
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.confirmedAt)));
    if (!row) return false;
    const step = await totpStep(row.secret, code, this.d.now(), row.lastStep);
    if (step === undefined) return false;
    // Only if no other request used this step (or a later one) meanwhile: a code works once.
    const moved = await this.db
      .update(userTotp)
      .set({ lastStep: step })
      .where(and(eq(userTotp.userId, userId), sql`(${userTotp.lastStep} is null or ${userTotp.lastStep} < ${step})`))
      .returning({ userId: userTotp.userId });
    return moved.length === 1;
  }

  private async spendRecoveryCode(userId: string, code: string): Promise<boolean> {
    const plain = normaliseRecoveryCode(code);
    const rows = await this.db
      .select({ id: mfaRecoveryCode.id, codeHash: mfaRecoveryCode.codeHash })
      .from(mfaRecoveryCode)
      .where(and(eq(mfaRecoveryCode.userId, userId), isNull(mfaRecoveryCode.usedAt)));
    for (const row of rows) {
      if (!(await verifyPassword(plain, row.codeHash))) continue;
      const spent = await this.db
        .update(mfaRecoveryCode)
        .set({ usedAt: this.nowDate() })
        .where(and(eq(mfaRecoveryCode.id, row.id), isNull(mfaRecoveryCode.usedAt)))
        .returning({ id: mfaRecoveryCode.id });
      return spent.length === 1;
    }
    return false;
  }

  /**
   * Confirms the pending authenticator with its first code: two-step verification is then on, and ten new
   * recovery codes are answered (once). Undefined for a wrong code or when nothing is pending.
   */
  private async confirmEnrolment(actor: Actor, ip: string, code: string): Promise<string[] | undefined> {
    const [pending] = await this.db
      .select()
      .from(userTotp)
      .where(and(eq(userTotp.userId, actor.userId), isNull(userTotp.confirmedAt)));
    if (!pending) return undefined;
    const step = await totpStep(pending.secret, code, this.d.now(), pending.lastStep);
    if (step === undefined) return undefined;
    const codes = newRecoveryCodes();
    const done = await this.db.transaction(async (tx) => {
      const confirmed = await tx
        .update(userTotp)
        .set({ confirmedAt: this.nowDate(), lastStep: step })
        .where(
          and(eq(userTotp.userId, actor.userId), isNull(userTotp.confirmedAt), eq(userTotp.secret, pending.secret)),
        )
        .returning({ userId: userTotp.userId });
      if (confirmed.length === 0) return false;
      await this.replaceRecoveryCodes(tx, actor.userId, codes);
      await tx.update(appUser).set({ mfaEnabled: true, updatedAt: this.nowDate() }).where(eq(appUser.id, actor.userId));
      await recordAudit(tx, actor, ip, {
        action: 'mfa.enable',
        targetKind: 'user',
        targetId: actor.userId,
        oldValue: { enabled: false },
        newValue: { enabled: true, method: 'totp' },
      });
      return true;
    });
    if (!done) return undefined;
    this.d.callers.forgetUser(actor.userId);
    return codes;
  }

  private async replaceRecoveryCodes(tx: Tx, userId: string, codes: string[]): Promise<void> {
    await tx.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, userId));
    await tx.insert(mfaRecoveryCode).values(
      codes.map((c) => ({
        userId,
        codeHash: hashGeneratedSecret(normaliseRecoveryCode(c)),
        createdAt: this.nowDate(),
      })),
    );
  }

  // The signed-in account's own settings (scope self).

  async state(userId: string): Promise<MfaState> {
    const [user] = await this.db.select({ required: appUser.mfaRequired }).from(appUser).where(eq(appUser.id, userId));
    const [totp] = await this.db.select().from(userTotp).where(eq(userTotp.userId, userId));
    const left = await this.db
      .select({ id: mfaRecoveryCode.id })
      .from(mfaRecoveryCode)
      .where(and(eq(mfaRecoveryCode.userId, userId), isNull(mfaRecoveryCode.usedAt)));
    const enabled = !!totp?.confirmedAt;
    return {
      enabled,
      required: user?.required ?? false,
      pending: !!totp && !totp.confirmedAt,
      recoveryCodesLeft: enabled ? left.length : 0,
      enabledAt: totp?.confirmedAt?.toISOString() ?? null,
    };
  }

  /** Starts (or restarts) enrolment: a new secret, answered this once. Refused while one is confirmed. */
  async start(userId: string): Promise<{ uri: string; secret: string }> {
    if (await this.confirmedTotp(userId)) throw new AppError('mfaAlreadyEnabled');
    const [user] = await this.db.select({ account: appUser.account }).from(appUser).where(eq(appUser.id, userId));
    if (!user) throw new AppError('notFound');
    return this.newSecret(userId, user.account);
  }

  /** Confirms the enrolment begun by `start` with a code of the new authenticator. */
  async confirm(actor: Actor, ip: string, code: string): Promise<string[]> {
    if (await this.confirmedTotp(actor.userId)) throw new AppError('mfaAlreadyEnabled');
    await this.throttle(actor.userId, ip);
    const codes = await this.confirmEnrolment(actor, ip, code);
    if (!codes) return this.refuse(actor.userId, ip);
    return codes;
  }

  /** Ten new recovery codes (the old ones stop working), for a right authenticator code. */
  async regenerate(actor: Actor, ip: string, code: string): Promise<string[]> {
    if (!(await this.confirmedTotp(actor.userId))) throw wrongCode();
    await this.throttle(actor.userId, ip);
    if (!(await this.acceptTotp(actor.userId, code))) return this.refuse(actor.userId, ip);
    const codes = newRecoveryCodes();
    await this.db.transaction(async (tx) => {
      await this.replaceRecoveryCodes(tx, actor.userId, codes);
      await recordAudit(tx, actor, ip, {
        action: 'mfa.recoveryCodes',
        targetKind: 'user',
        targetId: actor.userId,
        newValue: { recoveryCodes: codes.length },
      });
    });
    return codes;
  }

  /** Turns two-step verification off with the password or a current code; refused while an administrator requires it. */
  async turnOff(
    actor: Actor,
    ip: string,
    input: { keyId?: string | undefined; password?: string | undefined; code?: string | undefined },
  ): Promise<void> {
    const [user] = await this.db.select().from(appUser).where(eq(appUser.id, actor.userId));
    if (!user) throw new AppError('notFound');
    if (user.mfaRequired) throw new AppError('mfaStillRequired');
    const [totp] = await this.db.select().from(userTotp).where(eq(userTotp.userId, actor.userId));
    if (!totp) return;
    if (totp.confirmedAt) {
      if (!input.code && !(input.password && input.keyId))
        throw new ValidationError([{ field: 'code', rule: 'required' }]);
      await this.throttle(actor.userId, ip);
      let proven = false;
      if (input.code) proven = await this.acceptTotp(actor.userId, input.code);
      else if (input.password && input.keyId) {
        const plain = await this.d.keys.decrypt(input.keyId, input.password);
        if (plain === undefined) throw new ValidationError([{ field: 'password', rule: 'decrypt' }]);
        if (!(await verifyPassword(plain, user.passwordHash))) {
          await this.d.limiter.recordFailure('loginAccount', user.account);
          await this.d.limiter.recordFailure('loginAddress', ip);
          throw new AppError('oldPasswordWrong');
        }
        proven = true;
      }
      if (!proven) return this.refuse(actor.userId, ip);
    }
    // Passkeys are a second factor of their own: with one left, two-step verification stays on.
    const passkeyLeft = await hasPasskey(this.db, actor.userId);
    await this.db.transaction(async (tx) => {
      await tx.delete(userTotp).where(eq(userTotp.userId, actor.userId));
      await tx.delete(mfaRecoveryCode).where(eq(mfaRecoveryCode.userId, actor.userId));
      await tx
        .update(appUser)
        .set({ mfaEnabled: passkeyLeft, updatedAt: this.nowDate() })
        .where(eq(appUser.id, actor.userId));
      if (totp.confirmedAt)
        await recordAudit(tx, actor, ip, {
          action: 'mfa.disable',
          targetKind: 'user',
          targetId: actor.userId,
          oldValue: { enabled: true },
          newValue: { enabled: false },
        });
    });
    this.d.callers.forgetUser(actor.userId);
  }

  /** Wrong codes of a signed-in account count like wrong passwords (per account and per address). */
  private async throttle(userId: string, ip: string): Promise<void> {
    const account = await this.accountOf(userId);
    await this.d.limiter.assertNotBlocked([
      ['loginAccount', account],
      ['loginAddress', ip],
    ]);
  }

  private async refuse(userId: string, ip: string): Promise<never> {
    await this.d.limiter.recordFailure('loginAccount', await this.accountOf(userId));
    await this.d.limiter.recordFailure('loginAddress', ip);
    throw wrongCode();
  }

  private async accountOf(userId: string): Promise<string> {
    const [u] = await this.db.select({ account: appUser.account }).from(appUser).where(eq(appUser.id, userId));
    return u?.account ?? userId;
  }
}
