import { API } from '@heliograph/shared';
import { requireAuth } from '../../../http/context.js';
import { answers } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { inverterWorkbook } from '../export.js';
import { tags, view, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** The inverter list with status statistics and its .xlsx export. */
export function registerList(app: InverterApp, { inverters }: InverterRouteDeps): void {
  app.get(
    '/inverters',
    {
      config: view,
      schema: {
        tags,
        summary: 'Inverters in scope with status statistics, search, filters and pagination',
        querystring: API['GET /inverters'].query,
        response: answers('GET /inverters'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const [list, facets] = await Promise.all([inverters.list(auth, req.query), inverters.facets(auth)]);
      return ok(req, { ...list, facets });
    },
  );

  app.get(
    '/inverters/count',
    {
      config: view,
      schema: {
        tags,
        summary: 'Inverters by status',
        querystring: API['GET /inverters/count'].query,
        response: answers('GET /inverters/count'),
      },
    },
    async (req) => ok(req, await inverters.stats(requireAuth(req.auth), req.query)),
  );

  app.get(
    '/inverters/download',
    {
      config: view,
      schema: {
        tags,
        summary: 'The inverter list as .xlsx (same filters as the list)',
        querystring: API['GET /inverters/download'].query,
      },
    },
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
