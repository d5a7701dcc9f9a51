import { requireAuth } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { inverterWorkbook } from '../export.js';
import { tag, view, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** The inverter list with status statistics and its .xlsx export. */
export function registerList(app: InverterApp, { inverters }: InverterRouteDeps): void {
  const route = contractRoutes(app, tag);
  route(
    'GET /inverters',
    { config: view, summary: 'Inverters in scope with status statistics, search, filters and pagination' },
    async (req) => {
      const auth = requireAuth(req.auth);
      const [list, facets] = await Promise.all([inverters.list(auth, req.query), inverters.facets(auth)]);
      return ok(req, { ...list, facets });
    },
  );

  route('GET /inverters/count', { config: view, summary: 'Inverters by status' }, async (req) =>
    ok(req, await inverters.stats(requireAuth(req.auth), req.query)),
  );

  route(
    'GET /inverters/download',
    { config: view, summary: 'The inverter list as .xlsx (same filters as the list)' },
    async (req, reply) => {
      const rows = await inverters.all(requireAuth(req.auth), req.query, 10_000);
      let file: Buffer;
      try {
        file = await inverterWorkbook(rows, req.lang);
      } catch {
        throw new AppError('fileGenerationFailed');
      }
      const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="inverters-${day}.xlsx"`)
        .send(file);
    },
  );
}
