import { income, type EnergyFigures } from './energy.js';
import type { Valuation } from './plant.js';
import { addDays, dayRange } from './time.js';
import { CO2_KG_PER_KWH } from './co2.js';

/**
 * The performance figures of plant reports (issue 16), written once for the server, the exports and the web.
 * Energy is in kWh, capacity in kWp, insolation in kWh/m². Every function is pure: the day or period is passed
 * in, never read from the clock. docs/reports.md explains each rule and its sources.
 */

/** Specific yield: kWh generated per kWp installed; null for a plant without a capacity. */
export function specificYield(energyKwh: number, capacityKwp: number): number | null {
  if (!(capacityKwp > 0)) return null;
  return energyKwh / capacityKwp;
}

/** The irradiance at standard test conditions, 1 kW/m², that turns insolation into "reference yield" hours. */
export const STC_IRRADIANCE_KW_M2 = 1;

/**
 * Performance ratio (IEC 61724-1): final yield over reference yield,
 * energy / (kWp × insolation kWh/m² / 1 kW/m²), 0–1 (it may exceed 1 when the insolation is horizontal and the
 * array tilted). Null without a capacity or without sun.
 */
export function performanceRatio(energyKwh: number, capacityKwp: number, insolationKwhM2: number): number | null {
  if (!(capacityKwp > 0) || !(insolationKwhM2 > 0)) return null;
  return energyKwh / (capacityKwp * (insolationKwhM2 / STC_IRRADIANCE_KW_M2));
}

/**
 * Availability: the share of device-days (each inverter on each day of the period it was expected to run)
 * on which it produced anything, 0–1; null when nothing was expected (a period before commissioning, or in
 * the future). Daily rollups know whether a device produced on a day, not for how many hours, so this is
 * day-based availability, not the time-based one of IEC 61724-2.
 */
export function availability(producingDeviceDays: number, expectedDeviceDays: number): number | null {
  if (!(expectedDeviceDays > 0)) return null;
  return Math.min(1, Math.max(0, producingDeviceDays / expectedDeviceDays));
}

/** CO₂ avoided by the energy generated, in kg (the factor and its source: co2.ts). */
export function co2AvoidedKg(energyKwh: number, factorKgPerKwh = CO2_KG_PER_KWH): number {
  return Math.max(0, energyKwh) * factorKgPerKwh;
}

/** The change from last year's figure to this one as a fraction (0.1 = 10 % more); null without last year. */
export function yearOnYear(current: number, lastYear: number): number | null {
  if (!(lastYear > 0)) return null;
  return (current - lastYear) / lastYear;
}

