/**
 * One plant stepping through time: sun, weather and load drive the inverters, the battery follows the
 * self-consumption rule, and the grid takes the rest. Every sub-step balances by construction:
 *
 *   PV (DC from the panels) + purchase + discharge = load + feed-in + charge + losses (inverter conversion)
 *
 * where charge and discharge are measured at the battery's terminals (its internal 5 % each way shows in
 * the state of charge, not in the plant balance). Sub-steps sit on a fixed 5-minute UTC grid, so a reading
 * at a grid time is the same whatever schedule the caller samples on.
 */
import { scheduleSlotAt, type BatteryScheduleSlot } from '@heliograph/shared';
import { Battery } from '../physics/battery.js';
import { horizontalIrradiance, planeOfArray } from '../physics/irradiance.js';
import { loadPower, type LoadSite } from '../physics/load.js';
import {
  cellTemperature,
  dcPower,
  gridInverter,
  inverterInput,
  inverterOutput,
  MODULE_WATTS,
  WEAK_STRING_FACTOR,
} from '../physics/pv.js';
import { sunPosition, type SunPosition } from '../physics/sun.js';
import { Weather, type LocalTime, type WeatherNow } from '../physics/weather.js';
import { hash32, unit } from '../random.js';
import { scheduledPoint } from './scheduled-hybrid.js';
import { localTime } from './local-time.js';
import { ageDays, startCounters, type LastReadings } from './start-counters.js';
import type { DeviceDef, PlantDef } from './types.js';

/** The physics step, and the grid sub-steps are aligned to. */
export const STEP_MS = 300_000;
const MS_PER_HOUR = 3_600_000;

/** Energy over an interval, kWh: the terms of the plant balance. */
export interface EnergyBalance {
  pv: number;
  purchase: number;
  discharge: number;
  load: number;
  feedIn: number;
  charge: number;
  losses: number;
}

export const emptyBalance = (): EnergyBalance => ({
  pv: 0,
  purchase: 0,
  discharge: 0,
  load: 0,
  feedIn: 0,
  charge: 0,
  losses: 0,
});

export interface Environment {
  local: LocalTime;
  sun: SunPosition;
  weather: WeatherNow;
  /** Plane-of-array irradiance, W/m². */
  poa: number;
  tCell: number;
  loadW: number;
}

export interface InverterState {
  def: DeviceDef;
  ratedW: number;
  /** Panels on each MPPT input, W peak. */
  mpptPeakW: number[];
  /** This device's panels against nameplate (soiling, tolerance): 0.96–1.01. */
  quality: number;
  /** Running (boot) or stopped by command (shutdown / switchOff). */
  enabled: boolean;
  fault: boolean;
  /** Active power limit, share of the rating (settingsWrite). */
  powerLimit: number;
  /** Index of an MPPT with a weak string on it, or -1. */
  weakMppt: number;
  // The operating point of the latest sub-step (arrays reused from step to step).
  /** What each MPPT could give, W. */
  mpptAvailW: number[];
  /** What each MPPT gives, W. */
  mpptDcW: number[];
  /** DC from the panels, W. */
  pvDcW: number;
  /** AC out (negative: a hybrid charging its battery from the grid), W. */
  acW: number;
  lossW: number;
  clipped: boolean;
  // Cumulative counters, kWh.
  ePv: number;
  eAc: number;
  eMppt: number[];
}

export interface BatteryState {
  def: DeviceDef;
  battery: Battery;
  /** At the terminals, positive discharging. */
  terminalW: number;
  overTemperature: boolean;
  eCharge: number;
  eDischarge: number;
}

export interface MeterState {
  def: DeviceDef;
  /** Positive buying. */
  gridW: number;
  loadW: number;
  eImport: number;
  eExport: number;
  eLoad: number;
}

export class PlantModel {
  readonly inverters: InverterState[] = [];
  readonly battery: BatteryState | undefined;
  readonly meter: MeterState | undefined;
  readonly weatherStations: DeviceDef[];
  /** The inverter with the battery behind it (DC-coupled plants, and AC-coupled ones' battery inverter). */
  readonly hybrid: InverterState | undefined;
  env: Environment;
  private now: number;
  /** The battery schedule a console sent (batterySchedule); the hybrid follows the slot covering the moment. */
  private schedule: readonly BatteryScheduleSlot[] = [];
  private readonly weather: Weather;
  private readonly site: LoadSite;

