import { describe, expect, it } from 'vitest';
import { encode } from '../codec.js';
import { ModbusError } from '../errors.js';
import { applyScaleFactor, decodeSunSpecModel } from './decode.js';
import { encodeSunSpecModel } from './encode.js';
import { bundledSunSpecModelIds, loadSunSpecModel, loadSunSpecModels } from './load.js';
import { groupInstanceSize, parseSunSpecModel } from './model.js';
import { memoryReader, readRegisters, readSunSpecDevice, scanSunSpec, SUNSPEC_MARKER } from './scan.js';

const models = loadSunSpecModels();
const str = (text: string, length: number) => encode(text, { name: 's', type: 'string', address: 0, length });
/** A scale factor as the register holds it (two's complement). */
const sf = (exponent: number) => exponent & 0xffff;

describe('model definitions', () => {
  it('bundles the common, inverter, MPPT, meter, storage and battery models', () => {
    expect(bundledSunSpecModelIds()).toEqual(
      expect.arrayContaining([1, 101, 102, 103, 111, 112, 113, 124, 160, 201, 202, 203, 713, 802]),
    );
  });

  it.each([
    [1, 66],
    [101, 50],
    [102, 50],
    [103, 50],
    [111, 60],
    [113, 60],
    [124, 24],
    [201, 105],
    [203, 105],
    [713, 7],
    [802, 62],
  ])('model %i has L = %i', (id, length) => {
    const model = loadSunSpecModel(id);
    expect(groupInstanceSize(model)).toBe(length + 2);
    expect(encodeSunSpecModel(model, {})).toHaveLength(length + 2);
  });

  it('lists points with offsets, sizes, types, units and scale-factor names', () => {
    const model = loadSunSpecModel(103);
    const point = (name: string) => model.points.find((p) => p.name === name);
    expect(point('ID')).toMatchObject({ offset: 0, size: 1, type: 'uint16' });
    expect(point('W')).toMatchObject({ offset: 14, size: 1, type: 'int16', units: 'W', sf: 'W_SF' });
    expect(point('W_SF')).toMatchObject({ offset: 15, type: 'sunssf' });
    expect(point('WH')).toMatchObject({ offset: 24, size: 2, type: 'acc32', units: 'Wh', sf: 'WH_SF' });
    expect(point('St')?.symbols).toMatchObject({ MPPT: 4, FAULT: 7 });
    expect(point('Evt1')?.column).toMatchObject({ type: 'bitfield32', bits: { OVER_TEMP: 7 } });
  });

  it('describes repeating groups', () => {
    const mppt = loadSunSpecModel(160);
    expect(mppt.groups).toMatchObject([{ name: 'module', count: 0, size: 20 }]);
    expect(loadSunSpecModel(804).groups).toMatchObject([{ name: 'lithium_ion_string_module', count: 'NMod' }]);
  });

  it('refuses definitions that are not SunSpec models', () => {
    expect(() => parseSunSpecModel({ id: 1 })).toThrow(ModbusError);
    expect(() =>
      parseSunSpecModel({ id: 9, group: { name: 'x', points: [{ name: 'A', type: 'uint16', size: 1 }] } }),
    ).toThrow(/ID and L/);
    expect(() => loadSunSpecModel(999)).toThrow(/not bundled/);
  });

  it('every bundled model encodes and decodes with nothing implemented', () => {
    for (const model of models.values()) {
      const decoded = decodeSunSpecModel(model, encodeSunSpecModel(model, {}));
      for (const [name, value] of Object.entries(decoded.values)) {
        if (name === 'ID') expect(value).toBe(model.id);
        else if (name === 'L') expect(value).toBe(decoded.length);
        // Accumulators and counts have no "not implemented" value but 0.
        else expect([null, 0]).toContain(value);
      }
    }
  });
});

describe('scale factors', () => {
  it('apply as 10^sf without binary noise', () => {
    expect(applyScaleFactor(12345, -1)).toBe(1234.5);
    expect(applyScaleFactor(5002, -2)).toBe(50.02);
    expect(applyScaleFactor(3, -5)).toBe(0.00003);
    expect(applyScaleFactor(12, 3)).toBe(12000);
  });
});

