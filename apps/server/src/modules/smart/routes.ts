import {
  cheapestAndDearest,
  dayRange,
  localDay,
  OCTOPUS_REGION_CODES,
  OCTOPUS_REGIONS,
  type PlantSettings,
  type PlanSlotView,
  type Valuation,
} from '@heliograph/shared';
import fastifyMultipart from '@fastify/multipart';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { findPlant } from '../../access/finders.js';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { priceSlot } from '../../db/schema.js';
import { recordChange } from '../commands/operation-log.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { plantParams } from '../plants/schemas.js';
import { loadPlanDevices } from './planner/inputs.js';
import { dayPrices } from './prices/plant-prices.js';
import { readPriceFile } from './prices/price-file.js';
import { uploadedFile } from './prices/upload.js';

/** A price file is small: 2 days of quarter hours as .csv is a few KB, as .xlsx a few tens. */
const PRICE_FILE_BYTES = 512 * 1024;

interface PlantRow {
  id: string;
  timezone: string;
  currency: string;
  valuation: Valuation;
  settings: PlantSettings;
}

const PLANT_SELECT = sql`p.id, p.timezone, p.currency, p.valuation, p.settings`;

/** Rounds money to 4 decimals, as prices are (spec §5), so sums of many small slots do not print noise. */
const money = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * Smart energy (issue 17): a plant's prices for a day with the 3 cheapest and 3 dearest periods (spec §9), the
 * Octopus regions, and the optimiser's plan beside what happened with the saving. Reads go through the plant's
 * policy (findPlant), so another company's plant is "does not exist" (700) like every plant route.
 */
