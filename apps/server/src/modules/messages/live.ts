import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { MessageBus } from '../mqtt/bus.js';
import { MESSAGE_TOPIC_PREFIX } from '../mqtt/topics.js';

// Proxies close idle connections after 60 s; a comment line every 25 s keeps the stream open.
const HEARTBEAT_MS = 25_000;

/** The topic suffix that concerns every account: a bulletin or maintenance notice was published or withdrawn. */
export const EVERYONE = 'all';

/**
 * Server-sent events for the shell's badge: `event: messages` whenever the caller's unread notices may have
 * changed. postMessages announces each user that got a message on the broker (MESSAGE_TOPIC_PREFIX<userId>), and
 * publishing a bulletin announces EVERYONE, so a browser connected to any instance hears of it and refetches
 * the count; the 5-minute poll stays as the fallback when the stream is down.
 */
export function liveMessageRoutes(deps: { bus: MessageBus }): FastifyPluginAsyncZod {
  const listeners = new Map<string, Set<() => void>>();
  let subscribed: Promise<void> | undefined;
  const subscribe = () =>
    (subscribed ??= deps.bus.subscribeAll(`${MESSAGE_TOPIC_PREFIX}#`, (topic) => {
      const who = topic.slice(MESSAGE_TOPIC_PREFIX.length);
      const targets = who === EVERYONE ? [...listeners.values()] : [listeners.get(who) ?? new Set<() => void>()];
      for (const set of targets) for (const send of set) send();
    }));

  return async (app) => {
    // Tagged live: the fuzz test and the foreground governor treat it as a stream.
    const route = contractRoutes(app, 'live');
    const open = new Set<import('node:http').ServerResponse>();
    // Streams never end on their own: end them as shutdown begins (see live/routes.ts).
    app.addHook('preClose', async () => {
      for (const res of open) res.end();
    });
    route(
      'GET /live/messages',
      {
        config: { access: 'signedIn', scope: 'self' },
        summary: 'Server-sent events: `messages` when the caller’s unread notices may have changed',
      },
      async (req, reply) => {
        const userId = requireAuth(req.auth).userId;
        await subscribe();
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write('retry: 3000\nevent: ready\ndata: {}\n\n');
        const send = () => res.write('event: messages\ndata: {}\n\n');
        let set = listeners.get(userId);
        if (!set) listeners.set(userId, (set = new Set()));
        set.add(send);
        const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
        req.raw.on('close', () => {
          clearInterval(beat);
          set?.delete(send);
          if (set?.size === 0) listeners.delete(userId);
        });
        open.add(res);
        res.on('close', () => open.delete(res));
      },
    );
  };
}
