/**
 * The register codec of spec §3 "Protocol and config": a column of a protocol configuration says where a
 * value lies in a block of registers and how to read it (data type, byte and register swap, skip bytes,
 * scale and base). The ingest decodes gateways' raw blocks with it and the console writes settings with it,
 * so decode and encode are exact inverses.
 *
 * The canonical layout is the Modbus one: registers in address order, each register high byte first
 * (big-endian "ABCD"). Devices that differ say so with the two swap flags:
 *   byteSwap            BADC  (bytes swapped within each 16-bit register)
 *   wordSwap            CDAB  (the order of the registers reversed)
 *   byteSwap + wordSwap DCBA  (fully little-endian)
 */
import { ModbusError } from './errors.js';

export type DataType =
  'u16' | 's16' | 'u32' | 's32' | 'u64' | 's64' | 'f32' | 'f64' | 'string' | 'bitfield16' | 'bitfield32';

export const DATA_TYPES: readonly DataType[] = [
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
];

export interface Column {
  /** Metric name in the decoded record. */
  name: string;
  type: DataType;
  /** First register of the value, relative to the start of the block (see `decodeBlock`'s `start`). */
  address: number;
  /**
   * Registers the value occupies. Required for `string` (a string of N registers holds 2N bytes); the other
   * types take it from the type and, if it is given, it must be at least that.
   */
  length?: number;
  /** Swap the two bytes within each 16-bit register. */
  byteSwap?: boolean;
  /** Reverse the order of the registers (word swap). */
  wordSwap?: boolean;
  /** Bytes to drop from the start of the column's registers before the value begins (e.g. 1 for an odd-aligned value). */
  skipBytes?: number;
  /** Multiplier of the raw value, e.g. 0.1. Default 1. value = raw * scale + base. */
  scale?: number;
  /** Offset added after scaling, in engineering units, e.g. -40 for a temperature sent as °C + 40. Default 0. */
  base?: number;
  /** Bitfields only: bit index by name; the value then decodes to a map of names to booleans. */
  bits?: Readonly<Record<string, number>>;
  /**
   * Read SunSpec "not implemented" patterns as null (default true): 0xFFFF u16/bitfield16, 0x8000 s16,
   * 0xFFFFFFFF u32/bitfield32, 0x80000000 s32, all-ones u64, 0x8000… s64, NaN f32/f64, all-zero string.
   * Turn it off for a register where those raw values are real readings.
   */
  sentinels?: boolean;
}

/** A set-bit list (`[0, 3]`) or a named bit map (`{ OVER_TEMP: true, … }`) for bitfields. */
export type BitValue = number[] | Record<string, boolean>;
export type DecodedValue = number | string | BitValue | null;

export type Registers = Uint16Array | readonly number[];

const BYTES: Record<Exclude<DataType, 'string'>, number> = {
  u16: 2,
  s16: 2,
  bitfield16: 2,
  u32: 4,
  s32: 4,
  f32: 4,
  bitfield32: 4,
  u64: 8,
  s64: 8,
  f64: 8,
};

const INTEGER_RANGE: Partial<Record<DataType, [bigint, bigint]>> = {
  u16: [0n, 0xffffn],
  s16: [-0x8000n, 0x7fffn],
  u32: [0n, 0xffffffffn],
  s32: [-0x80000000n, 0x7fffffffn],
  u64: [0n, 0xffffffffffffffffn],
  s64: [-0x8000000000000000n, 0x7fffffffffffffffn],
};

/** Bytes the value itself occupies. */
export function valueBytes(column: Pick<Column, 'type' | 'length'>): number {
  if (column.type === 'string') {
    const length = column.length;
    if (length === undefined || !Number.isInteger(length) || length < 1) {
      throw new ModbusError('config', 'a string column needs a length of at least 1 register');
    }
    return 2 * length;
  }
  return BYTES[column.type];
}

/** Registers the column spans in its block, skipped bytes included. */
export function registerSpan(column: Column): number {
  const needed = Math.ceil(((column.skipBytes ?? 0) + valueBytes(column)) / 2);
  return column.type === 'string' ? needed : Math.max(needed, column.length ?? 0);
}

