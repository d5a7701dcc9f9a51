/**
 * SunSpec register blocks, as a gateway polled them, to Heliograph's metric names (packages/shared
 * metrics.ts): what ingest stores for a device whose protocol is SunSpec.
 *
 * Blocks are joined where they touch (a model longer than one 125-register read arrives in pieces), and
 * each run of joined blocks is walked from its start: an optional "SunS" marker, then model headers (ID, L)
 * one after the other until the end model or the end of the run. A run must therefore start at the marker
 * or at a model's ID register, which is how a poller reads them. Unknown models are stepped over by their
 * L; a model cut short by the end of its run is left out.
 *
 * Mapping:
 * - inverters, models 101–103 (and their float twins 111–113): W → p_ac, DCW → p_pv, WH → e_ac_total (kWh),
 *   Hz → freq, TmpCab → temp, St → state (SunSpec's operating state codes), PhVphA/B/C → ph1_v…,
 *   AphA/B/C → ph1_i… (one phase for 1x1, two for 1x2, three for 1x3);
 * - MPPT model 160: module n → mpptN_v (DCV), mpptN_i (DCA), mpptN_p (DCW);
 * - e_pv_total (kWh) is the sum of model 160's module DCWH counters when the device has them all, since
 *   that is the energy from the panels; without them it falls back to the inverter's WH, the best there is;
 * - meters, models 201–204 (and 211–214): W → p_grid, TotWhImp → e_import_total, TotWhExp →
 *   e_export_total (kWh), Hz → freq, PhVphA/B/C, AphA/B/C, WphA/B/C → phN_v, phN_i, phN_p.
 *
 * Sign of a meter's W: SunSpec meters report real power with import (power delivered from the grid to the
 * site) positive, the IEC metering convention, which is also ours for p_grid (positive when buying). A
 * meter installed the other way round reads negative while buying; that is a commissioning matter
 * (swap the CT or the configuration), not something to guess here.
 *
 * A point the model has but the device does not implement maps to null.
 */
import type { DecodedValue } from '../codec.js';
import { decodeSunSpecModel, type SunSpecValues } from './decode.js';
import { loadSunSpecModels } from './load.js';
import type { SunSpecModel } from './model.js';
import { SUNSPEC_MARKER } from './scan.js';

export interface RegisterBlock {
  start: number;
  registers: readonly number[];
}

export type MetricValues = Record<string, number | null>;

const END_MODEL_ID = 0xffff;
const PHASE_LETTERS = ['A', 'B', 'C'] as const;
const INVERTER_PHASES: Readonly<Record<number, number>> = { 101: 1, 102: 2, 103: 3, 111: 1, 112: 2, 113: 3 };
const METER_PHASES: Readonly<Record<number, number>> = {
  201: 1,
  202: 2,
  203: 3,
  204: 3,
  211: 1,
  212: 2,
  213: 3,
  214: 3,
};
const MPPT_MODEL = 160;

let bundled: ReadonlyMap<number, SunSpecModel> | undefined;

/**
 * `models` defaults to the bundled definitions, read from disk on first use; where there is no file system
 * (a browser), pass them in, parsed with parseSunSpecModel.
 */
export function sunspecToMetrics(
  blocks: readonly RegisterBlock[],
  models: ReadonlyMap<number, SunSpecModel> = (bundled ??= loadSunSpecModels()),
): MetricValues {
  const metrics: MetricValues = {};
  let acWh: number | null | undefined;
  let moduleWh: (number | null)[] | undefined;

  for (const run of joinBlocks(blocks)) {
    for (const { id, values } of walkModels(run, models)) {
      const inverterPhases = INVERTER_PHASES[id];
      const meterPhases = METER_PHASES[id];
      if (inverterPhases !== undefined) {
        const v = values.values;
        metrics.p_ac = num(v.W);
        metrics.p_pv = num(v.DCW);
        acWh = num(v.WH);
        metrics.e_ac_total = kwh(acWh);
        metrics.freq = num(v.Hz);
        metrics.temp = num(v.TmpCab);
        metrics.state = num(v.St);
        for (let n = 1; n <= inverterPhases; n++) {
          const letter = PHASE_LETTERS[n - 1];
          metrics[`ph${n}_v`] = num(v[`PhVph${letter}`]);
          metrics[`ph${n}_i`] = num(v[`Aph${letter}`]);
        }
      } else if (id === MPPT_MODEL) {
        const modules = values.groups.module ?? [];
        modules.forEach((module, i) => {
          const m = module.values;
          metrics[`mppt${i + 1}_v`] = num(m.DCV);
          metrics[`mppt${i + 1}_i`] = num(m.DCA);
          metrics[`mppt${i + 1}_p`] = num(m.DCW);
        });
        moduleWh = modules.map((module) => num(module.values.DCWH));
      } else if (meterPhases !== undefined) {
        const v = values.values;
        metrics.p_grid = num(v.W);
        metrics.e_import_total = kwh(num(v.TotWhImp));
        metrics.e_export_total = kwh(num(v.TotWhExp));
        metrics.freq = num(v.Hz);
        for (let n = 1; n <= meterPhases; n++) {
          const letter = PHASE_LETTERS[n - 1];
          metrics[`ph${n}_v`] = num(v[`PhVph${letter}`]);
          metrics[`ph${n}_i`] = num(v[`Aph${letter}`]);
          metrics[`ph${n}_p`] = num(v[`Wph${letter}`]);
        }
      }
    }
  }

  if (moduleWh && moduleWh.length > 0 && moduleWh.every((wh) => wh !== null)) {
    metrics.e_pv_total = kwh(moduleWh.reduce<number>((sum, wh) => sum + (wh ?? 0), 0));
  } else if (acWh !== undefined) {
    metrics.e_pv_total = kwh(acWh);
  }
  return metrics;
}

/** Sorts the blocks and joins those that touch or overlap into runs of consecutive registers. */
function joinBlocks(blocks: readonly RegisterBlock[]): number[][] {
  const sorted = [...blocks].filter((b) => b.registers.length > 0).sort((a, b) => a.start - b.start);
  const runs: { start: number; registers: number[] }[] = [];
  for (const block of sorted) {
    const last = runs[runs.length - 1];
    if (last && block.start <= last.start + last.registers.length) {
      const offset = block.start - last.start;
      block.registers.forEach((value, i) => (last.registers[offset + i] = value));
    } else {
      runs.push({ start: block.start, registers: [...block.registers] });
    }
  }
  return runs.map((r) => r.registers);
}

function* walkModels(
  run: readonly number[],
  models: ReadonlyMap<number, SunSpecModel>,
): Generator<{ id: number; values: SunSpecValues }> {
  let at = 0;
  if (run[0] === SUNSPEC_MARKER[0] && run[1] === SUNSPEC_MARKER[1]) at = 2;
  while (at + 2 <= run.length) {
    const id = run[at] as number;
    const length = run[at + 1] as number;
    if (id === END_MODEL_ID || at + 2 + length > run.length) return;
    const model = models.get(id);
    if (model) {
      try {
        yield { id, values: decodeSunSpecModel(model, run.slice(at, at + 2 + length)) };
      } catch {
        // A block that does not decode (a wrong L, say) loses only its own model.
      }
    }
    at += 2 + length;
  }
}

function num(value: DecodedValue | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

function kwh(wh: number | null | undefined): number | null {
  return typeof wh === 'number' ? wh / 1000 : null;
}
