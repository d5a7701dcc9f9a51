import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireAuth } from '../../http/context.js';
import { sseStreams, TopicListeners } from '../../http/sse.js';
import { plantParams } from '../plants/schemas.js';
import { contractRoutes } from '../../http/contract-route.js';
import type { MessageBus } from '../mqtt/bus.js';
import { LIVE_TOPIC_PREFIX } from '../mqtt/topics.js';
import type { PlantService } from '../plants/service.js';

/**
 * Server-sent events for the plant pages: `event: plant` whenever ingest commits new figures for the plant.
 * Ingest announces changes on the broker, so a browser connected to any instance hears about data that
 * another instance ingested. The page then refetches what it shows.
 */
export function liveRoutes(deps: { bus: MessageBus; plants: PlantService }): FastifyPluginAsyncZod {
  const plants = new TopicListeners(deps.bus, LIVE_TOPIC_PREFIX);
  return async (app) => {
    const route = contractRoutes(app, 'live', plantParams);
    const streams = sseStreams(app);
    route(
      'GET /live/plant/:id',
      {
        config: { access: 'station.view', scope: 'company' },
        summary: 'Server-sent events: `plant` when the plant’s figures change',
      },
      async (req, reply) => {
        const plant = await deps.plants.get(requireAuth(req.auth), req.params.id);
        await plants.ready();
        const stream = streams.open(req, reply, JSON.stringify({ plantId: plant.id }));
        stream.onClose(plants.add(plant.id, (data) => stream.send('plant', data)));
      },
    );
  };
}
