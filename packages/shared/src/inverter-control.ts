import { z } from 'zod';
import { LIMITS } from './rules.js';

/**
 * Inverter control rules shared by the server (the authority) and the console: which states forbid boot,
 * shutdown, remote debug and settings (spec §4), the settings form of a device's protocol, and the debug
 * (register read/write) input of spec §5 ("hex input needs a fixed number of digits", register value at
 * most 9999999.00).
 */

/** Operating states as SunSpec numbers `St` (models 101–103); the simulator and real devices use them. */
export const INVERTER_STATE = {
  off: 1,
  sleeping: 2,
  starting: 3,
  mppt: 4,
  throttled: 5,
  shuttingDown: 6,
  fault: 7,
  standby: 8,
} as const;

/** States in which the inverter is not producing and not about to: boot makes sense, shutdown does not. */
const STOPPED_STATES: readonly number[] = [INVERTER_STATE.off, INVERTER_STATE.shuttingDown, INVERTER_STATE.standby];

/** `ivScan` sweeps the PV inputs (production dips for a few seconds): a command like the others. */
export const INVERTER_ACTIONS = ['boot', 'shutdown', 'debug', 'settings', 'ivScan'] as const;
export type InverterAction = (typeof INVERTER_ACTIONS)[number];

/** Why an action is refused; `offline` is answered "device offline" (1201), the others 1210. */
export type InverterActionBlock = 'offline' | 'upgrading' | 'alreadyRunning' | 'alreadyOff';

export interface InverterCondition {
  /** Device status (spec §4), as the list and detail report it. */
  status: string;
  /** The `state` reading (SunSpec St), null when the device does not report one. */
  state: number | null;
}

/**
 * Whether `action` may be sent now. Upgrading blocks everything remote (spec §4 "remote debug, upgrade and
 * power on/off are blocked in some states"); an offline device cannot answer; boot of a running inverter and
 * shutdown of a stopped one are refused rather than sent, so the log does not fill with no-ops. An unknown
 * state (no reading) allows both: the device decides.
 */
export function inverterActionBlock(action: InverterAction, c: InverterCondition): InverterActionBlock | null {
  if (c.status === 'upgrading') return 'upgrading';
  if (c.status === 'offline') return 'offline';
  if (c.state === null) return null;
  const stopped = STOPPED_STATES.includes(c.state);
  if (action === 'boot' && !stopped) return 'alreadyRunning';
  if (action === 'shutdown' && stopped) return 'alreadyOff';
  return null;
}

// ---------------------------------------------------------------------------------------------------------
// Settings forms

const fieldBase = z.object({
  key: z.string(),
  /** A label from the protocol (SunSpec point labels); the console translates the built-in keys itself. */
  label: z.string().optional(),
  /** Group heading (SunSpec model name, or 'power', 'grid' …). */
  group: z.string(),
});
/** One field of a protocol's settings form (inverter settings and configuration templates). */
export const settingField = z.discriminatedUnion('type', [
  fieldBase.extend({
    type: z.literal('number'),
    min: z.number(),
    max: z.number(),
    decimals: z.number(),
    unit: z.string().optional(),
  }),
  fieldBase.extend({
    type: z.literal('enum'),
    options: z.array(z.object({ value: z.union([z.number(), z.string()]), label: z.string().optional() })),
  }),
  fieldBase.extend({ type: z.literal('boolean') }),
]);
export type SettingField = z.infer<typeof settingField>;

export type SettingValue = number | string | boolean;

export const GRID_CODES = [
  'EN 50549-1',
  'VDE-AR-N 4105',
  'IEEE 1547-2018',
  'AS/NZS 4777.2',
  'G99',
  'CEI 0-21',
] as const;

/**
 * The built-in settings map of devices whose gateway decodes the readings ('metrics' protocol): what nearly
 * every string or hybrid inverter lets an installer change remotely.
 */
export const METRICS_INVERTER_SETTINGS: readonly SettingField[] = [
  { key: 'activePowerLimit', group: 'power', type: 'number', min: 0, max: 100, decimals: 0, unit: '%' },
  { key: 'powerFactor', group: 'power', type: 'number', min: 0.8, max: 1, decimals: 2 },
  { key: 'feedInLimitW', group: 'grid', type: 'number', min: 0, max: 1_000_000, decimals: 0, unit: 'W' },
  { key: 'gridCode', group: 'grid', type: 'enum', options: GRID_CODES.map((value) => ({ value })) },
  { key: 'reconnectDelaySec', group: 'grid', type: 'number', min: 0, max: 600, decimals: 0, unit: 's' },
];