  /**
   * `resume` holds, by device serial number, readings an earlier run left off at: counters (and the
   * battery's state of charge) continue from them instead of from typical values.
   */
  constructor(
    readonly plant: PlantDef,
    startMs: number,
    resume?: Readonly<Record<string, LastReadings>>,
  ) {
    this.now = startMs;
    this.weather = new Weather(plant.seed, plant.latitude, plant.climate);
    this.site = { profile: plant.load.profile, dailyKwh: plant.load.dailyKwh, seed: plant.seed };
    const devices = plant.gateways.flatMap((g) => g.devices);

    for (const def of devices.filter((d) => d.kind === 'inverter')) {
      const start = startCounters(plant, def, startMs, resume?.[def.sn]);
      const mppts = def.mppts ?? 0;
      const pvW = def.pvW ?? 0;
      const mpptPeakW =
        def.inverterKind === 'micro'
          ? Array.from({ length: mppts }, () => MODULE_WATTS)
          : Array.from({ length: mppts }, () => pvW / mppts);
      const total = mpptPeakW.reduce((a, b) => a + b, 0) || 1;
      this.inverters.push({
        def,
        ratedW: def.ratedW ?? 1000,
        mpptPeakW,
        quality: 0.96 + 0.05 * unit(plant.seed, def.sn, 'quality'),
        enabled: true,
        fault: false,
        powerLimit: 1,
        weakMppt: -1,
        mpptAvailW: mpptPeakW.map(() => 0),
        mpptDcW: mpptPeakW.map(() => 0),
        pvDcW: 0,
        acW: 0,
        lossW: 0,
        clipped: false,
        ePv: start.ePv,
        eAc: start.eAc,
        eMppt: mpptPeakW.map((w) => (start.ePv * w) / total),
      });
    }
    this.hybrid = this.inverters.find((i) => i.def.inverterKind === 'hybrid');

    const batteryDef = devices.find((d) => d.kind === 'battery');
    if (batteryDef) {
      const last = resume?.[batteryDef.sn];
      const start = startCounters(plant, batteryDef, startMs, last);
      const years = ageDays(plant, startMs) / 365;
      const seed = hash32(plant.seed, batteryDef.sn);
      const soh = Math.max(0.8, 1 - 0.015 * years - 0.02 * unit(seed, 'soh'));
      this.battery = {
        def: batteryDef,
        battery: new Battery(
          { capacityKwh: batteryDef.capacityKwh ?? 10, powerW: batteryDef.ratedW ?? 5000, soh, seed },
          typeof last?.soc === 'number' ? last.soc / 100 : undefined,
        ),
        terminalW: 0,
        overTemperature: false,
        eCharge: start.eCharge,
        eDischarge: start.eDischarge,
      };
    }

    const meterDef = devices.find((d) => d.kind === 'meter');
    if (meterDef) {
      const start = startCounters(plant, meterDef, startMs, resume?.[meterDef.sn]);
      this.meter = {
        def: meterDef,
        gridW: 0,
        loadW: 0,
        eImport: start.eImport,
        eExport: start.eExport,
        eLoad: start.eLoad,
      };
    }
    this.weatherStations = devices.filter((d) => d.kind === 'weather');

    this.env = this.environment(startMs);
    // The operating point at the start, for readings taken before any time has passed.
    this.operate(STEP_MS / MS_PER_HOUR);
  }

  /** Keeps a battery schedule (batterySchedule); an empty one returns the hybrid to self-use. */
  setSchedule(slots: readonly BatteryScheduleSlot[]): void {
    this.schedule = [...slots];
  }

  get time(): number {
    return this.now;
  }

  /** Steps to `targetMs` and returns the energy of the interval. */
  advanceTo(targetMs: number): EnergyBalance {
    const total = emptyBalance();
    while (this.now < targetMs) {
      const next = Math.min(targetMs, (Math.floor(this.now / STEP_MS) + 1) * STEP_MS);
      const hours = (next - this.now) / MS_PER_HOUR;
      this.env = this.environment(next);
      this.operate(hours);
      this.integrate(hours, total);
      this.now = next;
    }
    return total;
  }

  private environment(t: number): Environment {
    const { plant } = this;
    const local = localTime(plant.timeZone, t);
    const sun = sunPosition(t, plant.latitude, plant.longitude);
    const weather = this.weather.at(t, local);
    let poa = 0;
    if (sun.elevation > 0) {
      const horizontal = horizontalIrradiance(sun.zenith, local.dayOfYear, weather.cloudCover);
      poa = planeOfArray(horizontal, sun, plant.tiltDeg, plant.azimuthDeg).poa;
    }
    return {
      local,
      sun,
      weather,
      poa,
      tCell: cellTemperature(weather.tAmbient, poa),
      loadW: loadPower(this.site, t, local, weather.tAmbient),
    };
  }

