/**
 * A deterministic fleet of plants: the same count and seed give the same plants, gateways, devices and
 * serial numbers, so the server's demo fleet, the tests and a developer's console all show the same world.
 */
import {
  demoIdentity,
  MAX_FLEET_SIZE,
  SIM_BATTERY_MODULE_KWH,
  SIM_HYBRID_SIZES_KW,
  SIM_STRING_SIZES_KW,
  simBatteryModel,
  simHybridModel,
  simMeterModel,
  simMicroModel,
  simStringModel,
  type InverterKind,
  type PlantType,
} from '@heliograph/shared';
import { SIM_GATEWAY_FIRMWARE, SIM_GATEWAY_MODEL } from '../gateway/identity.js';
import { MODULE_WATTS } from '../physics/pv.js';
import { hash32, Rng } from '../random.js';
import { round } from '../round.js';
import { PLACES, type Place } from './places.js';
import type { DeviceDef, GatewayDef, PlantDef } from './types.js';

export interface FleetOptions {
  /** Plants, 1–MAX_FLEET_SIZE. */
  count: number;
  /** Default 1. */
  seed?: number;
}

type Size = 'home' | 'business' | 'park';
interface Archetype {
  type: PlantType;
  inverterKind: InverterKind;
  size: Size;
  /** The PV inverters speak SunSpec over Modbus TCP; the gateway polls them and sends raw registers. */
  sunspec?: boolean;
}

/**
 * Plant i gets archetype i mod 12, so every fleet of four or more has all three plant types, both grid
 * inverter kinds, and (from plant 0) a gateway that polls a SunSpec inverter.
 */
const ARCHETYPES: readonly Archetype[] = [
  { type: 'grid', inverterKind: 'string', size: 'home', sunspec: true },
  { type: 'storage_dc', inverterKind: 'hybrid', size: 'home' },
  { type: 'grid', inverterKind: 'micro', size: 'home' },
  { type: 'storage_ac', inverterKind: 'string', size: 'home' },
  { type: 'grid', inverterKind: 'string', size: 'business' },
  { type: 'storage_dc', inverterKind: 'hybrid', size: 'home' },
  { type: 'grid', inverterKind: 'string', size: 'home' },
  { type: 'storage_ac', inverterKind: 'string', size: 'business' },
  { type: 'grid', inverterKind: 'micro', size: 'home' },
  { type: 'storage_dc', inverterKind: 'hybrid', size: 'business' },
  { type: 'grid', inverterKind: 'string', size: 'park', sunspec: true },
  { type: 'grid', inverterKind: 'string', size: 'home' },
];

/** AC ratings string and hybrid inverters come in, kW (packages/shared/src/fleet.ts: the model catalogue). */
const STRING_SIZES = SIM_STRING_SIZES_KW;
const HYBRID_SIZES = SIM_HYBRID_SIZES_KW;
/** Largest inverter per plant size, kW. */
const LARGEST: Record<Size, number> = { home: 15, business: 60, park: 125 };
/** Devices one gateway polls at most before a plant gets another gateway. */
const DEVICES_PER_GATEWAY = 16;
const BATTERY_MODULE_KWH = SIM_BATTERY_MODULE_KWH;

const NAMES: Record<Size, readonly string[]> = {
  home: ['Residence', 'Rooftop', 'Villa', 'House', 'Home', 'Cottage'],
  business: ['Warehouse', 'Factory', 'School', 'Office Park', 'Supermarket', 'Carport'],
  park: ['Solar Park', 'Solar Farm'],
};

const DAY_MS = 86_400_000;
/** Plants went on the grid between these dates (so every one has run for over a year). */
const COMMISSIONED_FROM = Date.UTC(2019, 0, 1);
const COMMISSIONED_TO = Date.UTC(2024, 11, 31);

export function defineFleet(options: FleetOptions): PlantDef[] {
  const { count, seed = 1 } = options;
  if (!Number.isInteger(count) || count < 1 || count > MAX_FLEET_SIZE) {
    throw new RangeError(`count must be 1–${MAX_FLEET_SIZE}`);
  }
  // Two digits of the serial numbers come from the seed, so fleets of different seeds rarely collide.
  const prefix = String(10 + (hash32('fleet', seed) % 90));
  const places = shuffle([...PLACES], new Rng(hash32('places', seed)));
  const names = new Set<string>();
  return Array.from({ length: count }, (_, index) => {
    const archetype = ARCHETYPES[index % ARCHETYPES.length] as Archetype;
    const place = places[index % places.length] as Place;
    return definePlant(index, archetype, place, prefix, seed, names);
  });
}

