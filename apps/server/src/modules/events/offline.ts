import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { enqueueEventJobs } from '../notifications/enqueue.js';

/** The code of the event a device gets while its gateway is offline (explained in EVENT_TEXTS). */
export const OFFLINE_CODE = 'OFFLINE';
/**
 * How long a gateway must stay offline before its devices' offline events open. A broker restart drops the
 * whole fleet for a minute or two (issue 11: all 10,486 gateways back within 80 s); that is not an alarm, and
 * ten thousand mails saying so would be worse than none.
 */
export const OFFLINE_GRACE_MS = 5 * 60_000;
/** Devices one sweep opens at most: a region that goes dark is taken in bounded transactions. */
export const OFFLINE_SWEEP_LIMIT = 2_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Opens an OFFLINE event on every device of a gateway offline for longer than the grace (dated when the
 * gateway was last seen), and closes those of gateways that are back (dated when it came back). Each change
 * records its notification job in the same transaction. Idempotent and safe on N instances at once: an open
 * event's id is derived from the device and the moment the gateway was last seen, so a second instance's
 * identical insert adds nothing, and a close only touches events still open. Devices outside any plant
 * concern nobody and get none. Answers how many events opened and closed.
 */
export async function sweepOfflineGateways(db: Db, now: number): Promise<{ opened: number; closed: number }> {
  return db.transaction(async (tx) => {
    const opened = await query<{ id: string }>(
      tx,
      sql`insert into device_event (gateway_id, gateway_event_id, device_id, plant_id, code, level, message, raised_at)
        select g.id, 'offline:' || d.id || ':' || (extract(epoch from g.last_seen_at) * 1000)::bigint,
          d.id, d.plant_id, ${OFFLINE_CODE}, 'warning', null, g.last_seen_at
        from gateway g join device d on d.gateway_id = g.id and d.deleted_at is null and d.plant_id is not null
        where not g.online and g.last_seen_at < ${iso(now - OFFLINE_GRACE_MS)}::timestamptz
          and not exists (select 1 from device_event e
            where e.device_id = d.id and e.code = ${OFFLINE_CODE} and e.cleared_at is null)
        order by g.last_seen_at, d.id
        limit ${OFFLINE_SWEEP_LIMIT}
        on conflict do nothing
        returning id`,
    );
    await enqueueEventJobs(
      tx,
      'open',
      opened.map((r) => r.id),
    );
    const closed = await query<{ id: string }>(
      tx,
      sql`update device_event e set cleared_at = greatest(e.raised_at, coalesce(g.last_seen_at, ${iso(now)}::timestamptz))
        from gateway g
        where e.gateway_id = g.id and e.id in (
          select e2.id from device_event e2 join gateway g2 on g2.id = e2.gateway_id
          where g2.online and e2.code = ${OFFLINE_CODE} and e2.cleared_at is null
          limit ${OFFLINE_SWEEP_LIMIT})
        returning e.id`,
    );
    await enqueueEventJobs(
      tx,
      'close',
      closed.map((r) => r.id),
    );
    return { opened: opened.length, closed: closed.length };
  });
}
