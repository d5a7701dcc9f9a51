/**
 * Where a device's cumulative counters stand when a simulation starts: the plant's age times a typical
 * day's energy. Simulating every day since commissioning would take seconds per plant for numbers nobody
 * checks; a typical day keeps them plausible, deterministic, and growing with the start time, so a later
 * run starts higher than an earlier one did.
 */
import type { DeviceDef, PlantDef } from './types.js';
import { climateForLatitude } from '../physics/weather.js';
import { unit } from '../random.js';

const DAY_MS = 86_400_000;

export interface StartCounters {
  ePv: number;
  eAc: number;
  eCharge: number;
  eDischarge: number;
  eImport: number;
  eExport: number;
  eLoad: number;
}

/** A typical day's PV yield per kW peak, kWh: sunnier towards the tropics and with more clear days. */
function yieldPerKwp(plant: PlantDef): number {
  const clear = plant.climate?.clearDays ?? climateForLatitude(plant.latitude).clearDays;
  return (4.8 - 0.06 * Math.max(0, Math.abs(plant.latitude) - 20)) * (0.75 + 0.5 * clear);
}

export function ageDays(plant: PlantDef, atMs: number): number {
  return Math.max(0, (atMs - Date.parse(`${plant.commissionedOn}T00:00:00Z`)) / DAY_MS);
}

/** The readings a device last reported in an earlier run (metric name → value), to continue from. */
export type LastReadings = Readonly<Record<string, number | null | undefined>>;

/**
 * Counters of one device at `atMs` (only those its kind has are used): the ones in `last` where it has
 * them, so a restarted simulation joins the counters an earlier run left off at; typical values otherwise.
 */
export function startCounters(plant: PlantDef, device: DeviceDef, atMs: number, last?: LastReadings): StartCounters {
  const typical = typicalCounters(plant, device, atMs);
  if (!last) return typical;
  const pick = (metric: string, fallback: number) => {
    const value = last[metric];
    return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  return {
    ePv: pick('e_pv_total', typical.ePv),
    eAc: pick('e_ac_total', typical.eAc),
    eCharge: pick('e_charge_total', typical.eCharge),
    eDischarge: pick('e_discharge_total', typical.eDischarge),
    eImport: pick('e_import_total', typical.eImport),
    eExport: pick('e_export_total', typical.eExport),
    eLoad: pick('e_load_total', typical.eLoad),
  };
}

function typicalCounters(plant: PlantDef, device: DeviceDef, atMs: number): StartCounters {
  const days = ageDays(plant, atMs);
  // A device's own ±10 % keeps two identical inverters from showing identical lifetimes.
  const own = 0.9 + 0.2 * unit(plant.seed, device.sn, 'start');
  const pvDaily = ((device.pvW ?? 0) / 1000) * yieldPerKwp(plant) * own;

  const plantPvAc = plant.capacityKw * yieldPerKwp(plant) * 0.965;
  const storage = plant.type !== 'grid';
  const selfUse = Math.min(plantPvAc, plant.load.dailyKwh) * (storage ? 0.7 : 0.35);
  const capacity = device.capacityKwh ?? 0;
  const charge = capacity * 0.7;

  const isBatteryInverter = device.inverterKind === 'hybrid' && (device.pvW ?? 0) === 0;
  return {
    ePv: days * pvDaily,
    eAc: days * (isBatteryInverter ? plant.load.dailyKwh * 0.3 * own : pvDaily * 0.965),
    eCharge: days * charge * own,
    eDischarge: days * charge * 0.9 * own,
    eImport: days * Math.max(0, plant.load.dailyKwh - selfUse) * own,
    eExport: days * Math.max(0, plantPvAc - selfUse) * own,
    eLoad: days * plant.load.dailyKwh * own,
  };
}
