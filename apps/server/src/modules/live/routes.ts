import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { plantParams } from '../plants/schemas.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { MessageBus } from '../mqtt/bus.js';
import { LIVE_TOPIC_PREFIX } from '../mqtt/topics.js';
import type { PlantService } from '../plants/service.js';

// Proxies close idle connections after 60 s; a comment line every 25 s keeps the stream open.
const HEARTBEAT_MS = 25_000;

/**
 * Server-sent events for the plant pages: `event: plant` whenever ingest commits new figures for the plant.
 * Ingest announces changes on the broker, so a browser connected to any instance hears about data that
 * another instance ingested. The page then refetches what it shows.
 */
export function liveRoutes(deps: { bus: MessageBus; plants: PlantService }): FastifyPluginAsyncZod {
  const listeners = new Map<string, Set<(data: string) => void>>();
  let subscribed: Promise<void> | undefined;
  const subscribe = () =>
    (subscribed ??= deps.bus.subscribeAll(`${LIVE_TOPIC_PREFIX}#`, (topic, payload) => {
      const plantId = topic.slice(LIVE_TOPIC_PREFIX.length);
      for (const send of listeners.get(plantId) ?? []) send(payload.toString('utf8'));
    }));

  return async (app) => {
    const route = contractRoutes(app, 'live', plantParams);
    const open = new Set<import('node:http').ServerResponse>();
    // Streams never end on their own: end them as shutdown begins (preClose), since the server's close waits
    // for every open connection (onClose would run only after that, i.e. never).
    app.addHook('preClose', async () => {
      for (const res of open) res.end();
    });
    route(
      'GET /live/plant/:id',
      {
        config: { access: 'station.view', scope: 'company' },
        summary: 'Server-sent events: `plant` when the plant’s figures change',
      },
      async (req, reply) => {
        const plant = await deps.plants.get(requireAuth(req.auth), req.params.id);
        await subscribe();
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache, no-transform',
          connection: 'keep-alive',
          'x-accel-buffering': 'no',
        });
        res.write(`retry: 3000\nevent: ready\ndata: {"plantId":"${plant.id}"}\n\n`);
        const send = (data: string) => res.write(`event: plant\ndata: ${data}\n\n`);
        let set = listeners.get(plant.id);
        if (!set) listeners.set(plant.id, (set = new Set()));
        set.add(send);
        const beat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
        const done = () => {
          clearInterval(beat);
          set?.delete(send);
          if (set?.size === 0) listeners.delete(plant.id);
        };
        req.raw.on('close', done);
        open.add(res);
        res.on('close', () => open.delete(res));
      },
    );
  };
}
