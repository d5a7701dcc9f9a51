/**
 * Panels and inverters: cell temperature (NOCT model), DC power with its temperature coefficient, string
 * voltage and current, and an inverter loss model that gives the usual efficiency curve and clips at the
 * AC rating.
 */

/** Nominal operating cell temperature, °C (800 W/m², 20 °C air, 1 m/s wind). */
export const NOCT = 45;
/** Power temperature coefficient of crystalline silicon, per °C above 25 °C. */
export const TEMP_COEFFICIENT = -0.004;
/** Output of a string with a fault (dirt, shading, a failing bypass diode) relative to a healthy one. */
export const WEAK_STRING_FACTOR = 0.4;

/** A typical 60-cell-equivalent module at STC: maximum-power voltage and its temperature coefficient. */
const MODULE_VMP = 34;
const VMP_TEMP_COEFFICIENT = -0.0033;
/** Series modules per string before a string inverter's input voltage limit (~1000 V Voc) is reached. */
const MAX_SERIES = 20;
/** Module rating used to turn an MPPT's watts into a module count. */
export const MODULE_WATTS = 410;

export function cellTemperature(tAmbient: number, poa: number): number {
  return tAmbient + ((NOCT - 20) / 800) * poa;
}

/** DC power at the maximum power point of panels rated `peakW` at STC (1000 W/m², 25 °C). */
export function dcPower(peakW: number, poa: number, tCell: number): number {
  if (poa <= 0) return 0;
  return Math.max(0, peakW * (poa / 1000) * (1 + TEMP_COEFFICIENT * (tCell - 25)));
}

/** Modules in series on an MPPT input with `peakW` of modules (as few parallel strings as the limit allows). */
export function stringSeries(peakW: number): number {
  const modules = Math.max(1, Math.round(peakW / MODULE_WATTS));
  return Math.round(modules / Math.ceil(modules / MAX_SERIES));
}

/**
 * The operating voltage of an MPPT input with `peakW` of modules (wired as few parallel strings of at most
 * MAX_SERIES modules), lower when hot and a little lower in weak light.
 */
export function mpptVoltage(peakW: number, poa: number, tCell: number): number {
  const series = stringSeries(peakW);
  const light = poa > 1 ? 1 + 0.03 * Math.log(Math.min(1, poa / 1000)) : 0.9;
  return series * MODULE_VMP * (1 + VMP_TEMP_COEFFICIENT * (tCell - 25)) * light;
}

/**
 * Inverter losses as a function of the power it passes: a fixed no-load loss while running, a loss
 * proportional to power (switching) and one to its square (conduction), as fractions of the rating. With
 * these constants the efficiency peaks at about 96.5 % near half load and is 96 % at full load, the shape
 * of a modern string inverter's datasheet curve.
 */
const NO_LOAD = 0.004;
const LINEAR = 0.02;
const QUADRATIC = 0.015;

/** Input power an inverter rated `ratedW` draws to deliver `outputW` (0 when it delivers nothing). */
export function inverterInput(outputW: number, ratedW: number): number {
  if (outputW <= 0) return 0;
  return outputW + ratedW * NO_LOAD + LINEAR * outputW + (QUADRATIC * outputW * outputW) / ratedW;
}

/** Output from `inputW` of input; 0 below the no-load loss (the inverter does not start). */
export function inverterOutput(inputW: number, ratedW: number): number {
  const net = inputW - ratedW * NO_LOAD;
  if (net <= 0) return 0;
  // Solve q/R · P² + (1 + l) · P − net = 0 for P ≥ 0 (the stable form of the quadratic root).
  const a = QUADRATIC / ratedW;
  const b = 1 + LINEAR;
  return (2 * net) / (b + Math.sqrt(b * b + 4 * a * net));
}

export function inverterEfficiency(outputW: number, ratedW: number): number {
  return outputW <= 0 ? 0 : outputW / inverterInput(outputW, ratedW);
}

export interface InverterOperatingPoint {
  /** DC power drawn from the panels, W (less than available when clipping). */
  dcW: number;
  /** AC power delivered, W. */
  acW: number;
  clipped: boolean;
}

/**
 * A grid inverter fed `availableDcW` at the maximum power point. Over its rating it moves the panels off
 * their maximum power point so that it delivers exactly its rating: the DC drawn falls, the rest is
 * never produced (clipping), so it is neither generation nor loss.
 */
export function gridInverter(availableDcW: number, ratedW: number): InverterOperatingPoint {
  const acW = inverterOutput(availableDcW, ratedW);
  if (acW <= 0) return { dcW: 0, acW: 0, clipped: false };
  if (acW <= ratedW) return { dcW: availableDcW, acW, clipped: false };
  return { dcW: inverterInput(ratedW, ratedW), acW: ratedW, clipped: true };
}

/** Cells in series in one module (60-cell equivalent) and their diode ideality factor. */
const MODULE_CELLS = 60;
const IDEALITY = 1.2;
/** Boltzmann's constant over the elementary charge, V/K. */
const K_OVER_Q = 8.617e-5;

/** Points of a simulated I-V sweep (within the protocol's 20–100). */
export const IV_SWEEP_POINTS = 60;

export interface IvSweepPoint {
  v: number;
  i: number;
}

/**
 * The I-V sweep of an MPPT input with `peakW` of modules, as a single-diode-style curve of the string:
 * I(V) = Isc·(1 − exp((V − Voc)/a)), a = n·(kT/q)·cells in series. The curve is pinned to the input's
 * maximum power point: Vmp is the voltage the input reports (`mpptVoltage`), and it delivers `pmaxW` there.
 * Setting dP/dV = 0 at Vmp gives Voc = Vmp + a·ln(1 + Vmp/a) and Imp = Isc·Vmp/(Vmp + a), so Isc follows
 * from pmaxW. In the dark (no irradiance or no power) the sweep runs over the string's nominal voltage range
 * and finds no current. Voltages to 0.1 V, currents to 1 mA, strictly ascending, ending at (Voc, 0); the
 * maximum power point is one of the points.
 */
export function ivSweep(opts: { peakW: number; poa: number; tCell: number; pmaxW: number }): IvSweepPoint[] {
  const series = stringSeries(opts.peakW);
  const dark = opts.poa <= 0 || opts.pmaxW <= 0;
  const tCell = dark ? 25 : opts.tCell;
  const a = IDEALITY * K_OVER_Q * (tCell + 273.15) * MODULE_CELLS * series;
  const vmp = mpptVoltage(opts.peakW, dark ? 1000 : opts.poa, tCell);
  const voc = vmp + a * Math.log(1 + vmp / a);
  const isc = dark ? 0 : (opts.pmaxW / vmp) * ((vmp + a) / vmp);
  const current = (v: number) => Math.max(0, isc * (1 - Math.exp((v - voc) / a)));
  const volts = Array.from({ length: IV_SWEEP_POINTS - 1 }, (_, k) => (voc * k) / (IV_SWEEP_POINTS - 2));
  if (!dark) volts.push(vmp);
  volts.sort((x, y) => x - y);
  const out: IvSweepPoint[] = [];
  for (const v of volts) {
    const point = { v: Math.round(v * 10) / 10, i: Math.round(current(v) * 1000) / 1000 };
    const last = out[out.length - 1];
    if (!last || point.v > last.v) out.push(point);
    // Two voltages that round alike: keep the maximum power point.
    else if (Math.abs(v - vmp) < 1e-9) out[out.length - 1] = point;
  }
  return out;
}
