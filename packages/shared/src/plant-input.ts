/**
 * What a user may enter when creating or editing a plant (spec §5, §9), written once for the wizard, the
 * editor and the server. Every refusal carries a field-rule key of the message catalogue (messages/*
 * `fields`) as its zod message, so the form and the server's code-4 answer say the same thing in the
 * user's language. Coordinates out of range are code 10 on the server (spec §8), not code 4.
 */
import { z } from 'zod';
import { CURRENCIES } from './currencies.js';
import type { FieldRule } from './messages/index.js';
import { INVERTER_KINDS, PLANT_TYPES, VALUATION_METHODS, type TouSegment } from './plant.js';
import { OCTOPUS_REGION_CODES, PRICE_SOURCES } from './prices.js';
import { isParamDay } from './request-params.js';
import { LIMITS, isValidEmail, isValidPhone, utf8Length } from './rules.js';

export { CURRENCIES, type Currency } from './currencies.js';

// A rule key as the issue's message; a missing value says "required" instead, whatever the rule.
const rule = (r: FieldRule) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined ? 'required' : r),
});

/** Whether a value is a multiple of 10^-decimals (tolerating binary floating-point noise). */
export function hasAtMostDecimals(value: number, decimals: number): boolean {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
}

/** Plant names count characters as people see them (code points), after trimming. */
export function plantNameProblem(name: string): FieldRule | null {
  const length = Array.from(name.trim()).length;
  return length >= LIMITS.plantNameMin && length <= LIMITS.plantNameMax ? null : 'plantName';
}

/** A price of spec §5: 0–9999 with at most 2 decimals (constant) or 4 (time-of-use and other dynamic prices). */
export function priceProblem(value: number, decimals: 2 | 4): FieldRule | null {
  if (!Number.isFinite(value) || value < LIMITS.priceMin || value > LIMITS.priceMax) return 'priceRange';
  if (!hasAtMostDecimals(value, decimals)) return decimals === 2 ? 'priceDecimals2' : 'priceDecimals4';
  return null;
}

