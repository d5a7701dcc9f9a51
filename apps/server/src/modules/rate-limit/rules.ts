import { z } from 'zod';

/**
 * Every request limit of the server, once: its bucket, what it counts, its default and the variable that
 * changes it (docs/operations.md "Rate limits" lists the same). A variable reads `count/seconds`, e.g.
 * `RATE_LIMIT_LOGIN_ACCOUNT=10/900`; `0` turns that limit off. Defaults are generous enough for an office
 * behind one address and for the test suites, which sign in many times from 127.0.0.1.
 */
export const RATE_LIMIT_RULES = {
  /** Wrong passwords for one account name, from anywhere (on top of the picture code after three). */
  loginAccount: { env: 'RATE_LIMIT_LOGIN_ACCOUNT', limit: 10, windowS: 15 * 60 },
  /** Wrong passwords from one source address, whatever the account. */
  loginAddress: { env: 'RATE_LIMIT_LOGIN_ADDRESS', limit: 100, windowS: 15 * 60 },
  /** Verification e-mails asked for from one source address, whatever the recipient. */
  codeAddress: { env: 'RATE_LIMIT_CODE_ADDRESS', limit: 20, windowS: 60 * 60 },
  /** Scan-code logins made from one source address (the login page shows a new one every 2 minutes). */
  scanCodeAddress: { env: 'RATE_LIMIT_SCAN_CODE_ADDRESS', limit: 120, windowS: 60 * 60 },
  /** Wrong connection passwords for one gateway serial (client id), at the broker. */
  gatewayClient: { env: 'RATE_LIMIT_GATEWAY_CLIENT', limit: 10, windowS: 5 * 60 },
  /** Wrong gateway connection passwords from one source address (many gateways may share one behind NAT). */
  gatewayAddress: { env: 'RATE_LIMIT_GATEWAY_ADDRESS', limit: 100, windowS: 5 * 60 },
} as const;

export type RateLimitName = keyof typeof RATE_LIMIT_RULES;

/** How many hits a window allows; `limit` 0 means unlimited. */
export interface RateLimit {
  limit: number;
  windowS: number;
}

export type RateLimits = Record<RateLimitName, RateLimit>;

const allowed = 'must read count/seconds (e.g. 10/900), or 0 to turn the limit off';

function parse(value: string): RateLimit | undefined {
  if (value.trim() === '0') return { limit: 0, windowS: 1 };
  const m = /^(\d+)\/(\d+)$/.exec(value.trim());
  const limit = Number(m?.[1]);
  const windowS = Number(m?.[2]);
  if (!m || !Number.isSafeInteger(limit) || !Number.isSafeInteger(windowS) || limit < 1 || windowS < 1)
    return undefined;
  return { limit, windowS };
}

/** A RATE_LIMIT_* value as config.ts checks it at start, with the other variables. */
export const rateLimitText = z.string().refine((v) => parse(v) !== undefined, allowed);

/** The limits from checked variables (config.ts); an unset or unreadable one keeps its default. */
export function loadRateLimits(env: Partial<Record<string, unknown>>): RateLimits {
  const out = {} as RateLimits;
  for (const [name, rule] of Object.entries(RATE_LIMIT_RULES) as [
    RateLimitName,
    (typeof RATE_LIMIT_RULES)[RateLimitName],
  ][]) {
    const value = env[rule.env];
    out[name] = (typeof value === 'string' && value ? parse(value) : undefined) ?? {
      limit: rule.limit,
      windowS: rule.windowS,
    };
  }
  return out;
}
