import { eq, sql } from 'drizzle-orm';
import {
  isValidEmail,
  isValidPassword,
  normaliseAccount,
  VERIFICATION,
  type FieldRule,
  type Lang,
  type LoginSource,
  type MfaChallenge,
  type TokenPair,
} from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { appUser, loginFailure } from '../../db/schema.js';
import { AppError, ValidationError } from '../../http/errors.js';
import type { RateLimiter } from '../rate-limit/limiter.js';
import { findUserByAccount, findUserById } from '../users/repository.js';
import type { CaptchaService } from './captcha.js';
import type { RsaKeyStore } from './keys.js';
import { dummyHash, hashPassword, verifyPassword } from './passwords.js';
import type { TokenService } from './tokens.js';
import type { VerificationService } from './verification.js';

// A quiet hour forgives earlier wrong passwords: the captcha guards against guessing, not against typos.
const FAILURE_WINDOW_MS = 60 * 60 * 1000;

export interface LoginInput {
  account: string;
  password: string;
  source: LoginSource;
  keyId: string;
  code?: string | undefined;
  codeId?: string | undefined;
}

export interface Services {
  keys: RsaKeyStore;
  tokens: TokenService;
  captcha: CaptchaService;
  verification: VerificationService;
  limiter: RateLimiter;
  /** The role given to a self-registered account (a plant owner without a company). */
  selfSignupRoleId: string;
  /** The peer regions' console addresses (account migration): where a moved account is sent to sign in. */
  regions?: Record<string, string>;
  /**
   * Two-step verification (modules/mfa): once the password is right, a challenge when the account needs a
   * second factor (then no token is issued: 1401 with the challenge), undefined to sign in.
   */
  secondFactor?: {
    challengeFor(
      user: { id: string; account: string; companyId: string | null; mfaRequired: boolean },
      source: string,
      ip: string,
    ): Promise<MfaChallenge | undefined>;
  };
}