/** How a hybrid inverter runs its battery; the names are those of the gateway protocol. */
export const BATTERY_WORK_MODES = ['selfUse', 'timeOfUse', 'backup', 'feedInPriority'] as const;
export type BatteryWorkMode = (typeof BATTERY_WORK_MODES)[number];

/** Group of the battery fields: the battery-setting page shows only this group of the inverter's form. */
export const BATTERY_SETTINGS_GROUP = 'battery';

/**
 * What a hybrid inverter lets an installer set about the battery behind it. Charge cut-off stops at 50 % at
 * the lowest because a lower ceiling leaves no room for the reserve; the reserve (discharge cut-off) keeps at
 * least 5 % so the BMS never sees a deep discharge; currents are capped at what home and business packs take.
 */
export const HYBRID_BATTERY_SETTINGS: readonly SettingField[] = [
  {
    key: 'batteryWorkMode',
    group: BATTERY_SETTINGS_GROUP,
    type: 'enum',
    options: BATTERY_WORK_MODES.map((value) => ({ value })),
  },
  { key: 'chargeCutoffSoc', group: BATTERY_SETTINGS_GROUP, type: 'number', min: 50, max: 100, decimals: 0, unit: '%' },
  { key: 'dischargeCutoffSoc', group: BATTERY_SETTINGS_GROUP, type: 'number', min: 5, max: 95, decimals: 0, unit: '%' },
  { key: 'maxChargeCurrentA', group: BATTERY_SETTINGS_GROUP, type: 'number', min: 0, max: 250, decimals: 1, unit: 'A' },
  {
    key: 'maxDischargeCurrentA',
    group: BATTERY_SETTINGS_GROUP,
    type: 'number',
    min: 0,
    max: 250,
    decimals: 1,
    unit: 'A',
  },
];

/**
 * The settings form of a 'metrics' inverter: the common fields, plus the battery group when the inverter is
 * a hybrid with a battery behind it (a string inverter, or a hybrid without a battery, has nothing to set).
 */
export function metricsInverterSettings(opts: { hybrid: boolean; battery: boolean }): SettingField[] {
  return opts.hybrid && opts.battery
    ? [...METRICS_INVERTER_SETTINGS, ...HYBRID_BATTERY_SETTINGS]
    : [...METRICS_INVERTER_SETTINGS];
}

/**
 * Checks that need two values: the reserve (discharge cut-off) must stay below the charge cut-off, or the
 * battery could neither charge nor discharge. `known` holds the device's current values, so changing one of
 * the two is checked against the other.
 */
export function settingsConflicts(
  values: Record<string, unknown>,
  known: Record<string, unknown> = {},
): { field: string; problem: 'order' }[] {
  const pick = (k: string) => (k in values ? values[k] : known[k]);
  const charge = pick('chargeCutoffSoc');
  const reserve = pick('dischargeCutoffSoc');
  if (typeof charge !== 'number' || typeof reserve !== 'number' || reserve < charge) return [];
  const field = 'dischargeCutoffSoc' in values ? 'dischargeCutoffSoc' : 'chargeCutoffSoc';
  return [{ field, problem: 'order' }];
}

/** Protocols the console has a settings form for; any other answers 601. */
export const SETTINGS_PROTOCOLS = ['metrics', 'sunspec'] as const;
export type SettingsProtocol = (typeof SETTINGS_PROTOCOLS)[number];

export function isSettingsProtocol(protocol: string): protocol is SettingsProtocol {
  return (SETTINGS_PROTOCOLS as readonly string[]).includes(protocol);
}

/** What is wrong with one value: missing, of the wrong type, out of range, too many decimals, not an option. */
export type SettingProblem = 'required' | 'type' | 'range' | 'decimals' | 'option';

function decimalsOf(n: number): number {
  const s = String(n);
  if (s.includes('e-')) return Number(s.split('e-')[1]);
  return s.includes('.') ? (s.split('.')[1]?.length ?? 0) : 0;
}

export function settingProblem(field: SettingField, value: unknown): SettingProblem | null {
  if (value === undefined || value === null || value === '') return 'required';
  switch (field.type) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return 'type';
      if (value < field.min || value > field.max) return 'range';
      return decimalsOf(value) > field.decimals ? 'decimals' : null;
    case 'enum':
      return field.options.some((o) => o.value === value) ? null : 'option';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'type';
  }
}

/**
 * Checks a set of values to write: each must be a field of the form and valid; at least one is needed. A
 * partial write is allowed (only what the person changed goes to the device).
 */
