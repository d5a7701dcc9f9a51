/**
 * A simulated inverter's SunSpec register map, filled from its current readings with @heliograph/modbus's
 * encoder: "SunS" at 40000, the common model 1, inverter model 101 (one phase) or 103 (three), model 160
 * with one module per MPPT, and the end model. Scale factors follow the device's ratings, as a real
 * device's are fixed by its design, so they do not change from one poll to the next.
 */
import { encodeSunSpecModel, loadSunSpecModel, SUNSPEC_MARKER, type SunSpecInput } from '@heliograph/modbus';
import type { DeviceDef } from '../fleet/types.js';
import type { RegisterMap } from './tcp-server.js';

export const SUNSPEC_BASE = 40000;
const END_MODEL = [0xffff, 0];

/** Metrics as the model reports them (DeviceReading.metrics). */
export type Readings = Readonly<Record<string, number | null>>;

/** The smallest exponent (at least `min`) that fits `max` into a register holding up to `limit`. */
function scaleFor(max: number, limit: number, min: number): number {
  let sf = min;
  while (Math.abs(max) / 10 ** sf > limit && sf < 10) sf++;
  return sf;
}

const INT16 = 32_767;
const UINT16 = 65_535;
const UINT32 = 4_294_967_295;

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
  const phases = device.phases ?? 1;
  const ratedW = device.ratedW ?? 10_000;
  const pvW = device.pvW ?? ratedW;
  const mppts = device.mppts ?? 0;
  const value = (name: string) => readings[name] ?? null;

  const common: SunSpecInput = {
    values: { Mn: 'Heliograph', Md: device.model, Opt: 'simulated', Vr: firmware, SN: device.sn, DA: 1 },
  };

  const letters = ['A', 'B', 'C'].slice(0, phases);
  const phaseCurrents = letters.map((_, i) => value(`ph${i + 1}_i`) ?? 0);
  const mpptV = Array.from({ length: mppts }, (_, i) => value(`mppt${i + 1}_v`) ?? 0);
  const mpptI = Array.from({ length: mppts }, (_, i) => value(`mppt${i + 1}_i`) ?? 0);
  const dcA = mpptI.reduce((a, b) => a + b, 0);
  const dcW = value('p_pv') ?? 0;
  const acWh = (value('e_ac_total') ?? 0) * 1000;
  const maxPhaseA = (ratedW / phases / 100) * 1.5;

  const inverterValues: Record<string, number | null> = {
    A_SF: scaleFor(maxPhaseA * phases, UINT16, -2),
    V_SF: -1,
    W_SF: scaleFor(ratedW * 1.2, INT16, 0),
    Hz_SF: -2,
    WH_SF: scaleFor(acWh, UINT32, 0),
    DCA_SF: scaleFor(pvW / 100, UINT16, -2),
    DCV_SF: -1,
    DCW_SF: scaleFor(pvW * 1.2, INT16, 0),
    Tmp_SF: -1,
    A: phaseCurrents.reduce((a, b) => a + b, 0),
    W: value('p_ac'),
    Hz: value('freq'),
    WH: acWh,
    DCW: dcW,
    DCA: dcA,
    // The DC bus voltage: the MPPT inputs' voltage, weighted by the current each carries.
    DCV: dcA > 0 ? mpptV.reduce((sum, v, i) => sum + v * (mpptI[i] ?? 0), 0) / dcA : Math.max(0, ...mpptV),
    TmpCab: value('temp'),
    St: value('state'),
  };
  letters.forEach((letter, i) => {
    inverterValues[`Aph${letter}`] = value(`ph${i + 1}_i`);
    inverterValues[`PhVph${letter}`] = value(`ph${i + 1}_v`);
  });

  const registers: number[] = [
    ...SUNSPEC_MARKER,
    ...encodeSunSpecModel(loadSunSpecModel(1), common),
    ...encodeSunSpecModel(loadSunSpecModel(phases === 3 ? 103 : 101), { values: inverterValues }),
  ];
  if (mppts > 0) {
    const totalWh = mpptKwh.reduce((a, b) => a + b, 0) * 1000;
    const mppt: SunSpecInput = {
      values: {
        DCA_SF: scaleFor(pvW / mppts / 100, UINT16, -2),
        DCV_SF: -1,
        DCW_SF: scaleFor(pvW / mppts, UINT16, 0),
        DCWH_SF: scaleFor(totalWh, UINT32, 0),
      },
      groups: {
        module: Array.from({ length: mppts }, (_, i) => ({
          values: {
            ID: i + 1,
            IDStr: `MPPT ${i + 1}`,
            DCV: mpptV[i] ?? 0,
            DCA: mpptI[i] ?? 0,
            DCW: value(`mppt${i + 1}_p`),
            DCWH: Math.floor((mpptKwh[i] ?? 0) * 1000),
          },
        })),
      },
    };
    registers.push(...encodeSunSpecModel(loadSunSpecModel(160), mppt));
  }
  registers.push(...END_MODEL);
  return { start: SUNSPEC_BASE, registers };
}
