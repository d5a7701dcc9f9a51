import { and, eq, sql, type SQL } from 'drizzle-orm';
import {
  ruleDevices,
  ruleAction,
  ruleCondition,
  ruleTrigger,
  type RuleFilters,
  type RuleInput,
  type RuleRow,
  type RuleRun,
  type RuleRunPage,
  type RulePage,
  type RuleActionOutcome,
} from '@heliograph/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { anyContains, query, toMs } from '../../db/rows.js';
import { smartRule } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { ValidationError } from '../../http/errors.js';
import { findPlant, findSmartRule } from '../../access/finders.js';
import { scopeCondition } from '../../access/policies.js';

/** The rows of smart_rule and smart_rule_run as the API answers them, and the checks that need the database. */

interface RawRule {
  id: string;
  name: string;
  plant_id: string;
  plant_name: string;
  enabled: boolean;
  trigger: unknown;
  conditions: unknown;
  actions: unknown;
  cooldown_minutes: number;
  owner_id: string | null;
  owner_account: string | null;
  updated_at: unknown;
  writable: boolean;
  run: RawRun | null;
}
interface RawRun {
  id: string;
  fired_at: unknown;
  detail: string;
  outcomes: unknown;
  finished_at: unknown;
  duration_ms: number | null;
}

const outcomesOf = (v: unknown): RuleActionOutcome[] => (Array.isArray(v) ? (v as RuleActionOutcome[]) : []);

export function runOf(r: RawRun): RuleRun {
  const outcomes = outcomesOf(r.outcomes);
  const finished = r.finished_at !== null && r.finished_at !== undefined;
  return {
    id: r.id,
    firedAt: toMs(r.fired_at),
    detail: r.detail,
    outcomes,
    status: !finished ? 'running' : outcomes.every((o) => o.status === 'succeeded') ? 'succeeded' : 'failed',
    durationMs: r.duration_ms,
  };
}

function rowOf(r: RawRule): RuleRow {
  return {
    id: r.id,
    name: r.name,
    plantId: r.plant_id,
    plantName: r.plant_name,
    enabled: Boolean(r.enabled),
    // Kept as the shared schema parsed them; parsed again so a hand-edited row cannot break the answer.
    trigger: ruleTrigger.parse(r.trigger),
    conditions: z.array(ruleCondition).parse(r.conditions),
    actions: z.array(ruleAction).parse(r.actions),
    cooldownMinutes: r.cooldown_minutes,
    ownerId: r.owner_id,
    ownerAccount: r.owner_account,
    updatedAt: toMs(r.updated_at),
    lastRun: r.run ? runOf(r.run) : null,
    writable: Boolean(r.writable),
  };
}

const lastRun = sql`(select row_to_json(x) from (select rr.id, rr.fired_at, rr.detail, rr.outcomes, rr.finished_at,
  rr.duration_ms from smart_rule_run rr where rr.rule_id = sr.id order by rr.fired_at desc limit 1) x)`;

function columns(auth: AuthContext): SQL {
  const mayEdit = auth.permissions.has('smart.rule.edit');
  return sql`sr.id, sr.name, sr.plant_id, p.name as plant_name, sr.enabled, sr.trigger, sr.conditions, sr.actions,
    sr.cooldown_minutes, sr.owner_id, u.account as owner_account, sr.updated_at,
    (${mayEdit} and ${scopeCondition(auth, 'smartRule', { write: true })}) as writable, ${lastRun} as run`;
}
const from = sql`from smart_rule sr join plant p on p.id = sr.plant_id left join app_user u on u.id = sr.owner_id`;

export async function listRules(
  db: Db,
  auth: AuthContext,
  q: RuleFilters,
  paging: { page: number; size: number },
): Promise<RulePage> {
  const where: SQL[] = [scopeCondition(auth, 'smartRule')];
  if (q.q) where.push(anyContains(q.q, [sql`sr.name`, sql`p.name`]));
  if (q.plantId) where.push(sql`sr.plant_id::text = ${q.plantId}`);
  if (q.enabled !== undefined) where.push(sql`sr.enabled = ${q.enabled}`);
  if (q.action) where.push(sql`sr.actions @> ${JSON.stringify([{ kind: q.action }])}::jsonb`);
  const cond = sql.join(where, sql` and `);
  const [count] = await query<{ n: number }>(db, sql`select count(*)::int as n ${from} where ${cond}`);
  const rows = await query<RawRule>(
    db,
    sql`select ${columns(auth)} ${from} where ${cond} order by sr.created_at desc, sr.id
      limit ${paging.size} offset ${(paging.page - 1) * paging.size}`,
  );
  return { total: Number(count?.n ?? 0), rows: rows.map(rowOf) };
}

