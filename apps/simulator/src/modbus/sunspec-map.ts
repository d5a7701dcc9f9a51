/**
 * A simulated inverter's SunSpec register map, filled from its current readings with @heliograph/modbus's
 * encoder: "SunS" at 40000, the common model 1, inverter model 101 (one phase) or 103 (three), model 160
 * with one module per MPPT, and the end model.
 *
 * Scale factors follow the device's ratings, as a real device's are fixed by its design, so the map's
 * layout and every register but the measurements stay the same from poll to poll. `SunSpecImage` encodes
 * that constant part once with encodeSunSpecModel and re-encodes only the measurement points per poll
 * (with the codec's `encode`, at their offsets in the model definitions): a 90-day backfill polls each
 * SunSpec inverter tens of thousands of times, and encoding whole models every time was most of its cost.
 */
import {
  encode,
  encodeSunSpecModel,
  loadSunSpecModel,
  SUNSPEC_MARKER,
  type Column,
  type SunSpecInput,
  type SunSpecModel,
} from '@heliograph/modbus';
import type { DeviceDef } from '../fleet/types.js';
import type { RegisterMap } from './tcp-server.js';

export const SUNSPEC_BASE = 40000;
const END_MODEL = [0xffff, 0];

/** Metrics as the model reports them (DeviceReading.metrics). */
export type Readings = Readonly<Record<string, number | null>>;

const INT16 = 32_767;
const UINT16 = 65_535;
const UINT32 = 4_294_967_295;
/** Lifetime energy a counter must hold: 40 years at a 30 % capacity factor, Wh per W of rating. */
const LIFETIME_WH_PER_W = 8760 * 40 * 0.3;

/** The smallest exponent (at least `min`) that fits `max` into a register holding up to `limit`. */
function scaleFor(max: number, limit: number, min: number): number {
  let sf = min;
  while (Math.abs(max) / 10 ** sf > limit && sf < 10) sf++;
  return sf;
}

/** Fixed scale factors from the device's ratings. */
function scaleFactors(device: DeviceDef) {
  const ratedW = device.ratedW ?? 10_000;
  const pvW = device.pvW ?? ratedW;
  const perMppt = pvW / Math.max(1, device.mppts ?? 1);
  return {
    inverter: {
      // Currents: at least 100 V per phase, with margin.
      A_SF: scaleFor((ratedW / 100) * 1.5, UINT16, -2),
      V_SF: -1,
      W_SF: scaleFor(ratedW * 1.2, INT16, 0),
      Hz_SF: -2,
      WH_SF: scaleFor(ratedW * LIFETIME_WH_PER_W, UINT32, 0),
      DCA_SF: scaleFor((pvW / 100) * 1.5, UINT16, -2),
      DCV_SF: -1,
      DCW_SF: scaleFor(pvW * 1.2, INT16, 0),
      Tmp_SF: -1,
    },
    mppt: {
      DCA_SF: scaleFor((perMppt / 100) * 1.5, UINT16, -2),
      DCV_SF: -1,
      DCW_SF: scaleFor(perMppt * 1.2, UINT16, 0),
      DCWH_SF: scaleFor(perMppt * LIFETIME_WH_PER_W, UINT32, 0),
    },
  };
}

/** The measurement points of each model, with the values they take from the readings. */
export function measurementValues(device: DeviceDef, readings: Readings, mpptKwh: readonly number[]) {
  const phases = device.phases ?? 1;
  const mppts = device.mppts ?? 0;
  const value = (name: string) => readings[name] ?? null;
  const letters = ['A', 'B', 'C'].slice(0, phases);
  const mpptV = Array.from({ length: mppts }, (_, i) => value(`mppt${i + 1}_v`) ?? 0);
  const mpptI = Array.from({ length: mppts }, (_, i) => value(`mppt${i + 1}_i`) ?? 0);
  const dcA = mpptI.reduce((a, b) => a + b, 0);

  const inverter: Record<string, number | null> = {
    A: letters.reduce((sum, _, i) => sum + (value(`ph${i + 1}_i`) ?? 0), 0),
    W: value('p_ac'),
    Hz: value('freq'),
    WH: (value('e_ac_total') ?? 0) * 1000,
    DCW: value('p_pv') ?? 0,
    DCA: dcA,
    // The DC bus voltage: the MPPT inputs' voltage, weighted by the current each carries.
    DCV: dcA > 0 ? mpptV.reduce((sum, v, i) => sum + v * (mpptI[i] ?? 0), 0) / dcA : Math.max(0, ...mpptV),
    TmpCab: value('temp'),
    St: value('state'),
  };
  letters.forEach((letter, i) => {
    inverter[`Aph${letter}`] = value(`ph${i + 1}_i`);
    inverter[`PhVph${letter}`] = value(`ph${i + 1}_v`);
  });
  const modules = Array.from({ length: mppts }, (_, i) => ({
    DCV: mpptV[i] ?? 0,
    DCA: mpptI[i] ?? 0,
    DCW: value(`mppt${i + 1}_p`) ?? 0,
    DCWH: Math.floor((mpptKwh[i] ?? 0) * 1000),
  }));
  return { inverter, modules };
}

/**
 * The full map encoded model by model with encodeSunSpecModel. `SunSpecImage.fill` must give exactly this;
 * it is also the slow way, kept as the reference.
 */
