/**
 * What the console keeps for an energy meter (spec §3 Meter): CT and PT ratios, offsets added to the
 * buy (import) and sell (export) totals, peak/flat/valley/tip prices, a discount factor and whether it is
 * the plant's master meter. Written once for the meter form and the server; every refusal is a field-rule
 * key of the message catalogue, so both say the same thing.
 */
import { z } from 'zod';
import type { FieldRule } from './messages/index.js';
import { hasAtMostDecimals, priceProblem } from './plant-input.js';
import { LIMITS, utf8Length } from './rules.js';

export const METER_LIMITS = {
  /** A current or voltage transformer ratio: primary over secondary, a whole number. */
  ratioMin: 1,
  ratioMax: 10000,
  /** Spec §5: parameter values at most 9,999,999.00. */
  offsetMax: 9_999_999,
  discountMin: 0,
  discountMax: 1,
} as const;

export const METER_PRICE_KEYS = ['tip', 'peak', 'flat', 'valley'] as const;
export type MeterPriceKey = (typeof METER_PRICE_KEYS)[number];

export const meterSettingsSchema = z.object({
  ctRatio: z.number(),
  ptRatio: z.number(),
  /** kWh added to the counted import (buy) total, for a meter installed after the plant started. */
  buyOffsetKwh: z.number(),
  sellOffsetKwh: z.number(),
  prices: z.object({ tip: z.number(), peak: z.number(), flat: z.number(), valley: z.number() }),
  /** Share of the tariff actually paid, 0–1 (1 = no discount). */
  discount: z.number(),
  master: z.boolean(),
});
export type MeterSettings = z.infer<typeof meterSettingsSchema>;

export const DEFAULT_METER_SETTINGS: MeterSettings = {
  ctRatio: 1,
  ptRatio: 1,
  buyOffsetKwh: 0,
  sellOffsetKwh: 0,
  prices: { tip: 0, peak: 0, flat: 0, valley: 0 },
  discount: 1,
  master: false,
};

/** Reads what a device row keeps (older or partial rows get the defaults). */
export function meterSettingsOf(stored: unknown): MeterSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<MeterSettings>;
  return {
    ...DEFAULT_METER_SETTINGS,
    ...s,
    prices: { ...DEFAULT_METER_SETTINGS.prices, ...(s.prices ?? {}) },
  };
}

export function ratioProblem(value: number): FieldRule | null {
  return Number.isInteger(value) && value >= METER_LIMITS.ratioMin && value <= METER_LIMITS.ratioMax ? null : 'invalid';
}

export function offsetProblem(value: number): FieldRule | null {
  if (!Number.isFinite(value) || Math.abs(value) > METER_LIMITS.offsetMax) return 'invalid';
  return hasAtMostDecimals(value, 2) ? null : 'priceDecimals2';
}

export function discountProblem(value: number): FieldRule | null {
  if (!Number.isFinite(value) || value < METER_LIMITS.discountMin || value > METER_LIMITS.discountMax) return 'invalid';
  return hasAtMostDecimals(value, 2) ? null : 'priceDecimals2';
}

/** Every problem of a full settings object, by field path ('prices.peak'), or an empty list. */
export function meterSettingsProblems(s: MeterSettings): { field: string; rule: FieldRule }[] {
  const out: { field: string; rule: FieldRule }[] = [];
  const add = (field: string, rule: FieldRule | null) => {
    if (rule) out.push({ field, rule });
  };
  add('ctRatio', ratioProblem(s.ctRatio));
  add('ptRatio', ratioProblem(s.ptRatio));
  add('buyOffsetKwh', offsetProblem(s.buyOffsetKwh));
  add('sellOffsetKwh', offsetProblem(s.sellOffsetKwh));
  for (const k of METER_PRICE_KEYS) add(`prices.${k}`, priceProblem(s.prices[k], 4));
  add('discount', discountProblem(s.discount));
  return out;
}

/** The body of a settings change: any subset of the fields; the server merges it with what is kept. */
export const meterSettingsInput = z
  .object({
    ctRatio: z.number(),
    ptRatio: z.number(),
    buyOffsetKwh: z.number(),
    sellOffsetKwh: z.number(),
    prices: z.object({ tip: z.number(), peak: z.number(), flat: z.number(), valley: z.number() }).partial(),
    discount: z.number(),
    master: z.boolean(),
  })
  .partial();
export type MeterSettingsInput = z.infer<typeof meterSettingsInput>;

export function mergeMeterSettings(current: MeterSettings, change: MeterSettingsInput): MeterSettings {
  return { ...current, ...change, prices: { ...current.prices, ...(change.prices ?? {}) } };
}

/** A device alias: at most 32 bytes of UTF-8 (spec §5); empty clears it. */
export function deviceAliasProblem(alias: string): FieldRule | null {
  return utf8Length(alias.trim()) <= LIMITS.aliasBytes ? null : 'aliasBytes';
}