/** One rule the caller may see (or, with `write`, change); 404 for another company's. */
export async function getRule(db: Db, auth: AuthContext, id: string, opts: { write?: boolean } = {}): Promise<RuleRow> {
  const row = await findSmartRule<RawRule>(db, auth, id, {
    write: opts.write,
    select: columns(auth),
    join: sql`left join app_user u on u.id = sr.owner_id`,
  });
  return rowOf(row);
}

/**
 * The checks of a rule's input that need the database: the plant is one the caller may change (700
 * otherwise), and every device it names is a device of that plant, of the kind its action needs (an AC switch,
 * a hybrid inverter). Field rule `ruleDevice` names each one that is not.
 */
export async function checkRuleInput(db: Db, auth: AuthContext, input: RuleInput): Promise<void> {
  await findPlant(db, auth, input.plantId, { write: true });
  const named = ruleDevices(input);
  if (named.length === 0) return;
  const sns = [...new Set(named.map((n) => n.sn))];
  const found = await query<{ sn: string; kind: string; hybrid: boolean }>(
    db,
    sql`select d.sn, d.kind, (coalesce(d.meta->>'inverterKind', '') = 'hybrid' or exists (select 1 from device b
        where b.gateway_id = d.gateway_id and b.kind = 'battery' and b.deleted_at is null)) as hybrid from device d
      where d.plant_id = ${input.plantId} and d.deleted_at is null
        and d.sn in (${sql.join(
          sns.map((s) => sql`${s}`),
          sql`, `,
        )})`,
  );
  const bySn = new Map(found.map((f) => [f.sn, f]));
  const bad = named.filter((n) => {
    const d = bySn.get(n.sn);
    if (!d) return true;
    if (n.kind === 'switch') return d.kind !== 'switch';
    if (n.kind === 'inverter') return d.kind !== 'inverter' || !d.hybrid;
    return false;
  });
  if (bad.length > 0) throw new ValidationError(bad.map((b) => ({ field: b.path, rule: 'ruleDevice' })));
}

function values(input: RuleInput) {
  return {
    name: input.name,
    plantId: input.plantId,
    enabled: input.enabled,
    trigger: input.trigger,
    conditions: input.conditions,
    actions: input.actions,
    cooldownMinutes: input.cooldownMinutes,
  };
}

export async function createRule(db: Db, auth: AuthContext, input: RuleInput, now: number): Promise<string> {
  await checkRuleInput(db, auth, input);
  const at = new Date(now);
  const [row] = await db
    .insert(smartRule)
    .values({ ...values(input), ownerId: auth.userId, armedAt: at, createdAt: at, updatedAt: at })
    .returning({ id: smartRule.id });
  if (!row) throw new Error('smart rule not inserted');
  return row.id;
}

/**
 * Replaces a rule's content. The editor becomes its owner (the actions run as whoever last set them), and the
 * rule is armed again: what its trigger saw before is forgotten.
 */
export async function updateRule(db: Db, auth: AuthContext, id: string, input: RuleInput, now: number): Promise<void> {
  await findSmartRule(db, auth, id, { write: true });
  await checkRuleInput(db, auth, input);
  const at = new Date(now);
  await db
    .update(smartRule)
    .set({
      ...values(input),
      ownerId: auth.userId,
      armedAt: at,
      updatedAt: at,
      triggerState: null,
      stateSeq: sql`${smartRule.stateSeq} + 1`,
    })
    .where(eq(smartRule.id, id));
}

export async function setEnabled(db: Db, auth: AuthContext, id: string, enabled: boolean, now: number): Promise<void> {
  await findSmartRule(db, auth, id, { write: true });
  const at = new Date(now);
  await db
    .update(smartRule)
    .set({
      enabled,
      updatedAt: at,
      // Enabling arms it again: a crossing or event while it was off does not fire it now.
      ...(enabled ? { armedAt: at, triggerState: null, stateSeq: sql`${smartRule.stateSeq} + 1` } : {}),
    })
    .where(and(eq(smartRule.id, id), sql`${smartRule.enabled} <> ${enabled}`));
}

export async function deleteRule(db: Db, auth: AuthContext, id: string): Promise<void> {
  await findSmartRule(db, auth, id, { write: true });
  await db.delete(smartRule).where(eq(smartRule.id, id));
}

export async function runPage(
  db: Db,
  auth: AuthContext,
  id: string,
  paging: { page: number; size: number },
): Promise<RuleRunPage> {
  await findSmartRule(db, auth, id);
  const [count] = await query<{ n: number }>(
    db,
    sql`select count(*)::int as n from smart_rule_run where rule_id = ${id}`,
  );
  const rows = await query<RawRun>(
    db,
    sql`select id, fired_at, detail, outcomes, finished_at, duration_ms from smart_rule_run where rule_id = ${id}
      order by fired_at desc, id limit ${paging.size} offset ${(paging.page - 1) * paging.size}`,
  );
  return { total: Number(count?.n ?? 0), rows: rows.map(runOf) };
}
