import {
  DEBUG_READ_CODES,
  INVERTER_CHARTS,
  INVERTER_CHART_PERIODS,
  FLOW_STATES,
  LIMITS,
  periodKeyParam,
  debugRequestSchema,
  debugWriteRegisters,
  ivScanResultSchema,
  settingsConflicts,
  settingsProblems,
  utf8Length,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { requireAuth } from '../../http/context.js';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.js';
import { snParams } from '../../http/params.js';
import { AppError, ValidationError } from '../../http/errors.js';
import { recordOperation } from '../commands/operation-log.js';
import { callerOf, inverterTarget, sendCommand } from '../commands/device-command.js';
import { commandOutcome } from '../commands/outcome.js';
import type { CommandService } from '../commands/service.js';
import { paging } from '../plants/schemas.js';
import { portChart } from './charts.js';
import { inverterWorkbook } from './export.js';
import { INVERTER_LIST_STATUSES, INVERTER_SORTS, InverterService } from './service.js';
import { settingFieldsFor } from './settings-form.js';
import { settingField, settingValues, settingsError } from './settings-fields.js';

const filterQuery = z.object({
  q: z.string().max(64).optional(),
  status: z.enum(INVERTER_LIST_STATUSES).optional(),
  plantId: z.string().max(64).optional(),
  model: z.string().max(64).optional(),
  brand: z.string().max(64).optional(),
});
const statusCounts = z.object({
  all: z.number(),
  normal: z.number(),
  warning: z.number(),
  fault: z.number(),
  offline: z.number(),
  upgrading: z.number(),
});
const inverterRow = z.object({
  id: z.string(),
  sn: z.string(),
  alias: z.string().nullable(),
  brand: z.string(),
  model: z.string(),
  ratedW: z.number().nullable(),
  protocol: z.string(),
  firmware: z.string().nullable(),
  gatewaySn: z.string(),
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
  status: z.string(),
  powerW: z.number().nullable(),
  todayKwh: z.number(),
  totalKwh: z.number().nullable(),
  lastSeen: z.number().nullable(),
  writable: z.boolean(),
});
const debugReply = z.object({
  id: z.string(),
  type: z.string(),
  params: z.record(z.string(), z.unknown()),
  status: z.string(),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  at: z.number(),
});

/**
 * Inverters (spec §7 "Inverters"): list, export, alias, delete, boot/shutdown, debug, I-V scan, settings, port
 * charts.
 */
export function inverterRoutes(deps: { db: Db; commands: CommandService }): FastifyPluginAsyncZod {
  return async (app) => {
    const inverters = new InverterService(deps.db);
    const { commands } = deps;
    const view = { access: 'inverter.view', scope: 'company' } as const;
    const tags = ['inverters'];

    app.get(
      '/inverters',
      {
        config: view,
        schema: {
          tags,
          summary: 'Inverters in scope with status statistics, search, filters and pagination',
          querystring: filterQuery.extend({
            ...paging,
            sort: z.enum(INVERTER_SORTS).optional(),
            order: z.enum(['asc', 'desc']).optional(),
          }),
          response: {
            200: envelope(
              z.object({
                total: z.number(),
                rows: z.array(inverterRow),
                stats: statusCounts,
                facets: z.object({
                  models: z.array(z.string()),
                  brands: z.array(z.string()),
                  plants: z.array(z.object({ id: z.string(), name: z.string() })),
                }),
              }),
            ),
          },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const [list, facets] = await Promise.all([inverters.list(auth, req.query), inverters.facets(auth)]);
        return ok(req, { ...list, facets });
      },
    );

    app.get(
      '/inverters/count',
      {
        config: view,
        schema: {
          tags,
          summary: 'Inverters by status',
          querystring: filterQuery,
          response: { 200: envelope(statusCounts) },
        },
      },
      async (req) => ok(req, await inverters.stats(requireAuth(req.auth), req.query)),
    );

    app.get(
      '/inverters/download',
      {
        config: view,
        schema: { tags, summary: 'The inverter list as .xlsx (same filters as the list)', querystring: filterQuery },
      },
      async (req, reply) => {
        const rows = await inverters.all(requireAuth(req.auth), req.query, 10_000);
        let file: Buffer;
        try {
          file = await inverterWorkbook(rows, req.lang);
        } catch {
          throw new AppError('fileGenerationFailed');
        }
        const day = new Date().toISOString().slice(0, 10).replaceAll('-', '');
        return reply
          .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', `attachment; filename="inverters-${day}.xlsx"`)
          .send(file);
      },
    );

    app.get(
      '/inverter/:sn/flow',
      {
        config: view,
        schema: {
          tags,
          summary:
            'What flows through the inverter now: PV, AC output or the gateway meter’s grid and load, the hybrid’s battery',
          params: snParams,
          response: {
            200: envelope(
              z.object({
                ts: z.number().nullable(),
                ratedW: z.number().nullable(),
                /** Grid and load come from a meter on the inverter's gateway (else grid is the AC output). */
                meter: z.boolean(),
                powerW: z.object({
                  pv: z.number().nullable(),
                  grid: z.number().nullable(),
                  battery: z.number().nullable(),
                  load: z.number().nullable(),
                  soc: z.number().nullable(),
                }),
                flow: z.object({
                  pv: z.enum(FLOW_STATES),
                  grid: z.enum(FLOW_STATES),
                  battery: z.enum(FLOW_STATES),
                  load: z.enum(FLOW_STATES),
                }),
              }),
            ),
          },
        },
      },
      async (req) => ok(req, await inverters.flow(requireAuth(req.auth), req.params.sn)),
    );

    app.get(
      '/inverter/:sn/control',
      {
        config: view,
        schema: {
          tags,
          summary: 'What the caller may do with the inverter now: write access, status, state, settings support',
          params: snParams,
          response: {
            200: envelope(
              z.object({
                writable: z.boolean(),
                status: z.string(),
                state: z.number().nullable(),
                protocol: z.string(),
                settings: z.boolean(),
              }),
            ),
          },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const inv = await inverters.target(auth, req.params.sn);
        const writable = await inverters.target(auth, req.params.sn, { write: true }).then(
          () => true,
          () => false,
        );
        return ok(req, {
          writable,
          status: inv.status,
          state: inv.state,
          protocol: inv.protocol,
          settings: settingFieldsFor(inv.protocol, inv.meta) !== null,
        });
      },
    );

    app.post(
      '/inverter/:sn/alias',
      {
        config: { access: 'inverter.control', scope: 'company' },
        schema: {
          tags,
          summary: 'Rename an inverter (alias at most 32 bytes; empty clears it)',
          params: snParams,
          body: z.object({ alias: z.string().max(64) }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const inv = await inverters.target(auth, req.params.sn, { write: true });
        const alias = req.body.alias.trim();
        if (utf8Length(alias) > LIMITS.aliasBytes) throw new ValidationError([{ field: 'alias', rule: 'aliasBytes' }]);
        await inverters.setAlias(inv.id, alias || null);
        await recordOperation(deps.db, {
          auth,
          ip: req.ip,
          target: inv.sn,
          plantId: inv.plantId,
          operation: 'inverter.alias',
          oldValue: inv.alias,
          newValue: alias || null,
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );

    app.post(
      '/inverter/:sn/delete',
      {
        config: { access: 'inverter.delete', scope: 'company' },
        schema: {
          tags,
          summary: 'Remove an inverter from the lists (its readings are kept)',
          params: snParams,
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const inv = await inverters.target(auth, req.params.sn, { write: true });
        await inverters.markDeleted(inv.id);
        await recordOperation(deps.db, {
          auth,
          ip: req.ip,
          target: inv.sn,
          plantId: inv.plantId,
          operation: 'inverter.delete',
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );

    for (const action of ['boot', 'shutdown'] as const) {
      app.post(
        `/inverter/:sn/${action}`,
        {
          config: { access: 'inverter.control', scope: 'company' },
          schema: {
            tags,
            summary:
              action === 'boot'
                ? 'Start the inverter (refused while running or upgrading)'
                : 'Stop the inverter (refused while stopped or upgrading)',
            params: snParams,
            response: { 200: envelope(commandOutcome) },
          },
        },
        async (req) => {
          const caller = callerOf(req);
          const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
          inverters.assertAllowed(inv, action);
          const order = { type: action, operation: `inverter.${action}`, oldValue: inv.state };
          return ok(req, await sendCommand(commands, caller, inverterTarget(inv), order));
        },
      );
    }

    app.post(
      '/inverter/:sn/debug',
      {
        config: { access: 'inverter.debug', scope: 'company' },
        schema: {
          tags,
          summary: 'Read (03/04) or write (06/10) registers through the gateway; answers with the device’s reply',
          params: snParams,
          body: debugRequestSchema,
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
        inverters.assertAllowed(inv, 'debug');
        const b = req.body;
        const address = parseInt(b.address, 16);
        const read = (DEBUG_READ_CODES as readonly string[]).includes(b.code);
        const params = read
          ? { fc: parseInt(b.code, 16), address, count: b.count }
          : { fc: parseInt(b.code, 16), address, values: debugWriteRegisters(b) };
        const order = {
          type: read ? 'debugRead' : 'debugWrite',
          params,
          operation: read ? 'inverter.debugRead' : 'inverter.debugWrite',
          newValue: { code: b.code, address: b.address, ...(read ? { count: b.count } : { value: b.value }) },
        } as const;
        return ok(req, await sendCommand(commands, caller, inverterTarget(inv), order));
      },
    );

    app.post(
      '/inverter/:sn/pvIVRealtime',
      {
        config: { access: 'inverter.control', scope: 'company' },
        schema: {
          tags,
          summary:
            'Scan the I-V curve of each PV input (command ivScan; production dips for a few seconds); answers the curves',
          params: snParams,
          response: {
            200: envelope(
              commandOutcome.extend({
                /** The curves when the scan succeeded and the answer is well formed; null otherwise. */
                iv: ivScanResultSchema.nullable(),
              }),
            ),
          },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
        inverters.assertAllowed(inv, 'ivScan');
        const order = { type: 'ivScan', operation: 'inverter.ivScan' } as const;
        const outcome = await sendCommand(commands, caller, inverterTarget(inv), order);
        const parsed = outcome.status === 'succeeded' ? ivScanResultSchema.safeParse(outcome.result) : null;
        if (parsed && !parsed.success) req.log.warn({ sn: inv.sn, cmd: outcome.id }, 'malformed ivScan answer');
        return ok(req, { ...outcome, iv: parsed?.success ? parsed.data : null });
      },
    );

    app.get(
      '/inverter/:sn/debug/reply',
      {
        config: { access: 'inverter.debug', scope: 'company' },
        schema: {
          tags,
          summary: 'The replies of the last debug commands (or of one, by id), newest first',
          params: snParams,
          querystring: z.object({ id: z.uuid().optional() }),
          response: { 200: envelope(z.array(debugReply)) },
        },
      },
      async (req) => {
        const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
        return ok(req, await inverters.debugReplies(inv, req.query.id, 20));
      },
    );

    app.get(
      '/battery/:sn/inverter',
      {
        config: { access: 'battery.control', scope: 'company' },
        schema: {
          tags,
          summary: 'The hybrid inverter a battery is set through (null when its gateway has none)',
          params: snParams,
          response: {
            200: envelope(
              z
                .object({
                  sn: z.string(),
                  alias: z.string().nullable(),
                  model: z.string(),
                  protocol: z.string(),
                  status: z.string(),
                })
                .nullable(),
            ),
          },
        },
      },
      async (req) => ok(req, await inverters.hybridOfBattery(requireAuth(req.auth), req.params.sn)),
    );

    app.get(
      '/inverter/:sn/setting/form',
      {
        config: { access: 'inverter.setting', scope: 'company' },
        schema: {
          tags,
          summary: 'The settings form of the inverter’s protocol (601 when it has none), with the last known values',
          params: snParams,
          response: {
            200: envelope(
              z.object({
                protocol: z.string(),
                fields: z.array(settingField),
                values: z.record(z.string(), z.unknown()),
                writable: z.boolean(),
              }),
            ),
          },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const inv = await inverters.target(auth, req.params.sn);
        const fields = inverters.fields(inv);
        const writable = await inverters.target(auth, req.params.sn, { write: true }).then(
          () => true,
          () => false,
        );
        const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
        return ok(req, { protocol: inv.protocol, fields, values: known, writable });
      },
    );

    app.post(
      '/inverter/:sn/setting-read',
      {
        config: { access: 'inverter.setting', scope: 'company' },
        schema: {
          tags,
          summary: 'Read the settings from the device (command settingsRead)',
          params: snParams,
          response: { 200: envelope(commandOutcome.extend({ values: z.record(z.string(), z.unknown()) })) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
        const fields = inverters.fields(inv);
        inverters.assertAllowed(inv, 'settings');
        const order = {
          type: 'settingsRead',
          params: { keys: fields.map((f) => f.key) },
          operation: 'inverter.settingsRead',
        } as const;
        const outcome = await sendCommand(commands, caller, inverterTarget(inv), order);
        const keys = new Set(fields.map((f) => f.key));
        const values =
          outcome.status === 'succeeded' && outcome.result
            ? Object.fromEntries(Object.entries(outcome.result).filter(([k]) => keys.has(k)))
            : {};
        if (Object.keys(values).length > 0) await inverters.rememberSettings(inv, values);
        return ok(req, { ...outcome, values });
      },
    );

    app.post(
      '/inverter/:sn/setting-write',
      {
        config: { access: 'inverter.setting', scope: 'company' },
        schema: {
          tags,
          summary: 'Write settings to the device (command settingsWrite); each value checked against the form',
          params: snParams,
          body: z.object({ values: settingValues }),
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
        const fields = inverters.fields(inv);
        const known = (inv.settings.inverter as Record<string, unknown> | undefined) ?? {};
        const problems = settingsProblems(fields, req.body.values);
        if (problems.length > 0) throw settingsError(problems);
        const conflicts = settingsConflicts(req.body.values, known);
        if (conflicts.length > 0) throw settingsError(conflicts);
        inverters.assertAllowed(inv, 'settings');
        const { values } = req.body;
        const order = {
          type: 'settingsWrite',
          params: values,
          operation: 'inverter.settingsWrite',
          oldValue: Object.fromEntries(Object.keys(values).map((k) => [k, known[k] ?? null])),
          newValue: values,
        } as const;
        const save = () => inverters.rememberSettings(inv, values);
        return ok(req, await sendCommand(commands, caller, inverterTarget(inv), order, save));
      },
    );

    app.get(
      '/inverter/:sn/chart/:chart/:period',
      {
        config: view,
        schema: {
          tags,
          summary: 'Grid, EPS, load, battery or meter chart of a day (W), month or year (kWh)',
          params: snParams.extend({ chart: z.enum(INVERTER_CHARTS), period: z.enum(INVERTER_CHART_PERIODS) }),
          querystring: z.object({
            date: periodKeyParam.optional(),
          }),
          response: {
            200: envelope(
              z.object({
                chart: z.string(),
                period: z.string(),
                unit: z.string(),
                keys: z.array(z.string()),
                rows: z.array(
                  z.object({
                    ts: z.number().optional(),
                    key: z.string().optional(),
                    values: z.record(z.string(), z.number().nullable()),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async (req) => {
        const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
        const { chart, period } = req.params;
        const today = inverters.localToday(inv);
        const len = period === 'day' ? 10 : period === 'month' ? 7 : 4;
        const key = req.query.date ?? today.slice(0, len);
        if (key.length !== len) throw new ValidationError([{ field: 'date', rule: 'date' }]);
        return ok(req, await portChart(deps.db, inv, chart, period, key));
      },
    );

    app.get(
      '/inverter/:sn/events',
      {
        config: view,
        schema: {
          tags,
          summary: 'The inverter’s events, newest first',
          params: snParams,
          querystring: z.object(paging),
          response: {
            200: envelope(
              z.object({
                total: z.number(),
                rows: z.array(
                  z.object({
                    id: z.string(),
                    code: z.string(),
                    level: z.string(),
                    message: z.string().nullable(),
                    raisedAt: z.number(),
                    clearedAt: z.number().nullable(),
                  }),
                ),
              }),
            ),
          },
        },
      },
      async (req) => {
        const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
        return ok(req, await inverters.events(inv, req.query.page, req.query.size));
      },
    );
  };
}
