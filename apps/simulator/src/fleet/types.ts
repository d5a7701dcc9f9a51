/**
 * A simulated fleet as plain data: what `defineFleet` produces, what the server writes to fleet.json for
 * its demo fleet, and all the model needs to reproduce a plant's readings.
 */
import type { DeviceKind, InverterKind, PlantType } from '@heliograph/shared';
import type { LoadProfile } from '../physics/load.js';
import type { Climate } from '../physics/weather.js';

/** How a gateway hands a device's readings on: decoded metrics, or raw SunSpec registers it polled. */
export type DeviceProtocol = 'metrics' | 'sunspec';

export interface DeviceDef {
  sn: string;
  kind: DeviceKind;
  model: string;
  /** Inverters: string, micro or hybrid. An AC-coupled plant's battery inverter is a hybrid without panels. */
  inverterKind?: InverterKind;
  /** Inverters: AC rating; batteries: charge/discharge limit. W. */
  ratedW?: number;
  /** Inverters: panels connected, W peak at STC (0 for a battery inverter). */
  pvW?: number;
  /** Batteries. */
  capacityKwh?: number;
  /** Inverters: MPPT inputs with panels on them (a micro inverter: one per panel). */
  mppts?: number;
  phases?: 1 | 3;
  protocol: DeviceProtocol;
  /**
   * The firmware it ships with (shared demoIdentity, which the server seeds too); an upgrade changes what the
   * running device reports. Absent in fleet files written before issue 13 and in devices the server adds.
   */
  firmware?: string;
}

export interface GatewayDef {
  /** `GW` + 8 digits. */
  sn: string;
  /** SIM_GATEWAY_MODEL: what gateway firmware is made for. */
  model: string;
  /** What it runs at start (SIM_GATEWAY_FIRMWARE). */
  firmware: string;
  devices: DeviceDef[];
}

export interface PlantDef {
  /** Stable key within the fleet (what `injectFault` takes). */
  key: string;
  name: string;
  type: PlantType;
  /** The PV inverters' kind: string or micro for grid plants, string for AC-coupled, hybrid for DC-coupled. */
  inverterKind: InverterKind;
  /** Installed PV, kW peak. */
  capacityKw: number;
  latitude: number;
  longitude: number;
  /** IANA time zone name. */
  timeZone: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 4217. */
  currency: string;
  /** Panel tilt from horizontal, degrees. */
  tiltDeg: number;
  /** Panel azimuth, degrees clockwise from north (180 faces south). */
  azimuthDeg: number;
  /** Grid connection date, YYYY-MM-DD. */
  commissionedOn: string;
  /** Phase-to-neutral voltage and frequency of the local grid. */
  gridVoltage: number;
  gridFrequency: 50 | 60;
  load: { profile: LoadProfile; dailyKwh: number };
  /** The local climate; a latitude-based guess when left out. */
  climate?: Partial<Climate>;
  /** Seeds everything about the plant's weather, loads and device quirks. */
  seed: number;
  gateways: GatewayDef[];
}

/** The faults a running fleet can be given (FleetHandle.injectFault). */
export const FAULTS = ['offline', 'inverter', 'batteryOverTemp', 'weakString'] as const;
export type Fault = (typeof FAULTS)[number];
