/**
 * What each device of a plant reports at the model's current time, by the metric names of
 * packages/shared/src/metrics.ts. Counters go out to the Wh (3 decimals of kWh), powers to 0.1 W.
 */
import type { DeviceKind } from '@heliograph/shared';
import { mpptVoltage } from '../physics/pv.js';
import { valueNoise } from '../random.js';
import { round } from '../round.js';
import type { BatteryState, InverterState, MeterState, PlantModel } from './plant-model.js';
import type { DeviceDef } from './types.js';

export interface DeviceReading {
  sn: string;
  kind: DeviceKind;
  metrics: Record<string, number | null>;
}

/**
 * Inverter operating states, numbered as SunSpec's `St` (models 101–103), so the value reads the same
 * whether it came as a metric or from registers.
 */
export const INVERTER_STATE = { off: 1, sleeping: 2, mppt: 4, throttled: 5, fault: 7 } as const;

const MINUTE = 60_000;

export function plantReadings(model: PlantModel): DeviceReading[] {
  const readings: DeviceReading[] = [];
  for (const inverter of model.inverters) readings.push(inverterReading(model, inverter));
  if (model.battery) readings.push(batteryReading(model, model.battery));
  if (model.meter) readings.push(meterReading(model, model.meter));
  for (const station of model.weatherStations) readings.push(weatherReading(model, station));
  return readings;
}

/** Grid frequency now: the nominal value with the small wander a real grid has (±0.03 Hz). */
function gridFrequency(model: PlantModel): number {
  const wander = valueNoise(model.plant.seed ^ 0xf0, model.time / MINUTE / 3) - 0.5;
  return round(model.plant.gridFrequency + 0.06 * wander, 2);
}

/** Phase voltage: nominal ±2 %, a little higher where an inverter pushes power out. */
function phaseVoltage(model: PlantModel, phase: number, exportShare: number): number {
  const wander = valueNoise(model.plant.seed ^ (0xa0 + phase), model.time / MINUTE / 7) - 0.5;
  return model.plant.gridVoltage * (1 + 0.04 * wander + 0.01 * exportShare);
}

function addPhases(
  metrics: Record<string, number | null>,
  model: PlantModel,
  phases: number,
  powerW: number,
  share: number,
) {
  for (let phase = 1; phase <= phases; phase++) {
    const p = powerW / phases;
    const v = phaseVoltage(model, phase, share);
    metrics[`ph${phase}_v`] = round(v, 1);
    metrics[`ph${phase}_i`] = round(Math.abs(p) / v, 2);
    metrics[`ph${phase}_p`] = round(p, 1);
  }
}

function inverterReading(model: PlantModel, inverter: InverterState): DeviceReading {
  const { env } = model;
  const running = inverter.acW !== 0 || inverter.pvDcW > 0;
  const state = inverter.fault
    ? INVERTER_STATE.fault
    : !inverter.enabled
      ? INVERTER_STATE.off
      : running
        ? inverter.clipped
          ? INVERTER_STATE.throttled
          : INVERTER_STATE.mppt
        : INVERTER_STATE.sleeping;
  const loadShare = Math.abs(inverter.acW) / inverter.ratedW;
  const metrics: Record<string, number | null> = {
    p_ac: round(inverter.acW, 1),
    p_pv: round(inverter.pvDcW, 1),
    e_pv_total: round(inverter.ePv, 3),
    e_ac_total: round(inverter.eAc, 3),
    freq: gridFrequency(model),
    // The enclosure warms with the air and with the heat of conversion.
    temp: round(env.weather.tAmbient + (running ? 3 + 18 * loadShare : 0), 1),
    state,
  };
  inverter.mpptPeakW.forEach((peak, i) => {
    const p = inverter.mpptDcW[i] ?? 0;
    // A string in daylight holds its voltage even while the inverter draws nothing from it.
    const v = env.poa > 0 && !inverter.fault ? mpptVoltage(peak, env.poa, env.tCell) * (p > 0 ? 1 : 1.2) : 0;
    metrics[`mppt${i + 1}_v`] = round(v, 1);
    metrics[`mppt${i + 1}_i`] = round(v > 0 ? p / v : 0, 2);
    metrics[`mppt${i + 1}_p`] = round(p, 1);
  });
  addPhases(metrics, model, inverter.def.phases ?? 1, inverter.acW, Math.max(0, inverter.acW) / inverter.ratedW);
  return { sn: inverter.def.sn, kind: 'inverter', metrics };
}

function batteryReading(model: PlantModel, state: BatteryState): DeviceReading {
  const { battery, terminalW } = state;
  const capacity = battery.spec.capacityKwh;
  return {
    sn: state.def.sn,
    kind: 'battery',
    metrics: {
      p_bat: round(terminalW, 1),
      ...battery.bms(terminalW, model.env.weather.tAmbient, state.overTemperature),
      e_charge_total: round(state.eCharge, 3),
      e_discharge_total: round(state.eDischarge, 3),
      // A full cycle is a capacity's worth charged and discharged.
      cycles: Math.floor((state.eCharge + state.eDischarge) / (2 * capacity)),
    },
  };
}

function meterReading(model: PlantModel, meter: MeterState): DeviceReading {
  const metrics: Record<string, number | null> = {
    p_grid: round(meter.gridW, 1),
    e_import_total: round(meter.eImport, 3),
    e_export_total: round(meter.eExport, 3),
    p_load: round(meter.loadW, 1),
    e_load_total: round(meter.eLoad, 3),
    freq: gridFrequency(model),
  };
  addPhases(metrics, model, meter.def.phases ?? 1, meter.gridW, 0);
  return { sn: meter.def.sn, kind: 'meter', metrics };
}

function weatherReading(model: PlantModel, station: DeviceDef): DeviceReading {
  const { env } = model;
  return {
    sn: station.sn,
    kind: 'weather',
    metrics: {
      irradiance: round(env.poa, 1),
      t_ambient: round(env.weather.tAmbient, 1),
      t_module: round(env.tCell, 1),
      wind_speed: round(env.weather.windSpeed, 1),
    },
  };
}
