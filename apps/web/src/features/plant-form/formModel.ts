import dayjs, { type Dayjs } from 'dayjs';
import type {
  Currency,
  InverterKind,
  PlantCreateInput,
  PlantEditInput,
  PlantSettings,
  PlantType,
  TouSegment,
  ValuationMethod,
  PlantDetail,
} from '@heliograph/shared';

/** The valuation as the form holds it: inputs may be empty while typing. */
export interface ValuationValues {
  method: ValuationMethod;
  buyPrice: number | null;
  sellPrice: number | null;
  segments: TouSegment[];
  buyVat: number | null;
  sellVat: number | null;
  buyFee: number | null;
  sellFee: number | null;
}

/** Every field of the wizard and the editor, as antd's Form holds them. */
export interface PlantFormValues {
  name: string;
  type: PlantType;
  inverterKind: InverterKind;
  capacityKw: number | null;
  commissionedOn: Dayjs | null;
  timezone: string;
  currency: Currency;
  address: string;
  country: string;
  latitude: number | null;
  longitude: number | null;
  valuation: ValuationValues;
  contactName: string;
  contactPhone: string;
  ownerAccount: string;
  alias: string;
  totalInvestment: number | null;
  generationOffsetKwh: number | null;
  settings: PlantSettings;
}

export const DATE_FORMAT = 'YYYY-MM-DD';

/** A date picker's value as the wire's YYYY-MM-DD (anything else passes through for the schema to judge). */
export function dateString(value: unknown): unknown {
  return dayjs.isDayjs(value) ? value.format(DATE_FORMAT) : value;
}

/** The browser's zone, the usual answer for a plant set up on site. */
function browserZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

export const DEFAULT_SEGMENT: TouSegment = { start: '00:00', end: '24:00', buy: 0, sell: 0 };

export function emptyPlant(): PlantFormValues {
  return {
    name: '',
    type: 'grid',
    inverterKind: 'string',
    capacityKw: null,
    commissionedOn: dayjs(),
    timezone: browserZone(),
    currency: 'EUR',
    address: '',
    country: '',
    latitude: null,
    longitude: null,
    valuation: {
      method: 'constant',
      buyPrice: 0,
      sellPrice: 0,
      segments: [{ ...DEFAULT_SEGMENT }],
      buyVat: 0,
      sellVat: 0,
      buyFee: 0,
      sellFee: 0,
    },
    contactName: '',
    contactPhone: '',
    ownerAccount: '',
    alias: '',
    totalInvestment: null,
    generationOffsetKwh: 0,
    settings: {},
  };
}

export function fromDetail(p: PlantDetail): PlantFormValues {
  return {
    name: p.name,
    type: p.type,
    inverterKind: (p.inverterKind as InverterKind) ?? 'string',
    capacityKw: p.capacityKw,
    commissionedOn: dayjs(p.commissionedOn, DATE_FORMAT),
    timezone: p.timezone,
    currency: p.currency as Currency,
    address: p.address,
    country: p.country ?? '',
    latitude: p.latitude,
    longitude: p.longitude,
    valuation: {
      ...p.valuation,
      segments: p.valuation.segments.length > 0 ? p.valuation.segments : [{ ...DEFAULT_SEGMENT }],
    },
    contactName: p.contactName,
    contactPhone: p.contactPhone,
    ownerAccount: '',
    alias: p.alias ?? '',
    totalInvestment: p.totalInvestment,
    generationOffsetKwh: p.generationOffsetKwh,
    settings: p.settings ?? {},
  };
}

// An emptied number input is left out, so the shared schema answers "required" (or keeps the default).
const num = (v: number | null | undefined): number | undefined => (v === null || v === undefined ? undefined : v);
const trimmed = (v: string | undefined): string => (v ?? '').trim();

/** Only the segments matter for time-of-use; other methods send none, so a half-typed list is not refused. */
function valuationBody(v: ValuationValues): PlantEditInput['valuation'] {
  return {
    method: v.method,
    buyPrice: num(v.buyPrice) as number,
    sellPrice: num(v.method === 'generation' ? (v.sellPrice ?? 0) : v.sellPrice) as number,
    segments: v.method === 'tou' ? v.segments : [],
    buyVat: num(v.buyVat),
    sellVat: num(v.sellVat),
    buyFee: num(v.buyFee),
    sellFee: num(v.sellFee),
  };
}

/** The editor's body (POST /plant/{id}), checked by plantEditSchema on both sides. */
export function toEditBody(v: PlantFormValues): PlantEditInput {
  return {
    name: trimmed(v.name),
    capacityKw: num(v.capacityKw) as number,
    type: v.type,
    inverterKind: v.inverterKind,
    commissionedOn: dateString(v.commissionedOn) as string,
    timezone: v.timezone,
    currency: v.currency,
    address: trimmed(v.address),
    country: trimmed(v.country),
    latitude: num(v.latitude) as number,
    longitude: num(v.longitude) as number,
    alias: trimmed(v.alias),
    totalInvestment: v.totalInvestment ?? null,
    generationOffsetKwh: num(v.generationOffsetKwh),
    settings: cleanSettings(v.settings),
    valuation: valuationBody(v.valuation),
    contactName: trimmed(v.contactName),
    contactPhone: trimmed(v.contactPhone),
  };
}

function cleanSettings(s: PlantSettings | undefined): PlantSettings {
  const out: PlantSettings = {};
  for (const [key, value] of Object.entries(s ?? {})) {
    if (value !== null && value !== undefined) (out as Record<string, unknown>)[key] = value;
  }
  return out;
}

/** The wizard's body (POST /plant): the plant, the checked gateways and the owner's account. */
export function toCreateBody(
  v: PlantFormValues,
  gateways: { sn: string; key: string; confirm?: boolean }[],
): PlantCreateInput {
  const { alias: _alias, totalInvestment: _ti, generationOffsetKwh: _go, ...rest } = toEditBody(v);
  const owner = trimmed(v.ownerAccount);
  return {
    ...rest,
    gateways: gateways.map((g) => ({ sn: g.sn, key: g.key, ...(g.confirm ? { confirm: true } : {}) })),
    ...(owner ? { ownerAccount: owner } : {}),
  };
}
