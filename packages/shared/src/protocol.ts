/**
 * The rules of a protocol and its register columns (spec §3 "Protocol and config", §5 "protocol name 6-12
 * characters", "hex input needs a fixed number of digits"). Both sides apply them: the console's column
 * editor before it sends, the server on every write and on every row of an .xlsx import.
 */
import { LANGUAGES, type Lang } from './languages.js';
import type { FieldRule } from './messages/index.js';

export const PROTOCOL_LIMITS = {
  nameMin: 6,
  nameMax: 12,
  textMax: 64,
  unitMax: 16,
  descriptionMax: 100,
  columnNameMax: 40,
  /** Registers one read may ask for (Modbus: 125 holding or input registers). */
  registerCountMax: 125,
  /** Columns of one config (a SunSpec model has at most a few hundred points). */
  columnsMax: 500,
  /** Digits of a start address (spec §5: hex input has a fixed number of digits). */
  hexDigits: 4,
  /** Bytes of a raw frame decodeMessage accepts (an RTU or TCP response of 125 registers is 259 bytes). */
  frameBytesMax: 300,
} as const;

/** The read function codes a register map uses (spec §2.3: function codes 01-04). */
export const PROTOCOL_FUNCTION_CODES = [1, 2, 3, 4] as const;
export type ProtocolFunctionCode = (typeof PROTOCOL_FUNCTION_CODES)[number];

export const REGISTER_TYPES = ['coil', 'discrete', 'holding', 'input'] as const;
export type RegisterType = (typeof REGISTER_TYPES)[number];

/** The register type each read function code reads. */
export const REGISTER_TYPE_OF: Record<ProtocolFunctionCode, RegisterType> = {
  1: 'coil',
  2: 'discrete',
  3: 'holding',
  4: 'input',
};

/**
 * The four byte orders of a multi-register value: the spec's "switch byte" (BADC) and "switch register"
 * (CDAB) flags, both (DCBA) or neither (ABCD). The editor offers them as one choice.
 */
export const BYTE_ORDERS = {
  ABCD: { byteSwap: false, registerSwap: false },
  BADC: { byteSwap: true, registerSwap: false },
  CDAB: { byteSwap: false, registerSwap: true },
  DCBA: { byteSwap: true, registerSwap: true },
} as const;
export type ByteOrder = keyof typeof BYTE_ORDERS;
export const BYTE_ORDER_NAMES = ['ABCD', 'BADC', 'CDAB', 'DCBA'] as const satisfies readonly ByteOrder[];

/** The data types of packages/modbus's codec (codec.ts `DataType`; the server checks they stay the same). */
export const PROTOCOL_DATA_TYPES = [
  'u16',
  's16',
  'u32',
  's32',
  'u64',
  's64',
  'f32',
  'f64',
  'string',
  'bitfield16',
  'bitfield32',
] as const;
export type ProtocolDataType = (typeof PROTOCOL_DATA_TYPES)[number];

/** Registers a value of each type needs (a string says its own count). */
export const DATA_TYPE_REGISTERS: Record<ProtocolDataType, number> = {
  u16: 1,
  s16: 1,
  bitfield16: 1,
  u32: 2,
  s32: 2,
  f32: 2,
  bitfield32: 2,
  u64: 4,
  s64: 4,
  f64: 4,
  string: 1,
};

/**
 * One column of a config as the editor and an import row give it. `byteSwap` is the spec's "switch byte"
 * (BADC), `registerSwap` its "switch register" (CDAB); both together are "byte and register swap" (DCBA).
 * `scaleFactor` names another column of the same config whose value is a power-of-ten exponent (SunSpec's
 * sunssf points): value = raw × scale × 10^sf + base.
 */
export interface ColumnInput {
  name: string;
  functionCode: number;
  /** Four hex digits, e.g. "9C87". */
  startAddress: string;
  registerCount: number;
  unit: string;
  registerType: string;
  dataType: string;
  byteSwap: boolean;
  registerSwap: boolean;
  base: number;
  scale: number;
  scaleFactor: string | null;
  skipBytes: number;
  required: boolean;
  descriptions: Partial<Record<Lang, string>>;
}

export interface ColumnProblem {
  field: keyof ColumnInput;
  rule: FieldRule;
}

const NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const HEX = /^[0-9A-Fa-f]{4}$/;
const PROTOCOL_NAME = /^[A-Za-z0-9_-]+$/;

/** The protocol code (its name): 6 to 12 letters, digits, dashes or underscores (spec §5). */
export function protocolNameProblem(name: string): FieldRule | null {
  if (name.length === 0) return 'required';
  if (!PROTOCOL_NAME.test(name)) return 'noSpecialCharacters';
  if (name.length < PROTOCOL_LIMITS.nameMin || name.length > PROTOCOL_LIMITS.nameMax) return 'protocolName';
  return null;
}

