/**
 * The plan loop of issue 17 (docs/optimiser.md "The plan loop"): every plant with "auto charge/discharge" on
 * gets a plan every 15 minutes, made by exactly one instance, and its hybrid inverter gets the plan as a
 * battery schedule (batterySchedule) through the one command path, so the operation log, the offline and
 * upgrading checks apply as for a person's command. A plant whose automation is switched off gets an empty
 * schedule (back to self-use) once and leaves the loop.
 */
import type { BatteryScheduleSlot } from '@heliograph/shared';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { query } from '../../../db/rows.js';
import { AppError } from '../../../http/errors.js';
import type { AuthContext } from '../../../http/context.js';
import { Rounds } from '../../../lifecycle/rounds.js';
import type { CommandService } from '../../commands/service.js';
import type { Plan, PlanInput } from '../optimiser/model.js';
import { optimise } from '../optimiser/optimise.js';
import { selfConsumption } from '../optimiser/self-consumption.js';
import {
  loadPlanDevices,
  loadPlannedPlant,
  loadProfile,
  planInput,
  planPrices,
  recentClearness,
  type PlanDevices,
  type PlannedPlant,
} from './inputs.js';
import { countSaving, writeSaving } from './saving.js';

/** A plan is made again this often (issue 17: "re-plan every 15 minutes"). */
export const PLAN_EVERY_MS = 15 * 60_000;
/** How often an instance looks for due plans (a kick comes sooner when a plant's settings change). */
export const DEFAULT_PLAN_INTERVAL_MS = 60_000;
/** Plants claimed in one go, and how many are planned (and commanded) at once. */
const BATCH = 25;
const CONCURRENCY = 4;
/** A claim outlives the slowest plan (a solve is capped at 10 s, a command waits its timeout). */
const CLAIM_MS = 5 * 60_000;
/** A planned battery power this close to what the inverter already holds is not sent again, W. */
const RESEND_W = 200;
/** Reality departs from the plan when the batteries' SOC is this many points off the slot's planned SOC. */
export const DEPARTURE_SOC_POINTS = 15;
/** The schedule is sent again when what the inverter holds runs out within this time. */
const RESEND_BEFORE_END_MS = 6 * 3_600_000;

export interface PlannerDeps {
  db: Db;
  commands: CommandService;
  log: FastifyBaseLogger;
  now: () => number;
  /** 0: no timer (tests call `tick`). */
  intervalMs: number;
  turn?: () => Promise<void>;
}

interface PlanRow {
  plant_id: string;
  sent: BatteryScheduleSlot[] | null;
  counted_until: Date | string | null;
  baseline_soc: number | null;
}

/** The plan's slots as the battery schedule the inverter follows (terminal power, export allowed or not). */
export function toSchedule(input: PlanInput, plan: Plan): BatteryScheduleSlot[] {
  if (plan.mode !== 'optimised') return [];
  return plan.slots.map((s, k) => {
    const slot = input.slots[k]!;
    const hours = slot.minutes / 60;
    const sell = slot.sell;
    return {
      start: slot.start,
      minutes: slot.minutes as 15 | 30 | 60,
      batteryW: Math.round(((s.dischargeKwh - s.chargeKwh) / hours) * 1000),
      // Selling at a negative or unpaid price is never planned; the inverter is told to hold it back too.
      exportLimitW: sell === null || sell < 0 ? 0 : null,
    };
  });
}

/** Whether `next` differs from what the inverter holds enough to be sent (or what it holds runs out soon). */
export function scheduleChanged(
  held: readonly BatteryScheduleSlot[] | null,
  next: readonly BatteryScheduleSlot[],
  now: number,
): boolean {
  if (!held) return true;
  const live = (s: BatteryScheduleSlot) => s.start + s.minutes * 60_000 > now;
  const heldLive = held.filter(live);
  const nextLive = next.filter(live);
  if (nextLive.length === 0) return heldLive.length > 0;
  const heldEnd = heldLive.at(-1);
  if (!heldEnd || heldEnd.start + heldEnd.minutes * 60_000 - now < RESEND_BEFORE_END_MS) return true;
  const byStart = new Map(heldLive.map((s) => [s.start, s]));
  return nextLive.some((s) => {
    const h = byStart.get(s.start);
    return (
      !h || h.minutes !== s.minutes || h.exportLimitW !== s.exportLimitW || Math.abs(h.batteryW - s.batteryW) > RESEND_W
    );
  });
}

/**
 * Who a plan's command is sent as. The command path only records the user (operation log, device_command);
 * permission was checked when a person with the plant's edit permission switched automation on, so this
 * caller carries no permissions of its own and is never used for anything else.
 */
