/**
 * Smart rules (issue 17 point 5, spec §3 "Lighting rule", §4 "Rule", §5): what a rule is made of and the rules
 * its input follows, shared by the editor and the server (the server is the authority). A rule belongs to one
 * plant; it fires on its trigger when every condition holds, then runs its actions as its owner.
 * docs/smart-rules.md.
 */
import { z } from 'zod';
import { brightnessSchema } from './contracts/acenter.js';
import { EVENT_LEVELS, serialNumber } from './gateway-protocol.js';
import { BATTERY_WORK_MODES } from './inverter-control.js';
import type { FieldRule } from './messages/index.js';

export const RULE_LIMITS = {
  nameMax: 64,
  conditionsMax: 10,
  actionsMax: 10,
  notifyMax: 500,
  everyMinutesMax: 1440,
  cooldownMinutesMax: 1440,
  brightnessMax: 100,
  levelAbs: 9999,
} as const;

export const TRIGGER_KINDS = ['schedule', 'threshold', 'event', 'price'] as const;
export type TriggerKind = (typeof TRIGGER_KINDS)[number];
export const CONDITION_KINDS = ['timeWindow', 'weekday', 'deviceValue', 'price'] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];
export const ACTION_KINDS = ['acSwitch', 'inverterMode', 'light', 'notify'] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
export const DIRECTIONS = ['above', 'below'] as const;
export type Direction = (typeof DIRECTIONS)[number];
export const NOTIFY_TARGETS = ['owner', 'watchers'] as const;
/** What became of one action of a run. */
export const ACTION_OUTCOMES = ['sent', 'succeeded', 'failed', 'refused'] as const;
export type ActionOutcomeStatus = (typeof ACTION_OUTCOMES)[number];

const rule = (r: FieldRule) => ({ message: r });

/** A wall-clock time of the plant's zone, HH:mm. */
const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, rule('touTime'));
const weekdays = z
  .array(z.number().int().min(0).max(6))
  .refine((d) => d.length >= 1 && d.length <= 7 && new Set(d).size === d.length, rule('ruleWeekdays'));
/** A key of the device's telemetry (e.g. `p`, `soc`, `on`). */
const metricKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_.]{0,39}$/, rule('invalid'));
const level = z
  .number()
  .refine((v) => Number.isFinite(v) && Math.abs(v) <= RULE_LIMITS.levelAbs, rule('dynamicPriceRange'));
const reading = z.number().refine((v) => Number.isFinite(v) && Math.abs(v) <= 1e9, rule('invalid'));

export const scheduleTrigger = z
  .object({
    kind: z.literal('schedule'),
    /** Time of day in the plant's zone; null with `everyMinutes`. */
    at: hhmm.nullable(),
    /** Every N minutes (slots of N minutes from local midnight); null with `at`. */
    everyMinutes: z
      .number()
      .refine((v) => Number.isInteger(v) && v >= 1 && v <= RULE_LIMITS.everyMinutesMax, rule('ruleEvery'))
      .nullable(),
    /** 0 Sunday … 6 Saturday, of the plant's zone. */
    weekdays,
  })
  .superRefine((t, ctx) => {
    if ((t.at === null) === (t.everyMinutes === null))
      ctx.addIssue({ code: 'custom', path: ['at'], message: 'ruleScheduleOne' satisfies FieldRule });
  });
export const thresholdTrigger = z.object({
  kind: z.literal('threshold'),
  sn: serialNumber,
  metric: metricKey,
  direction: z.enum(DIRECTIONS),
  value: reading,
});
export const eventTrigger = z.object({
  kind: z.literal('event'),
  /** Levels that count; none: any. */
  levels: z.array(z.enum(EVENT_LEVELS)).max(3),
  /** An event code (e.g. F023); empty: any. */
  code: z.string().trim().max(32),
});
export const priceTrigger = z.object({ kind: z.literal('price'), direction: z.enum(DIRECTIONS), level });
export const ruleTrigger = z.discriminatedUnion('kind', [
  scheduleTrigger,
  thresholdTrigger,
  eventTrigger,
  priceTrigger,
]);
export type RuleTrigger = z.infer<typeof ruleTrigger>;

export const ruleCondition = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('timeWindow'), from: hhmm, to: hhmm }),
  z.object({ kind: z.literal('weekday'), days: weekdays }),
  z.object({
    kind: z.literal('deviceValue'),
    sn: serialNumber,
    metric: metricKey,
    direction: z.enum(DIRECTIONS),
    value: reading,
  }),
  z.object({ kind: z.literal('price'), direction: z.enum(DIRECTIONS), level }),
]);
export type RuleCondition = z.infer<typeof ruleCondition>;