/** "9C87" → 40071; anything but exactly four hex digits → null. */
export function parseHexAddress(value: string): number | null {
  return HEX.test(value) ? Number.parseInt(value, 16) : null;
}

/** 40071 → "9C87". */
export function hexAddress(value: number): string {
  return value.toString(16).toUpperCase().padStart(PROTOCOL_LIMITS.hexDigits, '0');
}

const isType = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** Every problem of a column, field by field, in the order of the form; empty when it is valid. */
export function columnProblems(c: ColumnInput): ColumnProblem[] {
  const out: ColumnProblem[] = [];
  const add = (field: keyof ColumnInput, rule: FieldRule) => out.push({ field, rule });

  if (!c.name) add('name', 'required');
  else if (c.name.length > PROTOCOL_LIMITS.columnNameMax) add('name', 'tooLong');
  else if (!NAME.test(c.name)) add('name', 'columnName');

  const fc = c.functionCode;
  const validFc = isType(PROTOCOL_FUNCTION_CODES.map(String), String(fc)) && Number.isInteger(fc);
  if (!validFc) add('functionCode', 'functionCode');

  const start = parseHexAddress(c.startAddress);
  if (!c.startAddress) add('startAddress', 'required');
  else if (start === null) add('startAddress', 'hexAddress');

  const countOk = Number.isInteger(c.registerCount) && c.registerCount >= 1;
  if (!countOk || c.registerCount > PROTOCOL_LIMITS.registerCountMax) add('registerCount', 'registerCount');
  else if (start !== null && start + c.registerCount - 1 > 0xffff) add('registerCount', 'registerRange');

  if (c.unit.length > PROTOCOL_LIMITS.unitMax) add('unit', 'tooLong');

  if (!isType(REGISTER_TYPES, c.registerType)) add('registerType', 'invalid');
  else if (validFc && REGISTER_TYPE_OF[fc as ProtocolFunctionCode] !== c.registerType)
    add('registerType', 'registerTypeMismatch');

  if (!isType(PROTOCOL_DATA_TYPES, c.dataType)) add('dataType', 'invalid');
  else if (countOk) {
    const bits = c.registerType === 'coil' || c.registerType === 'discrete';
    if (bits && c.dataType !== 'u16') add('dataType', 'dataTypeBits');
    else if (!bits && c.registerCount * 2 < DATA_TYPE_REGISTERS[c.dataType] * 2 + (c.skipBytes || 0))
      add('registerCount', 'dataTypeFit');
  }

  if (!Number.isFinite(c.scale) || c.scale === 0) add('scale', 'scale');
  if (!Number.isFinite(c.base)) add('base', 'invalid');
  if (!Number.isInteger(c.skipBytes) || c.skipBytes < 0 || c.skipBytes > 2 * PROTOCOL_LIMITS.registerCountMax)
    add('skipBytes', 'invalid');
  if (c.scaleFactor !== null && c.scaleFactor !== '' && (!NAME.test(c.scaleFactor) || c.scaleFactor === c.name))
    add('scaleFactor', 'invalid');

  const en = c.descriptions.en?.trim() ?? '';
  if (!en) add('descriptions', 'required');
  for (const lang of LANGUAGES) {
    if ((c.descriptions[lang] ?? '').length > PROTOCOL_LIMITS.descriptionMax) {
      add('descriptions', 'tooLong');
      break;
    }
  }
  return out;
}

/**
 * Problems that need the whole config: a name used twice, or a scale-factor column that is not in it.
 * Indexes are the columns' positions.
 */
export function configProblems(columns: readonly ColumnInput[]): { index: number; problem: ColumnProblem }[] {
  const out: { index: number; problem: ColumnProblem }[] = [];
  const seen = new Set<string>();
  const names = new Set(columns.map((c) => c.name));
  columns.forEach((c, index) => {
    if (seen.has(c.name)) out.push({ index, problem: { field: 'name', rule: 'columnRepeat' } });
    seen.add(c.name);
    if (c.scaleFactor && !names.has(c.scaleFactor))
      out.push({ index, problem: { field: 'scaleFactor', rule: 'scaleFactorMissing' } });
  });
  return out;
}

/** The description in the reader's language, else English, else any. */
export function columnDescription(descriptions: Partial<Record<Lang, string>>, lang: Lang): string {
  return descriptions[lang] || descriptions.en || Object.values(descriptions).find(Boolean) || '';
}

/** The column headings of an import or export sheet, in order: a sheet's row is these cells. */
export const COLUMN_SHEET_FIELDS = [
  'name',
  'functionCode',
  'startAddress',
  'registerCount',
  'unit',
  'registerType',
  'dataType',
  'byteSwap',
  'registerSwap',
  'base',
  'scale',
  'scaleFactor',
  'skipBytes',
  'required',
  ...LANGUAGES.map((l) => `description_${l}` as const),
] as const;
