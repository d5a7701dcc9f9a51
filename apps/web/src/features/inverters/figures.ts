import { formatFigure, scaleEnergy, scalePower } from '@heliograph/shared';

/** Power with its unit scaled (W → kW → MW) and spec §9's digits; two dashes when unknown. */
export function powerText(watts: number | null | undefined, locale: string): string {
  const { value, unit } = scalePower(watts);
  if (value === null) return '--';
  return `${formatFigure(value, locale).text} ${unit}`;
}

/** Energy in kWh scaled to MWh/GWh. */
export function energyText(kwh: number | null | undefined, locale: string): string {
  const { value, unit } = scaleEnergy(kwh);
  if (value === null) return '--';
  return `${formatFigure(value, locale).text} ${unit}`;
}

/** A reading with its unit, or two dashes. */
export function readingText(v: number | null | undefined, unit: string, locale: string): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '--';
  return `${formatFigure(v, locale).text}${unit ? ` ${unit}` : ''}`;
}
