import { z } from 'zod';
import { REPORT_PERIODS, SCREENING_BANDS } from '../performance.js';
import { DEVICE_STATUSES, PLANT_TYPES } from '../plant.js';
import { emptyAnswer } from './empty.js';
import { pageOf, pageQuery } from './paging.js';
import { plantFilterQuery } from './plants.js';
import { contracts } from './route.js';

/**
 * Plant reports (issue 16, spec §2.2 workdata, §7 plant/report/*): report configs a user saves and reuses,
 * the reports they compute from the daily rollups, background exports and scheduled mails. docs/reports.md.
 */

/** The figures a report may show; the energy ones are kWh, income in the plant's currency. */
export const REPORT_FIGURES = [
  'pv',
  'load',
  'purchase',
  'feedIn',
  'charge',
  'discharge',
  'income',
  'specificYield',
  'performanceRatio',
  'availability',
  'co2',
  'lastYear',
] as const;
export type ReportFigure = (typeof REPORT_FIGURES)[number];

/** A report reads per plant or per device. */
export const REPORT_SCOPES = ['plant', 'device'] as const;
export type ReportScope = (typeof REPORT_SCOPES)[number];

/** How often a config is mailed (in the time zone of its first plant); `none`: never. */
export const REPORT_SCHEDULES = ['none', 'daily', 'weekly', 'monthly'] as const;
export type ReportSchedule = (typeof REPORT_SCHEDULES)[number];

