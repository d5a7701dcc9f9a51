import { API } from '@heliograph/shared';
import { requireAuth } from '../../../http/context.js';
import { answers } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { snParams } from '../../../http/params.js';
import { sendXlsx, word } from '../../../xlsx/write.js';
import { findSwitch, listSwitches, switchCounts } from '../queries.js';
import { tags, view, type SwitchApp, type SwitchDeps } from '../schemas.js';

/**
 * The switch list with status statistics, its .xlsx export and one switch in full.
 */
export function registerList(app: SwitchApp, { db }: SwitchDeps): void {
  app.get(
    '/acSwitch/page',
    {
      config: view,
      schema: {
        tags,
        summary: 'Switches with status statistics (search by serial, alias or plant; filters; pages)',
        querystring: API['GET /acSwitch/page'].query,
        response: answers('GET /acSwitch/page'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const { page, size, ...q } = req.query;
      const [list, counts] = await Promise.all([listSwitches(db, auth, q, { page, size }), switchCounts(db, auth, q)]);
      return ok(req, { ...list, counts });
    },
  );

  app.get(
    '/acSwitch/download',
    {
      config: view,
      schema: {
        tags,
        summary: 'The switch list (same filters) as .xlsx',
        querystring: API['GET /acSwitch/download'].query,
      },
    },
    async (req, reply) => {
      const { rows } = await listSwitches(db, requireAuth(req.auth), req.query, null);
      return sendXlsx(reply, {
        name: 'ac-switches',
        lang: req.lang,
        headings: ['sn', 'gatewayAlias', 'gatewayPlant', 'status', 'on', 'power', 'lastSeen'],
        rows: rows.map((r) => [
          r.sn,
          r.alias,
          r.plantName,
          word(r.online ? 'online' : 'offline', req.lang),
          word(r.on ? 'yes' : 'no', req.lang),
          r.powerW,
          r.lastSeen ? new Date(r.lastSeen).toISOString().slice(0, 19).replace('T', ' ') : null,
        ]),
      });
    },
  );

  app.get(
    '/acSwitch/:sn/info',
    {
      config: view,
      schema: {
        tags,
        summary: 'A switch: state, readings and settings',
        params: snParams,
        response: answers('GET /acSwitch/:sn/info'),
      },
    },
    async (req) => ok(req, await findSwitch(db, requireAuth(req.auth), req.params.sn)),
  );
}
