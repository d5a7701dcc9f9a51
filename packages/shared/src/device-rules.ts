/**
 * Device input rules of spec §5 shared by the device forms and the server: serial numbers and registration
 * keys, connection passwords, aliases, and the smart AC switch's thresholds, timers and SOC rule. Each check
 * answers a field-rule key (or null), so the form and the server say the same thing.
 */
import { z } from 'zod';
import type { FieldRule } from './messages/index.js';
import { deviceAliasProblem } from './meter-settings.js';
import { LIMITS, isValidConnectionPassword } from './rules.js';
import { isParamDay } from './request-params.js';

export const DEVICE_LIMITS = {
  serialMax: 32,
  registrationKeyMax: 32,
  /** Gateway upload interval, seconds (the gateway protocol's range). */
  uploadIntervalMin: 10,
  uploadIntervalMax: 3600,
  /** Switch report frequency, minutes (spec §9: data upload frequency is set in minutes). */
  reportMinutesMin: 1,
  reportMinutesMax: 60,
  timingTasksMax: 10,
  phaseCurrentMaxA: 100,
  phaseVoltageMaxV: 480,
  leakageMaxMa: 300,
  /** Spec §9: the leakage self-check cuts power for 10 seconds. */
  selfCheckSeconds: 10,
  importRowsMax: 500,
} as const;

const SERIAL = /^[A-Za-z0-9]+$/;

/** Serial numbers and registration keys: letters and digits only (spec §5 "no special characters"). */
export function serialProblem(value: string, max: number = DEVICE_LIMITS.serialMax): FieldRule | null {
  const v = value.trim();
  if (!v) return 'required';
  if (v.length > max) return 'tooLong';
  return SERIAL.test(v) ? null : 'noSpecialCharacters';
}

export function connPasswordProblem(value: string): FieldRule | null {
  if (!value) return 'required';
  return isValidConnectionPassword(value) ? null : 'invalid';
}

export function aliasProblem(value: string): FieldRule | null {
  return deviceAliasProblem(value);
}

/** Spec §5: a switch's open value must be greater than its closed value, both positive integers. */
export function switchThresholdProblem(open: number, closed: number): FieldRule | null {
  if (!Number.isInteger(open) || !Number.isInteger(closed) || open < 1 || closed < 1) return 'invalid';
  return open > closed ? null : 'invalid';
}

const rule = (r: FieldRule) => ({ message: r });
const refineRule =
  (check: (v: string) => FieldRule | null) =>
  (v: string, ctx: z.RefinementCtx): void => {
    const problem = check(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  };

export const serialSchema = z
  .string()
  .trim()
  .superRefine(refineRule((v) => serialProblem(v)));
export const registrationKeySchema = z
  .string()
  .trim()
  .superRefine(refineRule((v) => serialProblem(v, DEVICE_LIMITS.registrationKeyMax)));
export const connPasswordSchema = z.string().superRefine(refineRule(connPasswordProblem));
export const deviceAliasSchema = z.string().superRefine(refineRule(aliasProblem));

/** One gateway (or switch) as it is imported: serial, registration key and connection password. */
export const deviceImportSchema = z.object({
  sn: serialSchema,
  registrationKey: registrationKeySchema,
  password: connPasswordSchema,
});
export type DeviceImport = z.infer<typeof deviceImportSchema>;

/** What a check of an import row can find wrong, in the order it is looked for. */
export const IMPORT_PROBLEMS = [
  'snMissing',
  'snCharacters',
  'keyMissing',
  'keyCharacters',
  'passwordRule',
  'duplicate',
  'exists',
  /** The serial number is another company's: said without saying so (the console reads it as "cannot be imported"). */
  'unavailable',
] as const;
export type ImportProblem = (typeof IMPORT_PROBLEMS)[number];

/** The problems of one row that need no database (duplicates within the file and existing serials aside). */
export function importRowProblems(row: { sn: string; registrationKey: string; password: string }): ImportProblem[] {
  const out: ImportProblem[] = [];
  const sn = serialProblem(row.sn);
  if (sn === 'required') out.push('snMissing');
  else if (sn) out.push('snCharacters');
  const key = serialProblem(row.registrationKey, DEVICE_LIMITS.registrationKeyMax);
  if (key === 'required') out.push('keyMissing');
  else if (key) out.push('keyCharacters');
  if (connPasswordProblem(row.password)) out.push('passwordRule');
  return out;
}

export const uploadIntervalSchema = z
  .number(rule('invalid'))
  .int(rule('invalid'))
  .min(DEVICE_LIMITS.uploadIntervalMin, rule('invalid'))
  .max(DEVICE_LIMITS.uploadIntervalMax, rule('invalid'));

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, rule('touTime'));