/** Common model 1 and three-phase inverter model 103, laid out register by register. */
function deviceMap(): number[] {
  const common = [
    1,
    66,
    ...str('Heliograph', 16),
    ...str('HG-10K-3P', 16),
    ...str('', 8),
    ...str('1.2.3', 8),
    ...str('HG2025000123', 16),
    1, // DA
    0x8000, // Pad
  ];
  const inverter = new Array<number>(52).fill(0xffff);
  inverter[0] = 103;
  inverter[1] = 50;
  // int16 points and scale factors that are not implemented hold 0x8000, not 0xFFFF.
  for (const i of [18, 19, 20, 21, 22, 23, 28, 30, 34, 35, 36]) inverter[i] = 0x8000;
  inverter[2] = 1234; // A
  inverter[3] = 411; // AphA
  // AphB (4) stays 0xFFFF: not implemented
  inverter[5] = 412; // AphC
  inverter[6] = sf(-2); // A_SF
  inverter[13] = sf(-1); // V_SF
  inverter[10] = 2301; // PhVphA
  inverter[14] = 12345; // W
  inverter[15] = sf(-1); // W_SF
  inverter[16] = 5002; // Hz
  inverter[17] = sf(-2); // Hz_SF
  inverter[24] = 0x075b; // WH, high register
  inverter[25] = 0xcd15; // WH, low register: 123456789
  inverter[26] = sf(0); // WH_SF
  inverter[31] = 0xfc18; // DCW: -1000
  inverter[32] = sf(1); // DCW_SF
  inverter[33] = 452; // TmpCab
  inverter[37] = sf(-1); // Tmp_SF
  inverter[38] = 4; // St: MPPT
  inverter[40] = 0x0000;
  inverter[41] = 0x0081; // Evt1: GROUND_FAULT and OVER_TEMP
  return [...SUNSPEC_MARKER, ...common, ...inverter, 0xffff, 0];
}

describe('device map', () => {
  it('scans the models from the "SunS" marker at 40000 to the end model', async () => {
    const scan = await scanSunSpec(memoryReader(deviceMap(), 40000));
    expect(scan).toEqual({
      base: 40000,
      models: [
        { id: 1, address: 40002, length: 66 },
        { id: 103, address: 40070, length: 50 },
      ],
    });
  });

  it('reads back the common model and the inverter values, scaled', async () => {
    const device = await readSunSpecDevice(memoryReader(deviceMap(), 40000), models);
    const [common, inverter] = device.models;
    expect(common?.data?.values).toMatchObject({
      ID: 1,
      L: 66,
      Mn: 'Heliograph',
      Md: 'HG-10K-3P',
      Opt: null,
      Vr: '1.2.3',
      SN: 'HG2025000123',
      DA: 1,
    });
    expect(inverter?.data?.values).toMatchObject({
      ID: 103,
      L: 50,
      A: 12.34,
      AphA: 4.11,
      AphB: null,
      AphC: 4.12,
      A_SF: -2,
      PhVphA: 230.1,
      PhVphB: null,
      W: 1234.5,
      W_SF: -1,
      Hz: 50.02,
      WH: 123456789,
      DCW: -10000,
      TmpCab: 45.2,
      St: 4,
      StVnd: null,
      // A scaled point whose scale factor is "not implemented" has no value.
      VA: null,
      Evt1: expect.objectContaining({ GROUND_FAULT: true, OVER_TEMP: true, DC_OVER_VOLT: false }),
    });
  });

  it('looks at 50000 and 0 when 40000 has no marker, and fails when none has', async () => {
    const map = deviceMap();
    expect((await scanSunSpec(memoryReader(map, 50000))).base).toBe(50000);
    expect((await scanSunSpec(memoryReader(map, 0))).base).toBe(0);
    await expect(scanSunSpec(memoryReader([1, 2, 3], 40000))).rejects.toThrow(/no SunSpec "SunS" marker/);
  });

  it('stops a map that never ends', async () => {
    const endless = [...SUNSPEC_MARKER, ...Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 64000 : 0))];
    await expect(scanSunSpec(memoryReader(endless, 40000), { maxModels: 10 })).rejects.toThrow(/more than 10/);
  });

  it('lists models it has no definition for without decoding them', async () => {
    const map = [...SUNSPEC_MARKER, 64000, 2, 7, 7, 0xffff, 0];
    const device = await readSunSpecDevice(memoryReader(map, 40000), models);
    expect(device.models).toEqual([{ id: 64000, address: 40002, length: 2 }]);
  });

  it('reads long models in requests of at most 125 registers', async () => {
    const registers = Array.from({ length: 300 }, (_, i) => i);
    const sizes: number[] = [];
    const inner = memoryReader(registers, 0);
    const read = (address: number, count: number) => {
      sizes.push(count);
      return inner(address, count);
    };
    expect(await readRegisters(read, 10, 280)).toEqual(registers.slice(10, 290));
    expect(sizes).toEqual([125, 125, 30]);
  });
});

