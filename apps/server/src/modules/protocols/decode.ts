import {
  decode,
  parseRtuResponse,
  parseTcpResponse,
  ModbusError,
  type Column,
  type DataType,
  type DecodedValue,
} from '@heliograph/modbus';
import {
  columnDescription,
  hexAddress,
  parseHexAddress,
  PROTOCOL_DATA_TYPES,
  type ColumnRow,
  type DecodeResult,
  type Lang,
  type ProtocolDataType,
} from '@heliograph/shared';

/** The shared list of data types is the codec's, both ways: a type error here if they drift apart. */
const CODEC_TYPES: readonly DataType[] = PROTOCOL_DATA_TYPES;
export const SHARED_TYPES: readonly ProtocolDataType[] = CODEC_TYPES as readonly DataType[];

export type FrameKind = 'auto' | 'rtu' | 'tcp' | 'registers';

export interface ParsedFrame {
  kind: 'rtu' | 'tcp' | 'registers';
  unitId: number | null;
  functionCode: number | null;
  /** Registers, or for coils and discrete inputs one 0/1 per bit. */
  registers: number[];
}

/** "01 03 04 …" / "0x01,0x03" / "010304…" → bytes; null when it is not whole hex bytes. */
export function hexBytes(text: string): Uint8Array | null {
  const clean = text.replace(/0x/gi, '').replace(/[\s,:;-]+/g, '');
  if (clean.length === 0 || clean.length % 2 !== 0 || !/^[0-9a-fA-F]+$/.test(clean)) return null;
  return Uint8Array.from({ length: clean.length / 2 }, (_, i) => Number.parseInt(clean.slice(2 * i, 2 * i + 2), 16));
}

/**
 * Reads a pasted frame: an RTU read response (its CRC must match), a TCP one (MBAP header, its length must
 * match), or bare registers (two bytes each, high byte first). `auto` tries TCP, RTU, then registers. An exception
 * response or anything else unreadable throws a ModbusError.
 */
export function parseFrame(bytes: Uint8Array, kind: FrameKind): ParsedFrame {
  const tries: ('rtu' | 'tcp' | 'registers')[] = kind === 'auto' ? ['tcp', 'rtu', 'registers'] : [kind];
  let last: unknown;
  for (const k of tries) {
    try {
      return parseAs(bytes, k);
    } catch (e) {
      // A frame that is an RTU response but for its CRC is a corrupt frame, not a list of registers.
      if (kind === 'auto' && e instanceof ModbusError && e.reason === 'crc') throw e;
      last = e;
    }
  }
  throw last instanceof ModbusError ? last : new ModbusError('malformed', 'not a Modbus frame');
}

function parseAs(bytes: Uint8Array, kind: 'rtu' | 'tcp' | 'registers'): ParsedFrame {
  if (kind === 'registers') {
    if (bytes.length % 2 !== 0) throw new ModbusError('malformed', 'registers are two bytes each');
    const registers = Array.from({ length: bytes.length / 2 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!);
    return { kind, unitId: null, functionCode: null, registers };
  }
  const { unitId, response } = kind === 'rtu' ? parseRtuResponse(bytes) : parseTcpResponse(bytes);
  if ('registers' in response)
    return { kind, unitId, functionCode: response.functionCode, registers: response.registers };
  if ('bits' in response)
    return { kind, unitId, functionCode: response.functionCode, registers: response.bits.map((b) => (b ? 1 : 0)) };
  if ('exceptionCode' in response)
    throw new ModbusError('unsupported', `exception ${response.exceptionCode} (${response.exceptionName})`);
  throw new ModbusError('unsupported', 'not a read response');
}

/** A stored column as the codec reads it, at `address` in the block. */
export function codecColumn(c: ColumnRow, address: number): Column {
  return {
    name: c.name,
    type: c.dataType as DataType,
    address,
    length: c.registerCount,
    byteSwap: c.byteSwap,
    wordSwap: c.registerSwap,
    skipBytes: c.skipBytes,
    scale: c.scale,
    base: c.base,
  };
}

/**
 * Named, scaled values of a config from a block of registers whose first register is at `start`. A column
 * with a scale factor is read unscaled by base, then value = raw × scale × 10^sf + base, sf being the named
 * column's value (SunSpec sunssf); a null sf (not implemented) makes the value null.
 */
export function decodeRegisters(
  registers: readonly number[],
  start: number,
  columns: readonly ColumnRow[],
  lang: Lang,
  bits = false,
): Pick<DecodeResult, 'values' | 'skipped'> {
  const raw = new Map<string, DecodedValue>();
  const skipped: DecodeResult['skipped'] = [];
  const read: ColumnRow[] = [];
  for (const c of columns) {
    const begin = parseHexAddress(c.startAddress) ?? -1;
    const index = begin - start;
    const span = bits ? 1 : c.registerCount;
    if (index < 0 || index + span > registers.length) {
      skipped.push({ name: c.name, reason: 'outside' });
      continue;
    }
    try {
      if (bits) raw.set(c.name, registers[index] ?? null);
      else
        raw.set(
          c.name,
          decode(registers, { ...codecColumn(c, index), ...(c.scaleFactor ? { scale: 1, base: 0 } : {}) }),
        );
      read.push(c);
    } catch {
      skipped.push({ name: c.name, reason: 'invalid' });
    }
  }
  const values = read.map((c) => {
    let value = raw.get(c.name) ?? null;
    if (c.scaleFactor && typeof value === 'number') {
      const sf = raw.get(c.scaleFactor);
      value = typeof sf === 'number' ? scaled(value, c.scale, sf, c.base) : null;
    }
    return {
      name: c.name,
      description: columnDescription(c.descriptions, lang),
      address: c.startAddress,
      unit: c.unit,
      value,
      required: c.required,
    };
  });
  return { values, skipped };
}

/** raw × scale × 10^sf + base, rounded to the decimals the factors carry (no 230.10000000000002). */
export function scaled(raw: number, scale: number, sf: number, base: number): number {
  const value = raw * scale * 10 ** sf + base;
  const digits = Math.max(0, -sf) + decimals(scale) + decimals(base);
  return digits > 0 && digits <= 15 ? Number(value.toFixed(digits)) : value;
}

function decimals(x: number): number {
  const [mantissa = '', exponent] = String(x).split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent ?? 0));
}

/** The lowest start address of a config's columns (where a frame of the whole config starts). */
export function lowestAddress(columns: readonly ColumnRow[]): number {
  return columns.reduce((m, c) => Math.min(m, parseHexAddress(c.startAddress) ?? 0xffff), 0xffff);
}

export { hexAddress };