export function encodeDeviceMap(
  device: DeviceDef,
  readings: Readings,
  mpptKwh: readonly number[],
  firmware = '1.0.0',
): RegisterMap {
  const sf = scaleFactors(device);
  const { inverter, modules } = measurementValues(device, readings, mpptKwh);
  const registers = [
    ...SUNSPEC_MARKER,
    ...encodeSunSpecModel(loadSunSpecModel(1), commonInput(device, firmware)),
    ...encodeSunSpecModel(inverterModel(device), { values: { ...sf.inverter, ...inverter } }),
  ];
  if (modules.length > 0) {
    const input: SunSpecInput = {
      values: sf.mppt,
      groups: { module: modules.map((m, i) => ({ values: { ID: i + 1, ...m } })) },
    };
    registers.push(...encodeSunSpecModel(loadSunSpecModel(160), input));
  }
  registers.push(...END_MODEL);
  return { start: SUNSPEC_BASE, registers };
}

function commonInput(device: DeviceDef, firmware: string): SunSpecInput {
  return { values: { Mn: 'Heliograph', Md: device.model, Opt: 'simulated', Vr: firmware, SN: device.sn, DA: 1 } };
}

function inverterModel(device: DeviceDef): SunSpecModel {
  return loadSunSpecModel((device.phases ?? 1) === 3 ? 103 : 101);
}

interface Slot {
  /** Index in the map's registers. */
  at: number;
  column: Column;
  /** The point's scale factor exponent, undefined for unscaled points. */
  sf: number | undefined;
  value: (values: ReturnType<typeof measurementValues>) => number | null;
}

/** One device's map: the constant part encoded once, the measurements written into a copy per poll. */
export class SunSpecImage {
  private readonly template: number[];
  private readonly slots: Slot[] = [];

  constructor(
    private readonly device: DeviceDef,
    firmware = '1.0.0',
  ) {
    const sf = scaleFactors(device);
    const blank = (names: readonly string[]) => Object.fromEntries(names.map((n) => [n, 0]));
    const { inverter, modules } = measurementValues(device, {}, []);
    // Zeros where the measurements go; what matters is the layout and the constant registers.
    const common = encodeSunSpecModel(loadSunSpecModel(1), commonInput(device, firmware));
    const model = inverterModel(device);
    const inverterAt = SUNSPEC_MARKER.length + common.length;
    const inverterBlock = encodeSunSpecModel(model, { values: { ...sf.inverter, ...blank(Object.keys(inverter)) } });
    this.template = [...SUNSPEC_MARKER, ...common, ...inverterBlock];
    const sfs: Record<string, number> = { ...sf.inverter };
    for (const name of Object.keys(inverter))
      this.addSlot(model, inverterAt, name, sfs, (v) => v.inverter[name] ?? null);

    if (modules.length > 0) {
      const mppt = loadSunSpecModel(160);
      const mpptAt = this.template.length;
      const input: SunSpecInput = {
        values: sf.mppt,
        groups: { module: modules.map((m, i) => ({ values: { ID: i + 1, ...blank(Object.keys(m)) } })) },
      };
      this.template.push(...encodeSunSpecModel(mppt, input));
      const group = mppt.groups[0];
      if (!group) throw new Error('model 160 has no module group');
      modules.forEach((m, i) => {
        const moduleAt = mpptAt + mppt.size + i * group.size;
        for (const name of Object.keys(m) as (keyof typeof m)[]) {
          this.addSlot(group, moduleAt, name, sf.mppt, (v) => v.modules[i]?.[name] ?? null);
        }
      });
    }
    this.template.push(...END_MODEL);
  }

  fill(readings: Readings, mpptKwh: readonly number[]): RegisterMap {
    const values = measurementValues(this.device, readings, mpptKwh);
    const registers = this.template.slice();
    for (const slot of this.slots) {
      const value = slot.value(values);
      // Accumulators have no "not implemented" pattern; anything else writes its sentinel for null.
      const raw = value === null ? (slot.column.sentinels === false ? 0 : null) : unscale(value, slot.sf);
      const words = encode(raw, slot.column);
      for (let i = 0; i < words.length; i++) registers[slot.at + i] = words[i] ?? 0;
    }
    return { start: SUNSPEC_BASE, registers };
  }

  private addSlot(
    group: { points: SunSpecModel['points'] },
    groupAt: number,
    name: string,
    sfs: Readonly<Record<string, number>>,
    value: Slot['value'],
  ): void {
    const point = group.points.find((p) => p.name === name);
    if (!point?.column) throw new Error(`SunSpec point ${name} not found`);
    const sf = point.sf === undefined ? undefined : typeof point.sf === 'number' ? point.sf : sfs[point.sf];
    this.slots.push({ at: groupAt + point.offset, column: { ...point.column, address: 0 }, sf, value });
  }
}

/** Engineering value to the raw register value, as encodeSunSpecModel does it (× 10^-sf, exact for sf < 0). */
function unscale(value: number, sf: number | undefined): number {
  if (sf === undefined) return value;
  return sf < 0 ? value * 10 ** -sf : value / 10 ** sf;
}

const images = new Map<string, SunSpecImage>();

/**
 * The device's registers from its readings. `mpptKwh` gives each MPPT's cumulative DC energy (model 160's
 * DCWH), which the readings do not carry.
 */
export function sunspecRegisters(
  device: DeviceDef,
  readings: Readings,
  mpptKwh: readonly number[],
  firmware = '1.0.0',
): RegisterMap {
  const key = `${device.sn}|${device.model}|${firmware}`;
  let image = images.get(key);
  if (!image) images.set(key, (image = new SunSpecImage(device, firmware)));
  return image.fill(readings, mpptKwh);
}
