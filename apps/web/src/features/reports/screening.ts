import {
  DEVICE_STATUSES,
  PLANT_TYPES,
  REPORT_PERIODS,
  SCREENING_BANDS,
  SCREENING_SORTS,
  UNDER_PERFORMANCE_SHARE,
  periodRange,
  type ReportPeriod,
  type ScreeningSort,
} from '@heliograph/shared';
import type { Dayjs } from 'dayjs';
import type { ChartOption } from '../../components/chart/chartTypes';
import type { ListSpec, ListState } from '../../components/list';
import type { ScreeningParams } from './api';
import { defaultAnchor } from './period';

/**
 * The data-screening dashboard's pure parts (issue 16 point 6): its address, the query it sends, the
 * histogram's band labels and chart. The page (ScreeningPage.tsx) wires them to the list kit and ECharts.
 */

export type ScreeningFilter = 'period' | 'date' | 'status' | 'type' | 'capMin' | 'capMax' | 'country' | 'under';

/** ?period=yearly&date=2026&country=DE&type=grid&status=fault&capMin=10&capMax=500&under=true&q=…&sort=pv&order=desc */
export const SCREENING_SPEC: ListSpec<ScreeningFilter, ScreeningSort> = {
  filters: {
    period: REPORT_PERIODS,
    date: 'text',
    status: DEVICE_STATUSES,
    type: PLANT_TYPES,
    capMin: 'number',
    capMax: 'number',
    country: 'text',
    under: ['true'],
  },
  sorts: SCREENING_SORTS,
  defaultSort: { field: 'peerShare', order: 'asc' },
  defaultSize: 20,
};

/** The filters that narrow the fleet (the period only chooses what is read). */
export const NARROWING: readonly ScreeningFilter[] = ['status', 'type', 'capMin', 'capMax', 'country', 'under'];

const asNumber = (v: string | undefined): number | undefined =>
  v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v);

/** The period shown: the address's, or monthly; its anchor the address's when it fits, else the current one. */
export function screeningPeriod(
  state: ListState<ScreeningFilter, ScreeningSort>,
  today?: Dayjs,
): { period: ReportPeriod; date: string } {
  const period = (state.filters.period ?? 'monthly') as ReportPeriod;
  const date = state.filters.date;
  return { period, date: date && periodRange(period, date) ? date : defaultAnchor(period, today) };
}

/** Whether the user narrowed the fleet: search or a filter other than the period. */
export function screeningNarrowed(state: ListState<ScreeningFilter, ScreeningSort>): boolean {
  return state.search !== '' || NARROWING.some((f) => (state.filters[f] ?? '') !== '');
}

/** A capacity range whose start is above its end is not sent. */
export function capacityUpsideDown(state: ListState<ScreeningFilter, ScreeningSort>): boolean {
  const min = asNumber(state.filters.capMin);
  const max = asNumber(state.filters.capMax);
  return min !== undefined && max !== undefined && min > max;
}

/** The API's query for the address's state (`today` fixes the default period in tests). */
export function screeningParams(state: ListState<ScreeningFilter, ScreeningSort>, today?: Dayjs): ScreeningParams {
  const f = state.filters;
  const { period, date } = screeningPeriod(state, today);
  const q: ScreeningParams = { period, date, page: state.page, size: state.size };
  if (state.search) q.keyword = state.search;
  if (f.status) q.status = f.status as ScreeningParams['status'];
  if (f.type) q.type = f.type as ScreeningParams['type'];
  const min = asNumber(f.capMin);
  const max = asNumber(f.capMax);
  if (min !== undefined) q.capacityMin = min;
  if (max !== undefined) q.capacityMax = max;
  if (f.country && /^[A-Z]{2}$/.test(f.country)) q.country = f.country;
  if (f.under === 'true') q.under = 'true';
  if (state.sort) {
    q.sort = state.sort.field;
    q.order = state.sort.order;
  }
  return q;
}

/** Whether the band (index into SCREENING_BANDS) lies wholly below the under-performance line. */
export function underBand(band: number): boolean {
  const upper = SCREENING_BANDS[band + 1];
  return upper !== undefined && upper <= UNDER_PERFORMANCE_SHARE;
}

/**
 * The histogram's labels in the user's language: "< 50 %", "50–80 %", …, "≥ 120 %" of the peers' median.
 * `words` turns the formatted bounds into the translated label.
 */
export function bandLabels(
  locale: string,
  words: {
    below: (to: string) => string;
    between: (from: string, to: string) => string;
    above: (from: string) => string;
  },
): string[] {
  const pct = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 });
  const plain = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  return SCREENING_BANDS.map((from, i) => {
    const to = SCREENING_BANDS[i + 1];
    if (i === 0 && to !== undefined) return words.below(pct.format(to));
    if (to === undefined) return words.above(pct.format(from));
    return words.between(plain.format(from * 100), pct.format(to));
  });
}

/** The colours of the bands: under-performers in the error and warning colours, the others neutral. */
export const BAND_COLORS = {
  severe: '#cf1322',
  under: '#d46b08',
  normal: '#5b8ff9',
} as const;

export function bandColor(band: number): string {
  if (!underBand(band)) return BAND_COLORS.normal;
  return band === 0 ? BAND_COLORS.severe : BAND_COLORS.under;
}

/** The histogram: plants per band, bands from the left (from the right in Hebrew). */
export function screeningChartOption(
  bands: readonly number[],
  labels: readonly string[],
  opts: { rtl: boolean; compact: boolean; name: string },
): ChartOption {
  // Canvas text takes the page's direction: in Hebrew "50–80 %" would read "80 %–50" without an isolate.
  const shown = labels.map((l) => (opts.rtl ? `\u2066${l}\u2069` : l));
  return {
    animation: false,
    tooltip: { trigger: 'axis' },
    grid: {
      left: opts.rtl ? 16 : 40,
      right: opts.rtl ? 40 : 16,
      top: 24,
      bottom: opts.compact ? 56 : 32,
    },
    xAxis: {
      type: 'category',
      data: shown,
      inverse: opts.rtl,
      // Six labels do not fit side by side on a phone: they slant.
      axisLabel: { interval: 0, rotate: opts.compact ? (opts.rtl ? -40 : 40) : 0 },
    },
    yAxis: { type: 'value', minInterval: 1, position: opts.rtl ? 'right' : 'left' },
    series: [
      {
        id: 'bands',
        type: 'bar',
        name: opts.name,
        data: bands.map((value, i) => ({ value, itemStyle: { color: bandColor(i) } })),
        barMaxWidth: 64,
      },
    ],
  };
}

/** The histogram in words, for screen readers: "< 50 %: 1, 50–80 %: 0, …". */
export function bandSummary(bands: readonly number[], labels: readonly string[], locale: string): string {
  const n = new Intl.NumberFormat(locale);
  return labels.map((label, i) => `${label}: ${n.format(bands[i] ?? 0)}`).join(', ');
}
