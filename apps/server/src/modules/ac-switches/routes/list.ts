import { requireAuth } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { sendXlsx, word } from '../../../xlsx/write.js';
import { findSwitch, listSwitches, switchCounts } from '../queries.js';
import { tag, view, type SwitchApp, type SwitchDeps } from '../schemas.js';

/**
 * The switch list with status statistics, its .xlsx export and one switch in full.
 */
export function registerList(app: SwitchApp, { db }: SwitchDeps): void {
  const route = contractRoutes(app, tag);
  route(
    'GET /acSwitch/page',
    { config: view, summary: 'Switches with status statistics (search by serial, alias or plant; filters; pages)' },
    async (req) => {
      const auth = requireAuth(req.auth);
      const { page, size, ...q } = req.query;
      const [list, counts] = await Promise.all([listSwitches(db, auth, q, { page, size }), switchCounts(db, auth, q)]);
      return ok(req, { ...list, counts });
    },
  );

  route(
    'GET /acSwitch/download',
    { config: view, summary: 'The switch list (same filters) as .xlsx' },
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

  route('GET /acSwitch/:sn/info', { config: view, summary: 'A switch: state, readings and settings' }, async (req) =>
    ok(req, await findSwitch(db, requireAuth(req.auth), req.params.sn)),
  );
}
