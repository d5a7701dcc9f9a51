import { MAP_CLUSTER_MAX_ZOOM, parseMapBbox, validCoordinates } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { mapPlants, mapPositions, plantsNear } from './list.js';
import { clusterPlants } from './map-clusters.js';
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
    const route = contractRoutes(app, 'plants');
    const { plants, config } = deps;
    const view = { access: 'station.view', scope: 'company' } as const;
    const signedIn = { access: 'signedIn', scope: 'none' } as const;
    const open = { access: 'public', scope: 'none' } as const;

    route(
      'GET /plants/map',
      {
        config: { ...view, cacheable: true },
        summary: 'Every plant in scope as a map point (the list’s filters apply)',
      },
      async (req) => ok(req, await mapPlants(plants.db, requireAuth(req.auth), checkCapacityRange(req.query))),
    );

    route(
      'GET /plants/mapClusters',
      {
        config: { ...view, cacheable: true },
        summary: 'The plants in the visible box, clustered by the zoom (the list’s filters apply)',
      },
      async (req) => {
        const { bbox, zoom, ...filter } = req.query;
        // The schema has checked the box already; this keeps the handler honest without a cast.
        const box = parseMapBbox(bbox);
        if (!box) throw new ValidationError([{ field: 'bbox', rule: 'invalid' }]);
        const auth = requireAuth(req.auth);
        const f = checkCapacityRange(filter);
        // Zoomed in far enough, every plant shows alone: read them in full at once.
        if (zoom >= MAP_CLUSTER_MAX_ZOOM)
          return ok(req, clusterPlants(await mapPlants(plants.db, auth, f, box), box, zoom));
        // Otherwise cluster positions only, then read in full just the plants that show alone.
        const view = clusterPlants(await mapPositions(plants.db, auth, f, box), box, zoom);
        const alone = await mapPlants(
          plants.db,
          auth,
          f,
          box,
          view.plants.map((p) => p.id),
        );
        const byId = new Map(alone.map((p) => [p.id, p]));
        const shown = view.plants.flatMap((p) => byId.get(p.id) ?? []);
        return ok(req, { ...view, plants: shown });
      },
    );

    route(
      'GET /plants/mapCount',
      { config: { ...view, cacheable: true }, summary: 'Plants on the map by status' },
      async (req) => ok(req, await plants.countByStatus(requireAuth(req.auth), checkCapacityRange(req.query))),
    );

    route(
      'GET /plants/queryStationByPoint',
      { config: view, summary: 'Plants near a point, nearest first; with id, the plants at that plant’s point' },
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

    route(
      'GET /plants/mapConfig',
      {
        config: signedIn,
        summary: 'Tile map settings: URL templates (global and China) and attribution; null: the offline map',
      },
      async (req) =>
        ok(req, {
          tileUrl: config.mapTileUrl ?? null,
          tileUrlCn: config.mapTileUrlCn ?? config.mapTileUrl ?? null,
          attribution: config.mapTileAttribution,
        }),
    );

    route(
      'GET /anonymous/inChina',
      { config: open, summary: 'Whether this console serves mainland China (spec §4): 1 loads the China map service' },
      // Decided by the deployment (IN_CHINA), not guessed per request: a browser's language says nothing about
      // which map service its network reaches, and a geo-IP lookup would need a database the project does not
      // ship. One server serves one region, as the console's regional deployments do (spec §1 account migration).
      async (req) => ok(req, { inChina: config.inChina ? (1 as const) : (0 as const) }),
    );
  };
}
