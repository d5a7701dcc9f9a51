import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rateLimit } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { RateLimit, RateLimitName, RateLimits } from './rules.js';

/** Where a limit stands for one key: how many hits the current window holds and when it ends. */
interface Window {
  count: number;
  endsAt: number;
}

/** HTTP 429 with Retry-After and the `{code, data, msg}` envelope ("too many requests"). */
export function tooManyRequests(retryAfterS: number): AppError {
  return new AppError('tooManyRequests', { httpStatus: 429, retryAfterS, data: { retryAfter: retryAfterS } });
}

/**
 * Fixed-window counters in PostgreSQL (table rate_limit), so every instance behind a load balancer counts
 * the same hits: a hit is one upsert that either adds one to the current window or starts a new one.
 * Process memory would let an attacker multiply each limit by the number of instances.
 */
export class RateLimiter {
  constructor(
    private readonly db: Db,
    private readonly limits: RateLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; the hit past the limit (and every one after it in the window) throws a 429. */
  async consume(name: RateLimitName, key: string): Promise<void> {
    const rule = this.limits[name];
    if (rule.limit === 0) return;
    const w = await this.hit(name, key, rule);
    if (w.count > rule.limit) throw tooManyRequests(this.secondsLeft(w));
  }

  /** Counts one failure (a wrong password); returns whether the key is now over its limit. */
  async recordFailure(name: RateLimitName, key: string): Promise<boolean> {
    const rule = this.limits[name];
    if (rule.limit === 0) return false;
    return (await this.hit(name, key, rule)).count >= rule.limit;
  }

  /**
   * Seconds until the key may try again when its failures already fill the window, else undefined. Read
   * before checking a password, so that once blocked even the right password is refused until the window ends.
   */
  async blockedFor(name: RateLimitName, key: string): Promise<number | undefined> {
    const rule = this.limits[name];
    if (rule.limit === 0) return undefined;
    const [row] = await this.db
      .select({ count: rateLimit.count, windowStart: rateLimit.windowStart })
      .from(rateLimit)
      .where(and(eq(rateLimit.bucket, name), eq(rateLimit.key, key)));
    if (!row) return undefined;
    const w = { count: row.count, endsAt: row.windowStart.getTime() + rule.windowS * 1000 };
    if (w.endsAt <= this.now() || w.count < rule.limit) return undefined;
    return this.secondsLeft(w);
  }

  /** Throws the 429 when any of the keys is blocked. */
  async assertNotBlocked(checks: readonly [RateLimitName, string][]): Promise<void> {
    for (const [name, key] of checks) {
      const wait = await this.blockedFor(name, key);
      if (wait !== undefined) throw tooManyRequests(wait);
    }
  }

  private secondsLeft(w: Window): number {
    return Math.max(1, Math.ceil((w.endsAt - this.now()) / 1000));
  }

  private async hit(name: RateLimitName, key: string, rule: RateLimit): Promise<Window> {
    const now = new Date(this.now());
    const nowSql = sql`${now.toISOString()}::timestamptz`;
    const expired = sql`${rateLimit.windowStart} <= ${nowSql} - make_interval(secs => ${rule.windowS})`;
    const [row] = await this.db
      .insert(rateLimit)
      .values({ bucket: name, key, windowStart: now, count: 1 })
      .onConflictDoUpdate({
        target: [rateLimit.bucket, rateLimit.key],
        set: {
          count: sql`case when ${expired} then 1 else ${rateLimit.count} + 1 end`,
          windowStart: sql`case when ${expired} then ${nowSql} else ${rateLimit.windowStart} end`,
        },
      })
      .returning({ count: rateLimit.count, windowStart: rateLimit.windowStart });
    if (!row) throw new Error('rate_limit upsert returned nothing');
    return { count: row.count, endsAt: row.windowStart.getTime() + rule.windowS * 1000 };
  }
}
