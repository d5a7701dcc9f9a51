import { EMPTY_VALUE, formatFigure, scaleEnergy, scalePower } from '@heliograph/shared';

/**
 * Figures as the console shows them (spec §9): one decimal, thousands separators from five digits, units
 * scaled (W/kW/MW, kWh/MWh), two dashes when a value is missing. `locale` is a BCP-47 tag.
 */

type Scaled<U extends string> = { value: number | null; unit: U };

/**
 * Scales, and scales once more when rounding to one decimal would print 1000 of a unit (999.96 W is
 * "1.0 kW", not "1000.0 W"). Nudging the value by 0.1 % only moves it past the unit boundary.
 */
function scaleForDisplay<U extends string>(
  v: number | null | undefined,
  scale: (x: number | null | undefined) => Scaled<U>,
): Scaled<U> {
  const first = scale(v);
  if (first.value === null || v === null || v === undefined) return first;
  return Math.abs(Math.round(first.value * 10) / 10) >= 1000 ? scale(v * 1.001) : first;
}

export interface FigureParts {
  /** The number, formatted, or EMPTY_VALUE. */
  text: string;
  /** The unit, or '' when the value is missing. */
  unit: string;
}

export function powerParts(watts: number | null | undefined, locale: string): FigureParts {
  const s = scaleForDisplay(watts, scalePower);
  const f = formatFigure(s.value, locale);
  return { text: f.text, unit: s.value === null ? '' : s.unit };
}

export function energyParts(kwh: number | null | undefined, locale: string): FigureParts {
  const s = scaleForDisplay(kwh, scaleEnergy);
  const f = formatFigure(s.value, locale);
  return { text: f.text, unit: s.value === null ? '' : s.unit };
}

const joinParts = (p: FigureParts): string => (p.unit ? `${p.text} ${p.unit}` : p.text);

/** "4.2 kW" */
export function formatPower(watts: number | null | undefined, locale: string): string {
  return joinParts(powerParts(watts, locale));
}

/** "12.3 kWh", "1.2 MWh" */
export function formatEnergy(kwh: number | null | undefined, locale: string): string {
  return joinParts(energyParts(kwh, locale));
}

/** Capacity in kW, shown like a power. */
export function formatCapacity(kw: number | null | undefined, locale: string): string {
  return formatPower(kw === null || kw === undefined ? kw : kw * 1000, locale);
}

/** A ratio 0–1 as a percentage with one decimal, in the locale's style ("95.0%", "95,0 %"). */
export function formatRatio(ratio: number | null | undefined, locale: string): string {
  if (ratio === null || ratio === undefined || !Number.isFinite(ratio)) return EMPTY_VALUE;
  return new Intl.NumberFormat(locale, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(
    ratio,
  );
}

/** The currency's symbol and whether the locale writes it before the number. */
export function currencyAffix(currency: string, locale: string): { symbol: string; before: boolean } {
  try {
    const parts = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    const at = parts.findIndex((p) => p.type === 'currency');
    const num = parts.findIndex((p) => p.type === 'integer');
    return { symbol: parts[at]?.value ?? currency, before: at < num };
  } catch {
    return { symbol: currency, before: false };
  }
}

/**
 * Money with the spec §9 figure rules: from eight digits the amount is shown in ten-thousands, and
 * `tenThousands` (a translated template with {{value}}, e.g. "{{value}}万") says so.
 */
export function formatMoney(
  value: number | null | undefined,
  currency: string,
  locale: string,
  tenThousands: (value: string) => string,
): string {
  const f = formatFigure(value, locale);
  if (f.text === EMPTY_VALUE) return EMPTY_VALUE;
  const amount = f.tenThousands ? tenThousands(f.text) : f.text;
  const { symbol, before } = currencyAffix(currency, locale);
  // A symbol of letters ("CHF", "zł") needs a space; "$", "€", "¥" sit against the number when written first.
  const gap = /\p{L}/u.test(symbol) || !before ? '\u00a0' : '';
  return before ? `${symbol}${gap}${amount}` : `${amount}${gap}${symbol}`;
}

/** A power as a percentage of the plant's capacity (capacity in kW), or null when unknown. */
export function capacityShare(watts: number | null | undefined, capacityKw: number | null | undefined): number | null {
  if (watts === null || watts === undefined || !capacityKw || capacityKw <= 0) return null;
  return Math.max(0, watts) / (capacityKw * 1000);
}
