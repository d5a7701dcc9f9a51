/**
 * The toolbox's base conversion: one value seen as decimal, as the hex and binary of the registers that carry
 * it, and as every 16- and 32-bit type, in any of the four byte orders devices use. The conversions are the
 * register codec's (codec.ts `encode`/`decode`, sentinels off), so the toolbox shows exactly what the ingest
 * would read from the same registers.
 */
import { decode, encode, type Column } from '../codec.js';
import { ModbusError } from '../errors.js';
import { hexWord, type Parsed } from './hex.js';

export type NumberType = 'u16' | 's16' | 'u32' | 's32' | 'f32';
export const NUMBER_TYPES: readonly NumberType[] = ['u16', 's16', 'u32', 's32', 'f32'];

/**
 * Byte orders as the letters of a big-endian value ABCD arrive: ABCD (Modbus canonical), BADC (bytes swapped
 * in each register), CDAB (registers swapped), DCBA (both). 16-bit values know only AB and BA, i.e. ABCD and
 * BADC.
 */
export type ByteOrder = 'ABCD' | 'BADC' | 'CDAB' | 'DCBA';
export const BYTE_ORDERS: readonly ByteOrder[] = ['ABCD', 'BADC', 'CDAB', 'DCBA'];

export function registerCount(type: NumberType): 1 | 2 {
  return type === 'u16' || type === 's16' ? 1 : 2;
}

/** The byte orders that mean something for a type (register swap needs two registers). */
export function byteOrdersFor(type: NumberType): readonly ByteOrder[] {
  return registerCount(type) === 1 ? ['ABCD', 'BADC'] : BYTE_ORDERS;
}

function column(type: NumberType, order: ByteOrder): Column {
  return {
    name: 'value',
    type,
    address: 0,
    byteSwap: order === 'BADC' || order === 'DCBA',
    wordSwap: registerCount(type) === 2 && (order === 'CDAB' || order === 'DCBA'),
    sentinels: false,
  };
}

const RANGES: Record<Exclude<NumberType, 'f32'>, [number, number]> = {
  u16: [0, 0xffff],
  s16: [-0x8000, 0x7fff],
  u32: [0, 0xffffffff],
  s32: [-0x80000000, 0x7fffffff],
};

export type ValueError =
  | { kind: 'empty' }
  | { kind: 'not-a-number' }
  /** integer types take whole numbers */
  | { kind: 'not-an-integer' }
  | { kind: 'out-of-range'; min: number; max: number }
  /** a float32 that rounds to infinity */
  | { kind: 'float-overflow' }
  /** hex or binary: the registers need exactly this many digits */
  | { kind: 'digits'; expected: number; got: number }
  | { kind: 'bad-character'; character: string };

/** Reads a decimal value for `type`: whole numbers in range for integers, any finite number for float32. */
export function parseDecimal(text: string, type: NumberType): Parsed<number, ValueError> {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, error: { kind: 'empty' } };
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(trimmed)) return { ok: false, error: { kind: 'not-a-number' } };
  const value = Number(trimmed);
  if (type === 'f32') {
    if (!Number.isFinite(Math.fround(value))) return { ok: false, error: { kind: 'float-overflow' } };
    return { ok: true, value };
  }
  if (!Number.isInteger(value)) return { ok: false, error: { kind: 'not-an-integer' } };
  const [min, max] = RANGES[type];
  if (value < min || value > max) return { ok: false, error: { kind: 'out-of-range', min, max } };
  return { ok: true, value };
}

/** The registers that carry `value` as `type` in `order` (what a device would send or be written). */
export function valueToRegisters(value: number, type: NumberType, order: ByteOrder): number[] {
  return encode(value, column(type, order));
}

/** The value `registers` hold as `type` in `order`. */
export function registersToValue(registers: readonly number[], type: NumberType, order: ByteOrder): number {
  const value = decode(registers, column(type, order));
  if (typeof value !== 'number') throw new ModbusError('range', `registers do not hold a ${type}`);
  return value;
}

/**
 * Registers from hex digits, exactly 4 per register (spaces, `_` and a `0x` prefix per group allowed):
 * `4148 0000`, `0x41480000`.
 */
export function parseRegistersHex(text: string, count: number): Parsed<number[], ValueError> {
  return parseDigits(text, count, 16, /^0x/i);
}

/** Registers from binary digits, exactly 16 per register (spaces, `_` and a `0b` prefix per group allowed). */
export function parseRegistersBinary(text: string, count: number): Parsed<number[], ValueError> {
  return parseDigits(text, count, 2, /^0b/i);
}

function parseDigits(text: string, count: number, radix: 2 | 16, prefix: RegExp): Parsed<number[], ValueError> {
  const digits = text
    .split(/[\s_]+/)
    .map((group) => group.replace(prefix, ''))
    .join('');
  if (digits === '') return { ok: false, error: { kind: 'empty' } };
  const bad = (radix === 16 ? /[^0-9a-f]/i : /[^01]/).exec(digits);
  if (bad) return { ok: false, error: { kind: 'bad-character', character: bad[0] } };
  const perRegister = radix === 16 ? 4 : 16;
  if (digits.length !== count * perRegister) {
    return { ok: false, error: { kind: 'digits', expected: count * perRegister, got: digits.length } };
  }
  const registers = Array.from({ length: count }, (_, i) =>
    parseInt(digits.slice(i * perRegister, (i + 1) * perRegister), radix),
  );
  return { ok: true, value: registers };
}

/** `4148 0000` */
export function formatRegistersHex(registers: readonly number[]): string {
  return registers.map((r) => hexWord(r)).join(' ');
}

/** `0100 0001 0100 1000 0000 0000 0000 0000`: nibbles grouped for reading. */
export function formatRegistersBinary(registers: readonly number[]): string {
  return registers
    .map((r) =>
      r
        .toString(2)
        .padStart(16, '0')
        .replace(/(.{4})(?=.)/g, '$1 '),
    )
    .join(' ');
}

export interface TypedView {
  type: NumberType;
  order: ByteOrder;
  value: number;
}

/**
 * The same registers read as every type (one or two registers) in each order that applies: what a
 * technician compares against the value the device's display shows.
 */
export function registerViews(registers: readonly number[]): TypedView[] {
  const types = NUMBER_TYPES.filter((type) => registerCount(type) <= registers.length);
  return types.flatMap((type) =>
    byteOrdersFor(type).map((order) => ({ type, order, value: registersToValue(registers, type, order) })),
  );
}
