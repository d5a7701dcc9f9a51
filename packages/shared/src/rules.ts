/**
 * Limits and validation rules of spec §5 and §9, written once and used by the forms and the server (the
 * server is the authority). Where the spec gives two readings, DESIGN §4 decides: the stricter one for what
 * protects accounts and data.
 */
export const LIMITS = {
  passwordMin: 8,
  passwordMax: 20,
  connectionPasswordMin: 8,
  connectionPasswordMax: 24,
  cameraPasswordMin: 4,
  cameraPasswordMax: 20,
  nicknameMax: 32,
  accountMax: 64,
  emailMax: 254,
  rolesPerCompany: 5,
  panelsPerLayout: 99,
  priceSegments: 6,
  batchInverterUpgrade: 50,
  capacityMin: 0,
  capacityMax: 50_000,
  plantNameMin: 5,
  plantNameMax: 32,
  priceMin: 0,
  priceMax: 9999,
  registerValueMax: 9_999_999,
  chartCustomParams: 6,
  chartSelectableParams: 30,
  avatarBytes: 6 * 1024 * 1024,
  plantPictureBytes: 3 * 1024 * 1024,
  firmwareBytes: 3 * 1024 * 1024,
  firmwareFileNameMax: 40,
  bulletinMax: 2000,
  aliasBytes: 32,
  messageBadgeMax: 99,
} as const;

export const VERIFICATION = {
  /** An e-mail code may be requested once a minute per address (spec §9). */
  resendSeconds: 60,
  /** and ten times a day per address (spec §9). */
  dailyCap: 10,
  /** A code expires after ten minutes and works once. */
  ttlSeconds: 600,
  codeLength: 6,
  /** Wrong passwords before the picture code is demanded (spec §4 "several"; the issue says 3). */
  failuresBeforeCaptcha: 3,
  captchaTtlSeconds: 300,
} as const;

export const TIMERS = {
  messagePollMs: 300_000,
  doubleClickGuardMs: 3000,
  loadingCloseMs: 200,
} as const;

/** Special characters are allowed: refusing them weakens passwords (NIST SP 800-63B, DESIGN §4). */
export function isValidPassword(value: string): boolean {
  return (
    value.length >= LIMITS.passwordMin &&
    value.length <= LIMITS.passwordMax &&
    !/\s/.test(value) &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value)
  );
}

/** Gateway connection password: 8–24 characters of upper- and lower-case letters and digits, each present. */
export function isValidConnectionPassword(value: string): boolean {
  return (
    /^[A-Za-z0-9]+$/.test(value) &&
    value.length >= LIMITS.connectionPasswordMin &&
    value.length <= LIMITS.connectionPasswordMax &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /[0-9]/.test(value)
  );
}

// A practical address check: one @, a dotted domain, no spaces. RFC 5322 allows more, no mail system does.
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export function isValidEmail(value: string): boolean {
  return value.length <= LIMITS.emailMax && EMAIL.test(value);
}

/** International phone numbers: an optional +, then 6 to 15 digits (E.164), spaces and dashes allowed. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[0-9 -]+$/.test(value)) return false;
  const digits = value.replace(/[^0-9]/g, '');
  return digits.length >= 6 && digits.length <= 15;
}

/** Accounts are e-mail addresses compared without case. */
export function normaliseAccount(value: string): string {
  return value.trim().toLowerCase();
}

/** Byte length in UTF-8, for the alias limit of 32 bytes. */
export function utf8Length(value: string): number {
  return new TextEncoder().encode(value).length;
}
