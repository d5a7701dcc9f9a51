/**
 * Number formatting of spec §9. Values under 5 digits get one decimal; 5 to 7 digits get thousands
 * separators and one decimal; 8 or more digits are shown in units of ten thousand with one decimal (the
 * caller supplies the unit label). Empty values show two dashes.
 */
export const EMPTY_VALUE = '--';

export function formatFigure(value: number | null | undefined, locale = 'en'): { text: string; tenThousands: boolean } {
  if (value === null || value === undefined || !Number.isFinite(value))
    return { text: EMPTY_VALUE, tenThousands: false };
  const digits = Math.trunc(Math.abs(value)).toString().length;
  const opts = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;
  if (digits >= 8) return { text: new Intl.NumberFormat(locale, opts).format(value / 10_000), tenThousands: true };
  if (digits >= 5)
    return { text: new Intl.NumberFormat(locale, { ...opts, useGrouping: true }).format(value), tenThousands: false };
  return { text: new Intl.NumberFormat(locale, { ...opts, useGrouping: false }).format(value), tenThousands: false };
}

const ENERGY_UNITS = ['kWh', 'MWh', 'GWh', 'TWh'] as const;
const POWER_UNITS = ['W', 'kW', 'MW', 'GW'] as const;

/** Energy in kWh scaled to MWh/GWh (DESIGN §4), with one decimal. */
export function scaleEnergy(kwh: number | null | undefined): {
  value: number | null;
  unit: (typeof ENERGY_UNITS)[number];
} {
  return scale(kwh, ENERGY_UNITS);
}

/** Power in W scaled to kW/MW. */
export function scalePower(watts: number | null | undefined): {
  value: number | null;
  unit: (typeof POWER_UNITS)[number];
} {
  return scale(watts, POWER_UNITS);
}

function scale<U extends string>(v: number | null | undefined, units: readonly U[]): { value: number | null; unit: U } {
  const first = units[0] as U;
  if (v === null || v === undefined || !Number.isFinite(v)) return { value: null, unit: first };
  let i = 0;
  let x = v;
  while (Math.abs(x) >= 1000 && i < units.length - 1) {
    x /= 1000;
    i++;
  }
  return { value: x, unit: units[i] ?? first };
}

/** Date shortcuts of spec §9 for the day chart. */
export const DATE_SHORTCUTS = ['today', 'yesterday', 'last3', 'last7', 'last30', 'last60'] as const;
export type DateShortcut = (typeof DATE_SHORTCUTS)[number];

/** The day power chart shows only the last 30 days (spec §9). */
export const DAY_CHART_MAX_AGE_DAYS = 30;