export function settingsProblems(
  fields: readonly SettingField[],
  values: Record<string, unknown>,
): { field: string; problem: SettingProblem | 'unknown' }[] {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  const out: { field: string; problem: SettingProblem | 'unknown' }[] = [];
  const keys = Object.keys(values);
  if (keys.length === 0) return [{ field: 'values', problem: 'required' }];
  for (const key of keys) {
    const field = byKey.get(key);
    if (!field) out.push({ field: key, problem: 'unknown' });
    else {
      const problem = settingProblem(field, values[key]);
      if (problem) out.push({ field: key, problem });
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Remote debug: read and write registers through the gateway

/** Modbus function codes the debug panel offers, as two hex digits: read holding/input, write one/many. */
export const DEBUG_READ_CODES = ['03', '04'] as const;
export const DEBUG_WRITE_CODES = ['06', '10'] as const;
export const DEBUG_CODES = [...DEBUG_READ_CODES, ...DEBUG_WRITE_CODES] as const;
export type DebugCode = (typeof DEBUG_CODES)[number];

/** A register address: exactly four hex digits (0000–FFFF). */
export const HEX_ADDRESS = /^[0-9A-Fa-f]{4}$/;
export const DEBUG_MAX_COUNT = 125;

/** A register value to write: 0–9999999.00 with at most two decimals (spec §5, §9). */
export function isRegisterValue(value: number): boolean {
  return Number.isFinite(value) && value >= 0 && value <= LIMITS.registerValueMax && decimalsOf(value) <= 2;
}

export const debugRequestSchema = z
  .object({
    code: z.enum(DEBUG_CODES),
    address: z.string().regex(HEX_ADDRESS),
    /** Registers to read (03/04). */
    count: z.number().int().min(1).max(DEBUG_MAX_COUNT).optional(),
    /** The value to write (06/10), scaled by 10^decimals into the register(s). */
    value: z.number().optional(),
    decimals: z.number().int().min(0).max(2).default(0),
  })
  .superRefine((b, ctx) => {
    const read = (DEBUG_READ_CODES as readonly string[]).includes(b.code);
    if (read && b.count === undefined) ctx.addIssue({ code: 'custom', path: ['count'], message: 'required' });
    if (!read) {
      if (b.value === undefined) ctx.addIssue({ code: 'custom', path: ['value'], message: 'required' });
      else if (!isRegisterValue(b.value)) ctx.addIssue({ code: 'custom', path: ['value'], message: 'range' });
      else if (b.code === '06' && Math.round(b.value * 10 ** b.decimals) > 0xffff)
        ctx.addIssue({ code: 'custom', path: ['value'], message: 'oneRegister' });
    }
  });
export type DebugRequest = z.infer<typeof debugRequestSchema>;

/**
 * The registers a write puts on the wire: one word for 06, two (high word first) for 10, the value scaled
 * by 10^decimals.
 */
export function debugWriteRegisters(req: Pick<DebugRequest, 'code' | 'value' | 'decimals'>): number[] {
  const raw = Math.round((req.value ?? 0) * 10 ** req.decimals);
  return req.code === '06' ? [raw & 0xffff] : [Math.floor(raw / 0x10000) & 0xffff, raw & 0xffff];
}

/** Four-digit upper-case hex of a register word, as the debug reply shows it. */
export const hexWord = (n: number): string => (n & 0xffff).toString(16).toUpperCase().padStart(4, '0');

// ---------------------------------------------------------------------------------------------------------
// Per-period charts of an inverter's grid, EPS, load, battery and meter ports

export const INVERTER_CHARTS = ['grid', 'eps', 'load', 'battery', 'meter'] as const;
export type InverterChart = (typeof INVERTER_CHARTS)[number];
export const INVERTER_CHART_PERIODS = ['day', 'month', 'year'] as const;
export type InverterChartPeriod = (typeof INVERTER_CHART_PERIODS)[number];

/**
 * What each chart draws: power readings for a day (W, SOC %) and energy columns of the daily rollups for a
 * month or a year (kWh). A hybrid inverter reports them itself; otherwise they come from the battery or
 * meter wired behind the same gateway (`source`).
 */
export const INVERTER_CHART_SERIES: Record<
  InverterChart,
  {
    source: 'battery' | 'meter' | null;
    day: readonly string[];
    energy: readonly ('purchase' | 'feedIn' | 'load' | 'charge' | 'discharge')[];
  }
> = {
  grid: { source: 'meter', day: ['p_grid'], energy: ['purchase', 'feedIn'] },
  eps: { source: null, day: ['p_eps'], energy: [] },
  load: { source: 'meter', day: ['p_load'], energy: ['load'] },
  battery: { source: 'battery', day: ['p_bat', 'soc'], energy: ['charge', 'discharge'] },
  meter: { source: 'meter', day: ['p_grid', 'ph1_p', 'ph2_p', 'ph3_p'], energy: ['purchase', 'feedIn', 'load'] },
};