describe('encodeSunSpecModel', () => {
  it('writes what decodeSunSpecModel reads, scaling by the given factors', () => {
    const model = loadSunSpecModel(103);
    const values = {
      W: 2321.5,
      W_SF: -1,
      Hz: 49.98,
      Hz_SF: -2,
      WH: 987654321,
      WH_SF: 0,
      St: 7,
      PhVphA: 229.9,
      V_SF: -1,
    };
    const registers = encodeSunSpecModel(model, { values });
    expect(registers.slice(14, 18)).toEqual([23215, 0xffff, 4998, 0xfffe]);
    expect(decodeSunSpecModel(model, registers).values).toMatchObject({ ...values, A: null, PhVphB: null });
  });

  it('writes and reads repeating groups: MPPT modules fill the model', () => {
    const model = loadSunSpecModel(160);
    const modules = [
      { values: { ID: 1, IDStr: 'PV1', DCA: 8.5, DCV: 612.3, DCW: 5204 } },
      { values: { ID: 2, IDStr: 'PV2', DCA: 8.25, DCV: 598.7, DCW: 4939 } },
    ];
    const registers = encodeSunSpecModel(model, {
      values: { DCA_SF: -2, DCV_SF: -1, DCW_SF: 0, DCWH_SF: 0, N: 2 },
      groups: { module: modules },
    });
    expect(registers).toHaveLength(2 + 8 + 2 * 20);
    const decoded = decodeSunSpecModel(model, registers);
    expect(decoded.length).toBe(48);
    expect(decoded.groups.module).toHaveLength(2);
    expect(decoded.groups.module?.map((m) => m.values)).toMatchObject(modules.map((m) => m.values));
  });

  it('writes and reads groups counted by a point, scaled from the enclosing model', () => {
    const model = loadSunSpecModel(804);
    const registers = encodeSunSpecModel(model, {
      values: { CellV_SF: -3, SoC_SF: 0 },
      groups: {
        lithium_ion_string_module: [{ values: { ModCellVMax: 3.412, ModSoC: 87 } }, { values: { ModCellVMax: 3.398 } }],
      },
    });
    const decoded = decodeSunSpecModel(model, registers);
    expect(decoded.values.NMod).toBe(2);
    expect(decoded.groups.lithium_ion_string_module?.map((m) => m.values.ModCellVMax)).toEqual([3.412, 3.398]);
    expect(decoded.groups.lithium_ion_string_module?.[0]?.values.ModSoC).toBe(87);
  });

  it('refuses a block that is not the model, or shorter than its L', () => {
    const model = loadSunSpecModel(103);
    const registers = encodeSunSpecModel(model, {});
    expect(() => decodeSunSpecModel(loadSunSpecModel(101), registers)).toThrow(/not model 101/);
    expect(() => decodeSunSpecModel(model, registers.slice(0, 40))).toThrow(/L is 50/);
  });
});