function actingCaller(plant: PlannedPlant): { auth: AuthContext; ip: string } | undefined {
  if (!plant.actingUserId) return undefined;
  return {
    auth: {
      userId: plant.actingUserId,
      sessionId: 'optimiser',
      companyId: plant.companyId,
      role: 'company_staff',
      roleId: '',
      permissions: new Set(),
    },
    ip: 'optimiser',
  };
}

export class Planner {
  private readonly rounds: Rounds;

  constructor(private readonly deps: PlannerDeps) {
    this.rounds = new Rounds({
      round: () => this.round(),
      intervalMs: deps.intervalMs,
      soonMs: 1000,
      onError: (err) => deps.log.error({ err }, 'plan round failed'),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** A plant's automation setting changed: plan soon rather than at the next timer. */
  kickSoon(): void {
    this.rounds.kickSoon();
  }

  tick(): Promise<void> {
    return this.rounds.tick();
  }

  /** Marks a plant's plan due now (its settings changed), so the next round plans it. */
  async due(plantId: string): Promise<void> {
    await this.deps.db.execute(
      sql`update plant_plan set due_at = ${new Date(this.deps.now())} where plant_id = ${plantId}`,
    );
    this.kickSoon();
  }

  private async round(): Promise<void> {
    const now = this.deps.now();
    await this.enrol(now);
    await this.departures(now);
    for (;;) {
      const claimed = await this.claim(now);
      if (claimed.length === 0) return;
      for (let i = 0; i < claimed.length; i += CONCURRENCY) {
        await Promise.all(claimed.slice(i, i + CONCURRENCY).map((row) => this.planSafely(row, now)));
        await this.deps.turn?.();
      }
      if (claimed.length < BATCH) return;
    }
  }

  /** Plants with automation on and no plan row get one, due now. */
  private async enrol(now: number): Promise<void> {
    await this.deps.db.execute(sql`insert into plant_plan (plant_id, due_at)
      select p.id, ${new Date(now)} from plant p
      where p.deleted_at is null and p.settings->>'autoChargeDischarge' = 'true'
      on conflict (plant_id) do nothing`);
  }

  /**
   * Plans whose battery is far from where the plan has it now (a cloud front, a kettle, an inverter that did
   * not follow) are made again at once rather than at the next quarter hour.
   */
  private async departures(now: number): Promise<void> {
    await this.deps.db.execute(sql`update plant_plan pp set due_at = ${new Date(now)}
      where pp.due_at > ${new Date(now)} and pp.mode = 'optimised' and exists (
        select 1 from jsonb_array_elements(pp.slots) s
        where (s->>'start')::float8 <= ${now} and ${now} < (s->>'start')::float8 + (s->>'minutes')::float8 * 60000
          and abs((s->>'soc')::float8 - (select avg((l.metrics->>'soc')::float8) from device d
            join device_latest l on l.device_id = d.id
            where d.plant_id = pp.plant_id and d.kind = 'battery' and d.deleted_at is null)) > ${DEPARTURE_SOC_POINTS})`);
  }

  /** Claims due plans for this instance (FOR UPDATE SKIP LOCKED: another instance takes the others). */
  private claim(now: number): Promise<PlanRow[]> {
    return query<PlanRow>(
      this.deps.db,
      sql`update plant_plan set claimed_until = ${new Date(now + CLAIM_MS)}
        where plant_id in (select plant_id from plant_plan
          where due_at <= ${new Date(now)} and (claimed_until is null or claimed_until < ${new Date(now)})
          order by due_at limit ${BATCH} for update skip locked)
        returning plant_id, sent, counted_until, baseline_soc`,
    );
  }

  private async planSafely(row: PlanRow, now: number): Promise<void> {
    try {
      await this.planOne(row, now);
    } catch (err) {
      this.deps.log.error({ err, plantId: row.plant_id }, 'a plant could not be planned');
      await this.deps.db.execute(sql`update plant_plan set claimed_until = null, reason = 'failed',
        due_at = ${new Date(now + PLAN_EVERY_MS)}, updated_at = ${new Date(now)} where plant_id = ${row.plant_id}`);
    }
  }

  private async planOne(row: PlanRow, now: number): Promise<void> {
    const { db } = this.deps;
    const plant = await loadPlannedPlant(db, row.plant_id);
    const devices = plant ? await loadPlanDevices(db, plant.id) : undefined;
    if (!plant || plant.settings.autoChargeDischarge !== true) {
      // Automation off (or the plant gone): the inverter goes back to self-use once, and the plant leaves the loop.
      if (plant && devices && row.sent && row.sent.length > 0) await this.send(plant, devices, [], 'selfUse');
      await db.execute(sql`delete from plant_plan where plant_id = ${row.plant_id}`);
      return;
    }
    const next = new Date(now + PLAN_EVERY_MS);
    if (!devices) {
      await db.execute(sql`update plant_plan set claimed_until = null, due_at = ${next}, planned_at = ${new Date(now)},
        mode = null, reason = 'noStorage', slots = '[]'::jsonb, cost = null, baseline_cost = null,
        updated_at = ${new Date(now)} where plant_id = ${plant.id}`);
      return;
    }
    const socMin = (plant.settings.dischargeTargetSoc ?? 10) / 100;
    const socMax = (plant.settings.chargeTargetSoc ?? 95) / 100;
    const counted = await countSaving(db, {
      plant,
      devices,
      socMin: Math.min(socMin, socMax),
      socMax: Math.max(socMin, socMax),
      countedUntil: row.counted_until === null ? null : new Date(row.counted_until).getTime(),
      baselineSoc: row.baseline_soc,
      now,
    });
    const [prices, profile, clearness] = await Promise.all([
      planPrices(db, plant, now),
      loadProfile(db, plant, now),
      recentClearness(db, plant, now),
    ]);
    const input = planInput({ plant, devices, prices, profile, clearness, now });
    let plan: Plan | undefined;
    let baselineCost: number | null = null;
    let reason: string | null = null;
    if (input) {
      plan = await optimise(input);
      baselineCost = selfConsumption(input).cost;
      reason = plan.reason ?? null;
      if (plan.detail)
        this.deps.log.info({ plantId: plant.id, reason, detail: plan.detail }, 'plan fell back to self-consumption');
    } else reason = 'noPrices';

    const schedule = input && plan ? toSchedule(input, plan) : [];
    let sent = row.sent;
    let outcome: { status: string; error: string | null; commandId: string | null } | undefined;
    if (scheduleChanged(row.sent, schedule, now) && !(row.sent === null && schedule.length === 0)) {
      outcome = await this.send(plant, devices, schedule, schedule.length > 0 ? 'timeOfUse' : 'selfUse');
      if (outcome.status === 'succeeded') sent = schedule;
    }

    const slots =
      input && plan
        ? plan.slots.map((s, k) => {
            const i = input.slots[k]!;
            return {
              start: i.start,
              minutes: i.minutes,
              buy: i.buy,
              sell: i.sell,
              pvKwh: Math.round(i.pvKwh * 1e4) / 1e4,
              loadKwh: Math.round(i.loadKwh * 1e4) / 1e4,
              chargeKwh: s.chargeKwh,
              dischargeKwh: s.dischargeKwh,
              importKwh: s.importKwh,
              exportKwh: s.exportKwh,
              soc: Math.round(s.socEnd * 1000) / 10,
            };
          })
        : [];
    await db.transaction(async (tx) => {
      await writeSaving(tx, plant.id, counted.days);
      await tx.execute(sql`update plant_plan set claimed_until = null, due_at = ${next}, planned_at = ${new Date(now)},
        mode = ${plan?.mode ?? null}, reason = ${reason}, slots = ${JSON.stringify(slots)}::jsonb,
        cost = ${plan?.cost ?? null}, baseline_cost = ${baselineCost},
        sent = ${sent === null ? null : JSON.stringify(sent)}::jsonb,
        counted_until = ${new Date(counted.countedUntil)}, baseline_soc = ${counted.baselineSoc},
        updated_at = ${new Date(now)}
        ${outcome ? sql`, command_id = ${outcome.commandId}, command_status = ${outcome.status}, command_error = ${outcome.error}, sent_at = ${new Date(now)}` : sql``}
        where plant_id = ${plant.id}`);
    });
  }

  /** Sends a schedule to the plant's hybrid inverter; a refusal (offline, upgrading) is an outcome, not an error. */
  private async send(
    plant: PlannedPlant,
    devices: PlanDevices,
    slots: BatteryScheduleSlot[],
    mode: 'timeOfUse' | 'selfUse',
  ): Promise<{ status: string; error: string | null; commandId: string | null }> {
    const caller = actingCaller(plant);
    if (!caller) return { status: 'failed', error: 'no user to act for', commandId: null };
    try {
      const outcome = await this.deps.commands.send({
        ...caller,
        gatewayId: devices.inverter.gatewayId,
        device: { id: devices.inverter.id, sn: devices.inverter.sn },
        plantId: plant.id,
        type: 'batterySchedule',
        params: { slots },
        operation: 'inverter.batterySchedule',
        newValue: { batteryWorkMode: mode, slots: slots.length },
      });
      return { status: outcome.status, error: outcome.error ?? null, commandId: outcome.id };
    } catch (err) {
      if (err instanceof AppError) return { status: 'failed', error: err.key, commandId: null };
      throw err;
    }
  }
}
