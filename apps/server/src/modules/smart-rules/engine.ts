import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  ruleAction,
  ruleCondition,
  ruleTrigger,
  type RuleAction,
  type RuleActionOutcome,
  type RuleCondition,
  type RuleTrigger,
} from '@heliograph/shared';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { query, toMs } from '../../db/rows.js';
import { Rounds } from '../../lifecycle/rounds.js';
import type { CommandService } from '../commands/service.js';
import type { MessageBus } from '../mqtt/bus.js';
import { loadUserContext } from '../users/repository.js';
import { runAction, targetOf, type LightActuator, type PriceSource } from './actions.js';
import {
  conditionsHold,
  edgeStep,
  isEdgeState,
  metricValue,
  scheduleOccurrence,
  type EdgeState,
  type Occurrence,
} from './evaluate.js';

/** The engine's timer on every instance (docs/smart-rules.md). */
export const DEFAULT_RULE_INTERVAL_MS = 30_000;
/**
 * For this long after a run ends, a change of a device the run commanded (a crossing of its reading, an event
 * it raised) is taken as the run's own effect and does not fire the rule again.
 */
export const SETTLE_MS = 2 * 60_000;
/** Events older than this are never the occurrence of a rule (a rule catching up after downtime stays quiet). */
export const EVENT_WINDOW_MS = 5 * 60_000;

export interface RuleEngineDeps {
  db: Db;
  commands: CommandService;
  prices: PriceSource;
  lights: LightActuator;
  bus?: MessageBus | undefined;
  log: FastifyBaseLogger;
  now: () => number;
  /** 0: no timer (tests call `tick`). */
  intervalMs: number;
}

interface RawRule {
  id: string;
  name: string;
  plant_id: string;
  owner_id: string | null;
  trigger: unknown;
  conditions: unknown;
  actions: unknown;
  armed_at: unknown;
  trigger_state: unknown;
  state_seq: number;
  timezone: string;
  last_run: { fired_at: string; finished_at: string | null; touched: string[] } | null;
}

interface Rule {
  id: string;
  name: string;
  plantId: string;
  ownerId: string | null;
  trigger: RuleTrigger;
  conditions: RuleCondition[];
  actions: RuleAction[];
  armedAt: number;
  state: EdgeState | null;
  stateSeq: number;
  tz: string;
  /** The devices the last run commanded and until when their changes count as its own. */
  ownUntil: number;
  ownFrom: number;
  touched: ReadonlySet<string>;
}

/** Marks a claim that lost (the occurrence was taken, the rule cooling down or disabled): rolls back. */
class NotClaimed extends Error {}

/**
 * Evaluates the enabled rules in rounds (a timer on every instance, kicks after ingest commits) and fires each
 * occurrence once across instances: the run row's (rule, occurrence) key is unique and is inserted with the
 * rule's row locked, cooldown checked, `on conflict do nothing`; only the instance whose insert returned a row
 * runs the actions. Edge triggers (threshold, price) move their state by compare-and-set on `state_seq`.
 */
export class RuleEngine {
  private readonly rounds: Rounds;

