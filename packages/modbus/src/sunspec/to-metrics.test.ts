import { describe, expect, it } from 'vitest';
import { encodeSunSpecModel, type SunSpecInput } from './encode.js';
import { loadSunSpecModel } from './load.js';
import { SUNSPEC_MARKER } from './scan.js';
import { sunspecToMetrics, type RegisterBlock } from './to-metrics.js';

const END = [0xffff, 0];

/** A device map at 40000: marker, the given models in order, end model. */
function deviceMap(models: [number, SunSpecInput][]): number[] {
  return [
    ...SUNSPEC_MARKER,
    ...models.flatMap(([id, input]) => encodeSunSpecModel(loadSunSpecModel(id), input)),
    ...END,
  ];
}

/** Reads of at most 125 registers from 40000 on, the way a poller walks a map. */
function chunks(registers: number[], start = 40000, size = 125): RegisterBlock[] {
  const blocks: RegisterBlock[] = [];
  for (let i = 0; i < registers.length; i += size)
    blocks.push({ start: start + i, registers: registers.slice(i, i + size) });
  return blocks;
}

const inverter103: SunSpecInput = {
  values: {
    A_SF: -2,
    V_SF: -1,
    W_SF: 0,
    Hz_SF: -2,
    WH_SF: 0,
    DCW_SF: 0,
    Tmp_SF: -1,
    A: 18.3,
    AphA: 6.1,
    AphB: 6.2,
    AphC: 6.0,
    PhVphA: 230.1,
    PhVphB: 229.8,
    PhVphC: 231.0,
    W: 4210,
    Hz: 50.01,
    WH: 12_873_420,
    DCW: 4380,
    TmpCab: 41.5,
    St: 4,
  },
};

const mppt160: SunSpecInput = {
  values: { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, DCWH_SF: 0 },
  groups: {
    module: [
      { values: { ID: 1, DCA: 5.31, DCV: 412.3, DCW: 2190, DCWH: 6_436_710 } },
      { values: { ID: 2, DCA: 5.12, DCV: 427.0, DCW: 2190, DCWH: 6_436_700 } },
    ],
  },
};

describe('sunspecToMetrics', () => {
  it('maps a three-phase inverter with MPPT modules to our metric names', () => {
    const map = deviceMap([
      [1, { values: { Mn: 'Heliograph', Md: 'SIM', SN: 'INV1' } }],
      [103, inverter103],
      [160, mppt160],
    ]);
    expect(sunspecToMetrics(chunks(map))).toEqual({
      p_ac: 4210,
      p_pv: 4380,
      e_ac_total: 12873.42,
      // From the modules' DC counters: the energy that came from the panels.
      e_pv_total: 12873.41,
      freq: 50.01,
      temp: 41.5,
      state: 4,
      ph1_v: 230.1,
      ph2_v: 229.8,
      ph3_v: 231,
      ph1_i: 6.1,
      ph2_i: 6.2,
      ph3_i: 6,
      mppt1_v: 412.3,
      mppt1_i: 5.31,
      mppt1_p: 2190,
      mppt2_v: 427,
      mppt2_i: 5.12,
      mppt2_p: 2190,
    });
  });

  it('does not depend on how the map was cut into blocks, nor on their order', () => {
    const map = deviceMap([
      [1, {}],
      [103, inverter103],
      [160, mppt160],
    ]);
    const whole = sunspecToMetrics(chunks(map));
    expect(sunspecToMetrics(chunks(map, 40000, 7).reverse())).toEqual(whole);
    // Only the models of interest, each read from its own ID register, as the simulator's poller does.
    const at103 = 2 + 68;
    const length = 52 + encodeSunSpecModel(loadSunSpecModel(160), mppt160).length;
    expect(sunspecToMetrics([{ start: 40000 + at103, registers: map.slice(at103, at103 + length) }])).toEqual(whole);
  });

  it('maps a single-phase inverter to one phase and takes e_pv_total from WH without model 160', () => {
    const metrics = sunspecToMetrics(
      chunks(
        deviceMap([
          [
            101,
            { values: { V_SF: -1, A_SF: -1, W_SF: 0, WH_SF: 1, PhVphA: 229.5, AphA: 13.1, W: 3000, WH: 5_000_000 } },
          ],
        ]),
      ),
    );
    expect(metrics).toMatchObject({ p_ac: 3000, e_ac_total: 5000, e_pv_total: 5000, ph1_v: 229.5, ph1_i: 13.1 });
    expect(metrics).not.toHaveProperty('ph2_v');
    // Points the device does not implement are null, not left out.
    expect(metrics.temp).toBeNull();
    expect(metrics.p_pv).toBeNull();
  });

  it('maps a meter, keeping import positive (buying) and export negative', () => {
    const meter = (w: number) =>
      deviceMap([
        [
          203,
          {
            values: {
              W_SF: 0,
              V_SF: -1,
              A_SF: -2,
              Hz_SF: -2,
              TotWh_SF: 0,
              W: w,
              WphA: w / 3,
              WphB: w / 3,
              WphC: w / 3,
              PhVphA: 230,
              PhVphB: 231,
              PhVphC: 229,
              AphA: 2.17,
              AphB: 2.16,
              AphC: 2.18,
              Hz: 49.98,
              TotWhImp: 1_234_567,
              TotWhExp: 7_654_321,
            },
          },
        ],
      ]);
    expect(sunspecToMetrics(chunks(meter(-1500)))).toEqual({
      p_grid: -1500,
      e_import_total: 1234.567,
      e_export_total: 7654.321,
      freq: 49.98,
      ph1_v: 230,
      ph2_v: 231,
      ph3_v: 229,
      ph1_i: 2.17,
      ph2_i: 2.16,
      ph3_i: 2.18,
      ph1_p: -500,
      ph2_p: -500,
      ph3_p: -500,
    });
    expect(sunspecToMetrics(chunks(meter(900))).p_grid).toBe(900);
  });

  it('steps over unknown models and leaves out a model cut short', () => {
    const vendor = [64_001, 4, 1, 2, 3, 4];
    const map = [...SUNSPEC_MARKER, ...vendor, ...encodeSunSpecModel(loadSunSpecModel(103), inverter103), ...END];
    expect(sunspecToMetrics(chunks(map)).p_ac).toBe(4210);
    expect(sunspecToMetrics([{ start: 40000, registers: map.slice(0, 40) }])).toEqual({});
    expect(sunspecToMetrics([])).toEqual({});
  });
});
