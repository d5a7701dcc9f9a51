/**
 * Readings of a simulated device bound to a register-map protocol (issue 14 item 1): the gateway holds the
 * protocol's `realtime` config (pushed with protocolUpdate, which names the bound devices), reads each column's
 * registers from the device and decodes them with the column's data type, order and scale, as a real gateway
 * with that map would. The value a register holds: what a settingsWrite wrote there (coils and holding
 * registers), else the device's live value for the column, encoded as the column says. The result is keyed by
 * column name (docs/gateway-protocol.md "Readings of a bound device").
 */
import { decode, encode, ModbusError, type Column, type DataType } from '@heliograph/modbus';
import type { ProtocolUpdateColumn, ProtocolUpdateParams } from '@heliograph/shared';
import { hash32 } from '../random.js';
import type { RegisterBank } from './register-bank.js';

/** The name of the config whose columns are a bound device's readings (as the console names it). */
export const REALTIME_CONFIG = 'realtime';

/** Number types: a string or a bitfield is no reading of a chart. */
const NUMERIC = new Set(['u16', 's16', 'u32', 's32', 'u64', 's64', 'f32', 'f64']);

/** The realtime columns each bound device reports, from the configs the gateway holds. */
export function realtimeColumnsByDevice(configs: readonly ProtocolUpdateParams[]): Map<string, ProtocolUpdateColumn[]> {
  const out = new Map<string, ProtocolUpdateColumn[]>();
  for (const c of configs) {
    if (c.config.toLowerCase() !== REALTIME_CONFIG) continue;
    for (const sn of c.devices ?? []) out.set(sn, c.columns);
  }
  return out;
}

function codecColumn(c: ProtocolUpdateColumn): Column {
  return {
    name: c.name,
    type: c.dataType as DataType,
    address: 0,
    length: c.count,
    byteSwap: c.byteSwap,
    wordSwap: c.registerSwap,
    skipBytes: c.skipBytes,
    scale: c.scale,
    base: c.base,
    // A live value is never "not implemented": read every pattern as the number it is.
    sentinels: false,
  };
}

/** The metric of the device's model a column of this unit stands for, and a fallback when the model has none. */
const BY_UNIT: Record<string, { metrics: string[]; fallback: number }> = {
  W: { metrics: ['p_ac', 'p_pv', 'p_grid', 'p_bat', 'p'], fallback: 0 },
  kW: { metrics: ['p_ac', 'p_pv', 'p_grid', 'p_bat', 'p'], fallback: 0 },
  V: { metrics: ['ph1_v', 'mppt1_v', 'v_bat'], fallback: 230 },
  A: { metrics: ['ph1_i', 'mppt1_i', 'i_bat'], fallback: 0 },
  Hz: { metrics: ['freq'], fallback: 50 },
  '°C': { metrics: ['temp', 't_module'], fallback: 25 },
  kWh: { metrics: ['e_ac_total', 'e_pv_total', 'e_import_total'], fallback: 0 },
  '%': { metrics: ['soc'], fallback: 50 },
};

/**
 * The live value of a column: the model's metric of the same name (case aside); else one of the unit's
 * (powers and currents: each column its own share of it, so two power columns do not draw one line; voltages,
 * frequency, temperature, counters whole); else a slow wave between 0 and 100 of its own phase.
 */
export function liveValue(c: ProtocolUpdateColumn, metrics: Record<string, number | null>, ts: number): number {
  const lower = new Map(Object.entries(metrics).map(([k, v]) => [k.toLowerCase(), v]));
  const same = lower.get(c.name.toLowerCase());
  if (typeof same === 'number') return same;
  const h = hash32('realtime', c.name);
  const byUnit = BY_UNIT[c.unit];
  if (byUnit) {
    const found = byUnit.metrics.map((m) => metrics[m]).find((v): v is number => typeof v === 'number');
    const value = found ?? byUnit.fallback;
    if (c.unit !== 'W' && c.unit !== 'kW' && c.unit !== 'A') return value;
    const share = 0.6 + (h % 41) / 100;
    return (c.unit === 'kW' ? value / 1000 : value) * share;
  }
  const phase = (h % 360) * (Math.PI / 180);
  return 50 + 50 * Math.sin(ts / 3_600_000 + phase);
}

/** The raw range of the integer types a live value may overflow (the wider ones hold any reading). */
const RAW_RANGE: Partial<Record<string, [number, number]>> = {
  u16: [0, 0xffff],
  s16: [-0x8000, 0x7fff],
  u32: [0, 0xffffffff],
  s32: [-0x80000000, 0x7fffffff],
};

/**
 * The column's registers holding `value`; a value the type cannot hold (a 40 kW inverter in an s16 watt
 * register) is held at the nearest end of its range, as a device's register saturates.
 */
function registersOf(c: ProtocolUpdateColumn, column: Column, value: number): number[] | null {
  const range = RAW_RANGE[c.dataType];
  let held = value;
  if (range && c.scale !== 0) {
    const raw = Math.min(range[1], Math.max(range[0], Math.round((value - c.base) / c.scale)));
    held = raw * c.scale + c.base;
  }
  try {
    return encode(held, column);
  } catch (e) {
    if (e instanceof ModbusError) return null;
    throw e;
  }
}

/**
 * The bound device's realtime readings, keyed by column name: each numeric column's registers read (from the
 * register bank where a write put them, else the live value encoded) and decoded with the column.
 */
export function realtimeReadings(
  columns: readonly ProtocolUpdateColumn[],
  bank: RegisterBank,
  metrics: Record<string, number | null>,
  ts: number,
): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const c of columns) {
    if (!NUMERIC.has(c.dataType) || c.name.length > 48 || c.name in out) continue;
    const column = codecColumn(c);
    const written = (c.fc === 1 || c.fc === 3) && bank.holds(c.fc, c.address, c.count);
    const registers = written
      ? (bank.read([{ fc: c.fc === 1 ? 1 : 3, start: c.address, count: c.count }])[0]?.registers ?? null)
      : c.fc === 1 || c.fc === 2
        ? [0]
        : registersOf(c, column, liveValue(c, metrics, ts));
    if (!registers) {
      out[c.name] = null;
      continue;
    }
    if (c.fc === 1 || c.fc === 2) {
      out[c.name] = registers[0] ? 1 : 0;
      continue;
    }
    const value = decode(registers, column);
    out[c.name] = typeof value === 'number' && Number.isFinite(value) ? value : null;
  }
  return out;
}
