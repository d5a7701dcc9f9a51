/**
 * Settings forms from protocol data (issue 14 item 2). A device whose `protocol` equals a protocol's code
 * (case aside) in the protocol table is bound to it: its settings are the columns of the newest version of
 * the config named `settings`, its readings the config named `realtime`. Writable columns (function code 01
 * coils and 03 holding registers) become form fields; a write is encoded with packages/modbus into the
 * registers the gateway writes, and a read names the register blocks to read and decodes what they hold.
 */
import { decode, encode, ModbusError, type DecodedValue } from '@heliograph/modbus';
import {
  columnDescription,
  isSettingsProtocol,
  LIMITS,
  parseHexAddress,
  type ColumnRow,
  type RegisterReadBlock,
  type RegisterWriteBlock,
  type Lang,
  type SettingField,
  type SettingProblem,
} from '@heliograph/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { codecColumn, decodeRegisters } from '../protocols/decode.js';
import { columnsOf, latestConfigs } from '../protocols/store.js';

/** The config of a bound protocol whose writable columns make the settings form. */
export const SETTINGS_CONFIG = 'settings';
/** The config of a bound protocol whose columns are the device's readings (chart parameters, debug picks). */
export const REALTIME_CONFIG = 'realtime';

/** Function codes of the columns a form may write: 01 coils and 03 holding registers. */
const WRITABLE_CODES = new Set([1, 3]);

/** The raw range of each integer type (64-bit ones are capped below anyway). */
const RAW_RANGE: Record<string, [number, number]> = {
  u16: [0, 0xffff],
  s16: [-0x8000, 0x7fff],
  u32: [0, 0xffffffff],
  s32: [-0x80000000, 0x7fffffff],
  u64: [0, Number.MAX_SAFE_INTEGER],
  s64: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  f32: [-LIMITS.registerValueMax, LIMITS.registerValueMax],
  f64: [-LIMITS.registerValueMax, LIMITS.registerValueMax],
};

/** A block of a settingsRead and a write of a settingsWrite (gateway-protocol.ts, docs/gateway-protocol.md). */
export type RegisterRead = RegisterReadBlock;
export type RegisterWrite = RegisterWriteBlock;

/** A device's bound protocol config and the form made of it. */
export interface DataForm {
  protocolId: string;
  code: string;
  configId: string;
  version: number;
  /** The writable columns, in the config's order (the fields' order). */
  columns: ColumnRow[];
  /** The columns' fields without labels (labels follow the caller's language). */
  fields: SettingField[];
}

function decimalsOf(x: number): number {
  const [mantissa = '', exponent] = String(x).split('e');
  return Math.max(0, (mantissa.split('.')[1]?.length ?? 0) - Number(exponent ?? 0));
}

/**
 * The field of a writable column, or null when the form cannot offer it: a column scaled by another column
 * (its range is unknown before that column is read), a string or a bitfield.
 */
export function columnField(c: ColumnRow): SettingField | null {
  if (!WRITABLE_CODES.has(c.functionCode) || c.scaleFactor) return null;
  if (c.functionCode === 1) return { key: c.name, group: SETTINGS_CONFIG, type: 'boolean' };
  const range = RAW_RANGE[c.dataType];
  if (!range) return null;
  const ends = range.map((raw) => raw * c.scale + c.base);
  const float = c.dataType.startsWith('f');
  const decimals = float
    ? Math.max(3, decimalsOf(c.scale) + decimalsOf(c.base))
    : decimalsOf(c.scale) + decimalsOf(c.base);
  const round = (x: number) => Number(x.toFixed(Math.min(decimals, 15)));
  return {
    key: c.name,
    group: SETTINGS_CONFIG,
    type: 'number',
    min: Math.max(round(Math.min(...ends)), -LIMITS.registerValueMax),
    max: Math.min(round(Math.max(...ends)), LIMITS.registerValueMax),
    decimals,
    ...(c.unit ? { unit: c.unit } : {}),
  };
}

/** The fields with their labels in `lang` (the column's description, English when it has none in `lang`). */
export function labelled(form: DataForm, lang: Lang): SettingField[] {
  const byName = new Map(form.columns.map((c) => [c.name, c]));
  return form.fields.map((f) => {
    const label = columnDescription(byName.get(f.key)?.descriptions ?? {}, lang);
    return label ? { ...f, label } : f;
  });
}

/** Built forms by config version and a fingerprint of its columns: a changed column is a new entry. */
const cache = new Map<string, DataForm>();
const CACHE_MAX = 200;

