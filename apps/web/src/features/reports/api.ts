import type { ExportFormat, ReportConfigBody, ReportPeriod, screeningQuery } from '@heliograph/shared';
import type { z } from 'zod';
import { call, routeUrl } from '../../api/call';

/** The screening query as the page sends it: the contract's words, period, anchor, page and size always set. */
export type ScreeningParams = Partial<z.output<typeof screeningQuery>> &
  Pick<z.output<typeof screeningQuery>, 'period' | 'date' | 'page' | 'size'>;

/** Plant report calls (contracts in packages/shared/src/contracts/reports.ts). */
export type {
  ExportJob,
  Report,
  ReportConfig,
  ReportConfigBody,
  ReportFigure,
  ReportPeriod,
  ReportRow,
  ScreeningAnswer,
  ScreeningRow,
} from '@heliograph/shared';

export const reportKeys = {
  all: ['reports'] as const,
  configs: (search: string, page: number, size: number) => ['reports', 'configs', search, page, size] as const,
  config: (id: string) => ['reports', 'config', id] as const,
  report: (id: string, date: string) => ['reports', 'report', id, date] as const,
  list: (period: ReportPeriod, date: string, search: string, page: number, size: number) =>
    ['reports', 'list', period, date, search, page, size] as const,
  export: (id: string) => ['reports', 'export', id] as const,
  screening: (q: ScreeningParams) => ['reports', 'screening', q] as const,
};

export const reportApi = {
  configs: (search: string, page: number, size: number) =>
    call('GET /plant/report/configs', { query: { ...(search ? { search } : {}), page, size } }),
  config: (id: string) => call('GET /plant/report/config/:id', { params: { id } }),
  create: (body: ReportConfigBody) => call('POST /plant/report/config', { body }),
  update: (id: string, body: ReportConfigBody) => call('POST /plant/report/config/:id', { params: { id }, body }),
  remove: (id: string) => call('DELETE /plant/report/config/:id', { params: { id } }),
  report: (id: string, date: string) =>
    call('GET /plant/report/config/:id/report', { params: { id }, query: { date } }),
  list: (period: ReportPeriod, date: string, search: string, page: number, size: number) =>
    call('GET /plant/report/list', { query: { period, date, page, size, ...(search ? { search } : {}) } }),
  /** The data-screening dashboard: the filtered fleet ranked against its peers' median. */
  screening: (query: ScreeningParams) => call('GET /plant/report/screening', { query }),
  startExport: (id: string, format: ExportFormat, date: string) =>
    call('POST /plant/report/config/:id/export', { params: { id }, body: { format, date } }),
  exportJob: (id: string) => call('GET /plant/report/export/:id', { params: { id } }),
  /** Where a finished export's file is served (fetched with the bearer token by downloadFile). */
  fileUrl: (id: string) => routeUrl('GET /plant/report/export/:id/file', { id }),
};
