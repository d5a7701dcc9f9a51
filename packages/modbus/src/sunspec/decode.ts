/**
 * Reads one SunSpec model block (from its ID register to the end of its L registers) into values, with
 * scale factors applied: value = raw × 10^sf. Pure, like the codec it uses.
 */
import { decode, type DecodedValue, type Registers } from '../codec.js';
import { ModbusError } from '../errors.js';
import { groupInstanceSize, type SunSpecGroup, type SunSpecModel } from './model.js';

export interface SunSpecValues {
  /** Point values by name: numbers scaled by their sunssf, null where "not implemented" or unscalable. */
  values: Record<string, DecodedValue>;
  /** Instances of each sub-group, in register order. */
  groups: Record<string, SunSpecValues[]>;
}

export interface DecodedSunSpecModel extends SunSpecValues {
  id: number;
  /** The model's L: registers after the ID and L header. */
  length: number;
}

/** SunSpec allows scale factors from -10 to 10; anything else is a device fault, not a scale. */
const SF_MIN = -10;
const SF_MAX = 10;

/**
 * `registers` starts at the model's ID register and holds at least L + 2 registers. Points past the end of
 * the model (an older, shorter revision of it) are left out of `values`.
 */
export function decodeSunSpecModel(model: SunSpecModel, registers: Registers): DecodedSunSpecModel {
  if (registers.length < 2) throw new ModbusError('range', `model ${model.id}: no ID and L header`);
  const id = decode(registers, { name: 'ID', type: 'u16', address: 0, sentinels: false });
  const length = decode(registers, { name: 'L', type: 'u16', address: 1, sentinels: false });
  if (id !== model.id) throw new ModbusError('mismatch', `block holds model ${String(id)}, not model ${model.id}`);
  if (typeof length !== 'number' || registers.length < length + 2) {
    throw new ModbusError(
      'range',
      `model ${model.id}: L is ${String(length)} but only ${registers.length - 2} registers follow`,
    );
  }
  const { result } = decodeInstance(model, registers, 0, length + 2, []);
  return { id: model.id, length, ...result };
}

/** Scales a raw value by 10^sf. Dividing by an exact power of ten keeps 12345 × 10^-1 at 1234.5, not 1234.5000000000002. */
export function applyScaleFactor(raw: number, sf: number): number {
  return sf < 0 ? raw / 10 ** -sf : raw * 10 ** sf;
}

type Scope = Record<string, DecodedValue>;

function decodeInstance(
  group: SunSpecGroup,
  registers: Registers,
  start: number,
  end: number,
  parents: readonly Scope[],
): { result: SunSpecValues; next: number } {
  const raw: Scope = {};
  for (const point of group.points) {
    if (!point.column || start + point.offset + point.size > end) continue;
    raw[point.name] = decode(registers, { ...point.column, address: start + point.offset });
  }

  // Scale factors may follow the points they scale (A before A_SF), so scale once all raws are read;
  // points of a repeating group find theirs in the enclosing group.
  const scopes = [raw, ...parents];
  const values: Scope = {};
  for (const point of group.points) {
    if (!(point.name in raw)) continue;
    const value = raw[point.name] ?? null;
    if (point.sf === undefined || typeof value !== 'number') {
      values[point.name] = value;
      continue;
    }
    const sf = typeof point.sf === 'number' ? point.sf : lookup(scopes, point.sf);
    values[point.name] =
      typeof sf === 'number' && Number.isInteger(sf) && sf >= SF_MIN && sf <= SF_MAX
        ? applyScaleFactor(value, sf)
        : null;
  }

  const groups: Record<string, SunSpecValues[]> = {};
  let next = start + group.size;
  for (const sub of group.groups) {
    const instances: SunSpecValues[] = [];
    const count = instanceCount(sub, scopes, end - next);
    for (let i = 0; i < count && next < end; i++) {
      const decoded = decodeInstance(sub, registers, next, end, scopes);
      instances.push(decoded.result);
      next = decoded.next;
    }
    groups[sub.name] = instances;
  }
  return { result: { values, groups }, next };
}

function instanceCount(group: SunSpecGroup, scopes: readonly Scope[], remaining: number): number {
  if (group.count === undefined) return 1;
  if (typeof group.count === 'string') {
    const count = lookup(scopes, group.count);
    return typeof count === 'number' && Number.isInteger(count) && count > 0 ? count : 0;
  }
  if (group.count > 0) return group.count;
  const size = groupInstanceSize(group);
  if (!size) throw new ModbusError('config', `group ${group.name} repeats to fill the model but has no fixed size`);
  return Math.floor(remaining / size);
}

function lookup(scopes: readonly Scope[], name: string): DecodedValue | undefined {
  for (const scope of scopes) if (name in scope) return scope[name];
  return undefined;
}