/** IANA zone names only (offsets such as "+02:00" are refused: they ignore daylight saving). */
export function isValidTimeZone(tz: string): boolean {
  if (tz !== 'UTC' && !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+)+$/.test(tz)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** The zones offered by the time-zone picker (GET /dict/timezones): the runtime's IANA list plus UTC. */
export function timeZoneList(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes('UTC') ? [...zones] : ['UTC', ...zones];
}

/** A calendar date written YYYY-MM-DD that exists (no 31 April), in the range every request date keeps. */
export function isValidDate(value: string): boolean {
  return isParamDay(value);
}

export function isValidLatitude(value: number): boolean {
  return Number.isFinite(value) && value >= -90 && value <= 90;
}
export function isValidLongitude(value: number): boolean {
  return Number.isFinite(value) && value >= -180 && value <= 180;
}

/** Gateway serial numbers and registration keys: letters and digits only ("no special characters", spec §5). */
export function isPlainIdentifier(value: string): boolean {
  return /^[A-Za-z0-9]{1,32}$/.test(value);
}

/** Minutes since midnight of "HH:mm" (00:00–24:00), or null when it is not such a time. */
export function touMinutes(hhmm: string): number | null {
  const m = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(hhmm);
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

export interface TouProblem {
  /** Index of the offending segment, or null for the list as a whole (count). */
  index: number | null;
  field: 'segments' | 'start' | 'end' | 'buy' | 'sell';
  rule: FieldRule;
}

/**
 * Every problem of a time-of-use price list (spec §5): 1–6 segments; times HH:mm; end later than start;
 * no segment repeating or overlapping another; the segment that ends last ends at 24:00; prices 0–9999
 * with at most 4 decimals. Gaps are allowed: the constant price applies there (energy.ts income()).
 */
export function touSegmentProblems(segments: readonly TouSegment[]): TouProblem[] {
  const problems: TouProblem[] = [];
  if (segments.length < 1 || segments.length > LIMITS.priceSegments) {
    problems.push({ index: null, field: 'segments', rule: 'touCount' });
  }
  const spans: ({ start: number; end: number } | null)[] = segments.map((s, index) => {
    const start = touMinutes(s.start);
    const end = touMinutes(s.end);
    if (start === null || start === 24 * 60) problems.push({ index, field: 'start', rule: 'touTime' });
    if (end === null) problems.push({ index, field: 'end', rule: 'touTime' });
    for (const field of ['buy', 'sell'] as const) {
      const p = priceProblem(s[field], 4);
      if (p) problems.push({ index, field, rule: p });
    }
    if (start === null || end === null || start === 24 * 60) return null;
    if (end <= start) {
      problems.push({ index, field: 'end', rule: 'touEndBeforeStart' });
      return null;
    }
    return { start, end };
  });
  spans.forEach((span, index) => {
    if (!span) return;
    for (let j = 0; j < index; j++) {
      const other = spans[j];
      if (!other) continue;
      if (other.start === span.start && other.end === span.end) {
        problems.push({ index, field: 'start', rule: 'touRepeat' });
        return;
      }
      if (span.start < other.end && other.start < span.end) {
        problems.push({ index, field: 'start', rule: 'touOverlap' });
        return;
      }
    }
  });
  const valid = spans.filter((s): s is { start: number; end: number } => s !== null);
  if (valid.length > 0 && valid.length === segments.length) {
    const lastEnd = Math.max(...valid.map((s) => s.end));
    if (lastEnd !== 24 * 60) {
      const index = spans.findIndex((s) => s?.end === lastEnd);
      problems.push({ index, field: 'end', rule: 'touLastEnd' });
    }
  }
  return problems;
}

const price2 = z
  .number(rule('priceRange'))
  .min(LIMITS.priceMin, rule('priceRange'))
  .max(LIMITS.priceMax, rule('priceRange'))
  .refine((v) => hasAtMostDecimals(v, 2), rule('priceDecimals2'));
const price4 = z
  .number(rule('priceRange'))
  .min(LIMITS.priceMin, rule('priceRange'))
  .max(LIMITS.priceMax, rule('priceRange'))
  .refine((v) => hasAtMostDecimals(v, 4), rule('priceDecimals4'));
const percent = z
  .number(rule('percentRange'))
  .min(0, rule('percentRange'))
  .max(100, rule('percentRange'))
  .refine((v) => hasAtMostDecimals(v, 2), rule('priceDecimals2'));

export const touSegmentSchema = z.object({
  start: z.string(rule('touTime')),
  end: z.string(rule('touTime')),
  buy: z.number(rule('priceRange')),
  sell: z.number(rule('priceRange')),
});

/**
 * Valuation (spec §3): constant buy and sell prices with 2 decimals; time-of-use segments with 4; by
 * generation one price per kWh generated (buyPrice, 2 decimals). VAT in percent; fees per kWh with 4.
 */
export const valuationSchema = z
  .object({
    method: z.enum(VALUATION_METHODS, rule('invalid')),
    buyPrice: price2,
    sellPrice: price2,
    segments: z.array(touSegmentSchema).default([]),
    buyVat: percent.default(0),
    sellVat: percent.default(0),
    buyFee: price4.default(0),
    sellFee: price4.default(0),
  })
  .superRefine((v, ctx) => {
    if (v.method !== 'tou') return;
    for (const p of touSegmentProblems(v.segments)) {
      ctx.addIssue({
        code: 'custom',
        message: p.rule,
        path: p.index === null ? ['segments'] : ['segments', p.index, p.field],
      });
    }
  });
export type ValuationInput = z.input<typeof valuationSchema>;

/** Storage plant settings of spec §3 (kept in plant.settings). */
export const plantSettingsSchema = z.object({
  chargeTargetSoc: z
    .number(rule('percentRange'))
    .int(rule('percentRange'))
    .min(0, rule('percentRange'))
    .max(100, rule('percentRange'))
    .optional(),
  dischargeTargetSoc: z
    .number(rule('percentRange'))
    .int(rule('percentRange'))
    .min(0, rule('percentRange'))
    .max(100, rule('percentRange'))
    .optional(),
  exportPrice: price4.optional(),
  autoChargeDischarge: z.boolean().optional(),
  autoExport: z.boolean().optional(),
  /** Where the plan's and the overview's prices come from; absent: the plant's own tariff. */
  priceSource: z.enum(PRICE_SOURCES, rule('invalid')).optional(),
  /** Octopus Agile (price source octopus): the plant's region (grid supply point group) and product code. */
  octopusRegion: z.enum(OCTOPUS_REGION_CODES, rule('invalid')).optional(),
  // Checked where it goes into a URL (octopusTariffCode): a code Octopus does not have fails there, logged.
  octopusProduct: z.string(rule('invalid')).max(40, rule('tooLong')).optional(),
});
export type PlantSettings = z.infer<typeof plantSettingsSchema>;

const nonNegative = (max: number) =>
  z.number(rule('nonNegative')).min(0, rule('nonNegative')).max(max, rule('tooLong'));

/** The plant's own facts (POST /plant/{id}/info edits any of them). */
export const plantInfoFields = {
  name: z.string(rule('plantName')).refine((v) => plantNameProblem(v) === null, rule('plantName')),
  capacityKw: z
    .number(rule('capacityRange'))
    .min(LIMITS.capacityMin, rule('capacityRange'))
    .max(LIMITS.capacityMax, rule('capacityRange')),
  type: z.enum(PLANT_TYPES, rule('plantType')),
  inverterKind: z.enum(INVERTER_KINDS, rule('invalid')),
  commissionedOn: z.string(rule('date')).refine(isValidDate, rule('date')),
  timezone: z.string(rule('timezone')).refine(isValidTimeZone, rule('timezone')),
  currency: z.enum(CURRENCIES, rule('currency')),
  address: z.string(rule('invalid')).max(255, rule('tooLong')),
  country: z.string(rule('invalid')).max(64, rule('tooLong')),
  latitude: z.number(rule('latitude')).refine(isValidLatitude, rule('latitude')),
  longitude: z.number(rule('longitude')).refine(isValidLongitude, rule('longitude')),
  alias: z.string(rule('invalid')).refine((v) => utf8Length(v) <= LIMITS.aliasBytes, rule('aliasBytes')),
  totalInvestment: nonNegative(1e12).refine((v) => hasAtMostDecimals(v, 2), rule('priceDecimals2')),
  generationOffsetKwh: nonNegative(1e10),
  settings: plantSettingsSchema,
};

export const plantContactFields = {
  contactName: z.string(rule('invalid')).max(LIMITS.nicknameMax, rule('tooLong')),
  contactPhone: z.string(rule('phone')).refine((v) => v === '' || isValidPhone(v), rule('phone')),
};

/** A gateway to bind: serial number and registration key; confirm once told it belongs to another customer. */
export const gatewayBindingSchema = z.object({
  sn: z.string(rule('noSpecialCharacters')).refine(isPlainIdentifier, rule('noSpecialCharacters')),
  key: z.string(rule('noSpecialCharacters')).refine(isPlainIdentifier, rule('noSpecialCharacters')),
  confirm: z.boolean().optional(),
});
export type GatewayBinding = z.infer<typeof gatewayBindingSchema>;

const accountField = z
  .string(rule('email'))
  .transform((v) => v.trim().toLowerCase())
  .refine(isValidEmail, rule('email'));

/** Everything the editor sends (POST /plant/{id}); optional fields left out keep their value. */
export const plantEditSchema = z.object({
  name: plantInfoFields.name,
  capacityKw: plantInfoFields.capacityKw,
  type: plantInfoFields.type,
  inverterKind: plantInfoFields.inverterKind.optional(),
  commissionedOn: plantInfoFields.commissionedOn,
  timezone: plantInfoFields.timezone,
  currency: plantInfoFields.currency,
  address: plantInfoFields.address.default(''),
  country: plantInfoFields.country.optional(),
  latitude: plantInfoFields.latitude,
  longitude: plantInfoFields.longitude,
  alias: plantInfoFields.alias.optional(),
  totalInvestment: plantInfoFields.totalInvestment.nullable().optional(),
  generationOffsetKwh: plantInfoFields.generationOffsetKwh.optional(),
  settings: plantSettingsSchema.optional(),
  valuation: valuationSchema,
  contactName: plantContactFields.contactName.default(''),
  contactPhone: plantContactFields.contactPhone.default(''),
});
export type PlantEditInput = z.input<typeof plantEditSchema>;
export type PlantEdit = z.output<typeof plantEditSchema>;

/**
 * The wizard's plant (POST /plant): the editor's fields, the gateways to bind (at most 20, none twice) and
 * the owner's account (an existing user; left out, the plant has no owner account yet).
 */
export const plantCreateSchema = plantEditSchema.extend({
  gateways: z
    .array(gatewayBindingSchema)
    .max(20, rule('tooLong'))
    .default([])
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((g, i) => {
        const sn = g.sn.toUpperCase();
        if (seen.has(sn)) ctx.addIssue({ code: 'custom', message: 'gatewayRepeat', path: [i, 'sn'] });
        seen.add(sn);
      });
    }),
  ownerAccount: accountField.optional(),
});
export type PlantCreateInput = z.input<typeof plantCreateSchema>;
export type PlantCreate = z.output<typeof plantCreateSchema>;