export const ruleAction = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('acSwitch'), sn: serialNumber, on: z.boolean() }),
  z.object({ kind: z.literal('inverterMode'), sn: serialNumber, mode: z.enum(BATTERY_WORK_MODES) }),
  z.object({
    kind: z.literal('light'),
    lightId: z.string().regex(/^[A-Za-z0-9_:-]{1,64}$/, rule('invalid')),
    on: z.boolean(),
    brightness: brightnessSchema,
  }),
  z.object({
    kind: z.literal('notify'),
    message: z
      .string()
      .trim()
      .refine((m) => m.length >= 1 && m.length <= RULE_LIMITS.notifyMax, rule('ruleMessage')),
    to: z.enum(NOTIFY_TARGETS),
  }),
]);
export type RuleAction = z.infer<typeof ruleAction>;

/** The device (or light) an action is given to, or null for a notification. */
export function actionTarget(a: RuleAction): string | null {
  if (a.kind === 'acSwitch' || a.kind === 'inverterMode') return `device:${a.sn}`;
  if (a.kind === 'light') return `light:${a.lightId}`;
  return null;
}

/** Spec §5: one device is given at most one action per rule. Answers the index of each repeat. */
export function repeatedTargets(actions: readonly RuleAction[]): number[] {
  const seen = new Set<string>();
  const out: number[] = [];
  actions.forEach((a, i) => {
    const t = actionTarget(a);
    if (t === null) return;
    if (seen.has(t)) out.push(i);
    seen.add(t);
  });
  return out;
}

const ruleFields = z.object({
  name: z
    .string()
    .trim()
    .refine((n) => n.length >= 1 && n.length <= RULE_LIMITS.nameMax, rule('ruleName')),
  plantId: z.string().max(64),
  enabled: z.boolean(),
  trigger: ruleTrigger,
  conditions: z.array(ruleCondition).max(RULE_LIMITS.conditionsMax),
  actions: z
    .array(ruleAction)
    .refine((a) => a.length >= 1 && a.length <= RULE_LIMITS.actionsMax, rule('ruleActionsCount')),
  /** At most one firing per this many minutes (0: none besides the rule's own changes being ignored). */
  cooldownMinutes: z
    .number()
    .refine((v) => Number.isInteger(v) && v >= 0 && v <= RULE_LIMITS.cooldownMinutesMax, rule('ruleCooldown')),
});

function noRepeats(r: { actions: RuleAction[] }, ctx: z.RefinementCtx): void {
  for (const i of repeatedTargets(r.actions)) {
    const a = r.actions[i];
    ctx.addIssue({
      code: 'custom',
      path: ['actions', i, a?.kind === 'light' ? 'lightId' : 'sn'],
      message: 'ruleDeviceTwice' satisfies FieldRule,
    });
  }
}

export const ruleInput = ruleFields.superRefine(noRepeats);
export type RuleInput = z.infer<typeof ruleInput>;
/** An edit: the rule's id and its whole new content. */
export const ruleUpdate = ruleFields.extend({ id: z.string().max(64) }).superRefine(noRepeats);

/** The devices a rule reads or commands (trigger, conditions, actions), with the kind an action needs. */
export function ruleDevices(r: Pick<RuleInput, 'trigger' | 'conditions' | 'actions'>): {
  path: string;
  sn: string;
  kind: 'switch' | 'inverter' | null;
}[] {
  const out: { path: string; sn: string; kind: 'switch' | 'inverter' | null }[] = [];
  if (r.trigger.kind === 'threshold') out.push({ path: 'trigger.sn', sn: r.trigger.sn, kind: null });
  r.conditions.forEach((c, i) => {
    if (c.kind === 'deviceValue') out.push({ path: `conditions.${i}.sn`, sn: c.sn, kind: null });
  });
  r.actions.forEach((a, i) => {
    if (a.kind === 'acSwitch') out.push({ path: `actions.${i}.sn`, sn: a.sn, kind: 'switch' });
    if (a.kind === 'inverterMode') out.push({ path: `actions.${i}.sn`, sn: a.sn, kind: 'inverter' });
  });
  return out;
}

/** Whether `value` is in the band of a direction and level (strictly above or below). */
export function inBand(value: number, direction: Direction, levelValue: number): boolean {
  return direction === 'above' ? value > levelValue : value < levelValue;
}
