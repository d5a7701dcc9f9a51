/**
 * What a site consumes: a daily shape by local hour (a household's morning and evening peaks, a business's
 * working day, a solar park's small auxiliary draw), different on weekends, scaled to the site's mean daily
 * energy, with more in cold and hot weather, and seeded noise from day to day and minute to minute.
 */
import { fractalNoise, unit } from '../random.js';
import type { LocalTime } from './weather.js';

export const LOAD_PROFILES = ['household', 'commercial', 'auxiliary'] as const;
export type LoadProfile = (typeof LOAD_PROFILES)[number];

const bump = (hour: number, centre: number, width: number) => Math.exp(-(((hour - centre) / width) ** 2));
/** A smooth step up at `from` and down at `to`: the working day of a business. */
const open = (hour: number, from: number, to: number) =>
  1 / (1 + Math.exp(-(hour - from) * 3)) - 1 / (1 + Math.exp(-(hour - to) * 3));

/** Relative demand by local hour (arbitrary units; normalised below so a day integrates to 1). */
const SHAPES: Record<LoadProfile, { weekday: (h: number) => number; weekend: (h: number) => number }> = {
  household: {
    weekday: (h) => 0.35 + 0.9 * bump(h, 7.3, 1.1) + 0.3 * bump(h, 13, 2.5) + 1.4 * bump(h, 19.5, 2),
    weekend: (h) => 0.4 + 0.8 * bump(h, 9.5, 1.6) + 0.7 * bump(h, 13, 2.5) + 1.3 * bump(h, 19, 2.2),
  },
  commercial: {
    weekday: (h) => 0.2 + 1.0 * open(h, 7.5, 18.5) - 0.12 * bump(h, 12.5, 0.7),
    weekend: (h) => 0.22 + 0.1 * open(h, 9, 14),
  },
  auxiliary: {
    // Trackers, monitoring, transformer no-load loss; a little more at night for heaters and lighting.
    weekday: (h) => 1 + 0.3 * (1 - bump(h, 12.5, 5)),
    weekend: (h) => 1 + 0.3 * (1 - bump(h, 12.5, 5)),
  },
};

/**
 * The weekday shape's integral over 24 h (hours). Both day types are divided by the weekday's, so `dailyKwh` is
 * a working day's energy and a weekend uses what its own shape says (much less in a business).
 */
const WEEKDAY_INTEGRALS = Object.fromEntries(
  Object.entries(SHAPES).map(([profile, shape]) => {
    let sum = 0;
    for (let minute = 0; minute < 1440; minute++) sum += shape.weekday((minute + 0.5) / 60) / 60;
    return [profile, sum];
  }),
) as Record<LoadProfile, number>;

export interface LoadSite {
  profile: LoadProfile;
  /** Consumption on a working day at mild temperatures, kWh. */
  dailyKwh: number;
  seed: number;
}

/**
 * Demand in W at a local time and air temperature. Heating below 16 °C and cooling above 24 °C each add
 * 3 % per degree; the day's level varies ±10 % and minutes ±20 %.
 */
export function loadPower(site: LoadSite, utcMs: number, local: LocalTime, tAmbient: number): number {
  const weekend = local.weekday === 0 || local.weekday === 6;
  const shape = SHAPES[site.profile][weekend ? 'weekend' : 'weekday'](local.hour);
  const integral = WEEKDAY_INTEGRALS[site.profile];
  const weather = 1 + 0.03 * Math.max(0, 16 - tAmbient) + 0.03 * Math.max(0, tAmbient - 24);
  const day = 0.9 + 0.2 * unit(site.seed, 'load-day', local.dayNumber);
  const wobble = site.profile === 'auxiliary' ? 1 : 0.8 + 0.4 * fractalNoise(site.seed ^ 0x77, utcMs / 60_000 / 12);
  return (site.dailyKwh * 1000 * shape * weather * day * wobble) / integral;
}
