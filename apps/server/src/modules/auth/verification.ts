import { and, desc, eq, gte, isNull } from 'drizzle-orm';
import { mailText, VERIFICATION, type Lang } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { verificationCode } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Mailer } from '../../mail/mailer.js';
import { hashCode, numericCode } from './codes.js';

export type CodePurpose = 'register' | 'reset';

// Five wrong tries spend a code: six digits cannot be guessed within its ten minutes.
const MAX_ATTEMPTS = 5;

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** E-mail codes for registration and password reset (spec §9: once a minute, ten a day per address). */
export class VerificationService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
  ) {}

  /**
   * Sends a code. With `deliver` false the limits are applied and counted as for a real send, but no mail
   * goes out: a reset for an unknown address must look like a reset for a known one.
   */
  async send(address: string, purpose: CodePurpose, lang: Lang, deliver = true): Promise<void> {
    const now = new Date();
    const recent = await this.db
      .select({ createdAt: verificationCode.createdAt })
      .from(verificationCode)
      .where(and(eq(verificationCode.address, address), gte(verificationCode.createdAt, startOfUtcDay(now))))
      .orderBy(desc(verificationCode.createdAt));
    const last = recent[0];
    if (last && now.getTime() - last.createdAt.getTime() < VERIFICATION.resendSeconds * 1000) {
      throw new AppError('codeResendTooSoon');
    }
    if (recent.length >= VERIFICATION.dailyCap) throw new AppError('codeDailyLimit');
    const code = numericCode(VERIFICATION.codeLength);
    await this.db.insert(verificationCode).values({
      address,
      purpose,
      codeHash: hashCode(code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + VERIFICATION.ttlSeconds * 1000),
    });
    if (deliver) {
      await this.mailer.send({
        to: address,
        subject: mailText('codeSubject', lang),
        text: mailText('codeBody', lang, { code }),
      });
    }
  }

  /** Spends the newest code for the address and purpose: 5 when wrong, 6 when expired or absent. */
  async consume(address: string, purpose: CodePurpose, code: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(verificationCode)
      .where(
        and(
          eq(verificationCode.address, address),
          eq(verificationCode.purpose, purpose),
          isNull(verificationCode.usedAt),
        ),
      )
      .orderBy(desc(verificationCode.createdAt))
      .limit(1);
    if (!row) throw new AppError('captchaWrong');
    if (row.expiresAt.getTime() < Date.now() || row.attempts >= MAX_ATTEMPTS) throw new AppError('captchaExpired');
    if (row.codeHash !== hashCode(code)) {
      await this.db
        .update(verificationCode)
        .set({ attempts: row.attempts + 1 })
        .where(eq(verificationCode.id, row.id));
      throw new AppError('captchaWrong');
    }
    const spent = await this.db
      .update(verificationCode)
      .set({ usedAt: new Date() })
      .where(and(eq(verificationCode.id, row.id), isNull(verificationCode.usedAt)))
      .returning({ id: verificationCode.id });
    if (spent.length === 0) throw new AppError('captchaExpired');
  }
}
