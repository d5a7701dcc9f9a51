import { notificationJob } from '../../db/schema.js';
import type { WriterTx } from '../telemetry/writer.js';

/**
 * Records that events opened or closed, in the transaction that writes them: the job commits with the event
 * or not at all, so a restart loses none, and a replayed event (its row already there) records none twice.
 */
export async function enqueueEventJobs(
  tx: Pick<WriterTx, 'insert'>,
  transition: 'open' | 'close',
  eventIds: readonly string[],
): Promise<void> {
  if (eventIds.length === 0) return;
  await tx
    .insert(notificationJob)
    .values(eventIds.map((eventId) => ({ eventId, transition })))
    .onConflictDoNothing();
}
