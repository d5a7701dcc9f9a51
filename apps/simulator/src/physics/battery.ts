/**
 * A lithium iron phosphate battery: state of charge kept between 10 % and 95 %, a power limit, 95 %
 * efficiency each way (measured at its terminals), and what its BMS reports: pack voltage and current,
 * cell voltages and temperatures, state of health.
 */
import { unit } from '../random.js';
import { round } from '../round.js';

export const SOC_MIN = 0.1;
export const SOC_MAX = 0.95;
export const CHARGE_EFFICIENCY = 0.95;
export const DISCHARGE_EFFICIENCY = 0.95;
/** Cells the BMS reports one by one: the first module's (a 16S LFP module, 51.2 V nominal). */
export const REPORTED_CELLS = 16;
/** What an over-temperature fault makes the BMS read, °C. */
export const OVER_TEMPERATURE = 61;

export interface BatterySpec {
  capacityKwh: number;
  /** Charge and discharge limit at the terminals, W. */
  powerW: number;
  /** State of health, 0–1: the share of the rated capacity still there. */
  soh: number;
  seed: number;
}

export class Battery {
  /** State of charge, 0–1 of the capacity left (rated × SOH). */
  soc: number;

  constructor(
    readonly spec: BatterySpec,
    soc = 0.5,
  ) {
    this.soc = Math.min(SOC_MAX, Math.max(SOC_MIN, soc));
  }

  get usableKwh(): number {
    return this.spec.capacityKwh * this.spec.soh;
  }

  /** The most it can take at its terminals over `hours` without passing SOC_MAX, W. */
  maxChargeW(hours: number): number {
    const roomKwh = Math.max(0, SOC_MAX - this.soc) * this.usableKwh;
    return Math.min(this.spec.powerW, (roomKwh * 1000) / CHARGE_EFFICIENCY / hours);
  }

  /** The most it can give at its terminals over `hours` without passing SOC_MIN, W. */
  maxDischargeW(hours: number): number {
    const availableKwh = Math.max(0, this.soc - SOC_MIN) * this.usableKwh;
    return Math.min(this.spec.powerW, (availableKwh * 1000 * DISCHARGE_EFFICIENCY) / hours);
  }

  /** Runs at `terminalW` (positive discharging, negative charging, within the limits above) for `hours`. */
  run(terminalW: number, hours: number): void {
    const storedKwh =
      terminalW >= 0
        ? (-terminalW * hours) / 1000 / DISCHARGE_EFFICIENCY
        : (-terminalW * hours * CHARGE_EFFICIENCY) / 1000;
    this.soc = Math.min(SOC_MAX, Math.max(SOC_MIN, this.soc + storedKwh / this.usableKwh));
  }

  /** Cells in series: a 16S module up to 30 kWh, stacked modules (a high-voltage pack) above. */
  get seriesCells(): number {
    return this.spec.capacityKwh <= 30 ? 16 : 16 * Math.ceil(this.spec.capacityKwh / 30);
  }

  /**
   * The BMS's view at a terminal power and air temperature: LFP's flat open-circuit curve with a little
   * IR drop under load, cells a few mV and a degree or two apart, warmer when working hard.
   */
  bms(terminalW: number, tAmbient: number, overTemperature: boolean): Record<string, number> {
    const ocv = 3.0 + 0.3 * this.soc ** 0.25;
    const load = terminalW / this.spec.powerW;
    const cellV = ocv - 0.05 * load;
    const packV = cellV * this.seriesCells;
    const fullAh = (this.spec.capacityKwh * 1000 * this.spec.soh) / (3.2 * this.seriesCells);
    // Batteries sit indoors or in a cabinet: they follow the air only part of the way.
    const temp = overTemperature ? OVER_TEMPERATURE : 20 + 0.4 * (tAmbient - 20) + 4 * load * load;
    const metrics: Record<string, number> = {
      v_bat: round(packV, 1),
      i_bat: round(terminalW / packV, 2),
      temp: round(temp, 1),
      soc: round(this.soc * 100, 1),
      soh: round(this.spec.soh * 100, 1),
      // Capacity in Ah at the nominal 3.2 V per cell: full is what SOH leaves, residual what SOC leaves of it.
      cap_full_ah: round(fullAh, 1),
      cap_residual_ah: round(fullAh * this.soc, 1),
      // The BMS opens both contactors on over-temperature (1 closed, 0 open).
      relay_charge: overTemperature ? 0 : 1,
      relay_discharge: overTemperature ? 0 : 1,
    };
    for (let cell = 1; cell <= REPORTED_CELLS; cell++) {
      metrics[`cell${cell}_v`] = round(cellV + 0.016 * (unit(this.spec.seed, 'cell-v', cell) - 0.5), 3);
      metrics[`cell${cell}_t`] = round(temp + 3 * (unit(this.spec.seed, 'cell-t', cell) - 0.5), 1);
    }
    return metrics;
  }
}
