import { API, validCoordinates } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { mapPlants, plantsNear } from './list.js';
import { checkCapacityRange } from './schemas.js';
import type { PlantService } from './service.js';

/** Most plants one point query answers (a click on a crowded map point). */
const POINT_LIMIT = 20;

/**
 * The plant map of spec §7 (plants/map, mapCount, queryStationByPoint), the map's tile settings, and the
 * in-China check of spec §4 that decides which map service the console loads.
 */
export function plantMapRoutes(deps: {
  plants: PlantService;
  config: Pick<Config, 'mapTileUrl' | 'mapTileUrlCn' | 'mapTileAttribution' | 'inChina'>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { plants, config } = deps;
    const view = { access: 'station.view', scope: 'company' } as const;

    app.get(
      '/plants/map',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Every plant in scope as a map point (the list’s filters apply)',
          querystring: API['GET /plants/map'].query,
          response: answers('GET /plants/map'),
        },
      },
      async (req) => ok(req, await mapPlants(plants.db, requireAuth(req.auth), checkCapacityRange(req.query))),
    );

    app.get(
      '/plants/mapCount',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Plants on the map by status',
          querystring: API['GET /plants/mapCount'].query,
          response: answers('GET /plants/mapCount'),
        },
      },
      async (req) => ok(req, await plants.countByStatus(requireAuth(req.auth), checkCapacityRange(req.query))),
    );

    app.get(
      '/plants/queryStationByPoint',
      {
        config: view,
        schema: {
          tags: ['plants'],
          summary: 'Plants near a point, nearest first; with id, the plants at that plant’s point',
          querystring: API['GET /plants/queryStationByPoint'].query,
          response: answers('GET /plants/queryStationByPoint'),
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { id, radiusKm } = req.query;
        let { lat, lon } = req.query;
        if (id) {
          // A plant the caller may not see does not exist (700), wherever it is.
          const at = await plants.get(auth, id);
          lat = Number(at.latitude);
          lon = Number(at.longitude);
        }
        if (lat === undefined || lon === undefined || !validCoordinates(lat, lon)) throw new AppError('coordinates');
        const near = await plantsNear(plants.db, auth, {
          lat,
          lon,
          radiusKm: radiusKm ?? (id ? 0.5 : undefined),
          limit: POINT_LIMIT,
        });
        const rows = await Promise.all(
          near.map(async (n) => ({
            ...(await plants.summarise(await plants.get(auth, n.id))),
            distanceKm: Math.round(n.distanceKm * 1000) / 1000,
          })),
        );
        return ok(req, rows);
      },
    );

    app.get(
      '/plants/mapConfig',
      {
        config: { access: 'signedIn', scope: 'none' },
        schema: {
          tags: ['plants'],
          summary: 'Tile map settings: URL templates (global and China) and attribution; null: the offline map',
          response: answers('GET /plants/mapConfig'),
        },
      },
      async (req) =>
        ok(req, {
          tileUrl: config.mapTileUrl ?? null,
          tileUrlCn: config.mapTileUrlCn ?? config.mapTileUrl ?? null,
          attribution: config.mapTileAttribution,
        }),
    );

    app.get(
      '/anonymous/inChina',
      {
        config: { access: 'public', scope: 'none' },
        schema: {
          tags: ['plants'],
          summary: 'Whether this console serves mainland China (spec §4): 1 loads the China map service',
          response: answers('GET /anonymous/inChina'),
        },
      },
      // Decided by the deployment (IN_CHINA), not guessed per request: a browser's language says nothing about
      // which map service its network reaches, and a geo-IP lookup would need a database the project does not
      // ship. One server serves one region, as the console's regional deployments do (spec §1 account migration).
      async (req) => ok(req, { inChina: config.inChina ? (1 as const) : (0 as const) }),
    );
  };
}
