import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ExportJob } from '@heliograph/shared';
import { z } from 'zod';
import { findReportExport } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { reportExport } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import type { FileStore } from '../files/store.js';
import { reportPeriod } from './compute.js';
import { RankingMemo, screenFleet } from './screening.js';
import { ReportService } from './service.js';

interface ExportRow {
  id: string;
  config_id: string;
  format: string;
  status: string;
  progress: number;
  file_id: string | null;
  file_name: string | null;
  error: string | null;
}

const EXPORT_COLUMNS = sql`rx.id, rx.config_id, rx.format, rx.status, rx.progress, rx.file_id, rx.file_name, rx.error`;

const exportOf = (r: ExportRow): ExportJob => ({
  id: r.id,
  configId: r.config_id,
  format: r.format as ExportJob['format'],
  status: r.status as ExportJob['status'],
  progress: Number(r.progress),
  fileName: r.file_name,
  error: r.error,
});

/**
 * Plant reports (issue 16, spec §7 plant/report/*, permission workdata.view): the caller's saved configs,
 * a config's report for a period, the report list over the plants the caller may see, and background exports
 * (docs/reports.md). Configs and exports are the caller's own (policies reportConfig, reportExport); plants
 * enter a report only through the plant policy.
 */
export function reportRoutes(deps: {
  db: Db;
  files: FileStore;
  now: () => number;
  /** Nudges the export worker after a job is queued (its timer would find it a little later anyway). */
  kick: () => void;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const service = new ReportService(db, deps.now);
    const rankings = new RankingMemo(deps.now);
    const route = contractRoutes(app, 'reports', { id: z.string().max(64) });
    const view = { access: 'workdata.view', scope: 'company' } as const;

    route(
      'GET /plant/report/configs',
      { config: view, summary: 'The caller’s saved report configs: search by name, a page' },
      async (req) => ok(req, await service.configs(requireAuth(req.auth), req.query)),
    );
    route(
      'POST /plant/report/config',
      { config: view, summary: 'Save a report config (plants, figures, period, scope, schedule)' },
      async (req) => ok(req, await service.create(requireAuth(req.auth), req.body)),
    );
    route('GET /plant/report/config/:id', { config: view, summary: 'A saved report config' }, async (req) =>
      ok(req, await service.config(requireAuth(req.auth), req.params.id)),
    );
    route('POST /plant/report/config/:id', { config: view, summary: 'Edit a saved report config' }, async (req) =>
      ok(req, await service.update(requireAuth(req.auth), req.params.id, req.body)),
    );
    route('DELETE /plant/report/config/:id', { config: view, summary: 'Delete a saved report config' }, async (req) =>
      ok(req, await service.remove(requireAuth(req.auth), req.params.id, deps.files)),
    );
    route(
      'GET /plant/report/config/:id/report',
      { config: view, summary: 'A config’s report for a day, month or year: rows, totals, chart series' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const config = await service.config(auth, req.params.id);
        return ok(req, await service.report(auth, config, req.query.date));
      },
    );
    route(
      'GET /plant/report/list',
      {
        config: view,
        summary: 'The report list: each plant the caller may see (or one) with its figures for a period',
      },
      async (req) => ok(req, await service.list(requireAuth(req.auth), req.query)),
    );
    route(
      'GET /plant/report/screening',
      {
        config: view,
        summary: 'Data screening: the filtered fleet ranked by its figures for a period, with the under-performers',
      },
      async (req) => ok(req, await screenFleet(db, requireAuth(req.auth), req.query, rankings)),
    );
    route(
      'POST /plant/report/config/:id/export',
      { config: view, summary: 'Start exporting a config’s report (xlsx or pdf) in the background' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const config = await service.config(auth, req.params.id);
        reportPeriod(config.period, req.body.date);
        const [row] = await db
          .insert(reportExport)
          .values({
            configId: config.id,
            userId: auth.userId,
            format: req.body.format,
            anchor: req.body.date,
            lang: req.lang,
          })
          .returning({ id: reportExport.id });
        if (!row) throw new AppError('serverError');
        // The answer is read before the worker is nudged, so it says "queued" whichever instance runs it.
        const job = exportOf(await findReportExport<ExportRow>(db, auth, row.id, { select: EXPORT_COLUMNS }));
        deps.kick();
        return ok(req, job);
      },
    );
    route('GET /plant/report/export/:id', { config: view, summary: 'An export’s progress' }, async (req) =>
      ok(
        req,
        exportOf(
          await findReportExport<ExportRow>(db, requireAuth(req.auth), req.params.id, { select: EXPORT_COLUMNS }),
        ),
      ),
    );
    route(
      'GET /plant/report/export/:id/file',
      { config: view, summary: 'The finished export’s file' },
      async (req, reply) => {
        const job = await findReportExport<ExportRow>(db, requireAuth(req.auth), req.params.id, {
          select: EXPORT_COLUMNS,
        });
        const file = job.file_id ? await deps.files.get(db, job.file_id) : undefined;
        if (!file) throw new AppError('notFound');
        return reply
          .header('content-type', file.contentType)
          .header(
            'content-disposition',
            // An ASCII name for every client, the real one (any script) for those that read RFC 5987.
            `attachment; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
          )
          .send(file.bytes);
      },
    );
  };
}
