import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import type { CommandService } from '../commands/service.js';
import { registerCommands } from './routes/commands.js';
import { registerDetail } from './routes/detail.js';
import { registerList } from './routes/list.js';
import { registerManage } from './routes/manage.js';
import { registerSettings } from './routes/settings.js';
import { InverterService } from './service.js';

/**
 * Inverters (spec §7 "Inverters"): list, export, alias, delete, boot/shutdown, debug, I-V scan, settings, port
 * charts.
 */
export function inverterRoutes(deps: { db: Db; commands: CommandService }): FastifyPluginAsyncZod {
  return async (app) => {
    const routeDeps = { ...deps, inverters: new InverterService(deps.db) };
    registerList(app, routeDeps);
    registerDetail(app, routeDeps);
    registerManage(app, routeDeps);
    registerCommands(app, routeDeps);
    registerSettings(app, routeDeps);
  };
}
