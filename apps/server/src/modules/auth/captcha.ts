import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import svgCaptcha from 'svg-captcha';
import { VERIFICATION, type CaptchaResponse } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { captcha } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { hashCode } from './codes.js';

const UUID = /^[0-9a-f-]{36}$/i;

// Letters and digits that cannot be mistaken for one another (no 0/O/o, 1/l/I/i).
const CAPTCHA_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';

function randomCaptchaText(): string {
  let out = '';
  for (let i = 0; i < 4; i++) out += CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)];
  return out;
}

// svg-captcha's module is callable as (text, options) => svg, which its typings leave out.
const drawText = svgCaptcha as unknown as (text: string, options: svgCaptcha.ConfigObject) => string;

/** Picture codes, demanded after three wrong passwords for an account. Each works once. */
export class CaptchaService {
  constructor(
    private readonly db: Db,
    /** Chooses the text to draw; tests pass their own so they know the answer. */
    private readonly text: () => string = randomCaptchaText,
  ) {}

  async create(account: string): Promise<CaptchaResponse> {
    const text = this.text();
    const made = { text, data: drawText(text, { noise: 2, color: true, background: '#f4f4f7' }) };
    const [row] = await this.db
      .insert(captcha)
      .values({
        account,
        codeHash: hashCode(made.text),
        expiresAt: new Date(Date.now() + VERIFICATION.captchaTtlSeconds * 1000),
      })
      .returning({ id: captcha.id });
    if (!row) throw new Error('captcha insert returned nothing');
    return { codeId: row.id, image: `data:image/svg+xml;base64,${Buffer.from(made.data).toString('base64')}` };
  }

  /**
   * Checks an answer: 5 when wrong (or for another account), 6 when expired. The code is spent either
   * way, so a picture cannot be guessed at repeatedly.
   */
  async verify(account: string | undefined, codeId: string, answer: string): Promise<void> {
    if (!UUID.test(codeId)) throw new AppError('captchaWrong');
    const [row] = await this.db
      .update(captcha)
      .set({ usedAt: new Date() })
      .where(and(eq(captcha.id, codeId), isNull(captcha.usedAt)))
      .returning();
    if (!row) throw new AppError('captchaWrong');
    if (account !== undefined && row.account !== account) throw new AppError('captchaWrong');
    if (row.expiresAt.getTime() < Date.now()) throw new AppError('captchaExpired');
    if (row.codeHash !== hashCode(answer)) throw new AppError('captchaWrong');
  }
}
