import { z } from 'zod';
import {
  ACTION_KINDS,
  ACTION_OUTCOMES,
  ruleAction,
  ruleCondition,
  ruleInput,
  ruleTrigger,
  ruleUpdate,
} from '../smart-rules.js';
import { pageOf, pageQuery } from './paging.js';
import { contracts } from './route.js';

/** Smart rules (spec §7 smart/rule/*, issue 17 point 5); the model is in ../smart-rules.ts. */
const bool = z.enum(['true', 'false']).transform((v) => v === 'true');

export const ruleFilters = z.object({
  q: z.string().trim().max(64).optional(),
  plantId: z.string().max(64).optional(),
  enabled: bool.optional(),
  /** Rules with at least one action of this kind (the application centre links to `action=light`). */
  action: z.enum(ACTION_KINDS).optional(),
});
export type RuleFilters = z.infer<typeof ruleFilters>;

/** One action's outcome in a run. */
export const ruleActionOutcome = z.object({
  kind: z.enum(ACTION_KINDS),
  /** The device serial, light id or notification target. */
  target: z.string(),
  status: z.enum(ACTION_OUTCOMES),
  /** Why it failed or was refused (an error key or the device's answer); null when it succeeded. */
  reason: z.string().nullable(),
});
export type RuleActionOutcome = z.infer<typeof ruleActionOutcome>;

export const ruleRun = z.object({
  id: z.string(),
  firedAt: z.number(),
  /** What fired it, in words of the engine (e.g. `schedule 07:30`, `p above 100: 120`). */
  detail: z.string(),
  outcomes: z.array(ruleActionOutcome),
  /** succeeded: every action did; failed: at least one failed or was refused; running: not finished. */
  status: z.enum(['running', 'succeeded', 'failed']),
  durationMs: z.number().nullable(),
});
export type RuleRun = z.infer<typeof ruleRun>;

export const ruleRow = z.object({
  id: z.string(),
  name: z.string(),
  plantId: z.string(),
  plantName: z.string(),
  enabled: z.boolean(),
  trigger: ruleTrigger,
  conditions: z.array(ruleCondition),
  actions: z.array(ruleAction),
  cooldownMinutes: z.number(),
  ownerId: z.string().nullable(),
  ownerAccount: z.string().nullable(),
  updatedAt: z.number(),
  lastRun: ruleRun.nullable(),
  /** Whether the caller may change it (the plant's write scope and smart.rule.edit). */
  writable: z.boolean(),
});
export type RuleRow = z.infer<typeof ruleRow>;

export const rulePage = pageOf(ruleRow);
export type RulePage = z.infer<typeof rulePage>;
export const ruleRunPage = pageOf(ruleRun);
export type RuleRunPage = z.infer<typeof ruleRunPage>;

const idBody = z.object({ id: z.string().max(64) });

export const smartRuleContracts = contracts({
  'GET /smart/rule/page': { query: ruleFilters.extend(pageQuery), answer: rulePage },
  'GET /smart/rule/:id': { answer: ruleRow },
  'GET /smart/rule/:id/runs': { query: z.object(pageQuery), answer: ruleRunPage },
  'POST /smart/rule/create': { body: ruleInput, answer: ruleRow },
  'POST /smart/rule/update': { body: ruleUpdate, answer: ruleRow },
  'POST /smart/rule/enable': { body: idBody.extend({ enabled: z.boolean() }), answer: ruleRow },
  'POST /smart/rule/delete': { body: idBody, answer: z.null() },
});