/**
 * The protocol a device's `protocol` names, and the newest version of its config `name`; null when the
 * protocol is a built-in one (metrics, sunspec), no protocol has that code, or it has no such config.
 */
export async function boundConfig(
  db: Db,
  deviceProtocol: string,
  name: string,
): Promise<{ protocolId: string; code: string; configId: string; version: number; stamp: string } | null> {
  if (isSettingsProtocol(deviceProtocol)) return null;
  const [row] = await query<{ protocol_id: string; code: string; config_id: string; version: number; stamp: string }>(
    db,
    sql`select p.id as protocol_id, p.code, c.id as config_id, c.version,
        (select md5(coalesce(string_agg(k::text, ',' order by k.position, k.id), '')) from protocol_column k
          where k.config_id = c.id) as stamp
      from protocol p join protocol_config c on c.protocol_id = p.id
      where lower(p.code) = lower(${deviceProtocol}) and lower(c.name) = ${name}
      order by c.version desc limit 1`,
  );
  if (!row) return null;
  return {
    protocolId: row.protocol_id,
    code: row.code,
    configId: row.config_id,
    version: Number(row.version),
    stamp: row.stamp,
  };
}

/**
 * Every protocol of the table by code, with whether a device bound to it has a settings form (a `settings`
 * config with a column of function code 01 or 03): what the console offers as a device's protocol.
 */
export async function dataProtocols(db: Db): Promise<{ value: string; settings: boolean }[]> {
  const rows = await query<{ code: string; settings: boolean }>(
    db,
    sql`select p.code, exists (select 1 from protocol_config c join protocol_column k on k.config_id = c.id
          where c.protocol_id = p.id and lower(c.name) = ${SETTINGS_CONFIG} and k.function_code in (1, 3)
            and c.version = (select max(v.version) from protocol_config v
              where v.protocol_id = p.id and lower(v.name) = ${SETTINGS_CONFIG})) as settings
      from protocol p order by lower(p.code) limit 500`,
  );
  return rows.map((r) => ({ value: r.code, settings: Boolean(r.settings) }));
}

