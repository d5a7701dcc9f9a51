import { PLANT_SETTING_KINDS } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { callerOf } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';
import { InverterService } from '../inverters/service.js';
import { plantParams } from '../plants/schemas.js';
import { PlantSettingsService } from './service.js';

/**
 * Plant-level parameter pages (spec §2.2 plants/setting, plants/batt-setting, plants/comm-setting): the plant's
 * inverters, hybrid inverters with a battery, or gateways grouped by the form they share; one set of values
 * written to the chosen ones with a result per device; the operation log of those settings. The page needs
 * station.setting; writing also the device-level key (service DEVICE_KEY). Another company's plant is 700.
 */
export function plantSettingRoutes(deps: { db: Db; commands: CommandService }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'plant-settings', { ...plantParams, kind: z.enum(PLANT_SETTING_KINDS) });
    const settings = new PlantSettingsService({ ...deps, inverters: new InverterService(deps.db) });
    const setting = { access: 'station.setting', scope: 'company' } as const;

    route(
      'GET /plant/:id/setting/:kind',
      { config: setting, summary: 'The plant’s devices of a kind grouped by the settings form they share' },
      async (req) => ok(req, await settings.answer(requireAuth(req.auth), req.params.id, req.params.kind)),
    );

    route(
      'POST /plant/:id/setting/:kind/write',
      {
        config: setting,
        summary:
          'Write one set of values to chosen devices of the plant (checked against their form once; one command per device, 4 at a time)',
      },
      async (req) => ok(req, await settings.write(callerOf(req), req.params.id, req.params.kind, req.body)),
    );

    route(
      'GET /plant/:id/setting/:kind/log',
      { config: setting, summary: 'The operation log of the settings of the plant’s devices, newest first' },
      async (req) => {
        const { page, size } = req.query;
        return ok(req, await settings.log(requireAuth(req.auth), req.params.id, req.params.kind, page, size));
      },
    );
  };
}