export const EXPORT_FORMATS = ['xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

export const REPORT_LIMITS = { nameMax: 64, plantsMax: 1000 } as const;

const uuid = z.string().uuid();

/** What a user saves: which plants (none listed: every plant they may see), which figures, which period. */
export const reportConfigBody = z.object({
  name: z.string().trim().min(1).max(REPORT_LIMITS.nameMax),
  plantIds: z.array(uuid).max(REPORT_LIMITS.plantsMax).default([]),
  figures: z.array(z.enum(REPORT_FIGURES)).min(1),
  period: z.enum(REPORT_PERIODS),
  scope: z.enum(REPORT_SCOPES).default('plant'),
  schedule: z.enum(REPORT_SCHEDULES).default('none'),
});
export type ReportConfigBody = z.input<typeof reportConfigBody>;

export const reportConfig = z.object({
  id: z.string(),
  name: z.string(),
  plantIds: z.array(z.string()),
  figures: z.array(z.enum(REPORT_FIGURES)),
  period: z.enum(REPORT_PERIODS),
  scope: z.enum(REPORT_SCOPES),
  schedule: z.enum(REPORT_SCHEDULES),
  /** When the next scheduled mail goes (Unix ms); null without a schedule. */
  nextDueAt: z.number().nullable(),
  updatedAt: z.number(),
});
export type ReportConfig = z.infer<typeof reportConfig>;

export const reportConfigQuery = z.object({ ...pageQuery, search: z.string().max(64).optional() });

/** The period a report is read for: YYYY-MM-DD (daily), YYYY-MM (monthly) or YYYY (yearly). */
const anchor = z.string().regex(/^\d{4}(-\d{2}(-\d{2})?)?$/);

export const reportQuery = z.object({ date: anchor });

/** One row of a report: a plant's or a device's figures for the period. */
export const reportRow = z.object({
  plantId: z.string(),
  plantName: z.string(),
  /** The device's serial number on a per-device report; null on a per-plant one. */
  deviceSn: z.string().nullable(),
  deviceKind: z.string().nullable(),
  capacityKwp: z.number(),
  currency: z.string(),
  pv: z.number(),
  load: z.number(),
  purchase: z.number(),
  feedIn: z.number(),
  charge: z.number(),
  discharge: z.number(),
  income: z.number(),
  specificYield: z.number().nullable(),
  performanceRatio: z.number().nullable(),
  /** kWh/m² the PR was read against, and where it came from. */
  insolation: z.number().nullable(),
  insolationSource: z.enum(['station', 'clearSky']).nullable(),
  availability: z.number().nullable(),
  co2Kg: z.number(),
  lastYearPv: z.number(),
  /** (pv − last year) / last year; null without last year's generation. */
  yearOnYear: z.number().nullable(),
});
export type ReportRow = z.infer<typeof reportRow>;

/** The sums of a report's rows (income only when all its plants share one currency). */
export const reportTotals = z.object({
  capacityKwp: z.number(),
  pv: z.number(),
  load: z.number(),
  purchase: z.number(),
  feedIn: z.number(),
  charge: z.number(),
  discharge: z.number(),
  income: z.number().nullable(),
  currency: z.string().nullable(),
  specificYield: z.number().nullable(),
  co2Kg: z.number(),
  lastYearPv: z.number(),
  yearOnYear: z.number().nullable(),
});
export type ReportTotals = z.infer<typeof reportTotals>;

/** The chart: one value per bucket (the month's days, the year's months) for each energy figure. */
export const reportSeries = z.object({
  buckets: z.array(z.string()),
  pv: z.array(z.number()),
  load: z.array(z.number()),
  purchase: z.array(z.number()),
  feedIn: z.array(z.number()),
  charge: z.array(z.number()),
  discharge: z.array(z.number()),
  lastYearPv: z.array(z.number()),
});
export type ReportSeries = z.infer<typeof reportSeries>;

export const report = z.object({
  config: reportConfig,
  date: z.string(),
  from: z.string(),
  to: z.string(),
  rows: z.array(reportRow),
  totals: reportTotals,
  series: reportSeries,
});
export type Report = z.infer<typeof report>;

/** The report list: every plant the caller may see (or one), its figures for a period. */
export const reportListQuery = z.object({
  ...pageQuery,
  period: z.enum(REPORT_PERIODS),
  date: anchor,
  plantId: uuid.optional(),
  search: z.string().max(64).optional(),
});

/** What the screening table sorts by: figures read over the whole filtered fleet, not only the page. */
export const SCREENING_SORTS = [
  'name',
  'capacity',
  'pv',
  'specificYield',
  'peerShare',
  'availability',
  'yearOnYear',
] as const;
export type ScreeningSort = (typeof SCREENING_SORTS)[number];

/**
 * The data-screening dashboard (issue 16 point 6): the plant list's filters (search, status, type, capacity,
 * group) plus the region (the plant's country code), over a period; `under` keeps the under-performers only.
 */
export const screeningQuery = plantFilterQuery.extend({
  ...pageQuery,
  period: z.enum(REPORT_PERIODS),
  date: anchor,
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  under: z.enum(['true', 'false']).optional(),
  sort: z.enum(SCREENING_SORTS).default('peerShare'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ScreeningQuery = z.input<typeof screeningQuery>;

/** A plant on the dashboard: its report figures, where and what it is, and how it compares with its peers. */
export const screeningRow = reportRow.extend({
  type: z.enum(PLANT_TYPES),
  status: z.enum(DEVICE_STATUSES),
  /** ISO 3166 code; '' when the plant has none. */
  country: z.string(),
  /** Specific yield over the peers' median (1 = the median); null without generation data or capacity. */
  peerShare: z.number().nullable(),
  under: z.boolean(),
});
export type ScreeningRow = z.infer<typeof screeningRow>;

export const screeningAnswer = z.object({
  total: z.number().int(),
  rows: z.array(screeningRow),
  /** Over every plant under the filters (not only the page). */
  summary: z.object({
    plants: z.number().int(),
    capacityKwp: z.number(),
    pv: z.number(),
    /** The fleet's kWh/kWp: its generation over its capacity. */
    specificYield: z.number().nullable(),
    /** The peers' median kWh/kWp, the yardstick of peerShare. */
    medianSpecificYield: z.number().nullable(),
    under: z.number().int(),
    /** Plants that reported nothing in the period (no rollup): offline loggers, new plants. */
    noData: z.number().int(),
    /** Plants per band of SCREENING_BANDS. */
    bands: z.array(z.number().int()).length(SCREENING_BANDS.length),
  }),
  /** The countries among all the caller's plants, for the region filter. */
  countries: z.array(z.string()),
});
export type ScreeningAnswer = z.infer<typeof screeningAnswer>;

export const exportBody = z.object({ format: z.enum(EXPORT_FORMATS), date: anchor });

export const exportJob = z.object({
  id: z.string(),
  configId: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_STATUSES),
  /** 0–100. */
  progress: z.number(),
  /** The file's name once done. */
  fileName: z.string().nullable(),
  /** The translated reason when it failed. */
  error: z.string().nullable(),
});
export type ExportJob = z.infer<typeof exportJob>;

export const reportContracts = contracts({
  'GET /plant/report/configs': { query: reportConfigQuery, answer: pageOf(reportConfig) },
  'POST /plant/report/config': { body: reportConfigBody, answer: reportConfig },
  'GET /plant/report/config/:id': { answer: reportConfig },
  'POST /plant/report/config/:id': { body: reportConfigBody, answer: reportConfig },
  'DELETE /plant/report/config/:id': { answer: emptyAnswer },
  'GET /plant/report/config/:id/report': { query: reportQuery, answer: report },
  'GET /plant/report/list': { query: reportListQuery, answer: pageOf(reportRow) },
  'GET /plant/report/screening': { query: screeningQuery, answer: screeningAnswer },
  'POST /plant/report/config/:id/export': { body: exportBody, answer: exportJob },
  'GET /plant/report/export/:id': { answer: exportJob },
  'GET /plant/report/export/:id/file': { answer: null },
});
