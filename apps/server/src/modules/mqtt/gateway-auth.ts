import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parseGatewayTopic } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { gateway } from '../../db/schema.js';
import { verifyPassword } from '../auth/passwords.js';
import type { RateLimiter } from '../rate-limit/limiter.js';

// scrypt costs ~50 ms on purpose; a fleet reconnecting after a broker restart must not cost that per
// gateway each time, so a verified (sn, password) pair is remembered for ten minutes.
const VERIFIED_TTL_MS = 10 * 60_000;
// Sign-ins checked at once; the rest wait their turn. A fleet reconnecting after a restart (10,000 gateways
// within seconds) would otherwise take every database connection the console's pages need.
const CONCURRENT_CHECKS = 4;

/** Who may connect, publish and subscribe (docs/gateway-protocol.md "Connecting"). */
export class GatewayAuth {
  private readonly verified = new Map<string, number>();
  private checking = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly limiter: RateLimiter,
    /** The password check (the KDF); a test counts its calls. */
    private readonly verify: (password: string, hash: string) => Promise<boolean> = verifyPassword,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Known, bound to a plant, not locked, and the right connection password. Wrong passwords are counted
   * per serial number and per source address (when known); once either is over its limit every login of
   * it is refused, the right password too, until its window ends: passwords cannot be guessed at line speed.
   * The counters are the shared ones in the database (modules/rate-limit): a connect already reads the
   * gateway there, so two more small reads cost little, and every instance sees the same failures.
   */
  async authenticate(sn: string, password: string, address?: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(sn) || !password) return false;
    while (this.checking >= CONCURRENT_CHECKS) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.checking++;
    try {
      return await this.decide(sn, password, address);
    } finally {
      this.checking--;
      this.waiting.shift()?.();
    }
  }

  /** Sign-ins being checked now (at most CONCURRENT_CHECKS). */
  get inProgress(): number {
    return this.checking;
  }

  private async decide(sn: string, password: string, address?: string): Promise<boolean> {
    if ((await this.limiter.blockedFor('gatewayClient', sn)) !== undefined) return false;
    if (address && (await this.limiter.blockedFor('gatewayAddress', address)) !== undefined) return false;
    const outcome = await this.check(sn, password);
    // Only a wrong password counts: an unbound spare asking every few seconds must not lock out its
    // neighbours behind the same address.
    if (outcome === 'wrongPassword') {
      await this.limiter.recordFailure('gatewayClient', sn);
      if (address) await this.limiter.recordFailure('gatewayAddress', address);
    }
    return outcome === 'ok';
  }

  private async check(sn: string, password: string): Promise<'ok' | 'refused' | 'wrongPassword'> {
    const [gw] = await this.db
      .select({ hash: gateway.connPasswordHash, plantId: gateway.plantId, locked: gateway.locked })
      .from(gateway)
      .where(eq(gateway.sn, sn));
    if (!gw) return 'refused';
    const key = createHash('sha256').update(`${sn}\0${password}\0${gw.hash}`).digest('hex');
    const at = this.verified.get(key);
    const ok = (at !== undefined && this.now() - at < VERIFIED_TTL_MS) || (await this.verify(password, gw.hash));
    if (!ok) return 'wrongPassword';
    this.verified.set(key, this.now());
    return gw.plantId && !gw.locked ? 'ok' : 'refused';
  }

  /** A gateway publishes its own status and up/* topics only. */
  static mayPublish(sn: string, topic: string): boolean {
    const t = parseGatewayTopic(topic);
    return t?.sn === sn && (t.channel === 'status' || t.channel.startsWith('up/'));
  }

  /** A gateway subscribes to its own down/* topics only (no wildcards above them). */
  static maySubscribe(sn: string, filter: string): boolean {
    const t = parseGatewayTopic(filter);
    return t?.sn === sn && (t.channel === 'down/#' || t.channel === 'down/+' || /^down\/[a-z]+$/.test(t.channel));
  }
}
