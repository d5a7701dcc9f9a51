import type { MessageBus } from '../mqtt/bus.js';
import { MESSAGE_TOPIC_PREFIX } from '../mqtt/topics.js';

/**
 * Tells every instance that every browser's badge, toast and banner may have changed (a bulletin or maintenance
 * notice was published, edited or withdrawn): modules/messages/live.ts forwards `all` to every open stream.
 */
export async function announceToEveryone(bus: MessageBus | undefined): Promise<void> {
  await bus?.publish(`${MESSAGE_TOPIC_PREFIX}all`, '{}');
}