/** Decodes the value a column describes from a block of registers (`column.address` indexes `registers`). */
export function decode(registers: Registers, column: Column): DecodedValue {
  checkColumn(column);
  const span = registerSpan(column);
  if (column.address + span > registers.length) {
    throw new ModbusError(
      'range',
      `column ${column.name} needs registers ${column.address}..${column.address + span - 1}, block has ${registers.length}`,
    );
  }
  const word = wordInteger(registers, column);
  if (word !== undefined) return word;
  const bytes = new Uint8Array(2 * span);
  const spanView = new DataView(bytes.buffer);
  for (let i = 0; i < span; i++) spanView.setUint16(2 * i, registerAt(registers, column.address + i));

  const skip = column.skipBytes ?? 0;
  // Undo the device's byte order: from here on the value is big-endian.
  const canonical = swap(bytes.subarray(skip, skip + valueBytes(column)), column);
  const view = new DataView(canonical.buffer);
  const sentinels = column.sentinels ?? true;

  switch (column.type) {
    case 'string': {
      if (sentinels && canonical.every((b) => b === 0)) return null;
      const end = canonical.indexOf(0);
      return new TextDecoder().decode(end === -1 ? canonical : canonical.subarray(0, end));
    }
    case 'bitfield16':
    case 'bitfield32': {
      const raw = column.type === 'bitfield16' ? view.getUint16(0) : view.getUint32(0);
      if (sentinels && raw === (column.type === 'bitfield16' ? 0xffff : 0xffffffff)) return null;
      return bitsOf(raw, column.type === 'bitfield16' ? 16 : 32, column.bits);
    }
    case 'f32':
    case 'f64': {
      const raw = column.type === 'f32' ? view.getFloat32(0) : view.getFloat64(0);
      if (sentinels && Number.isNaN(raw)) return null;
      return scaleRaw(raw, column.scale ?? 1, column.base ?? 0, false);
    }
    default: {
      const raw = readInteger(view, column.type);
      if (sentinels && raw === SENTINEL[column.type]) return null;
      return scaleRaw(Number(raw), column.scale ?? 1, column.base ?? 0, true);
    }
  }
}

/**
 * The registers that hold `value` as the column describes it: `registerSpan(column)` registers, to be
 * written at `column.address`. Skipped bytes are written as zero. Numbers are unscaled as
 * raw = (value - base) / scale and rounded to the nearest integer for integer types; null writes the
 * "not implemented" pattern (with sentinels on).
 */
export function encode(value: DecodedValue, column: Column): number[] {
  checkColumn(column);
  const size = valueBytes(column);
  // The value's bytes in the canonical big-endian order; swapped into the device's order at the end.
  const canonical = new Uint8Array(size);
  const view = new DataView(canonical.buffer);
  const sentinels = column.sentinels ?? true;

  if (value === null) {
    if (!sentinels) throw new ModbusError('range', `column ${column.name} has no "not implemented" value`);
    writeSentinel(view, column.type);
  } else {
    switch (column.type) {
      case 'string': {
        if (typeof value !== 'string') throw typeError(column, value);
        const utf8 = new TextEncoder().encode(value);
        if (utf8.length > size) {
          throw new ModbusError('range', `"${value}" takes ${utf8.length} bytes, column ${column.name} holds ${size}`);
        }
        canonical.set(utf8);
        break;
      }
      case 'bitfield16':
      case 'bitfield32': {
        const width = column.type === 'bitfield16' ? 16 : 32;
        const raw = maskOf(value, width, column);
        if (width === 16) view.setUint16(0, raw);
        else view.setUint32(0, raw);
        break;
      }
      case 'f32':
      case 'f64': {
        if (typeof value !== 'number') throw typeError(column, value);
        const raw = unscale(value, column);
        if (column.type === 'f32') view.setFloat32(0, raw);
        else view.setFloat64(0, raw);
        break;
      }
      default: {
        if (typeof value !== 'number') throw typeError(column, value);
        const raw = unscale(value, column);
        if (!Number.isFinite(raw)) throw new ModbusError('range', `${value} cannot be stored in ${column.type}`);
        writeInteger(view, column.type, BigInt(Math.round(raw)), column);
      }
    }
  }

  const skip = column.skipBytes ?? 0;
  const span = registerSpan(column);
  const bytes = new Uint8Array(2 * span);
  bytes.set(swap(canonical, column), skip);
  const spanView = new DataView(bytes.buffer);
  return Array.from({ length: span }, (_, i) => spanView.getUint16(2 * i));
}

export interface SkippedColumn {
  name: string;
  /** `outside-block`: the column's registers are not (all) in the block; `invalid`: the column cannot be decoded. */
  reason: 'outside-block' | 'invalid';
  message: string;
}

export interface DecodedBlock {
  values: Record<string, DecodedValue>;
  skipped: SkippedColumn[];
}

/**
 * Decodes every column that lies inside the block. `start` is the address of the block's first register,
 * so columns may carry absolute addresses (a configuration's "start address"); it defaults to 0, i.e.
 * addresses relative to the block. A column that cannot be read is reported, not thrown, so one bad column
 * does not lose the rest of a gateway's sample.
 */
