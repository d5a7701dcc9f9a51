/**
 * SunSpec model definitions (the SunSpec Alliance's JSON, https://github.com/sunspec/models) turned into
 * point lists with register offsets and codec columns. Pure: the JSON comes in as a value, so this runs in
 * a browser as well as in Node (load.ts reads the bundled files).
 */
import type { Column, DataType } from '../codec.js';
import { ModbusError } from '../errors.js';

export interface SunSpecPoint {
  name: string;
  label?: string;
  /** Register offset from the start of its group instance; for a model's own points, from the ID register. */
  offset: number;
  /** Registers. */
  size: number;
  /** The SunSpec type: uint16, int16, acc32, enum16, bitfield32, sunssf, string, pad, … */
  type: string;
  units?: string;
  /** The sunssf point that scales this one (value = raw × 10^sf), or a fixed exponent. */
  sf?: string | number;
  /** Enum values or bit indexes by name. */
  symbols?: Record<string, number>;
  access: 'R' | 'RW';
  mandatory: boolean;
  /** How the codec reads the raw value (unscaled, offset `offset`); null for padding and types not decoded. */
  column: Column | null;
}

export interface SunSpecGroup {
  name: string;
  label?: string;
  /**
   * How often the group repeats: undefined once; a number that many times, 0 meaning "as many as fill the
   * model's length"; a string the name of the point that holds the count.
   */
  count?: number | string;
  points: SunSpecPoint[];
  /** Registers of the group's own points (sub-groups follow them). */
  size: number;
  groups: SunSpecGroup[];
}

/** A model is its top-level group plus its id; `points` starts with `ID` and `L`. */
export interface SunSpecModel extends SunSpecGroup {
  id: number;
}

/**
 * How each SunSpec type maps onto the codec. Accumulators read "not implemented" as 0 in SunSpec, which is
 * also a real count; they are read without sentinels so a new device's 0 Wh stays 0, not null.
 */
const CODEC_TYPES: Record<string, { type: DataType; sentinels: boolean } | undefined> = {
  uint16: { type: 'u16', sentinels: true },
  enum16: { type: 'u16', sentinels: true },
  count: { type: 'u16', sentinels: true },
  int16: { type: 's16', sentinels: true },
  sunssf: { type: 's16', sentinels: true },
  acc16: { type: 'u16', sentinels: false },
  uint32: { type: 'u32', sentinels: true },
  enum32: { type: 'u32', sentinels: true },
  int32: { type: 's32', sentinels: true },
  acc32: { type: 'u32', sentinels: false },
  uint64: { type: 'u64', sentinels: true },
  int64: { type: 's64', sentinels: true },
  acc64: { type: 'u64', sentinels: false },
  float32: { type: 'f32', sentinels: true },
  float64: { type: 'f64', sentinels: true },
  bitfield16: { type: 'bitfield16', sentinels: true },
  bitfield32: { type: 'bitfield32', sentinels: true },
  string: { type: 'string', sentinels: true },
};

/** Parses one model definition (the content of a `model_<id>.json`). */
export function parseSunSpecModel(json: unknown): SunSpecModel {
  if (!isRecord(json) || typeof json.id !== 'number' || !isRecord(json.group)) {
    throw new ModbusError('config', 'a SunSpec model definition needs a numeric "id" and a "group"');
  }
  const group = parseGroup(json.group, `model ${json.id}`);
  const [id, length] = group.points;
  if (id?.name !== 'ID' || length?.name !== 'L') {
    throw new ModbusError('config', `model ${json.id} does not start with the ID and L points`);
  }
  return { id: json.id, ...group };
}

/**
 * Registers one instance of the group takes, sub-groups included; undefined when a sub-group's count is
 * only known from the device (a count point or "fill the model").
 */
export function groupInstanceSize(group: SunSpecGroup): number | undefined {
  let size = group.size;
  for (const sub of group.groups) {
    const one = groupInstanceSize(sub);
    if (one === undefined) return undefined;
    if (sub.count === undefined) size += one;
    else if (typeof sub.count === 'number' && sub.count > 0) size += sub.count * one;
    else return undefined;
  }
  return size;
}

function parseGroup(json: Record<string, unknown>, where: string): SunSpecGroup {
  const name = stringField(json, 'name', where);
  const points: SunSpecPoint[] = [];
  let offset = 0;
  for (const raw of arrayField(json, 'points')) {
    if (!isRecord(raw)) throw new ModbusError('config', `${where}: a point is not an object`);
    const point = parsePoint(raw, offset, `${where}.${name}`);
    points.push(point);
    offset += point.size;
  }
  const groups = arrayField(json, 'groups').map((raw) => {
    if (!isRecord(raw)) throw new ModbusError('config', `${where}: a group is not an object`);
    return parseGroup(raw, `${where}.${name}`);
  });
  const count = json.count;
  if (count !== undefined && typeof count !== 'number' && typeof count !== 'string') {
    throw new ModbusError('config', `${where}.${name}: count must be a number or a point name`);
  }
  return {
    name,
    ...(typeof json.label === 'string' ? { label: json.label } : {}),
    ...(count !== undefined ? { count } : {}),
    points,
    size: offset,
    groups,
  };
}

function parsePoint(json: Record<string, unknown>, offset: number, where: string): SunSpecPoint {
  const name = stringField(json, 'name', where);
  const type = stringField(json, 'type', `${where}.${name}`);
  const size = json.size;
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 1) {
    throw new ModbusError('config', `${where}.${name}: size must be a positive integer`);
  }
  const symbols = parseSymbols(json.symbols);
  const sf = json.sf;
  const point: SunSpecPoint = {
    name,
    offset,
    size,
    type,
    access: json.access === 'RW' ? 'RW' : 'R',
    mandatory: json.mandatory === 'M',
    column: null,
  };
  if (typeof json.label === 'string') point.label = json.label;
  if (typeof json.units === 'string') point.units = json.units;
  // Some definitions give a fixed exponent instead of a point name.
  if (typeof sf === 'number' || (typeof sf === 'string' && /^-?\d+$/.test(sf))) point.sf = Number(sf);
  else if (typeof sf === 'string') point.sf = sf;
  if (symbols) point.symbols = symbols;

  const codec = CODEC_TYPES[type];
  if (codec) {
    const column: Column = { name, type: codec.type, address: offset, sentinels: codec.sentinels };
    if (codec.type === 'string') column.length = size;
    if (codec.type.startsWith('bitfield') && symbols) column.bits = symbols;
    point.column = column;
  }
  return point;
}

function parseSymbols(json: unknown): Record<string, number> | undefined {
  if (!Array.isArray(json)) return undefined;
  const symbols: Record<string, number> = {};
  for (const symbol of json) {
    if (isRecord(symbol) && typeof symbol.name === 'string' && typeof symbol.value === 'number') {
      symbols[symbol.name] = symbol.value;
    }
  }
  return symbols;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringField(json: Record<string, unknown>, key: string, where: string): string {
  const value = json[key];
  if (typeof value !== 'string' || value === '') throw new ModbusError('config', `${where}: "${key}" must be a string`);
  return value;
}

function arrayField(json: Record<string, unknown>, key: string): unknown[] {
  const value = json[key];
  return Array.isArray(value) ? value : [];
}
