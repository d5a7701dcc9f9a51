/**
 * Deterministic weather for one plant: each local day is clear, partly cloudy or overcast (drawn from the
 * plant's seed and the date, weighted by climate and season), cloud cover varies smoothly within the day,
 * and air temperature follows season, day-to-day anomaly and a daily cycle. A function of time, not a state:
 * any instant can be asked for without simulating the days before it.
 */
import { fractalNoise, unit, valueNoise } from '../random.js';

export type DayKind = 'clear' | 'partly' | 'overcast';

/** What the weather of a place looks like over a year. */
export interface Climate {
  /** Share of days that are clear, over a year (0–1). */
  clearDays: number;
  /** Share of days that are overcast, over a year (0–1); the rest are partly cloudy. */
  overcastDays: number;
  /** Mean air temperature over the year, °C. */
  meanTemp: number;
  /** Half the difference between the warmest and the coldest month, °C. */
  seasonalSwing: number;
}

/** A rough climate from latitude alone, for plants whose definition does not carry one. */
export function climateForLatitude(latitude: number): Climate {
  const lat = Math.abs(latitude);
  const cold = Math.max(0, (lat - 15) / 37);
  return {
    clearDays: lat < 25 ? 0.25 : lat < 42 ? 0.5 : 0.25,
    overcastDays: lat < 25 ? 0.25 : lat < 42 ? 0.15 : 0.4,
    meanTemp: 27 - 18 * cold ** 1.3,
    seasonalSwing: 0.2 * lat,
  };
}

/** The plant's local calendar position, which the caller works out from the plant's time zone. */
export interface LocalTime {
  /** Days since 1970-01-01 of the local date. */
  dayNumber: number;
  /** Hour of the local day, fractional (0 ≤ hour < 24, 25 on a day the clocks go back is fine too). */
  hour: number;
  /** 1–366. */
  dayOfYear: number;
  /** 0 Sunday … 6 Saturday. */
  weekday: number;
}

export interface WeatherNow {
  day: DayKind;
  /** Fraction of the sky covered, 0–1. */
  cloudCover: number;
  /** Air temperature, °C. */
  tAmbient: number;
  /** m/s. */
  windSpeed: number;
}

const MINUTE = 60_000;

export class Weather {
  private readonly climate: Climate;

  constructor(
    private readonly seed: number,
    private readonly latitude: number,
    climate?: Partial<Climate>,
  ) {
    this.climate = { ...climateForLatitude(latitude), ...climate };
  }

  /** +1 at the height of summer, −1 in deep winter (the warmest day taken as late July, or January south). */
  season(dayOfYear: number): number {
    const summer = Math.cos((2 * Math.PI * (dayOfYear - 200)) / 365);
    return this.latitude >= 0 ? summer : -summer;
  }

  dayKind(local: LocalTime): DayKind {
    // Away from the tropics, summer brings more clear days and winter more grey ones.
    const seasonal = Math.min(1, Math.abs(this.latitude) / 40) * this.season(local.dayOfYear);
    const clear = this.climate.clearDays * (1 + 0.4 * seasonal);
    const overcast = this.climate.overcastDays * (1 - 0.4 * seasonal);
    const draw = unit(this.seed, 'day', local.dayNumber);
    if (draw < clear) return 'clear';
    if (draw > 1 - overcast) return 'overcast';
    return 'partly';
  }

  at(utcMs: number, local: LocalTime): WeatherNow {
    const day = this.dayKind(local);
    const minutes = utcMs / MINUTE;
    let cloudCover: number;
    if (day === 'clear') {
      cloudCover = 0.08 * fractalNoise(this.seed ^ 0x11, minutes / 120);
    } else if (day === 'overcast') {
      cloudCover = 0.82 + 0.18 * fractalNoise(this.seed ^ 0x22, minutes / 90);
    } else {
      // Broken cloud: the sky fills and clears within tens of minutes, with the day's mean drifting slowly.
      const mean = 0.25 + 0.45 * valueNoise(this.seed ^ 0x33, minutes / 240);
      const passing = fractalNoise(this.seed ^ 0x44, minutes / 18);
      cloudCover = Math.min(1, Math.max(0, mean + 0.9 * (passing - 0.5)));
    }

    // The day-to-day anomaly is blended across midnight so the temperature never jumps.
    const anomaly = (d: number) => 6 * (unit(this.seed, 'anomaly', d) - 0.5);
    const f = Math.min(1, local.hour / 24);
    const dayAnomaly = anomaly(local.dayNumber) * (1 - f) + anomaly(local.dayNumber + 1) * f;
    const diurnal = day === 'clear' ? 6 : day === 'partly' ? 4 : 2;
    const tAmbient =
      this.climate.meanTemp +
      this.climate.seasonalSwing * this.season(local.dayOfYear) +
      dayAnomaly +
      diurnal * Math.cos((2 * Math.PI * (local.hour - 15)) / 24);

    const windSpeed = (day === 'overcast' ? 2.5 : 1) + 5 * fractalNoise(this.seed ^ 0x55, minutes / 180);
    return { day, cloudCover, tAmbient, windSpeed };
  }
}