  /** Sets every device's operating point for the conditions in `env`, over a sub-step of `hours`. */
  private operate(hours: number): void {
    const { env } = this;
    let othersAcW = 0;
    for (const inverter of this.inverters) {
      if (inverter === this.hybrid) continue;
      const available = this.availableMppt(inverter);
      const point = gridInverter(sum(available), inverter.ratedW * inverter.powerLimit);
      this.setPv(inverter, available, point.dcW, point.clipped);
      inverter.acW = point.acW;
      inverter.lossW = point.dcW - point.acW;
      othersAcW += point.acW;
    }

    let hybridAcW = 0;
    if (this.hybrid) hybridAcW = this.operateHybrid(this.hybrid, env.loadW - othersAcW, hours);
    else if (this.battery) this.battery.terminalW = 0;

    if (this.meter) {
      this.meter.loadW = env.loadW;
      this.meter.gridW = env.loadW - othersAcW - hybridAcW;
    }
  }

  /**
   * The hybrid aims to cover `targetAcW` (the load minus the other inverters' output; negative when they
   * make more than the load) from its panels and battery: surplus PV charges the battery on the DC side
   * before any is exported, a shortfall is discharged, and an AC surplus from other inverters is taken in
   * through the hybrid to charge (AC coupling). Returns its AC output, negative when taking power in.
   */
  private operateHybrid(inverter: InverterState, targetAcW: number, hours: number): number {
    const bat = this.battery;
    const usable = inverter.enabled && !inverter.fault;
    const batteryOk = usable && bat !== undefined && !bat.overTemperature;
    const chargeMax = batteryOk ? bat.battery.maxChargeW(hours) : 0;
    const dischargeMax = batteryOk ? bat.battery.maxDischargeW(hours) : 0;
    const rated = inverter.ratedW;
    const limitW = rated * inverter.powerLimit;
    const available = this.availableMppt(inverter);
    const pv = sum(available);
    const slot = batteryOk ? scheduleSlotAt(this.schedule, this.now) : undefined;
    if (slot) {
      const point = scheduledPoint({ slot, pv, targetAcW, chargeMax, dischargeMax, limitW, rated });
      this.setPv(inverter, available, point.pvUsed, point.clipped);
      inverter.acW = point.acOut - point.acIn;
      inverter.lossW = point.pvUsed + point.discharge + point.acIn - point.charge - point.acOut;
      if (bat) bat.terminalW = point.discharge - point.charge;
      return inverter.acW;
    }

    let pvUsed: number;
    let charge = 0;
    let discharge = 0;
    let acOut: number;
    let acIn = 0;
    let clipped = false;

    if (targetAcW >= 0) {
      const dcForTarget = inverterInput(Math.min(targetAcW, limitW), rated);
      if (pv >= dcForTarget) {
        charge = Math.min(pv - dcForTarget, chargeMax);
        let dcIn = pv - charge;
        acOut = inverterOutput(dcIn, rated);
        if (acOut > limitW) {
          acOut = limitW;
          dcIn = inverterInput(limitW, rated);
          clipped = true;
        }
        // Too little to run the inverter: what is not charged is not drawn from the panels at all.
        if (acOut <= 0) dcIn = 0;
        pvUsed = dcIn + charge;
      } else {
        discharge = Math.min(dcForTarget - pv, dischargeMax);
        acOut = inverterOutput(pv + discharge, rated);
        if (acOut <= 0) discharge = 0;
        pvUsed = acOut > 0 ? pv : 0;
      }
    } else {
      charge = Math.min(pv, chargeMax);
      const excess = pv - charge;
      acOut = Math.min(inverterOutput(excess, rated), limitW);
      clipped = acOut === limitW && acOut > 0;
      pvUsed = charge + (acOut > 0 ? inverterInput(acOut, rated) : 0);
      const room = chargeMax - charge;
      if (acOut <= 0 && room > 0) {
        // Rectifying: AC in, DC out to the battery, through the same loss curve.
        acIn = Math.min(-targetAcW, limitW);
        let fromAc = inverterOutput(acIn, rated);
        if (fromAc > room) {
          fromAc = room;
          acIn = inverterInput(room, rated);
        }
        if (fromAc <= 0) acIn = 0;
        charge += Math.max(0, fromAc);
      }
    }

    this.setPv(inverter, available, pvUsed, clipped);
    inverter.acW = acOut - acIn;
    // Whatever went into the inverter and did not come out: PV and battery in, battery and AC out.
    inverter.lossW = pvUsed + discharge + acIn - charge - acOut;
    if (bat) bat.terminalW = discharge - charge;
    return inverter.acW;
  }