export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly s: Services,
  ) {}

  async failures(account: string): Promise<number> {
    const [row] = await this.db.select().from(loginFailure).where(eq(loginFailure.account, account));
    if (!row || Date.now() - row.lastAt.getTime() > FAILURE_WINDOW_MS) return 0;
    return row.count;
  }

  async login(input: LoginInput, ip: string): Promise<TokenPair> {
    const account = normaliseAccount(input.account);
    // Checked before the password: once an account or an address is over its limit, even the right
    // password waits for the window to end, so guessing gains nothing from retrying faster.
    await this.s.limiter.assertNotBlocked([
      ['loginAccount', account],
      ['loginAddress', ip],
    ]);
    if ((await this.failures(account)) >= VERIFICATION.failuresBeforeCaptcha) {
      if (!input.code || !input.codeId) throw new AppError('captchaRequired', { data: { captchaRequired: true } });
      await this.s.captcha.verify(account, input.codeId, input.code);
    }
    const password = await this.decrypt(input.keyId, input.password, 'password');
    const user = await findUserByAccount(this.db, account);
    const good = await verifyPassword(password, user?.passwordHash ?? (await dummyHash()));
    if (!user || !good) {
      const count = await this.recordFailure(account);
      await this.s.limiter.recordFailure('loginAccount', account);
      await this.s.limiter.recordFailure('loginAddress', ip);
      throw new AppError('badCredentials', {
        data: { captchaRequired: count >= VERIFICATION.failuresBeforeCaptcha },
      });
    }
    if (user.disabled) throw new AppError('accountDisabled');
    // Moved to another region (modules/migration): it signs in only there; the answer says where.
    if (user.migratedTo) {
      throw new AppError('accountMigrated', {
        data: { region: user.migratedTo, url: this.s.regions?.[user.migratedTo] ?? null },
      });
    }
    await this.db.delete(loginFailure).where(eq(loginFailure.account, account));
    const challenge = await this.s.secondFactor?.challengeFor(user, input.source, ip);
    if (challenge) throw new AppError('mfaRequired', { data: challenge });
    return this.s.tokens.startSession(user.id, input.source, ip);
  }

  async sendCode(rawAccount: string, purpose: 'register' | 'reset', lang: Lang, ip: string): Promise<void> {
    // Per source address, on top of the per-recipient limits: one client cannot mail twenty strangers.
    await this.s.limiter.consume('codeAddress', ip);
    const account = normaliseAccount(rawAccount);
    if (!isValidEmail(account)) throw new ValidationError([{ field: 'account', rule: 'email' }]);
    const exists = (await findUserByAccount(this.db, account)) !== undefined;
    if (purpose === 'register' && exists) throw new AppError('accountRegistered');
    // A reset for an unknown address answers like one for a known address but sends nothing.
    await this.s.verification.send(account, purpose, lang, purpose === 'register' || exists);
  }

  async isRegistered(rawAccount: string): Promise<boolean> {
    return (await findUserByAccount(this.db, normaliseAccount(rawAccount))) !== undefined;
  }

  async signup(input: {
    account: string;
    password: string;
    keyId: string;
    code: string;
    nickname?: string | undefined;
  }): Promise<{ id: string }> {
    const account = normaliseAccount(input.account);
    const password = await this.decrypt(input.keyId, input.password, 'password');
    const problems: { field: string; rule: FieldRule }[] = [];
    if (!isValidEmail(account)) problems.push({ field: 'account', rule: 'email' });
    if (!isValidPassword(password)) problems.push({ field: 'password', rule: 'passwordRule' });
    if (problems.length) throw new ValidationError(problems);
    if (await this.isRegistered(account)) throw new AppError('accountRegistered');
    await this.s.verification.consume(account, 'register', input.code);
    const nickname = input.nickname?.trim() || account.split('@')[0] || account;
    const [row] = await this.db
      .insert(appUser)
      .values({
        account,
        email: account,
        nickname,
        passwordHash: await hashPassword(password),
        roleId: this.s.selfSignupRoleId,
        companyId: null,
      })
      .onConflictDoNothing()
      .returning({ id: appUser.id });
    if (!row) throw new AppError('accountRegistered');
    return row;
  }

  async resetPassword(input: { account: string; password: string; keyId: string; code: string }): Promise<void> {
    const account = normaliseAccount(input.account);
    const password = await this.decrypt(input.keyId, input.password, 'password');
    if (!isValidPassword(password)) throw new ValidationError([{ field: 'password', rule: 'passwordRule' }]);
    await this.s.verification.consume(account, 'reset', input.code);
    const user = await findUserByAccount(this.db, account);
    // Consuming first means an unknown address fails like a wrong code would (no code was ever sent).
    if (!user) throw new AppError('captchaWrong');
    await this.db
      .update(appUser)
      .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
      .where(eq(appUser.id, user.id));
    await this.db.delete(loginFailure).where(eq(loginFailure.account, account));
    // Whoever knew the old password (or holds a stolen session) is signed out everywhere.
    await this.s.tokens.endSessions(user.id);
  }

  /** Changes the password and ends every other session of the account; `sessionId` (the caller's) stays. */
  async changePassword(
    userId: string,
    sessionId: string,
    input: { keyId: string; oldPassword: string; newPassword: string },
  ): Promise<void> {
    const oldPassword = await this.decrypt(input.keyId, input.oldPassword, 'oldPassword');
    const newPassword = await this.decrypt(input.keyId, input.newPassword, 'newPassword');
    if (!isValidPassword(newPassword)) throw new ValidationError([{ field: 'newPassword', rule: 'passwordRule' }]);
    const user = await findUserById(this.db, userId);
    if (!user || !(await verifyPassword(oldPassword, user.passwordHash))) throw new AppError('oldPasswordWrong');
    await this.db
      .update(appUser)
      .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date() })
      .where(eq(appUser.id, userId));
    await this.s.tokens.endSessions(userId, sessionId);
  }

  /** Disables an account (it can no longer sign in) and ends all its sessions, access tokens included. */
  async disableAccount(userId: string): Promise<void> {
    await this.db.update(appUser).set({ disabled: true, updatedAt: new Date() }).where(eq(appUser.id, userId));
    await this.s.tokens.endSessions(userId);
  }

  /** Lets a disabled account sign in again (its ended sessions stay ended). */
  async enableAccount(userId: string): Promise<void> {
    await this.db.update(appUser).set({ disabled: false, updatedAt: new Date() }).where(eq(appUser.id, userId));
  }

  /**
   * A password an administrator sets for another account (a new member, customer or company
   * administrator): decrypted from the browser's RSA cipher, held to the password rule (code 4 on `field`
   * otherwise) and returned as the hash to store. One rule for every form that makes an account.
   */
  async newPasswordHash(keyId: string, cipher: string, field = 'password'): Promise<string> {
    const password = await this.decrypt(keyId, cipher, field);
    if (!isValidPassword(password)) throw new ValidationError([{ field, rule: 'passwordRule' }]);
    return hashPassword(password);
  }

  private async decrypt(keyId: string, cipher: string, field: string): Promise<string> {
    const plain = await this.s.keys.decrypt(keyId, cipher);
    if (plain === undefined) throw new ValidationError([{ field, rule: 'decrypt' }]);
    return plain;
  }

  private async recordFailure(account: string): Promise<number> {
    const windowStart = new Date(Date.now() - FAILURE_WINDOW_MS);
    const [row] = await this.db
      .insert(loginFailure)
      .values({ account, count: 1, lastAt: new Date() })
      .onConflictDoUpdate({
        target: loginFailure.account,
        set: {
          count: sql`case when ${loginFailure.lastAt} < ${windowStart} then 1 else ${loginFailure.count} + 1 end`,
          lastAt: new Date(),
        },
      })
      .returning({ count: loginFailure.count });
    return row?.count ?? 1;
  }
}
