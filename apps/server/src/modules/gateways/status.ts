import { sql } from 'drizzle-orm';
import { statusSchema } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import type { DirectChannel } from '../ingest/channel.js';
import type { GatewayRegistry } from '../telemetry/registry.js';
import type { WriterTx } from '../telemetry/writer.js';
import { GatewayStateWrites } from './state-writes.js';

/**
 * A gateway's state as the gateways list shows it: online, last seen, firmware, model, signal and upload interval,
 * from its status topic (retained; the last will says offline), from the embedded broker's connects and
 * drops, and from committed readings.
 */
export function gatewayStatus(deps: {
  db: Db;
  registry: GatewayRegistry;
  /** Told once a gateway's coming online is written (upgrades waiting for it may go). */
  gatewayOnline?: ((sn: string) => void) | undefined;
}): {
  status: DirectChannel;
  presence(sn: string, online: boolean): Promise<void>;
} {
  // The registry's cached copy carries the interval: forget it so the next message reads the new one.
  const writes = new GatewayStateWrites(deps.db, (sn) => deps.registry.invalidate(sn));
  return {
    status: async (sn, json) => {
      const st = statusSchema.safeParse(json);
      if (!st.success) return;
      const s = st.data;
      const online = s.state === 'online';
      await writes.put(sn, {
        online,
        seen: true,
        firmware: s.firmware || undefined,
        model: s.model || undefined,
        rssi: s.rssi,
        interval: s.interval || undefined,
      });
      if (online) deps.gatewayOnline?.(sn);
    },
    presence: async (sn, online) => {
      await writes.put(sn, { online, seen: online });
      if (online) deps.gatewayOnline?.(sn);
    },
  };
}

/** Gateways whose readings are being committed were online just now: in the same transaction as the readings. */
export async function touchGateways(tx: WriterTx, ids: readonly string[]): Promise<void> {
  const unique = [...new Set(ids)];
  // Rows locked in one order (by id): two instances' transactions touching the same gateways never deadlock.
  await tx.execute(
    sql`update gateway set last_seen_at = now(), online = true where id in (select id from gateway where id = any(${`{${unique.join(',')}}`}::uuid[]) order by id for update)`,
  );
}
