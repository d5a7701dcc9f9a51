import {
  scaleEnergy,
  selfConsumptionRatio,
  selfSufficiencyRatio,
  ZERO_ENERGY,
  type EnergyFigures,
  type EnergyBucket,
} from '@heliograph/shared';

/**
 * Grouped energy bars (month per day, year per month, total per year, or a run of days) and the period's
 * totals, from the /power/month|year|total buckets. A slot the server has no bucket for has no bar.
 */
export const BAR_FIGURES = ['pv', 'load', 'feedIn', 'purchase', 'charge', 'discharge'] as const;
export type BarFigure = (typeof BAR_FIGURES)[number];
export type EnergyPeriodKind = 'month' | 'year' | 'total';

/** Charge and discharge only mean something with a battery. */
export function barFigures(hasBattery: boolean): BarFigure[] {
  return hasBattery ? [...BAR_FIGURES] : ['pv', 'load', 'feedIn', 'purchase'];
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number);
  return new Date(Date.UTC(y ?? 1970, m ?? 1, 0)).getUTCDate();
}

/**
 * The bars a period has: every day of a month, every month of a year, every year from the first with data
 * (or the commissioning year) to this one.
 */
export function periodSlots(
  kind: EnergyPeriodKind,
  key: string,
  buckets: readonly EnergyBucket[],
  thisYear: string,
): string[] {
  if (kind === 'month') {
    return Array.from({ length: daysInMonth(key) }, (_, i) => `${key}-${String(i + 1).padStart(2, '0')}`);
  }
  if (kind === 'year') return Array.from({ length: 12 }, (_, i) => `${key}-${String(i + 1).padStart(2, '0')}`);
  const years = buckets.map((b) => Number(b.key)).filter(Number.isFinite);
  const first = Math.min(Number(thisYear), Number(key) || Number(thisYear), ...years);
  const last = Math.max(Number(thisYear), ...years);
  return Array.from({ length: last - first + 1 }, (_, i) => String(first + i));
}

export interface BarsData {
  unit: 'kWh' | 'MWh' | 'GWh' | 'TWh';
  divisor: number;
  slots: string[];
  series: { figure: BarFigure; data: (number | null)[] }[];
  /** Sums over the period, in kWh (income in the plant's currency). */
  totals: EnergyFigures & { income: number };
  selfConsumption: number | null;
  selfSufficiency: number | null;
  hasData: boolean;
}

const DIVISORS = { kWh: 1, MWh: 1e3, GWh: 1e6, TWh: 1e9 } as const;

export function buildBars(
  slots: readonly string[],
  buckets: readonly EnergyBucket[],
  figures: readonly BarFigure[],
): BarsData {
  const byKey = new Map(buckets.map((b) => [b.key, b]));
  const totals = { ...ZERO_ENERGY, income: 0 };
  let max = 0;
  let hasData = false;
  for (const slot of slots) {
    const b = byKey.get(slot);
    if (!b) continue;
    for (const f of BAR_FIGURES) {
      totals[f] += b[f] ?? 0;
      if (figures.includes(f)) {
        max = Math.max(max, b[f] ?? 0);
        if ((b[f] ?? 0) > 0) hasData = true;
      }
    }
    totals.income += b.income ?? 0;
  }
  const unit = scaleEnergy(max).unit;
  const divisor = DIVISORS[unit];
  const series = figures.map((figure) => ({
    figure,
    data: slots.map((slot) => {
      const b = byKey.get(slot);
      return b ? Math.round(((b[figure] ?? 0) / divisor) * 1000) / 1000 : null;
    }),
  }));
  return {
    unit,
    divisor,
    slots: [...slots],
    series,
    totals,
    selfConsumption: selfConsumptionRatio(totals),
    selfSufficiency: selfSufficiencyRatio(totals),
    hasData,
  };
}