  /** Fills in the DC each MPPT could give now, W (nothing when stopped or faulty). */
  private availableMppt(inverter: InverterState): number[] {
    const { mpptAvailW, mpptPeakW } = inverter;
    const off = !inverter.enabled || inverter.fault;
    for (let i = 0; i < mpptPeakW.length; i++) mpptAvailW[i] = off ? 0 : this.panelPower(inverter, i);
    return mpptAvailW;
  }

  /**
   * What the panels on MPPT `index` give at their maximum power point now, W, whether or not the inverter
   * draws it (an I-V scan measures this; a clipping or stopped inverter draws less).
   */
  panelPower(inverter: InverterState, index: number): number {
    if (this.env.poa <= 0) return 0;
    return (
      dcPower((inverter.mpptPeakW[index] ?? 0) * inverter.quality, this.env.poa, this.env.tCell) *
      (index === inverter.weakMppt ? WEAK_STRING_FACTOR : 1)
    );
  }

  /** Records the DC drawn, shared over the MPPTs in proportion to what each could give. */
  private setPv(inverter: InverterState, available: number[], drawnW: number, clipped: boolean): void {
    const total = sum(available);
    for (let i = 0; i < available.length; i++)
      inverter.mpptDcW[i] = total > 0 ? ((available[i] ?? 0) * drawnW) / total : 0;
    inverter.pvDcW = drawnW;
    inverter.clipped = clipped;
  }

  private integrate(hours: number, total: EnergyBalance): void {
    const kwh = (w: number) => (w * hours) / 1000;
    for (const inverter of this.inverters) {
      inverter.ePv += kwh(inverter.pvDcW);
      inverter.eAc += kwh(Math.max(0, inverter.acW));
      for (let i = 0; i < inverter.mpptDcW.length; i++)
        inverter.eMppt[i] = (inverter.eMppt[i] ?? 0) + kwh(inverter.mpptDcW[i] ?? 0);
      total.pv += kwh(inverter.pvDcW);
      total.losses += kwh(inverter.lossW);
    }
    if (this.battery) {
      const { terminalW } = this.battery;
      this.battery.battery.run(terminalW, hours);
      this.battery.eDischarge += kwh(Math.max(0, terminalW));
      this.battery.eCharge += kwh(Math.max(0, -terminalW));
      total.discharge += kwh(Math.max(0, terminalW));
      total.charge += kwh(Math.max(0, -terminalW));
    }
    // Without a meter the grid is still there; the plant's balance counts it all the same.
    const loadW = this.env.loadW;
    let gridW = loadW;
    if (this.meter) gridW = this.meter.gridW;
    else for (const inverter of this.inverters) gridW -= inverter.acW;
    if (this.meter) {
      this.meter.eImport += kwh(Math.max(0, gridW));
      this.meter.eExport += kwh(Math.max(0, -gridW));
      this.meter.eLoad += kwh(loadW);
    }
    total.purchase += kwh(Math.max(0, gridW));
    total.feedIn += kwh(Math.max(0, -gridW));
    total.load += kwh(loadW);
  }

  inverter(sn: string): InverterState | undefined {
    return this.inverters.find((i) => i.def.sn === sn);
  }

  /**
   * Sets or clears a physical fault and returns the device it hits (undefined when the plant has none):
   * an inverter fault stops the first PV inverter, a weak string takes its second MPPT (or only one) down
   * to 40 %, an over-temperature makes the battery's BMS stop it.
   */
  setFault(fault: PhysicalFault, on: boolean): DeviceDef | undefined {
    const pvInverter = this.inverters.find((i) => (i.def.pvW ?? 0) > 0);
    switch (fault) {
      case 'inverter':
        if (pvInverter) pvInverter.fault = on;
        return pvInverter?.def;
      case 'weakString':
        if (pvInverter) pvInverter.weakMppt = on ? (pvInverter.mpptPeakW.length >= 2 ? 1 : 0) : -1;
        return pvInverter?.def;
      case 'batteryOverTemp':
        if (this.battery) this.battery.overTemperature = on;
        return this.battery?.def;
    }
  }
}

export type PhysicalFault = 'inverter' | 'weakString' | 'batteryOverTemp';

function sum(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return s;
}
