/**
 * Writes a SunSpec model block from values: the inverse of decodeSunSpecModel. The simulator serves its
 * virtual devices' registers from it, and the tests build device maps with it.
 */
import { encode, type DecodedValue } from '../codec.js';
import { ModbusError } from '../errors.js';
import type { SunSpecGroup, SunSpecModel, SunSpecPoint } from './model.js';

export interface SunSpecInput {
  /**
   * Point values in engineering units (scaled points are divided by 10^sf, sf taken from these values);
   * a point left out is written as "not implemented". ID and L are filled in.
   */
  values?: Record<string, DecodedValue>;
  groups?: Record<string, SunSpecInput[]>;
}

/** SunSpec fills pad registers with 0x8000. */
const PAD = 0x8000;

/** The model block from its ID register: ID, L, then the points and group instances. */
export function encodeSunSpecModel(model: SunSpecModel, input: SunSpecInput): number[] {
  const registers = encodeInstance(model, input, []);
  registers[0] = model.id;
  registers[1] = registers.length - 2;
  return registers;
}

type Scope = Record<string, DecodedValue>;

function encodeInstance(group: SunSpecGroup, input: SunSpecInput, parents: readonly Scope[]): number[] {
  const values: Scope = { ...input.values };
  // A count point says how many instances follow; take it from the instances given when it is left out.
  for (const sub of group.groups) {
    if (typeof sub.count === 'string' && values[sub.count] === undefined) {
      values[sub.count] = input.groups?.[sub.name]?.length ?? 0;
    }
  }
  const scopes = [values, ...parents];
  const registers: number[] = [];
  for (const point of group.points) registers.push(...encodePoint(point, values[point.name], scopes));
  for (const sub of group.groups) {
    const instances = input.groups?.[sub.name] ?? [];
    if (typeof sub.count === 'number' && sub.count > 0 && instances.length !== sub.count) {
      throw new ModbusError('range', `group ${sub.name} repeats ${sub.count} times, got ${instances.length}`);
    }
    if (sub.count === undefined && instances.length > 1) {
      throw new ModbusError('range', `group ${sub.name} occurs once, got ${instances.length}`);
    }
    // A group that occurs once is always present, even when no values are given for it.
    const written = sub.count === undefined && instances.length === 0 ? [{}] : instances;
    for (const instance of written) registers.push(...encodeInstance(sub, instance, scopes));
  }
  return registers;
}

function encodePoint(point: SunSpecPoint, value: DecodedValue | undefined, scopes: readonly Scope[]): number[] {
  if (!point.column) return Array.from({ length: point.size }, () => (point.type === 'pad' ? PAD : 0));
  const column = { ...point.column, address: 0 };
  if (value === undefined || value === null) {
    // Accumulators have no "not implemented" pattern but 0.
    return encode(column.sentinels === false ? 0 : null, column);
  }
  if (point.sf === undefined || typeof value !== 'number') return encode(value, column);
  const sf = typeof point.sf === 'number' ? point.sf : lookup(scopes, point.sf);
  if (typeof sf !== 'number') {
    throw new ModbusError('range', `point ${point.name} is scaled by ${String(point.sf)}, which has no value`);
  }
  // Multiply by the inverse power of ten: 1234.5 × 10 is exact where 1234.5 / 0.1 is not.
  const raw = sf < 0 ? value * 10 ** -sf : value / 10 ** sf;
  return encode(raw, column);
}

function lookup(scopes: readonly Scope[], name: string): DecodedValue | undefined {
  for (const scope of scopes) if (scope[name] !== undefined) return scope[name];
  return undefined;
}
