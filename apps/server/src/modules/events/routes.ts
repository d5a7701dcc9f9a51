import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type EventFilters } from '@heliograph/shared';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { EXPORT_MAX_ROWS } from '../batteries/device-query.js';
import { plantClock, sendXlsx, word } from '../../xlsx/write.js';
import { EVENT_RANGE_MAX_MS, EventService } from './service.js';

/** A time range must run forwards and span at most a year; anything else changes nothing and says why. */
function checkRange(f: EventFilters): EventFilters {
  if (f.from !== undefined && f.to !== undefined) {
    if (f.to <= f.from) throw new ValidationError([{ field: 'to', rule: 'invalid' }]);
    if (f.to - f.from > EVENT_RANGE_MAX_MS) throw new ValidationError([{ field: 'from', rule: 'invalid' }]);
  }
  return f;
}

/** The event list of device/event/list (spec §7 events, eventCount): filters, a page, counts, export. */
export function eventRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const route = contractRoutes(app, 'events');
    const events = new EventService(deps.db);
    const view = { access: 'event.view', scope: 'company' } as const;

    route(
      'GET /events',
      {
        config: view,
        summary:
          'Events of the caller’s devices, newest first: plant, device, kind, type, state, time and code filters',
      },
      async (req) => {
        checkRange(req.query);
        return ok(req, await events.list(requireAuth(req.auth), req.query, req.lang));
      },
    );

    route(
      'GET /events/count',
      { config: view, summary: 'Open events of the caller’s devices by type (the shell’s badge)' },
      async (req) => ok(req, await events.counts(requireAuth(req.auth), { state: 'open' })),
    );

    route(
      'GET /events/download',
      { config: view, summary: 'The event list (same filters) as an .xlsx file' },
      async (req, reply) => {
        const lang = req.lang;
        const rows = await events.all(requireAuth(req.auth), checkRange(req.query), lang, EXPORT_MAX_ROWS);
        return sendXlsx(reply, {
          name: 'events',
          lang,
          headings: ['raised', 'cleared', 'level', 'code', 'plant', 'device', 'meaning', 'solution'],
          rows: rows.map((e) => [
            plantClock(e.raisedAt, e.timezone),
            e.clearedAt === null ? word('open', lang) : plantClock(e.clearedAt, e.timezone),
            word(e.level, lang),
            e.code,
            e.plantName,
            e.deviceAlias ? `${e.deviceAlias} (${e.deviceSn})` : e.deviceSn,
            e.meaning ?? e.message,
            e.solution,
          ]),
        });
      },
    );
  };
}