export function decodeBlock(
  registers: Registers,
  columns: readonly Column[],
  options: { start?: number } = {},
): DecodedBlock {
  const start = options.start ?? 0;
  const values: Record<string, DecodedValue> = {};
  const skipped: SkippedColumn[] = [];
  for (const column of columns) {
    try {
      const index = column.address - start;
      const span = registerSpan(column);
      if (index < 0 || index + span > registers.length) {
        skipped.push({
          name: column.name,
          reason: 'outside-block',
          message: `registers ${column.address}..${column.address + span - 1} are outside ${start}..${start + registers.length - 1}`,
        });
        continue;
      }
      values[column.name] = decode(registers, { ...column, address: index });
    } catch (error) {
      skipped.push({
        name: column.name,
        reason: 'invalid',
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return { values, skipped };
}

/**
 * raw * scale + base, without the binary noise of the multiplication (2301 * 0.1 is 230.10000000000002):
 * for integer raw values the exact result has no more decimals than scale and base, so it is rounded to
 * that many. Floats are left alone; they carry their own noise.
 */
export function scaleRaw(raw: number, scale: number, base: number, integerRaw: boolean): number {
  // Leave an unscaled value untouched, so -0 and huge integers survive.
  if (scale === 1 && base === 0) return raw;
  const value = raw * scale + base;
  if (!integerRaw || !Number.isFinite(value)) return value;
  const digits = Math.max(decimals(scale), decimals(base));
  return digits > 0 && digits <= 20 ? Number(value.toFixed(digits)) : value;
}

// --------------------------------------------------------------------------------------------- helpers

const SENTINEL: Partial<Record<DataType, bigint>> = {
  u16: 0xffffn,
  s16: -0x8000n,
  u32: 0xffffffffn,
  s32: -0x80000000n,
  u64: 0xffffffffffffffffn,
  s64: -0x8000000000000000n,
};

function checkColumn(column: Column): void {
  const problems: string[] = [];
  if (!DATA_TYPES.includes(column.type)) problems.push(`unknown data type ${String(column.type)}`);
  if (!Number.isInteger(column.address) || column.address < 0) problems.push(`address ${column.address}`);
  const skip = column.skipBytes ?? 0;
  if (!Number.isInteger(skip) || skip < 0) problems.push(`skip bytes ${skip}`);
  const scale = column.scale ?? 1;
  if (!Number.isFinite(scale) || scale === 0) problems.push(`scale ${scale}`);
  if (!Number.isFinite(column.base ?? 0)) problems.push(`base ${column.base}`);
  if (problems.length > 0) throw new ModbusError('config', `column ${column.name}: ${problems.join(', ')}`);
  valueBytes(column);
  if (column.type !== 'string' && column.length !== undefined && column.length * 2 < BYTES[column.type]) {
    throw new ModbusError('config', `column ${column.name}: ${column.type} does not fit in ${column.length} registers`);
  }
}

/**
 * The 16- and 32-bit integers without skipped bytes, which are nearly every column a fleet sends, read
 * straight from the registers: the general path's buffers and BigInts cost a tenth of a busy server's
 * time during a backfill (issue 11). Same answers as the general path (codec.test.ts checks both).
 */
function wordInteger(registers: Registers, column: Column): DecodedValue | undefined {
  const { type } = column;
  if ((column.skipBytes ?? 0) !== 0) return undefined;
  if (type !== 'u16' && type !== 's16' && type !== 'u32' && type !== 's32') return undefined;
  const order = (r: number) => (column.byteSwap ? ((r & 0xff) << 8) | (r >>> 8) : r);
  let raw: number;
  if (type === 'u16' || type === 's16') {
    raw = order(registerAt(registers, column.address));
    if (type === 's16' && raw >= 0x8000) raw -= 0x10000;
  } else {
    const a = order(registerAt(registers, column.address));
    const b = order(registerAt(registers, column.address + 1));
    raw = column.wordSwap ? b * 0x10000 + a : a * 0x10000 + b;
    if (type === 's32' && raw >= 0x80000000) raw -= 0x100000000;
  }
  if ((column.sentinels ?? true) && raw === Number(SENTINEL[type])) return null;
  return scaleRaw(raw, column.scale ?? 1, column.base ?? 0, true);
}

function registerAt(registers: Registers, index: number): number {
  const value = registers[index];
  // Some sources hand registers over as signed 16-bit numbers; the bits are the same.
  if (value === undefined || !Number.isInteger(value) || value < -0x8000 || value > 0xffff) {
    throw new ModbusError('range', `register ${index} holds ${value}, not a 16-bit value`);
  }
  return value & 0xffff;
}

/** Applies the swap flags. Each flag is its own inverse, so the same function reads and writes. */
function swap(bytes: Uint8Array, column: Column): Uint8Array {
  const out = new Uint8Array(bytes.length);
  const from = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const to = new DataView(out.buffer);
  const words = bytes.length / 2;
  for (let w = 0; w < words; w++) {
    const word = from.getUint16(2 * (column.wordSwap ? words - 1 - w : w));
    to.setUint16(2 * w, column.byteSwap ? ((word & 0xff) << 8) | (word >>> 8) : word);
  }
  return out;
}

function readInteger(view: DataView, type: DataType): bigint {
  switch (type) {
    case 'u16':
      return BigInt(view.getUint16(0));
    case 's16':
      return BigInt(view.getInt16(0));
    case 'u32':
      return BigInt(view.getUint32(0));
    case 's32':
      return BigInt(view.getInt32(0));
    case 'u64':
      return view.getBigUint64(0);
    case 's64':
      return view.getBigInt64(0);
    default:
      throw new ModbusError('config', `${type} is not an integer type`);
  }
}

function writeInteger(view: DataView, type: DataType, raw: bigint, column: Column): void {
  const range = INTEGER_RANGE[type];
  if (!range || raw < range[0] || raw > range[1]) {
    throw new ModbusError('range', `raw value ${raw} of column ${column.name} does not fit in ${type}`);
  }
  switch (type) {
    case 'u16':
    case 's16':
      view.setUint16(0, Number(raw) & 0xffff);
      break;
    case 'u32':
    case 's32':
      view.setUint32(0, Number(raw) >>> 0);
      break;
    case 'u64':
      view.setBigUint64(0, raw);
      break;
    case 's64':
      view.setBigInt64(0, raw);
      break;
  }
}

function writeSentinel(view: DataView, type: DataType): void {
  switch (type) {
    case 'string':
      return; // all zero already
    case 'f32':
      view.setFloat32(0, NaN);
      return;
    case 'f64':
      view.setFloat64(0, NaN);
      return;
    case 'bitfield16':
      view.setUint16(0, 0xffff);
      return;
    case 'bitfield32':
      view.setUint32(0, 0xffffffff);
      return;
    case 'u64':
      view.setBigUint64(0, 0xffffffffffffffffn);
      return;
    case 's64':
      view.setBigInt64(0, -0x8000000000000000n);
      return;
    case 'u16':
    case 's16':
      view.setUint16(0, type === 'u16' ? 0xffff : 0x8000);
      return;
    case 'u32':
    case 's32':
      view.setUint32(0, type === 'u32' ? 0xffffffff : 0x80000000);
      return;
  }
}

function unscale(value: number, column: Column): number {
  const scale = column.scale ?? 1;
  const base = column.base ?? 0;
  return scale === 1 && base === 0 ? value : (value - base) / scale;
}

function bitsOf(raw: number, width: number, names: Column['bits']): BitValue {
  const set: number[] = [];
  for (let bit = 0; bit < width; bit++) if (Math.floor(raw / 2 ** bit) % 2 === 1) set.push(bit);
  if (!names) return set;
  // Every named bit appears; a set bit without a name keeps its place as `bitN`, so nothing is lost.
  const map: Record<string, boolean> = {};
  const named = new Set<number>();
  for (const [name, bit] of Object.entries(names)) {
    map[name] = set.includes(bit);
    named.add(bit);
  }
  for (const bit of set) if (!named.has(bit)) map[`bit${bit}`] = true;
  return map;
}

function maskOf(value: DecodedValue, width: number, column: Column): number {
  const indexes: number[] = [];
  if (typeof value === 'number') {
    if (!Number.isInteger(value) || value < 0 || value >= 2 ** width) {
      throw new ModbusError('range', `${value} is not a ${width}-bit mask`);
    }
    return value;
  } else if (Array.isArray(value)) {
    indexes.push(...value);
  } else if (value !== null && typeof value === 'object') {
    for (const [name, on] of Object.entries(value)) {
      if (!on) continue;
      const bit = column.bits?.[name] ?? (/^bit(\d+)$/.exec(name) ? Number(name.slice(3)) : undefined);
      if (bit === undefined) throw new ModbusError('range', `column ${column.name} has no bit named ${name}`);
      indexes.push(bit);
    }
  } else {
    throw typeError(column, value);
  }
  let mask = 0;
  for (const bit of new Set(indexes)) {
    if (!Number.isInteger(bit) || bit < 0 || bit >= width) {
      throw new ModbusError('range', `bit ${bit} is outside a ${width}-bit field`);
    }
    // Arithmetic, not `|`: bit 31 would turn a bitwise result negative.
    mask += 2 ** bit;
  }
  return mask;
}

function typeError(column: Column, value: DecodedValue): ModbusError {
  return new ModbusError('range', `column ${column.name} (${column.type}) cannot hold ${JSON.stringify(value)}`);
}

/** Decimal places in the shortest representation of x (1e-7 → 7, 0.25 → 2, 10 → 0). */
function decimals(x: number): number {
  const [mantissa = '', exponent] = String(x).split('e');
  const fraction = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fraction - Number(exponent ?? 0));
}
