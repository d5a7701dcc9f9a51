import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  deviceAliasProblem,
  mergeMeterSettings,
  meterSettingsOf,
  meterSettingsProblems,
  type MeterSettings,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { ValidationError } from '../../http/errors.js';
import { daySeries, findDevice, publicRow } from '../batteries/device-query.js';
import { deleteDevice, storageListRoutes } from '../devices/storage-routes.js';
import { plantClock, word } from '../../xlsx/write.js';
import { recordChange, recordOperation } from '../commands/operation-log.js';
import { indexed } from '../devices/service.js';
import { checkParams } from '../devices/params.js';

/** Which top-level settings changed, old and new, for the operation log. */
function changes(
  before: MeterSettings,
  after: MeterSettings,
): { old: Record<string, unknown>; new: Record<string, unknown> } {
  const out = { old: {} as Record<string, unknown>, new: {} as Record<string, unknown> };
  for (const key of Object.keys(after) as (keyof MeterSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      out.old[key] = before[key];
      out.new[key] = after[key];
    }
  }
  return out;
}

/** Energy meters of spec §7: list, counts, export, detail, the console-kept parameters, alias and delete. */
export function meterRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db } = deps;
    const view = { access: 'smart.meter', scope: 'company' } as const;
    const control = { access: 'meter.control', scope: 'company' } as const;
    const route = contractRoutes(app, 'meters');

    storageListRoutes(app, db, {
      kind: 'meter',
      tag: 'meters',
      config: view,
      list: {
        route: 'GET /meters',
        summary: 'Meters: search, status and plant filters, a page, status statistics',
        row: (d) => ({ ...publicRow(d), master: meterSettingsOf(d.settings).master }),
      },
      count: { route: 'GET /meter/status/count', summary: 'How many meters, by status' },
      download: {
        route: 'GET /meters/download',
        summary: 'The meter list (same filters) as an .xlsx file',
        name: 'meters',
        headings: ['status', 'master', 'gridPower', 'imported', 'exported', 'updated'],
        cells: (d, lang) => [
          word(d.status, lang),
          word(meterSettingsOf(d.settings).master ? 'yes' : 'no', lang),
          d.metrics.p_grid ?? null,
          d.metrics.e_import_total ?? null,
          d.metrics.e_export_total ?? null,
          plantClock(d.lastSeen, d.timezone),
        ],
      },
    });

    route(
      'GET /meter/params',
      { config: view, summary: 'The parameters the console keeps for a meter' },
      async (req) => {
        const d = await findDevice(db, requireAuth(req.auth), 'meter', { sn: req.query.sn });
        return ok(req, meterSettingsOf(d.settings));
      },
    );

    route(
      'POST /meter/params',
      {
        config: control,
        summary: 'Change a meter’s parameters; making it the master meter ends the plant’s previous master',
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { sn, ...change } = req.body;
        const d = await findDevice(db, auth, 'meter', { sn }, { write: true });
        const before = meterSettingsOf(d.settings);
        const after = mergeMeterSettings(before, change);
        const problems = meterSettingsProblems(after);
        if (problems.length > 0) throw new ValidationError(problems);
        const diff = changes(before, after);
        if (Object.keys(diff.new).length === 0) return ok(req, after);
        await db.transaction(async (tx) => {
          if (after.master && !before.master && d.plantId) {
            // One master meter per plant: the one that was master stops being it, and the log says so.
            // The plant row is the lock: two meters made master at once cannot both stay master.
            await tx.execute(sql`select id from plant where id = ${d.plantId} for update`);
            const others = await tx
              .select({ id: device.id, sn: device.sn, settings: device.settings })
              .from(device)
              .where(
                and(
                  eq(device.plantId, d.plantId),
                  eq(device.kind, 'meter'),
                  ne(device.id, d.id),
                  isNull(device.deletedAt),
                  sql`(${device.settings} ->> 'master') = 'true'`,
                ),
              );
            for (const o of others) {
              const was = meterSettingsOf(o.settings);
              await tx
                .update(device)
                .set({ settings: { ...was, master: false } })
                .where(eq(device.id, o.id));
              await recordOperation(tx, {
                auth,
                ip: req.ip,
                target: o.sn,
                operation: 'meter.params',
                plantId: d.plantId,
                oldValue: { master: true },
                newValue: { master: false },
                result: 'succeeded',
              });
            }
          }
          await tx.update(device).set({ settings: after }).where(eq(device.id, d.id));
          await recordChange(tx, auth, req.ip, d, 'meter.params', { oldValue: diff.old, newValue: diff.new });
        });
        return ok(req, after);
      },
    );

    route(
      'GET /meter/params/day',
      { config: view, summary: 'A plant-local day of a meter’s readings (chosen parameters, at most 6)' },
      async (req) => {
        const params = checkParams(req.query.params, 'meter', ['p_grid', 'p_load']);
        const d = await findDevice(db, requireAuth(req.auth), 'meter', { sn: req.query.sn });
        return ok(req, await daySeries(db, d, req.query.date, params));
      },
    );

    route(
      'GET /meter/:sn',
      { config: view, summary: 'A meter: readings now, per phase, and its parameters' },
      async (req) => {
        const d = await findDevice(db, requireAuth(req.auth), 'meter', { sn: req.params.sn });
        const settings = meterSettingsOf(d.settings);
        return ok(req, { ...publicRow(d), master: settings.master, phases: indexed(d.metrics, 'ph'), settings });
      },
    );

    route(
      'POST /meter/:sn/alias',
      { config: control, summary: 'Name a meter (at most 32 bytes; empty clears it)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const problem = deviceAliasProblem(req.body.alias);
        if (problem) throw new ValidationError([{ field: 'alias', rule: problem }]);
        const d = await findDevice(db, auth, 'meter', { sn: req.params.sn }, { write: true });
        const alias = req.body.alias.trim() || null;
        await db.transaction(async (tx) => {
          await tx.update(device).set({ alias }).where(eq(device.id, d.id));
          await recordChange(tx, auth, req.ip, d, 'meter.alias', { oldValue: d.alias, newValue: alias });
        });
        return ok(req, { alias });
      },
    );

    route(
      'POST /meter/:sn/delete',
      { config: control, summary: 'Remove a meter from the console (logical delete)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const d = await findDevice(db, auth, 'meter', { sn: req.params.sn }, { write: true });
        await deleteDevice(db, auth, req.ip, d, 'meter.delete');
        return ok(req, null);
      },
    );
  };
}
