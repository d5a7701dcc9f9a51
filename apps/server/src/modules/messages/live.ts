import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { sseStreams, TopicListeners } from '../../http/sse.js';
import type { MessageBus } from '../mqtt/bus.js';
import { MESSAGE_TOPIC_PREFIX } from '../mqtt/topics.js';

/** The topic suffix that concerns every account: a bulletin or maintenance notice was published or withdrawn. */
export const EVERYONE = 'all';

/**
 * Server-sent events for the shell's badge: `event: messages` whenever the caller's unread notices may have
 * changed. postMessages announces each user that got a message on the broker (MESSAGE_TOPIC_PREFIX<userId>), and
 * publishing a bulletin announces EVERYONE, so a browser connected to any instance hears of it and refetches
 * the count; the 5-minute poll stays as the fallback when the stream is down.
 */
export function liveMessageRoutes(deps: { bus: MessageBus }): FastifyPluginAsyncZod {
  const users = new TopicListeners(deps.bus, MESSAGE_TOPIC_PREFIX, EVERYONE);
  return async (app) => {
    // Tagged live: the fuzz test and the foreground governor treat it as a stream.
    const route = contractRoutes(app, 'live');
    const streams = sseStreams(app);
    route(
      'GET /live/messages',
      {
        config: { access: 'signedIn', scope: 'self' },
        summary: 'Server-sent events: `messages` when the caller’s unread notices may have changed',
      },
      async (req, reply) => {
        const userId = requireAuth(req.auth).userId;
        await users.ready();
        const stream = streams.open(req, reply, '{}');
        stream.onClose(users.add(userId, () => stream.send('messages', '{}')));
      },
    );
  };
}
