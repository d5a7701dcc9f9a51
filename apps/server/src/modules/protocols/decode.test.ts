import {
  buildRtuResponse,
  buildTcpResponse,
  encodeSunSpecModel,
  loadSunSpecModel,
  ModbusError,
} from '@heliograph/modbus';
import type { ColumnInput, ColumnRow } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import { decodeRegisters, hexBytes, parseFrame, scaled } from './decode.js';
import { SUNSPEC_FIRST_MODEL, sunSpecColumns } from './seed.js';

/** Columns as the store answers them. */
const rows = (inputs: readonly ColumnInput[]): ColumnRow[] =>
  inputs.map((c, i) => ({
    ...c,
    id: `c${i}`,
    configId: 'cfg',
    position: i,
    scaleFactor: c.scaleFactor,
  }));

const column = (over: Partial<ColumnInput>): ColumnInput => ({
  name: 'value',
  functionCode: 3,
  startAddress: '0000',
  registerCount: 1,
  unit: '',
  registerType: 'holding',
  dataType: 'u16',
  byteSwap: false,
  registerSwap: false,
  base: 0,
  scale: 1,
  scaleFactor: null,
  skipBytes: 0,
  required: false,
  descriptions: { en: 'Value', de: 'Wert' },
  ...over,
});

const valueOf = (result: ReturnType<typeof decodeRegisters>, name: string) =>
  result.values.find((v) => v.name === name)?.value;

describe('parseFrame', () => {
  it('reads the classic RTU read response (unit 17, function 03, three registers from 0x006B)', () => {
    // Request 11 03 006B 0003; the answer with its CRC 0x49AD as every Modbus primer prints it.
    const frame = parseFrame(hexBytes('11 03 06 AE41 5652 4340 49AD')!, 'auto');
    expect(frame).toEqual({ kind: 'rtu', unitId: 17, functionCode: 3, registers: [0xae41, 0x5652, 0x4340] });
  });

  it('refuses an RTU frame whose CRC is wrong instead of reading it as registers', () => {
    expect(() => parseFrame(hexBytes('11 03 06 AE41 5652 4340 49AE')!, 'auto')).toThrow(ModbusError);
  });

  it('reads a TCP response by its MBAP header, and bare registers', () => {
    const tcp = buildTcpResponse({ transactionId: 7, unitId: 1 }, { functionCode: 4, registers: [0x4366, 0x8000] });
    expect(parseFrame(tcp, 'auto')).toEqual({ kind: 'tcp', unitId: 1, functionCode: 4, registers: [0x4366, 0x8000] });
    expect(parseFrame(hexBytes('0x4366 0x8000')!, 'registers').registers).toEqual([0x4366, 0x8000]);
  });

  it('turns an exception response into an error, not values', () => {
    const rtu = buildRtuResponse(1, { functionCode: 3, exceptionCode: 2, exceptionName: 'ILLEGAL DATA ADDRESS' });
    expect(() => parseFrame(rtu, 'rtu')).toThrow(/exception 2/);
  });

  it('refuses text that is not whole hex bytes', () => {
    expect(hexBytes('11 0')).toBeNull();
    expect(hexBytes('zz')).toBeNull();
    expect(hexBytes('')).toBeNull();
  });
});

describe('decodeRegisters', () => {
  it('scales the classic frame’s registers as the columns say (signed, word order, base)', () => {
    const cols = rows([
      column({ name: 'temp', startAddress: '006B', dataType: 's16', scale: 0.1, unit: '°C' }),
      column({ name: 'counter', startAddress: '006C', registerCount: 2, dataType: 'u32', registerSwap: true }),
      column({ name: 'offset', startAddress: '006D', base: -40 }),
    ]);
    const frame = parseFrame(hexBytes('11 03 06 AE41 5652 4340 49AD')!, 'rtu');
    const out = decodeRegisters(frame.registers, 0x6b, cols, 'de');
    expect(valueOf(out, 'temp')).toBe(-2092.7); // 0xAE41 = -20927
    expect(valueOf(out, 'counter')).toBe(0x43405652); // CDAB: the second register is the high word
    expect(valueOf(out, 'offset')).toBe(0x4340 - 40);
    expect(out.values[0]).toMatchObject({ description: 'Wert', unit: '°C', address: '006B' });
  });

  it('reads a float in each of the four byte and register orders', () => {
    // 230.5 as IEEE 754 single is 0x43668000.
    const orders: [Partial<ColumnInput>, number[]][] = [
      [{}, [0x4366, 0x8000]],
      [{ byteSwap: true }, [0x6643, 0x0080]],
      [{ registerSwap: true }, [0x8000, 0x4366]],
      [{ byteSwap: true, registerSwap: true }, [0x0080, 0x6643]],
    ];
    for (const [flags, registers] of orders) {
      const out = decodeRegisters(registers, 0, rows([column({ dataType: 'f32', registerCount: 2, ...flags })]), 'en');
      expect(valueOf(out, 'value')).toBe(230.5);
    }
  });

  it('reads SunSpec "not implemented" patterns as null (0x8000 signed, 0xFFFF unsigned)', () => {
    const cols = rows([
      column({ name: 'signed', dataType: 's16' }),
      column({ name: 'unsigned', startAddress: '0001' }),
      column({ name: 'real', startAddress: '0002', dataType: 's16' }),
    ]);
    const out = decodeRegisters([0x8000, 0xffff, 0xfffe], 0, cols, 'en');
    expect(valueOf(out, 'signed')).toBeNull();
    expect(valueOf(out, 'unsigned')).toBeNull();
    expect(valueOf(out, 'real')).toBe(-2);
  });

  it('names the columns the block does not reach instead of failing', () => {
    const out = decodeRegisters([1], 0, rows([column({}), column({ name: 'far', startAddress: '0005' })]), 'en');
    expect(out.values.map((v) => v.name)).toEqual(['value']);
    expect(out.skipped).toEqual([{ name: 'far', reason: 'outside' }]);
  });

  it('decodes a SunSpec model 103 block with its scale factors, as the seeded map describes it', () => {
    const model = loadSunSpecModel(103);
    const registers = encodeSunSpecModel(model, {
      values: { A: 12.3, A_SF: -1, AphA: 4.1, PhVphA: 230.1, V_SF: -1, W: 4500, W_SF: 0, WH: 123456, WH_SF: 0, St: 4 },
    });
    const cols = rows(sunSpecColumns(model, SUNSPEC_FIRST_MODEL));
    const out = decodeRegisters(registers, SUNSPEC_FIRST_MODEL, cols, 'en');
    expect(valueOf(out, 'ID')).toBe(103);
    expect(valueOf(out, 'A')).toBe(12.3);
    expect(valueOf(out, 'AphA')).toBe(4.1);
    expect(valueOf(out, 'PhVphA')).toBe(230.1);
    expect(valueOf(out, 'W')).toBe(4500);
    expect(valueOf(out, 'WH')).toBe(123456);
    expect(valueOf(out, 'St')).toBe(4);
    // Hz was not written: its register holds 0xFFFF and its scale factor 0x8000, so it is not implemented.
    expect(valueOf(out, 'Hz')).toBeNull();
    expect(out.values.find((v) => v.name === 'W')).toMatchObject({
      unit: 'W',
      address: (40070 + 14).toString(16).toUpperCase(),
    });
  });
});

describe('scaled', () => {
  it('applies scale, a power of ten and base without binary noise', () => {
    expect(scaled(2301, 1, -1, 0)).toBe(230.1);
    expect(scaled(2301, 0.1, -1, 0)).toBe(23.01);
    expect(scaled(5, 1, 2, -40)).toBe(460);
  });
});
