import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerCommands } from './routes/commands.js';
import { registerList } from './routes/list.js';
import { registerSettings } from './routes/settings.js';
import { registerStock } from './routes/stock.js';
import type { SwitchDeps } from './schemas.js';

/**
 * Smart AC switches (spec §7 "Smart AC switches", acSwitch/*). Another company's switch does not exist
 * (404); every change needs the write scope (a visitor or a guest share has none). On and off, the timers,
 * mesh check, report frequency and the self-check are commands to the switch; limits, the SOC rule, the
 * associated user and the server address are kept by the console and logged.
 */
export function acSwitchRoutes(deps: SwitchDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 2 } });
    registerList(app, deps);
    registerCommands(app, deps);
    registerSettings(app, deps);
    registerStock(app, deps);
  };
}
