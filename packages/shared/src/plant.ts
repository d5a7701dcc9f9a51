/** Plant types of spec §3: grid-connected, energy storage AC-coupled, energy storage DC-coupled. */
export const PLANT_TYPES = ['grid', 'storage_ac', 'storage_dc'] as const;
export type PlantType = (typeof PLANT_TYPES)[number];

/** The numeric type in the overview route plants/overview/{id}/{type}. */
export const PLANT_TYPE_ROUTE: Record<PlantType, number> = { grid: 1, storage_ac: 2, storage_dc: 3 };

export const INVERTER_KINDS = ['string', 'micro', 'hybrid'] as const;
export type InverterKind = (typeof INVERTER_KINDS)[number];

/** Valuation methods of spec §3: constant price, time-of-use segments, by generation. */
export const VALUATION_METHODS = ['constant', 'tou', 'generation'] as const;
export type ValuationMethod = (typeof VALUATION_METHODS)[number];

export interface TouSegment {
  /** "HH:mm", inclusive */
  start: string;
  /** "HH:mm", exclusive; the last segment ends at "24:00" */
  end: string;
  /** price per kWh bought in this segment */
  buy: number;
  /** price per kWh sold in this segment */
  sell: number;
}

export interface Valuation {
  method: ValuationMethod;
  /** constant: price per kWh bought; generation: price per kWh generated */
  buyPrice: number;
  /** constant: price per kWh sold (feed-in tariff) */
  sellPrice: number;
  segments: TouSegment[];
  /** VAT in percent, applied to purchases and sales */
  buyVat: number;
  sellVat: number;
  /** fixed fee per kWh bought (grid charges) */
  buyFee: number;
  sellFee: number;
}

/** Plant, device and gateway statuses of spec §4. */
export const DEVICE_STATUSES = ['normal', 'offline', 'warning', 'fault', 'upgrading', 'protect'] as const;
export type DeviceStatus = (typeof DEVICE_STATUSES)[number];

/** The energy-flow states of spec §4, per branch of the flow diagram. */
export const FLOW_STATES = ['selling', 'buying', 'charging', 'discharging', 'idle'] as const;
export type FlowState = (typeof FLOW_STATES)[number];