export function smartRoutes(deps: { db: Db; now: () => number }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const view = { access: 'station.view', scope: 'company' } as const;
    const route = contractRoutes(app, 'smart energy', plantParams);

    route(
      'GET /smart/realtimePrice/day',
      { config: view, summary: 'A plant-local day of buy and sell prices with its 3 cheapest and 3 dearest periods' },
      async (req) => {
        const p = await findPlant<PlantRow>(db, requireAuth(req.auth), req.query.plantId, { select: PLANT_SELECT });
        const day = req.query.day ?? localDay(deps.now(), p.timezone);
        const prices = await dayPrices(db, { ...p, settings: p.settings ?? {} }, day);
        const marks = cheapestAndDearest(prices.slots);
        return ok(req, {
          plantId: p.id,
          day,
          timezone: p.timezone,
          currency: p.currency,
          source: prices.source,
          slots: prices.slots,
          cheapest: marks.cheapest.map((s) => s.start),
          dearest: marks.dearest.map((s) => s.start),
        });
      },
    );

    // A price file (docs/prices.md "Price file"): checked row by row; saved whole, replacing the days it covers.
    await app.register(fastifyMultipart, { limits: { fileSize: PRICE_FILE_BYTES, files: 1, fields: 2 } });
    const edit = { access: 'station.edit', scope: 'company' } as const;
    const checked = async (req: FastifyRequest, plantId: string) => {
      const p = await findPlant<PlantRow>(db, requireAuth(req.auth), plantId, { select: PLANT_SELECT, write: true });
      const file = await uploadedFile(req);
      const check = readPriceFile(file.filename, file.bytes, p.timezone);
      const days = [...new Set(check.slots.map((s) => localDay(s.start, p.timezone)))];
      return { p, check, days };
    };
    route(
      'POST /smart/price/check',
      {
        config: edit,
        summary: 'Check a price file (.csv or .xlsx, multipart "file"): its slots, or every row’s problem',
      },
      async (req) => {
        const { check, days } = await checked(req, req.query.plantId);
        return ok(req, { saved: false, slots: check.slots.length, days, errors: check.errors });
      },
    );
    route(
      'POST /smart/price/upload',
      { config: edit, summary: 'Upload a price file: saved whole when every row passes, replacing the days it covers' },
      async (req) => {
        const { p, check, days } = await checked(req, req.query.plantId);
        if (check.errors.length > 0 || check.slots.length === 0)
          return ok(req, { saved: false, slots: check.slots.length, days, errors: check.errors });
        await db.transaction(async (tx) => {
          for (const day of days) {
            const [from, to] = dayRange(day, p.timezone);
            await tx.execute(sql`delete from price_slot where plant_id = ${p.id}
              and start >= ${new Date(from)} and start < ${new Date(to)}`);
          }
          await tx.insert(priceSlot).values(
            check.slots.map((s) => ({
              plantId: p.id,
              start: new Date(s.start),
              minutes: s.minutes,
              buy: s.buy,
              sell: s.sell,
              source: 'file',
            })),
          );
        });
        await recordChange(db, requireAuth(req.auth), req.ip, { sn: p.id, plantId: p.id }, 'plant.priceFile', {
          newValue: { days, slots: check.slots.length },
        });
        return ok(req, { saved: true, slots: check.slots.length, days, errors: [] });
      },
    );
    route(
      'POST /smart/price/clear',
      { config: edit, summary: 'Remove the plant’s uploaded prices from today on (its own source prices it again)' },
      async (req) => {
        const p = await findPlant<PlantRow>(db, requireAuth(req.auth), req.query.plantId, {
          select: PLANT_SELECT,
          write: true,
        });
        const [from] = dayRange(localDay(deps.now(), p.timezone), p.timezone);
        const gone = await query<{ n: number }>(
          db,
          sql`with d as (delete from price_slot where plant_id = ${p.id} and start >= ${new Date(from)} returning 1)
            select count(*)::int as n from d`,
        );
        return ok(req, { removed: gone[0]?.n ?? 0 });
      },
    );

    route(
      'GET /octopus/region',
      { config: { access: 'signedIn', scope: 'none' }, summary: 'Octopus Energy regions (grid supply point groups)' },
      async (req) =>
        ok(
          req,
          OCTOPUS_REGION_CODES.map((code) => ({ code, name: OCTOPUS_REGIONS[code] })),
        ),
    );

    route(
      'GET /smart/plan/:id',
      {
        config: view,
        summary: 'The optimiser’s plan for a plant beside today’s actuals, and the saving today and this month',
      },
      async (req) => {
        const p = await findPlant<PlantRow>(db, requireAuth(req.auth), req.params.id, { select: PLANT_SELECT });
        const now = deps.now();
        const today = localDay(now, p.timezone);
        const [from, to] = dayRange(today, p.timezone);
        const [plan] = await query<{
          due_at: Date | string;
          planned_at: Date | string | null;
          mode: 'optimised' | 'selfConsumption' | null;
          reason: string | null;
          slots: PlanSlotView[];
          cost: number | null;
          baseline_cost: number | null;
          command_status: string | null;
          command_error: string | null;
          sent_at: Date | string | null;
        }>(db, sql`select * from plant_plan where plant_id = ${p.id}`);
        const [saving] = await query<{ ta: number | null; tb: number | null; ma: number | null; mb: number | null }>(
          db,
          sql`select sum(actual_cost) filter (where day = ${today}) as ta, sum(baseline_cost) filter (where day = ${today}) as tb,
            sum(actual_cost) as ma, sum(baseline_cost) as mb
            from plant_saving_day where plant_id = ${p.id} and day >= ${`${today.slice(0, 7)}-01`} and day <= ${today}`,
        );
        const actual = await query<{
          ts: Date | string;
          soc: number | null;
          grid: number | null;
          battery: number | null;
        }>(
          db,
          sql`select ts, soc, grid, battery from plant_power
            where plant_id = ${p.id} and ts >= ${new Date(from)} and ts < ${new Date(to)} order by ts`,
        );
        const devices = await loadPlanDevices(db, p.id);
        const figures = (a: number | null | undefined, b: number | null | undefined) => ({
          actual: money(Number(a ?? 0)),
          baseline: money(Number(b ?? 0)),
          saving: money(Number(b ?? 0) - Number(a ?? 0)),
        });
        const ms = (v: Date | string | null | undefined) =>
          v === null || v === undefined ? null : new Date(v).getTime();
        const kw = (v: number | null) => (v === null ? null : Math.round(Number(v)) / 1000);
        return ok(req, {
          plantId: p.id,
          timezone: p.timezone,
          currency: p.currency,
          automation: p.settings?.autoChargeDischarge === true,
          storage: devices !== undefined,
          mode: plan?.mode ?? null,
          reason: plan?.reason ?? null,
          plannedAt: ms(plan?.planned_at),
          nextPlanAt: ms(plan?.due_at),
          slots: plan?.slots ?? [],
          cost: plan?.cost ?? null,
          baselineCost: plan?.baseline_cost ?? null,
          command:
            plan?.command_status && plan.sent_at
              ? {
                  status: plan.command_status,
                  sentAt: new Date(plan.sent_at).getTime(),
                  error: plan.command_error,
                  inverterSn: devices?.inverter.sn ?? null,
                }
              : null,
          actual: actual.map((r) => ({
            ts: new Date(r.ts).getTime(),
            soc: r.soc === null ? null : Math.round(Number(r.soc) * 10) / 10,
            gridKw: kw(r.grid),
            batteryKw: kw(r.battery),
          })),
          today: figures(saving?.ta, saving?.tb),
          month: figures(saving?.ma, saving?.mb),
        });
      },
    );
  };
}
