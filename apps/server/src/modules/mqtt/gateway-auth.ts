import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { parseGatewayTopic } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { gateway } from '../../db/schema.js';
import { verifyPassword } from '../auth/passwords.js';

// scrypt costs ~50 ms on purpose; a fleet reconnecting after a broker restart must not cost that per
// gateway each time, so a verified (sn, password) pair is remembered for ten minutes.
const VERIFIED_TTL_MS = 10 * 60_000;

/** Who may connect, publish and subscribe (docs/gateway-protocol.md "Connecting"). */
export class GatewayAuth {
  private readonly verified = new Map<string, number>();

  constructor(private readonly db: Db) {}

  /** Known, bound to a plant, not locked, and the right connection password. */
  async authenticate(sn: string, password: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(sn) || !password) return false;
    const [gw] = await this.db
      .select({ hash: gateway.connPasswordHash, plantId: gateway.plantId, locked: gateway.locked })
      .from(gateway)
      .where(eq(gateway.sn, sn));
    if (!gw || !gw.plantId || gw.locked) return false;
    const key = createHash('sha256').update(`${sn}\0${password}\0${gw.hash}`).digest('hex');
    const at = this.verified.get(key);
    if (at && Date.now() - at < VERIFIED_TTL_MS) return true;
    const ok = await verifyPassword(password, gw.hash);
    if (ok) this.verified.set(key, Date.now());
    return ok;
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