  constructor(private readonly deps: RuleEngineDeps) {
    this.rounds = new Rounds({
      round: () => this.round(),
      intervalMs: deps.intervalMs,
      soonMs: 1_000,
      onError: (err) => deps.log.error({ err }, 'smart rule round failed'),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** A round soon (a burst of kicks shares one): ingest committed readings or events, a rule changed. */
  kickSoon(): void {
    this.rounds.kickSoon();
  }

  /** One round, after the one running (tests). */
  tick(): Promise<void> {
    return this.rounds.tick();
  }

  private async round(): Promise<void> {
    const now = this.deps.now();
    const rules = await this.enabledRules();
    for (const rule of rules) {
      try {
        const occurrence = await this.occurrenceOf(rule, now);
        if (!occurrence) continue;
        if (rule.conditions.length > 0 && !(await this.conditionsHold(rule, now))) continue;
        await this.fire(rule, occurrence, now);
      } catch (err) {
        // One broken rule (a device gone, a database hiccup) never stops the others.
        this.deps.log.error({ err, rule: rule.id }, 'smart rule failed');
      }
    }
  }

  private async enabledRules(): Promise<Rule[]> {
    const rows = await query<RawRule>(
      this.deps.db,
      sql`select sr.id, sr.name, sr.plant_id, sr.owner_id, sr.trigger, sr.conditions, sr.actions, sr.armed_at,
        sr.trigger_state, sr.state_seq, p.timezone,
        (select json_build_object('fired_at', r.fired_at, 'finished_at', r.finished_at, 'touched', r.touched)
          from smart_rule_run r where r.rule_id = sr.id order by r.fired_at desc limit 1) as last_run
      from smart_rule sr join plant p on p.id = sr.plant_id where sr.enabled order by sr.id`,
    );
    const out: Rule[] = [];
    for (const r of rows) {
      const trigger = ruleTrigger.safeParse(r.trigger);
      const conditions = z.array(ruleCondition).safeParse(r.conditions);
      const actions = z.array(ruleAction).safeParse(r.actions);
      if (!trigger.success || !conditions.success || !actions.success) continue;
      const last = r.last_run;
      out.push({
        id: r.id,
        name: r.name,
        plantId: r.plant_id,
        ownerId: r.owner_id,
        trigger: trigger.data,
        conditions: conditions.data,
        actions: actions.data,
        armedAt: toMs(r.armed_at),
        state: isEdgeState(r.trigger_state) ? r.trigger_state : null,
        stateSeq: Number(r.state_seq),
        tz: r.timezone,
        ownFrom: last ? toMs(last.fired_at) : 0,
        ownUntil: last ? (last.finished_at ? toMs(last.finished_at) : Number.POSITIVE_INFINITY) + SETTLE_MS : 0,
        touched: new Set(last?.touched ?? []),
      });
    }
    return out;
  }

  /** The rule's own doing: a change at `ts` of a device its last run commanded, within the settle time. */
  private own(rule: Rule, sn: string, ts: number): boolean {
    return rule.touched.has(sn) && ts >= rule.ownFrom && ts <= rule.ownUntil;
  }

  private async occurrenceOf(rule: Rule, now: number): Promise<Occurrence | null> {
    const t = rule.trigger;
    switch (t.kind) {
      case 'schedule':
        return scheduleOccurrence(t, now, rule.tz, rule.armedAt);
      case 'threshold': {
        const [latest] = await query<{ ts: unknown; metrics: Record<string, unknown> }>(
          this.deps.db,
          sql`select dl.ts, dl.metrics from device d join device_latest dl on dl.device_id = d.id
            where d.sn = ${t.sn} and d.plant_id = ${rule.plantId} and d.deleted_at is null`,
        );
        const value = metricValue(latest?.metrics, t.metric);
        if (!latest || value === null) return null;
        const ts = toMs(latest.ts);
        const step = edgeStep(rule.state, { ts, value }, t.direction, t.value);
        if (!step || !(await this.moveState(rule, step.state))) return null;
        if (!step.entered || this.own(rule, t.sn, ts)) return null;
        return { key: `cross:${ts}`, detail: `${t.sn} ${t.metric} ${t.direction} ${t.value}: ${value}` };
      }
      case 'price': {
        const price = await this.deps.prices.buyAt(rule.plantId, now);
        if (price === null) return null;
        const minute = Math.floor(now / 60_000) * 60_000;
        const step = edgeStep(rule.state, { ts: minute, value: price }, t.direction, t.level);
        if (!step || !(await this.moveState(rule, step.state))) return null;
        if (!step.entered) return null;
        return { key: `price:${minute}`, detail: `price ${t.direction} ${t.level}: ${price}` };
      }
      case 'event': {
        const levels = t.levels.length > 0 ? t.levels : null;
        const since = Math.max(rule.armedAt, now - EVENT_WINDOW_MS);
        const events = await query<{ id: string; code: string; level: string; sn: string; raised_at: unknown }>(
          this.deps.db,
          sql`select e.id, e.code, e.level, d.sn, e.raised_at from device_event e join device d on d.id = e.device_id
            where e.plant_id = ${rule.plantId} and e.raised_at >= ${new Date(since).toISOString()}::timestamptz
              and e.raised_at <= ${new Date(now).toISOString()}::timestamptz
              ${
                levels
                  ? sql`and e.level in (${sql.join(
                      levels.map((l) => sql`${l}`),
                      sql`, `,
                    )})`
                  : sql``
              }
              ${t.code ? sql`and e.code = ${t.code}` : sql``}
              and not exists (select 1 from smart_rule_run r where r.rule_id = ${rule.id}
                and r.occurrence = 'event:' || e.id::text)
            order by e.raised_at, e.id limit 1`,
        );
        const e = events[0];
        if (!e || this.own(rule, e.sn, toMs(e.raised_at))) return null;
        return { key: `event:${e.id}`, detail: `event ${e.code} (${e.level}) on ${e.sn}` };
      }
    }
  }

  /** Compare-and-set of an edge trigger's state: true when this instance moved it (and owns the transition). */
  private async moveState(rule: Rule, state: EdgeState): Promise<boolean> {
    const rows = await query<{ id: string }>(
      this.deps.db,
      sql`update smart_rule set trigger_state = ${JSON.stringify(state)}::jsonb, state_seq = state_seq + 1
        where id = ${rule.id} and state_seq = ${rule.stateSeq} returning id`,
    );
    return rows.length === 1;
  }

  private async conditionsHold(rule: Rule, now: number): Promise<boolean> {
    const sns = [...new Set(rule.conditions.flatMap((c) => (c.kind === 'deviceValue' ? [c.sn] : [])))];
    const readings = new Map<string, Record<string, unknown>>();
    if (sns.length > 0) {
      const rows = await query<{ sn: string; metrics: Record<string, unknown> }>(
        this.deps.db,
        sql`select d.sn, dl.metrics from device d join device_latest dl on dl.device_id = d.id
          where d.plant_id = ${rule.plantId} and d.deleted_at is null
            and d.sn in (${sql.join(
              sns.map((s) => sql`${s}`),
              sql`, `,
            )})`,
      );
      for (const r of rows) readings.set(r.sn, r.metrics);
    }
    const price = rule.conditions.some((c) => c.kind === 'price')
      ? await this.deps.prices.buyAt(rule.plantId, now)
      : null;
    return conditionsHold(rule.conditions, { now, tz: rule.tz, readings, price });
  }

  /**
   * Claims the occurrence and runs the actions. The claim is one transaction: the rule's row locked while it is
   * still enabled and out of its cooldown (`last_fired_at` moved), the run row inserted with its unique key; a
   * second instance waits on the lock, then finds the key taken or the cooldown running, and does nothing.
   */
  private async fire(rule: Rule, occ: Occurrence, now: number): Promise<void> {
    const firedAt = new Date(now).toISOString();
    const sent: RuleActionOutcome[] = rule.actions.map((a) => ({
      kind: a.kind,
      target: targetOf(a),
      status: 'sent',
      reason: null,
    }));
    const touched = rule.actions.flatMap((a) => (a.kind === 'acSwitch' || a.kind === 'inverterMode' ? [a.sn] : []));
    let runId: string;
    try {
      runId = await this.deps.db.transaction(async (tx) => {
        const locked = await query<{ id: string }>(
          tx,
          sql`update smart_rule set last_fired_at = ${firedAt}::timestamptz where id = ${rule.id} and enabled
            and (last_fired_at is null
              or last_fired_at <= ${firedAt}::timestamptz - make_interval(mins => cooldown_minutes))
            returning id`,
        );
        if (locked.length === 0) throw new NotClaimed();
        const inserted = await query<{ id: string }>(
          tx,
          sql`insert into smart_rule_run (rule_id, occurrence, fired_at, detail, outcomes, touched)
            values (${rule.id}, ${occ.key}, ${firedAt}::timestamptz, ${occ.detail}, ${JSON.stringify(sent)}::jsonb,
              ${JSON.stringify(touched)}::jsonb)
            on conflict (rule_id, occurrence) do nothing returning id`,
        );
        const id = inserted[0]?.id;
        if (!id) throw new NotClaimed();
        return id;
      });
    } catch (err) {
      if (err instanceof NotClaimed) return;
      throw err;
    }
    const started = Date.now();
    const auth = rule.ownerId ? await loadUserContext(this.deps.db, rule.ownerId) : undefined;
    const run = { runId, ruleId: rule.id, ruleName: rule.name, plantId: rule.plantId, ownerId: rule.ownerId };
    const outcomes: RuleActionOutcome[] = [];
    for (const [i, a] of rule.actions.entries()) {
      try {
        outcomes.push(await runAction(this.deps, auth, run, a, i));
      } catch (err) {
        this.deps.log.error({ err, rule: rule.id }, 'smart rule action failed');
        outcomes.push({ kind: a.kind, target: targetOf(a), status: 'failed', reason: 'serverError' });
      }
    }
    const duration = Date.now() - started;
    await this.deps.db.execute(
      sql`update smart_rule_run set outcomes = ${JSON.stringify(outcomes)}::jsonb,
        finished_at = ${new Date(now + duration).toISOString()}::timestamptz, duration_ms = ${duration}
        where id = ${runId}`,
    );
  }
}