/** The settings form of a device bound to a data protocol; null when it is not bound or has no `settings` config. */
export async function dataForm(db: Db, deviceProtocol: string): Promise<DataForm | null> {
  const bound = await boundConfig(db, deviceProtocol, SETTINGS_CONFIG);
  if (!bound) return null;
  const key = `${bound.configId}@${bound.version}:${bound.stamp}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const columns: ColumnRow[] = [];
  const fields: SettingField[] = [];
  for (const c of await columnsOf(db, bound.configId)) {
    const field = columnField(c);
    if (field && !fields.some((f) => f.key === field.key)) {
      columns.push(c);
      fields.push(field);
    }
  }
  const form: DataForm = { ...bound, columns, fields };
  // Entries of older versions or older column sets are never asked for again: drop them.
  for (const k of cache.keys()) if (k.startsWith(`${bound.configId}@`)) cache.delete(k);
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value ?? '');
  cache.set(key, form);
  return form;
}

/** The registers that hold `value` in column `c`, or why the value cannot be written exactly. */
export function encodeSetting(c: ColumnRow, value: unknown): { registers: number[] } | { problem: SettingProblem } {
  if (c.functionCode === 1) return typeof value === 'boolean' ? { registers: [value ? 1 : 0] } : { problem: 'type' };
  if (typeof value !== 'number' || !Number.isFinite(value)) return { problem: 'type' };
  const column = codecColumn(c, 0);
  let registers: number[];
  try {
    registers = encode(value, { ...column, sentinels: false });
  } catch (e) {
    if (e instanceof ModbusError) return { problem: 'range' };
    throw e;
  }
  // What the device would answer back must be the value written: else the type or scale cannot hold it.
  const back = decode(registers, { ...column, sentinels: false });
  if (typeof back !== 'number') return { problem: 'type' };
  const tolerance = c.dataType === 'f32' ? Math.abs(value) * 1e-6 + 1e-9 : 1e-9;
  if (Math.abs(back - value) > tolerance) {
    const raw = (value - c.base) / c.scale;
    const [lo, hi] = RAW_RANGE[c.dataType] ?? [0, 0];
    return { problem: raw < lo || raw > hi ? 'range' : 'decimals' };
  }
  return { registers };
}

/**
 * The writes of a set of values, each checked first: the problems when any value cannot be written exactly,
 * else the register writes in the columns' order (5 for a coil, 6 one register, 16 several).
 */
export function settingWrites(
  form: DataForm,
  values: Record<string, unknown>,
): { problems: { field: string; problem: SettingProblem }[] } | { writes: RegisterWrite[] } {
  const problems: { field: string; problem: SettingProblem }[] = [];
  const writes: RegisterWrite[] = [];
  for (const c of form.columns) {
    if (!(c.name in values)) continue;
    const out = encodeSetting(c, values[c.name]);
    if ('problem' in out) {
      problems.push({ field: c.name, problem: out.problem });
      continue;
    }
    const start = parseHexAddress(c.startAddress) ?? 0;
    const fc = c.functionCode === 1 ? 5 : out.registers.length === 1 ? 6 : 16;
    writes.push({ fc, start, registers: out.registers });
  }
  return problems.length > 0 ? { problems } : { writes };
}

/** Most registers (or coils) one read asks for, and the widest gap of unused registers a block may bridge. */
const BLOCK_MAX = 125;
const GAP_MAX = 8;

/** The blocks that read every column of the form: per function code, neighbouring columns read together. */
export function settingReads(form: DataForm): RegisterRead[] {
  const reads: RegisterRead[] = [];
  for (const fc of [1, 3] as const) {
    const spans = form.columns
      .filter((c) => c.functionCode === fc)
      .map((c) => {
        const start = parseHexAddress(c.startAddress) ?? 0;
        return { start, end: start + (fc === 1 ? 1 : c.registerCount) };
      })
      .sort((a, b) => a.start - b.start);
    let block: RegisterRead | null = null;
    for (const s of spans) {
      if (block && s.start <= block.start + block.count + GAP_MAX && s.end - block.start <= BLOCK_MAX) {
        block.count = Math.max(block.count, s.end - block.start);
      } else {
        block = { fc, start: s.start, count: s.end - s.start };
        reads.push(block);
      }
    }
  }
  return reads;
}

/** A block the device answered a settingsRead with. */
export interface AnsweredBlock {
  fc: number;
  start: number;
  registers: number[];
}

/** Reads the `blocks` a device answered out of a result; malformed entries are left out. */
export function answeredBlocks(result: Record<string, unknown> | null | undefined): AnsweredBlock[] {
  const blocks = result?.blocks;
  if (!Array.isArray(blocks)) return [];
  return blocks.flatMap((b: unknown) => {
    if (typeof b !== 'object' || b === null) return [];
    const { fc, start, registers } = b as Record<string, unknown>;
    if (typeof fc !== 'number' || typeof start !== 'number' || !Array.isArray(registers)) return [];
    const regs = registers.filter((r): r is number => typeof r === 'number' && Number.isInteger(r));
    return regs.length === registers.length ? [{ fc, start, registers: regs }] : [];
  });
}

/** The form's values decoded from the answered blocks (coils as true/false); columns not answered are absent. */
export function decodeSettings(
  form: DataForm,
  blocks: readonly AnsweredBlock[],
  lang: Lang,
): Record<string, DecodedValue | boolean> {
  const out: Record<string, DecodedValue | boolean> = {};
  for (const b of blocks) {
    const columns = form.columns.filter((c) => c.functionCode === b.fc && !(c.name in out));
    const { values } = decodeRegisters(b.registers, b.start, columns, lang, b.fc === 1);
    for (const v of values) {
      if (v.value === null) continue;
      out[v.name] = b.fc === 1 ? v.value === 1 : v.value;
    }
  }
  return out;
}

/** One register of a bound protocol, as the debug panel offers it. */
export interface ProtocolPick {
  config: string;
  name: string;
  description: string;
  functionCode: number;
  address: string;
  count: number;
  unit: string;
}

/**
 * The columns of the newest version of every config of the protocol a device is bound to (empty for a
 * built-in protocol): what the debug panel offers to read or write.
 */
export async function protocolPicks(db: Db, deviceProtocol: string, lang: Lang): Promise<ProtocolPick[]> {
  if (isSettingsProtocol(deviceProtocol)) return [];
  const [p] = await query<{ id: string }>(
    db,
    sql`select id from protocol where lower(code) = lower(${deviceProtocol}) limit 1`,
  );
  if (!p) return [];
  const picks: ProtocolPick[] = [];
  for (const config of await latestConfigs(db, p.id)) {
    for (const c of await columnsOf(db, config.id)) {
      picks.push({
        config: config.name,
        name: c.name,
        description: columnDescription(c.descriptions, lang),
        functionCode: c.functionCode,
        address: c.startAddress,
        count: c.registerCount,
        unit: c.unit,
      });
    }
  }
  return picks;
}