/** A switch timer: once at a date and time, or repeating on chosen weekdays (0 = Sunday). */
export const timingTaskSchema = z.discriminatedUnion('repeat', [
  z.object({
    repeat: z.literal(false),
    action: z.enum(['on', 'off']),
    date: z.string().max(10).refine(isParamDay, rule('date')),
    time: hhmm,
    enabled: z.boolean().default(true),
  }),
  z.object({
    repeat: z.literal(true),
    action: z.enum(['on', 'off']),
    days: z
      .array(z.number().int().min(0).max(6))
      .min(1, rule('required'))
      .max(7)
      .refine((d) => new Set(d).size === d.length, rule('invalid')),
    time: hhmm,
    enabled: z.boolean().default(true),
  }),
]);
export type TimingTask = z.infer<typeof timingTaskSchema>;
export const timingTasksSchema = z.array(timingTaskSchema).max(DEVICE_LIMITS.timingTasksMax, rule('invalid'));

const positiveInt = (max: number) =>
  z.number(rule('invalid')).int(rule('invalid')).min(1, rule('invalid')).max(max, rule('invalid'));

/** Per-phase protection limits: trip above the current, outside the voltage band. */
export const phaseLimitSchema = z
  .object({
    maxCurrentA: positiveInt(DEVICE_LIMITS.phaseCurrentMaxA),
    overVoltageV: positiveInt(DEVICE_LIMITS.phaseVoltageMaxV),
    underVoltageV: positiveInt(DEVICE_LIMITS.phaseVoltageMaxV),
  })
  .superRefine((v, ctx) => {
    if (switchThresholdProblem(v.overVoltageV, v.underVoltageV))
      ctx.addIssue({ code: 'custom', path: ['overVoltageV'], message: 'invalid' });
  });
export const switchLimitsSchema = z.object({
  phases: z.array(phaseLimitSchema).min(1).max(3),
  leakageMa: positiveInt(DEVICE_LIMITS.leakageMaxMa),
});
export type SwitchLimits = z.infer<typeof switchLimitsSchema>;

/**
 * The SOC-based cycle rule: turn the switch on when the battery's SOC reaches `onAtSoc`, off when it falls
 * to `offAtSoc`. The on (open) value must be greater than the off (closed) value (spec §5).
 */
export const socRuleSchema = z
  .object({
    enabled: z.boolean(),
    batterySn: z.string().max(64),
    onAtSoc: z.number(rule('invalid')).int(rule('invalid')).min(1, rule('invalid')).max(100, rule('invalid')),
    offAtSoc: z.number(rule('invalid')).int(rule('invalid')).min(1, rule('invalid')).max(100, rule('invalid')),
  })
  .superRefine((v, ctx) => {
    if (switchThresholdProblem(v.onAtSoc, v.offAtSoc))
      ctx.addIssue({ code: 'custom', path: ['onAtSoc'], message: 'invalid' });
    if (v.enabled && !v.batterySn) ctx.addIssue({ code: 'custom', path: ['batterySn'], message: 'required' });
  });
export type SocRule = z.infer<typeof socRuleSchema>;

/** A server address the device reports to: host name or IPv4 address and a port. */
export const serverAddressSchema = z.object({
  host: z
    .string()
    .trim()
    .min(1, rule('required'))
    .max(253, rule('tooLong'))
    .regex(/^[A-Za-z0-9.-]+$/, rule('noSpecialCharacters')),
  port: z.number(rule('invalid')).int(rule('invalid')).min(1, rule('invalid')).max(65535, rule('invalid')),
});

export const reportMinutesSchema = z
  .number(rule('invalid'))
  .int(rule('invalid'))
  .min(DEVICE_LIMITS.reportMinutesMin, rule('invalid'))
  .max(DEVICE_LIMITS.reportMinutesMax, rule('invalid'));

/** What the console keeps for a smart AC switch (device.settings). */
export interface SwitchSettings {
  limits: SwitchLimits;
  timingTasks: TimingTask[];
  socRule: SocRule;
  reportMinutes: number;
  /** Last state the switch reported: on, and whether it was turned off at the switch itself. */
  on: boolean;
  localOff: boolean;
  associatedUserId: string | null;
}

export const DEFAULT_SWITCH_SETTINGS: SwitchSettings = {
  limits: { phases: [{ maxCurrentA: 32, overVoltageV: 264, underVoltageV: 184 }], leakageMa: 30 },
  timingTasks: [],
  socRule: { enabled: false, batterySn: '', onAtSoc: 80, offAtSoc: 20 },
  reportMinutes: 5,
  on: true,
  localOff: false,
  associatedUserId: null,
};

export function switchSettingsOf(stored: unknown): SwitchSettings {
  const s = (stored && typeof stored === 'object' ? stored : {}) as Partial<SwitchSettings>;
  return { ...DEFAULT_SWITCH_SETTINGS, ...s };
}

/** For the alias limit shown in forms. */
export const ALIAS_BYTES = LIMITS.aliasBytes;
