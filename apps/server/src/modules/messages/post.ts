import type { MessageType } from '@heliograph/shared';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../../db/client.js';
import { message } from '../../db/schema.js';
import type { MessageBus } from '../mqtt/bus.js';
import { MESSAGE_TOPIC_PREFIX } from '../mqtt/topics.js';

/** One message for one user's notice centre. */
export interface NewMessage {
  userId: string;
  type: MessageType;
  title: string;
  content?: string;
  plantId?: string;
  deviceSn?: string;
  url?: string;
  /**
   * What posted it, e.g. `event:<id>:open` or `bulletin:<id>`. A second post of the same source to the same
   * user adds nothing, so a delivery job that runs again after a restart repeats no message.
   */
  source?: string;
}

/**
 * Rows per INSERT: a region going offline posts to thousands of users at once. Small, because on embedded
 * PGlite a statement holds the event loop while it runs (500 rows took 200–340 ms, 100 rows a fifth).
 */
const CHUNK = 100;

/**
 * The one way into the notice centre (alarms, bulletins, maintenance and migration notices). Inserts the
 * messages, skipping any already posted from the same source, then tells every instance which users got
 * new ones (MESSAGE_TOPIC_PREFIX) so their browsers' badges update at once. Answers how many were new.
 */
export async function postMessages(
  deps: { db: Db; bus?: MessageBus | undefined; turn?: () => Promise<void> },
  messages: readonly NewMessage[],
): Promise<number> {
  const reached = new Set<string>();
  let added = 0;
  for (let i = 0; i < messages.length; i += CHUNK) {
    if (i > 0) await (deps.turn ? deps.turn() : nextTurn());
    const rows = await deps.db
      .insert(message)
      .values(
        messages.slice(i, i + CHUNK).map((m) => ({
          userId: m.userId,
          type: m.type,
          title: m.title,
          content: m.content ?? '',
          plantId: m.plantId ?? null,
          deviceSn: m.deviceSn ?? null,
          url: m.url ?? null,
          source: m.source ?? null,
        })),
      )
      .onConflictDoNothing()
      .returning({ userId: message.userId });
    added += rows.length;
    for (const row of rows) reached.add(row.userId);
  }
  if (deps.bus) {
    const bus = deps.bus;
    await Promise.all([...reached].map((userId) => bus.publish(`${MESSAGE_TOPIC_PREFIX}${userId}`, '{}')));
  }
  return added;
}