/** POST /plant/{id}/info: any subset of the plant's own facts. */
export const plantInfoSchema = z.object(plantInfoFields).partial().extend({
  totalInvestment: plantInfoFields.totalInvestment.nullable().optional(),
});
export type PlantInfoInput = z.input<typeof plantInfoSchema>;

/** POST /plant/{id}/income: the valuation, whole. */
export const plantIncomeSchema = z.object({ valuation: valuationSchema });
export type PlantIncomeInput = z.input<typeof plantIncomeSchema>;

/** POST /plant/{id}/contacts: either or both. */
export const plantContactsSchema = z.object(plantContactFields).partial();
export type PlantContactsInput = z.input<typeof plantContactsSchema>;

/** POST /plant/{id}/gateway: bind (with key, and confirm when asked) or unbind one gateway. */
export const plantGatewaySchema = z.discriminatedUnion('action', [
  gatewayBindingSchema.extend({ action: z.literal('bind') }),
  z.object({
    action: z.literal('unbind'),
    sn: z.string(rule('noSpecialCharacters')).refine(isPlainIdentifier, rule('noSpecialCharacters')),
  }),
]);
export type PlantGatewayInput = z.input<typeof plantGatewaySchema>;

export const SHARE_LEVELS = ['guest', 'maintainer'] as const;
export type ShareLevel = (typeof SHARE_LEVELS)[number];

export const plantShareSchema = z.object({
  account: accountField,
  level: z.enum(SHARE_LEVELS, rule('invalid')),
});
export type PlantShareInput = z.input<typeof plantShareSchema>;

export const plantCancelShareSchema = z.object({ account: accountField });

/** The recipient's account and the owner's password, RSA-encrypted like at sign-in (keyId + base64). */
export const plantTransferSchema = z.object({
  account: accountField,
  keyId: z.string(rule('required')).min(1, rule('required')),
  password: z.string(rule('required')).min(1, rule('required')),
});
export type PlantTransferInput = z.input<typeof plantTransferSchema>;

/** Plant pictures: JPG or PNG, recognised by content, at most LIMITS.plantPictureBytes. */
export const PLANT_PICTURE_TYPES = ['image/jpeg', 'image/png'] as const;
export type PlantPictureType = (typeof PLANT_PICTURE_TYPES)[number];

/** The picture's type from its first bytes (magic numbers), or null when it is neither JPG nor PNG. */
export function pictureTypeOf(head: Uint8Array): PlantPictureType | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  return null;
}
