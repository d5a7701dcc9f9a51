import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/rows.js';

/** How long the delivery log keeps a sent or failed delivery (the webhook page shows this window). */
export const DELIVERY_KEEP_MS = 30 * 24 * 60 * 60_000;
/**
 * How long a fanned-out job stays. Shorter than the deliveries it made: while a job exists its deliveries'
 * unique keys stop a second fan-out from sending again, and a done job is never taken again anyway.
 */
export const JOB_KEEP_MS = 7 * 24 * 60 * 60_000;
/** Rows one statement deletes: a month of a busy fleet goes in short steps that never hold the table. */
export const PRUNE_BATCH = 5_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Deletes what the log no longer shows: sent and failed deliveries older than DELIVERY_KEEP_MS and jobs done
 * longer than JOB_KEEP_MS ago, one bounded batch of each. Pending deliveries are never touched, however old
 * (quiet hours or a long retry). Safe on N instances at once: each deletes rows by id, a row deleted twice is
 * deleted once. Answers how many rows went, so the caller can go on while a batch was full.
 */
export async function pruneNotifications(db: Db, now: number): Promise<number> {
  const deliveries = rowsOf<{ id: string }>(
    await db.execute(
      sql`delete from notification_delivery where id in (
        select id from notification_delivery
        where created_at < ${iso(now - DELIVERY_KEEP_MS)}::timestamptz and state <> 'pending'
        limit ${PRUNE_BATCH}) returning id`,
    ),
  );
  const jobs = rowsOf<{ id: string }>(
    await db.execute(
      sql`delete from notification_job where id in (
        select id from notification_job where done_at < ${iso(now - JOB_KEEP_MS)}::timestamptz
        limit ${PRUNE_BATCH}) returning id`,
    ),
  );
  return deliveries.length + jobs.length;
}