/** The same calendar day a year earlier; 29 February falls back to the 28th. */
export function sameDayLastYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const year = (y ?? 1970) - 1;
  const month = m ?? 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(d ?? 1, last)).padStart(2, '0')}`;
}

/** The report periods: a day, a month (read by day) or a year (read by month). */
export const REPORT_PERIODS = ['daily', 'monthly', 'yearly'] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** A period's first and last plant-local day (inclusive) and its chart buckets. */
export interface PeriodRange {
  from: string;
  to: string;
  /** The chart's categories: the day itself, the month's days, or the year's months (YYYY-MM). */
  buckets: string[];
}

/** The anchor each period takes: YYYY-MM-DD, YYYY-MM or YYYY. */
export const PERIOD_ANCHOR: Record<ReportPeriod, RegExp> = {
  daily: /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/,
  monthly: /^\d{4}-(0[1-9]|1[0-2])$/,
  yearly: /^\d{4}$/,
};

/** The period a report covers; undefined for an anchor that does not fit the period (or a day that is not). */
/** The years a report may cover (an anchor outside them is bad input). */
export const REPORT_YEARS = { from: 1990, to: 2199 } as const;

export function periodRange(period: ReportPeriod, anchor: string): PeriodRange | undefined {
  if (!PERIOD_ANCHOR[period].test(anchor)) return undefined;
  // Years a plant can have figures for; beyond them dates leave what Date and the database can count with.
  const year = Number(anchor.slice(0, 4));
  if (year < REPORT_YEARS.from || year > REPORT_YEARS.to) return undefined;
  if (period === 'daily') {
    if (addDays(anchor, 0) !== anchor) return undefined;
    return { from: anchor, to: anchor, buckets: [anchor] };
  }
  if (period === 'monthly') {
    const from = `${anchor}-01`;
    const [y, m] = anchor.split('-').map(Number);
    const days = new Date(Date.UTC(y ?? 1970, m ?? 1, 0)).getUTCDate();
    const buckets = Array.from({ length: days }, (_, i) => addDays(from, i));
    return { from, to: buckets[buckets.length - 1] ?? from, buckets };
  }
  const buckets = Array.from({ length: 12 }, (_, i) => `${anchor}-${String(i + 1).padStart(2, '0')}`);
  return { from: `${anchor}-01-01`, to: `${anchor}-12-31`, buckets };
}

/** The bucket a day falls in for a period: the day itself, or its month in a yearly report. */
export function bucketOf(period: ReportPeriod, day: string): string {
  return period === 'yearly' ? day.slice(0, 7) : day;
}

/** The same period a year earlier (the comparison column). */
export function periodLastYear(period: ReportPeriod, anchor: string): string {
  if (period === 'daily') return sameDayLastYear(anchor);
  const year = String(Number(anchor.slice(0, 4)) - 1).padStart(4, '0');
  return period === 'monthly' ? `${year}${anchor.slice(4)}` : year;
}

/** Days from `from` to `to` inclusive (0 when `to` is before `from`). */
export function daysBetween(from: string, to: string): number {
  if (to < from) return 0;
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

// ---- Clear-sky insolation -------------------------------------------------------------------------------

const RAD = Math.PI / 180;

/**
 * The cosine of the sun's zenith angle at an instant and place, from the NOAA solar calculator's
 * approximations (Spencer 1971 for the declination and the equation of time): within a fraction of a degree,
 * plenty for daily insolation.
 */
export function cosZenith(ms: number, latitude: number, longitude: number): number {
  const date = new Date(ms);
  const startOfYear = Date.UTC(date.getUTCFullYear(), 0, 1);
  const dayOfYear = Math.floor((ms - startOfYear) / 86_400_000);
  const hours = date.getUTCHours() + date.getUTCMinutes() / 60 + date.getUTCSeconds() / 3600;
  const g = ((2 * Math.PI) / 365) * (dayOfYear + (hours - 12) / 24);
  const eqTime =
    229.18 *
    (0.000075 +
      0.001868 * Math.cos(g) -
      0.032077 * Math.sin(g) -
      0.014615 * Math.cos(2 * g) -
      0.040849 * Math.sin(2 * g));
  const decl =
    0.006918 -
    0.399912 * Math.cos(g) +
    0.070257 * Math.sin(g) -
    0.006758 * Math.cos(2 * g) +
    0.000907 * Math.sin(2 * g) -
    0.002697 * Math.cos(3 * g) +
    0.00148 * Math.sin(3 * g);
  const trueSolarMinutes = hours * 60 + eqTime + 4 * longitude;
  const hourAngle = (trueSolarMinutes / 4 - 180) * RAD;
  const lat = latitude * RAD;
  return Math.sin(lat) * Math.sin(decl) + Math.cos(lat) * Math.cos(decl) * Math.cos(hourAngle);
}

/**
 * Global horizontal irradiance under a clear sky, W/m², by the Haurwitz model (B. Haurwitz, "Insolation in
 * relation to cloudiness and cloud density", Journal of Meteorology 2, 1945; as implemented in pvlib's
 * `clearsky.haurwitz`): 1098 × cos z × exp(−0.057 / cos z), zero with the sun below the horizon. It needs
 * nothing but the sun's position, which is why it serves plants without a weather station.
 */
export function haurwitzGhi(cosZ: number): number {
  if (cosZ <= 0) return 0;
  return 1098 * cosZ * Math.exp(-0.057 / cosZ);
}

const STEP_MS = 10 * 60_000;

/**
 * A plant-local day's clear-sky insolation on the horizontal, kWh/m²: the Haurwitz irradiance integrated over
 * the day's own hours (23 or 25 on a daylight-saving day: the day is [local midnight, next local midnight)),
 * sampled at the middle of each 10-minute step.
 */
export function clearSkyInsolation(day: string, latitude: number, longitude: number, tz: string): number {
  const [start, end] = dayRange(day, tz);
  let wh = 0;
  for (let t = start; t < end; t += STEP_MS) {
    const step = Math.min(STEP_MS, end - t);
    wh += haurwitzGhi(cosZenith(t + step / 2, latitude, longitude)) * (step / 3_600_000);
  }
  return wh / 1000;
}

/** Clear-sky insolation summed over the days `from`..`to` (inclusive). */
export function clearSkyInsolationRange(
  from: string,
  to: string,
  latitude: number,
  longitude: number,
  tz: string,
): number {
  let total = 0;
  for (let day = from; day <= to; day = addDays(day, 1)) total += clearSkyInsolation(day, latitude, longitude, tz);
  return total;
}

/**
 * Income of a period's figures by the plant's valuation (spec §3, energy.ts `income`): what a device row of a
 * report earns. A plant's own income is the sum of its daily rollups, priced when each day was counted.
 */
export function periodIncome(v: Valuation, e: EnergyFigures): number {
  return income(v, e);
}

/**
 * Data screening (issue 16 point 6): a plant under-performs when its specific yield is below this share of
 * the median of the plants it is compared with (those under the same filters: a region, a type, a size). Peers
 * in one region saw the same sun, so kWh/kWp against their median finds a plant that lost production (soiling,
 * a tripped string, shading, an inverter down) without needing a weather station at every plant.
 */
export const UNDER_PERFORMANCE_SHARE = 0.8;

/**
 * The bands of the screening histogram: a plant's specific yield as a share of its peers' median, the lower
 * bound of each band (the last one open-ended). The band under UNDER_PERFORMANCE_SHARE is the under-performers'.
 */
export const SCREENING_BANDS = [0, 0.5, 0.8, 0.9, 1.1, 1.2] as const;

/** The band (index into SCREENING_BANDS) of a plant whose specific yield is `share` of its peers' median. */
export function screeningBand(share: number): number {
  let band = 0;
  for (let i = 0; i < SCREENING_BANDS.length; i++) if (share >= (SCREENING_BANDS[i] ?? 0)) band = i;
  return band;
}

/** Whether a plant whose specific yield is `share` of its peers' median under-performs. */
export function underPerforms(share: number | null): boolean {
  return share !== null && share < UNDER_PERFORMANCE_SHARE;
}
