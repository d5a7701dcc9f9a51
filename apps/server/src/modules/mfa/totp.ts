import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';

/** RFC 6238 with the authenticator apps' defaults: SHA-1, six digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
/** One step of clock drift either way is forgiven; an older or newer code is refused. */
const DRIFT_STEPS = 1;
export const ISSUER = 'Heliograph';

export function newTotpSecret(): string {
  return generateSecret();
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function otpauthUri(account: string, secret: string): string {
  return generateURI({ issuer: ISSUER, label: account, secret, period: TOTP_PERIOD_S });
}

/**
 * The time step a code belongs to when it is right for `nowMs` (±1 step) and newer than `lastStep` (a code
 * already used, or one older than it, is a replay); undefined otherwise.
 */
export async function totpStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const epoch = Math.floor(nowMs / 1000);
  const result = await verify({
    secret,
    token: code,
    epoch,
    period: TOTP_PERIOD_S,
    epochTolerance: DRIFT_STEPS * TOTP_PERIOD_S,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  if (!result.valid) return undefined;
  const step = Math.floor(epoch / TOTP_PERIOD_S) + result.delta;
  return lastStep !== null && step <= lastStep ? undefined : step;
}

// Crockford's base 32 without the look-alikes (no I, L, O, U): read off paper without confusion.
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** Ten one-time recovery codes, 50 random bits each, written `xxxxx-xxxxx`. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5, 10)}`;
  });
}

/** A recovery code as stored and compared: lower case, without the dash or spaces. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}
