import { INTL_LOCALE, reportText, type Lang, type Report, type ReportFigure, type ReportRow } from '@heliograph/shared';

/** How a column's numbers read: the .xlsx number format and the PDF's digits follow it. */
export type ColumnKind = 'text' | 'kwh' | 'kwp' | 'yield' | 'ratio' | 'insolation' | 'money' | 'kg';

/** A figure column of a report's table, the same in the .xlsx, the PDF and the mail. */
export interface ReportColumn {
  heading: (lang: Lang) => string;
  kind: ColumnKind;
  /** The row's value: a number in the unit of the heading (ratios as fractions: 0.81 is 81 %). */
  value: (r: ReportRow) => number | string | null;
  /** The totals row's value, where a sum means something. */
  total?: (t: Report['totals']) => number | null;
}

const t = (key: Parameters<typeof reportText>[0]) => (lang: Lang) => reportText(key, lang);

const FIGURE_COLUMNS: Record<ReportFigure, ReportColumn[]> = {
  pv: [{ heading: t('pv'), kind: 'kwh', value: (r) => r.pv, total: (x) => x.pv }],
  load: [{ heading: t('load'), kind: 'kwh', value: (r) => r.load, total: (x) => x.load }],
  purchase: [{ heading: t('purchase'), kind: 'kwh', value: (r) => r.purchase, total: (x) => x.purchase }],
  feedIn: [{ heading: t('feedIn'), kind: 'kwh', value: (r) => r.feedIn, total: (x) => x.feedIn }],
  charge: [{ heading: t('charge'), kind: 'kwh', value: (r) => r.charge, total: (x) => x.charge }],
  discharge: [{ heading: t('discharge'), kind: 'kwh', value: (r) => r.discharge, total: (x) => x.discharge }],
  income: [{ heading: t('income'), kind: 'money', value: (r) => r.income, total: (x) => x.income }],
  specificYield: [
    { heading: t('specificYield'), kind: 'yield', value: (r) => r.specificYield, total: (x) => x.specificYield },
  ],
  performanceRatio: [
    { heading: t('performanceRatio'), kind: 'ratio', value: (r) => r.performanceRatio },
    { heading: t('insolation'), kind: 'insolation', value: (r) => r.insolation },
  ],
  availability: [{ heading: t('availability'), kind: 'ratio', value: (r) => r.availability }],
  co2: [{ heading: t('co2'), kind: 'kg', value: (r) => r.co2Kg, total: (x) => x.co2Kg }],
  lastYear: [
    { heading: t('lastYear'), kind: 'kwh', value: (r) => r.lastYearPv, total: (x) => x.lastYearPv },
    { heading: t('yearOnYear'), kind: 'ratio', value: (r) => r.yearOnYear, total: (x) => x.yearOnYear },
  ],
};

/** The columns of a report: its plant (and device), its capacity, then the figures its config asks for. */
export function reportColumns(report: Report): ReportColumn[] {
  const identity: ReportColumn[] = [{ heading: t('plant'), kind: 'text', value: (r) => r.plantName }];
  if (report.config.scope === 'device') identity.push({ heading: t('device'), kind: 'text', value: (r) => r.deviceSn });
  identity.push({ heading: t('capacity'), kind: 'kwp', value: (r) => r.capacityKwp, total: (x) => x.capacityKwp });
  // In the order of REPORT_FIGURES, whatever order they were ticked in.
  const chosen = new Set(report.config.figures);
  const figures = (Object.keys(FIGURE_COLUMNS) as ReportFigure[]).filter((f) => chosen.has(f));
  return [...identity, ...figures.flatMap((f) => FIGURE_COLUMNS[f])];
}

/** A value as a PDF or mail cell shows it: digits by kind, percentages for ratios, "--" for none. */
export function formatCell(kind: ColumnKind, v: number | string | null, lang: Lang, currency = ''): string {
  if (v === null || v === undefined) return '--';
  if (typeof v === 'string') return v;
  const locale = INTL_LOCALE[lang];
  const digits = kind === 'ratio' ? 1 : kind === 'kwh' || kind === 'kg' ? 1 : 2;
  const n = new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits });
  if (kind === 'ratio') return `${n.format(v * 100)} %`;
  if (kind === 'money') return currency ? `${n.format(v)} ${currency}` : n.format(v);
  return n.format(v);
}
