import type { ColumnRow } from '@heliograph/shared';
import { describe, expect, it } from 'vitest';
import {
  answeredBlocks,
  columnField,
  decodeSettings,
  encodeSetting,
  settingReads,
  type DataForm,
} from './protocol-form.js';

const col = (c: Partial<ColumnRow> & Pick<ColumnRow, 'name' | 'startAddress'>): ColumnRow => ({
  id: c.name,
  configId: 'cfg',
  position: 0,
  functionCode: 3,
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
  descriptions: { en: c.name },
  ...c,
});

describe('fields of register columns', () => {
  it('derives range and decimals from type, scale and base; leaves out what a form cannot write', () => {
    expect(columnField(col({ name: 'V', startAddress: '0001', dataType: 's16', scale: 0.01, unit: 'V' }))).toEqual({
      key: 'V',
      group: 'settings',
      type: 'number',
      min: -327.68,
      max: 327.67,
      decimals: 2,
      unit: 'V',
    });
    expect(columnField(col({ name: 'T', startAddress: '0002', scale: 0.5, base: -40 }))).toMatchObject({
      min: -40,
      max: 32727.5,
      decimals: 1,
    });
    expect(columnField(col({ name: 'F', startAddress: '0003', dataType: 'f32', registerCount: 2 }))).toMatchObject({
      min: -9_999_999,
      max: 9_999_999,
      decimals: 3,
    });
    expect(columnField(col({ name: 'C', startAddress: '0004', functionCode: 1, registerType: 'coil' }))).toEqual({
      key: 'C',
      group: 'settings',
      type: 'boolean',
    });
    // Read-only function codes, strings, bitfields and columns scaled by another column: no field.
    expect(columnField(col({ name: 'I', startAddress: '0005', functionCode: 4, registerType: 'input' }))).toBeNull();
    expect(columnField(col({ name: 'S', startAddress: '0006', dataType: 'string', registerCount: 4 }))).toBeNull();
    expect(columnField(col({ name: 'B', startAddress: '0007', dataType: 'bitfield16' }))).toBeNull();
    expect(columnField(col({ name: 'W', startAddress: '0008', scaleFactor: 'W_SF' }))).toBeNull();
  });
});

describe('encoding a setting', () => {
  it('encodes in the device’s order and refuses what the type cannot hold exactly', () => {
    const u32 = col({ name: 'E', startAddress: '0010', dataType: 'u32', registerCount: 2, byteSwap: true });
    expect(encodeSetting(u32, 0x01020304)).toEqual({ registers: [0x0201, 0x0403] });
    const half = col({ name: 'T', startAddress: '0002', scale: 0.5, base: -40 });
    expect(encodeSetting(half, -39.5)).toEqual({ registers: [1] });
    expect(encodeSetting(half, 0.3)).toEqual({ problem: 'decimals' });
    expect(encodeSetting(half, -41)).toEqual({ problem: 'range' });
    expect(encodeSetting(half, true)).toEqual({ problem: 'type' });
    const coil = col({ name: 'C', startAddress: '0004', functionCode: 1, registerType: 'coil' });
    expect(encodeSetting(coil, false)).toEqual({ registers: [0] });
    expect(encodeSetting(coil, 1)).toEqual({ problem: 'type' });
  });
});

describe('reading settings', () => {
  const columns = [
    col({ name: 'A', startAddress: '0100' }),
    col({ name: 'B', startAddress: '0102', dataType: 's32', registerCount: 2, registerSwap: true }),
    col({ name: 'Far', startAddress: '0200' }),
    col({ name: 'C', startAddress: '0004', functionCode: 1, registerType: 'coil' }),
  ];
  const form: DataForm = { protocolId: 'p', code: 'X', configId: 'c', version: 1, columns, fields: [] };

  it('reads neighbouring columns in one block per function code and decodes the answer', () => {
    expect(settingReads(form)).toEqual([
      { fc: 1, start: 4, count: 1 },
      { fc: 3, start: 0x100, count: 4 },
      { fc: 3, start: 0x200, count: 1 },
    ]);
    const blocks = answeredBlocks({
      blocks: [
        { fc: 3, start: 0x100, registers: [7, 0, 0xfffe, 0xffff] },
        { fc: 1, start: 4, registers: [1] },
        { fc: 3, start: 0x200, registers: ['x'] },
      ],
    });
    expect(blocks).toHaveLength(2);
    expect(decodeSettings(form, blocks, 'en')).toEqual({ A: 7, B: -2, C: true });
  });
});