function definePlant(
  index: number,
  archetype: Archetype,
  place: Place,
  prefix: string,
  fleetSeed: number,
  names: Set<string>,
): PlantDef {
  const plantSeed = hash32('plant', fleetSeed, index);
  const rng = new Rng(plantSeed);
  const { size, type } = archetype;
  const plantDigits = String(index + 1).padStart(3, '0');
  const serial = (kind: string, n: number) => `${kind}${prefix}${plantDigits}${String(n).padStart(3, '0')}`;

  const [minKw, maxKw] =
    size === 'home' ? [4, 14] : size === 'park' ? [800, 3000] : archetype.type === 'storage_dc' ? [30, 60] : [30, 300];
  const modules = Math.round((rng.range(minKw, maxKw) * 1000) / MODULE_WATTS);
  const capacityKw = round((modules * MODULE_WATTS) / 1000, 2);
  const phases: 1 | 3 = size !== 'home' || (place.gridVoltage >= 220 && rng.chance(0.5)) ? 3 : 1;

  const counters = { INV: 0, BAT: 0, MTR: 0, WS: 0 };
  const next = (kind: keyof typeof counters) => serial(kind, ++counters[kind]);
  const protocol = archetype.sunspec ? 'sunspec' : 'metrics';

  const inverters: DeviceDef[] = [];
  if (archetype.inverterKind === 'micro') {
    const panels = rng.chance(0.5) ? 2 : 4;
    const count = Math.ceil(modules / panels);
    for (let i = 0; i < count; i++) {
      const onThis = Math.min(panels, modules - i * panels);
      inverters.push({
        sn: next('INV'),
        kind: 'inverter',
        inverterKind: 'micro',
        model: simMicroModel(panels),
        ratedW: panels * 400,
        pvW: onThis * MODULE_WATTS,
        mppts: onThis,
        phases: 1,
        protocol: 'metrics',
      });
    }
  } else if (archetype.inverterKind === 'hybrid') {
    const pvW = capacityKw * 1000;
    const ratedKw = sizeFor(pvW / 1000 / rng.range(1.1, 1.3), HYBRID_SIZES);
    inverters.push({
      sn: next('INV'),
      kind: 'inverter',
      inverterKind: 'hybrid',
      model: simHybridModel(ratedKw, phases),
      ratedW: ratedKw * 1000,
      pvW,
      mppts: ratedKw <= 12 ? 2 : 4,
      phases,
      protocol: 'metrics',
    });
  } else {
    const count = Math.ceil(capacityKw / (1.2 * LARGEST[size]));
    const ratio = rng.range(1.1, 1.3);
    for (let i = 0; i < count; i++) {
      const pvW = round((capacityKw * 1000) / count, 0);
      const ratedKw = sizeFor(pvW / 1000 / ratio, STRING_SIZES);
      inverters.push({
        sn: next('INV'),
        kind: 'inverter',
        inverterKind: 'string',
        model: simStringModel(ratedKw, phases),
        ratedW: ratedKw * 1000,
        pvW,
        mppts: ratedKw <= 10 ? 2 : ratedKw <= 30 ? 3 : ratedKw <= 60 ? 4 : 8,
        phases,
        protocol,
      });
    }
  }

  const storage: DeviceDef[] = [];
  if (type !== 'grid') {
    const kwh = size === 'home' ? BATTERY_MODULE_KWH * rng.int(1, 4) : round(capacityKw * rng.range(0.8, 1.6), 0);
    if (type === 'storage_ac') {
      // The AC-coupled battery sits behind its own inverter: a hybrid with no panels on it.
      const ratedKw = sizeFor(Math.max(3, kwh / 3), HYBRID_SIZES);
      storage.push({
        sn: next('INV'),
        kind: 'inverter',
        inverterKind: 'hybrid',
        model: simHybridModel(ratedKw, phases),
        ratedW: ratedKw * 1000,
        pvW: 0,
        mppts: 0,
        phases,
        protocol: 'metrics',
      });
    }
    const batteryInverter = type === 'storage_ac' ? storage[0] : inverters[0];
    storage.push({
      sn: next('BAT'),
      kind: 'battery',
      model: simBatteryModel(kwh),
      capacityKwh: round(kwh, 2),
      ratedW: Math.min(batteryInverter?.ratedW ?? Infinity, round(kwh * 500, 0)),
      protocol: 'metrics',
    });
  }

  const meter: DeviceDef = {
    sn: next('MTR'),
    kind: 'meter',
    model: simMeterModel(phases),
    phases,
    protocol: 'metrics',
  };
  const weather: DeviceDef[] =
    size !== 'home' || rng.chance(0.2)
      ? [{ sn: next('WS'), kind: 'weather', model: 'SIM-WS-1', protocol: 'metrics' }]
      : [];

  // The meter, weather station and battery ride on the first gateway; inverters fill it and any others.
  const site = [meter, ...weather, ...storage];
  const gatewayCount = Math.max(1, Math.ceil((inverters.length + site.length) / DEVICES_PER_GATEWAY));
  const gateways: GatewayDef[] = Array.from({ length: gatewayCount }, (_, g) => ({
    sn: `GW${prefix}${plantDigits}${String(g + 1).padStart(3, '0')}`,
    model: SIM_GATEWAY_MODEL,
    firmware: SIM_GATEWAY_FIRMWARE,
    devices: g === 0 ? [...site] : [],
  }));
  inverters.forEach((inverter, i) =>
    gateways[Math.floor((i * gatewayCount) / inverters.length)]?.devices.push(inverter),
  );
  // Every device starts on the version the server seeds for its kind, so an upgrade's "from" is the same on both.
  for (const device of [...inverters, ...site]) device.firmware = demoIdentity(device.kind).firmware;

  const north = place.latitude >= 0;
  const spread = size === 'park' ? 0 : size === 'business' ? 20 : 35;
  const deviation = rng.range(-spread, spread);
  const latitude = round(place.latitude + rng.range(-0.08, 0.08), 4);
  const tiltDeg =
    size === 'business'
      ? rng.int(8, 15)
      : Math.round(Math.min(35, Math.max(size === 'park' ? 10 : 8, Math.abs(latitude) * 0.75 + rng.range(-6, 8))));

  return {
    key: `p${plantDigits}`,
    name: uniqueName(`${place.city} ${rng.pick(NAMES[size])}`, names),
    type,
    inverterKind: archetype.inverterKind,
    capacityKw,
    latitude,
    longitude: round(place.longitude + rng.range(-0.08, 0.08), 4),
    timeZone: place.timeZone,
    city: place.city,
    country: place.country,
    currency: place.currency,
    tiltDeg,
    azimuthDeg: round((north ? 180 + deviation : 360 + deviation) % 360, 0),
    commissionedOn: new Date(Math.floor(rng.range(COMMISSIONED_FROM, COMMISSIONED_TO) / DAY_MS) * DAY_MS)
      .toISOString()
      .slice(0, 10),
    gridVoltage: place.gridVoltage,
    gridFrequency: place.gridFrequency,
    load:
      size === 'home'
        ? { profile: 'household', dailyKwh: round(rng.range(7, 18) * (place.climate.meanTemp > 22 ? 1.3 : 1), 1) }
        : size === 'business'
          ? { profile: 'commercial', dailyKwh: round(capacityKw * rng.range(2, 4.5), 0) }
          : { profile: 'auxiliary', dailyKwh: round(capacityKw * 0.02, 0) },
    climate: place.climate,
    seed: plantSeed,
    gateways,
  };
}

/** The smallest product at least `kw`, or the largest there is. */
function sizeFor(kw: number, sizes: readonly number[]): number {
  return sizes.find((s) => s >= kw) ?? (sizes[sizes.length - 1] as number);
}

function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = `${name} ${n}`;
  taken.add(candidate);
  return candidate;
}

function shuffle<T>(items: T[], rng: Rng): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [items[i], items[j]] = [items[j] as T, items[i] as T];
  }
  return items;
}
