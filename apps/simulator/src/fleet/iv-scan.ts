/**
 * A simulated inverter's answer to `ivScan`: the I-V sweep of each MPPT input with panels, from the plant
 * model's current irradiance and cell temperature (physics/pv.ts `ivSweep`), with the key points derived
 * as a real gateway would (`ivKeyPoints`).
 */
import { ivKeyPoints, type IvScanResult } from '@heliograph/shared';
import { ivSweep } from '../physics/pv.js';
import type { PlantModel } from './plant-model.js';

const round = (x: number, decimals: number) => Math.round(x * 10 ** decimals) / 10 ** decimals;

export function ivScan(model: PlantModel, sn: string): IvScanResult | { error: string } {
  const inverter = model.inverter(sn);
  if (!inverter) return { error: `${sn} is not an inverter` };
  const inputs = inverter.mpptPeakW.map((peakW, i) => ({ peakW, index: i + 1 })).filter((m) => m.peakW > 0);
  if (inputs.length === 0) return { error: 'no PV input' };
  if (inverter.fault) return { error: 'inverter fault' };
  return {
    mppts: inputs.map(({ peakW, index }) => {
      const points = ivSweep({
        peakW,
        poa: model.env.poa,
        tCell: model.env.tCell,
        // The panels' own maximum power point: what the input reports unless the inverter clips or is stopped.
        pmaxW: model.panelPower(inverter, index - 1),
      });
      const k = ivKeyPoints(points);
      return {
        index,
        points,
        voc: round(k.voc, 1),
        isc: round(k.isc, 3),
        vmp: round(k.vmp, 1),
        imp: round(k.imp, 3),
        pmax: round(k.pmax, 1),
      };
    }),
  };
}
