import fastifyMultipart from '@fastify/multipart';
import { and, eq, sql } from 'drizzle-orm';
import {
  commaList,
  connPasswordSchema,
  deviceAliasSchema,
  deviceImportSchema,
  reportMinutesSchema,
  serverAddressSchema,
  socRuleSchema,
  switchLimitsSchema,
  timingTasksSchema,
  type SwitchSettings,
} from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { query } from '../../db/rows.js';
import { device, gateway } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.js';
import { snParams } from '../../http/params.js';
import { AppError } from '../../http/errors.js';
import { hashPassword } from '../auth/passwords.js';
import { recordOperation } from '../commands/operation-log.js';
import { commandOutcome } from '../commands/outcome.js';
import { callerOf, deviceTarget, sendCommand } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';
import { checkImport, saveImport, singleImportRefusal } from '../gateways/import.js';
import { findReachableUser } from '../users/repository.js';
import { importAnswer } from '../gateways/import-answer.js';
import { uploadedRows } from '../gateways/import-upload.js';
import { sendXlsx, word } from '../gateways/xlsx.js';
import { bindGateway, unbindGateway } from '../plants/provision.js';
import { plantWriteScope } from '../plants/scope.js';
import { paging } from '../plants/schemas.js';
import { SWITCH_STATUSES, findSwitch, listSwitches, switchCounts, type SwitchRecord } from './queries.js';

const tags = ['acSwitch'];
const filters = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.enum(SWITCH_STATUSES).optional(),
  plantId: z.string().max(64).optional(),
});
const snBody = z.object({ sn: snParams.shape.sn });
const snList = z.array(snParams.shape.sn).min(1).max(100);
const row = z.object({
  id: z.string(),
  gatewayId: z.string(),
  sn: z.string(),
  alias: z.string().nullable(),
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
  online: z.boolean(),
  locked: z.boolean(),
  on: z.boolean(),
  localOff: z.boolean(),
  status: z.string(),
  powerW: z.number().nullable(),
  leakageMa: z.number().nullable(),
  associatedUser: z.string().nullable(),
  lastSeen: z.number().nullable(),
});
const settingsSchema = z.object({
  limits: switchLimitsSchema,
  timingTasks: timingTasksSchema,
  socRule: z.object({ enabled: z.boolean(), batterySn: z.string(), onAtSoc: z.number(), offAtSoc: z.number() }),
  reportMinutes: z.number(),
  on: z.boolean(),
  localOff: z.boolean(),
  associatedUserId: z.string().nullable(),
});
const info = row.extend({
  settings: settingsSchema,
  localAreaCode: z.string().nullable(),
  serverAddress: z.string().nullable(),
  serverPort: z.number().nullable(),
  meshCheck: z.boolean(),
  model: z.string(),
  firmware: z.string().nullable(),
});
const batchOutcome = z.array(z.object({ sn: z.string(), status: z.string(), error: z.string().nullable() }));

/**
 * Smart AC switches (spec §7 "Smart AC switches", acSwitch/*). Another company's switch does not exist
 * (404); every change needs the write scope (a visitor or a guest share has none). On and off, the timers,
 * mesh check, report frequency and the self-check are commands to the switch; limits, the SOC rule, the
 * associated user and the server address are kept by the console and logged.
 */
export function acSwitchRoutes(deps: { db: Db; commands: CommandService }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, commands } = deps;
    await app.register(fastifyMultipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 2 } });
    const view = { access: 'switch.view', scope: 'company' } as const;
    const control = { access: 'switch.control', scope: 'company' } as const;

    /** Merges a patch into the switch's settings (the console's copy of what the switch holds). */
    const mergeSettings = (id: string, patch: Partial<SwitchSettings>) =>
      db
        .update(device)
        .set({ settings: sql`${device.settings} || ${JSON.stringify(patch)}::jsonb` })
        .where(eq(device.id, id));

    const saveSettings = async (
      auth: AuthContext,
      ip: string,
      sw: SwitchRecord,
      patch: Partial<SwitchSettings>,
      operation: string,
    ): Promise<void> => {
      const before = Object.fromEntries(Object.keys(patch).map((k) => [k, sw.settings[k as keyof SwitchSettings]]));
      await mergeSettings(sw.id, patch);
      await recordOperation(db, {
        auth,
        ip,
        target: sw.sn,
        plantId: sw.plantId,
        operation,
        oldValue: before,
        newValue: patch,
        result: 'succeeded',
      });
    };

    app.get(
      '/acSwitch/page',
      {
        config: view,
        schema: {
          tags,
          summary: 'Switches with status statistics (search by serial, alias or plant; filters; pages)',
          querystring: filters.extend(paging),
          response: {
            200: envelope(
              z.object({ total: z.number(), rows: z.array(row), counts: z.record(z.string(), z.number()) }),
            ),
          },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { page, size, ...q } = req.query;
        const [list, counts] = await Promise.all([
          listSwitches(db, auth, q, { page, size }),
          switchCounts(db, auth, q),
        ]);
        return ok(req, { ...list, counts });
      },
    );

    app.get(
      '/acSwitch/download',
      { config: view, schema: { tags, summary: 'The switch list (same filters) as .xlsx', querystring: filters } },
      async (req, reply) => {
        const { rows } = await listSwitches(db, requireAuth(req.auth), req.query, null);
        return sendXlsx(reply, {
          name: 'ac-switches',
          lang: req.lang,
          headings: ['sn', 'alias', 'plant', 'status', 'on', 'power', 'lastSeen'],
          rows: rows.map((r) => [
            r.sn,
            r.alias,
            r.plantName,
            word(r.online ? 'online' : 'offline', req.lang),
            word(r.on ? 'yes' : 'no', req.lang),
            r.powerW,
            r.lastSeen ? new Date(r.lastSeen).toISOString().slice(0, 19).replace('T', ' ') : null,
          ]),
        });
      },
    );

    app.get(
      '/acSwitch/:sn/info',
      {
        config: view,
        schema: {
          tags,
          summary: 'A switch: state, readings and settings',
          params: snParams,
          response: { 200: envelope(info) },
        },
      },
      async (req) => ok(req, await findSwitch(db, requireAuth(req.auth), req.params.sn)),
    );

    app.get(
      '/acSwitch/:sn/state',
      {
        config: view,
        schema: {
          tags,
          summary: 'Ask the switch for its state (on, turned off locally)',
          params: snParams,
          response: { 200: envelope(z.object({ outcome: commandOutcome, on: z.boolean(), localOff: z.boolean() })) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const sw = await findSwitch(db, caller.auth, req.params.sn);
        let { on, localOff } = sw.settings;
        const order = { type: 'settingsRead', operation: 'switch.state' } as const;
        const outcome = await sendCommand(commands, caller, deviceTarget(sw), order, async ({ result }) => {
          if (!result) return;
          on = result.on !== false;
          localOff = result.localOff === true;
          await mergeSettings(sw.id, { on, localOff });
        });
        return ok(req, { outcome, on, localOff });
      },
    );

    app.post(
      '/acSwitch/setSwitch',
      {
        config: control,
        schema: {
          tags,
          summary: 'Turn the switch on or off (one turned off locally cannot be turned on remotely)',
          body: snBody.extend({ on: z.boolean() }),
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const sw = await findSwitch(db, caller.auth, req.body.sn, { write: true });
        const on = req.body.on;
        // Known to be off at the switch itself: refused before anything is sent (spec §4).
        if (on && sw.settings.localOff) throw new AppError('stateForbidsCommand');
        const order = {
          type: on ? 'switchOn' : 'switchOff',
          operation: on ? 'switch.on' : 'switch.off',
          oldValue: sw.on,
          newValue: on,
        } as const;
        const outcome = await sendCommand(commands, caller, deviceTarget(sw), order, () =>
          mergeSettings(sw.id, { on, localOff: false }),
        );
        // A switch that answers it is off locally: the console learns so, and refuses "on" from now on.
        if (outcome.status !== 'succeeded' && outcome.error === 'locallyOff')
          await mergeSettings(sw.id, { on: false, localOff: true });
        return ok(req, outcome);
      },
    );

    app.get(
      '/acSwitch/setting/:sn/read',
      {
        config: view,
        schema: {
          tags,
          summary: 'Per-phase limits and the leakage current limit',
          params: snParams,
          response: { 200: envelope(switchLimitsSchema) },
        },
      },
      async (req) => ok(req, (await findSwitch(db, requireAuth(req.auth), req.params.sn)).settings.limits),
    );

    app.post(
      '/acSwitch/setting/:sn/set',
      {
        config: control,
        schema: {
          tags,
          summary: 'Set per-phase limits and the leakage current limit',
          params: snParams,
          body: switchLimitsSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.params.sn, { write: true });
        await saveSettings(auth, req.ip, sw, { limits: req.body }, 'switch.limits');
        return ok(req, null);
      },
    );

    app.post(
      '/acSwitch/:sn/selfCheck',
      {
        config: control,
        schema: {
          tags,
          summary: 'Leakage self-check: the switch cuts power for 10 seconds',
          params: snParams,
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const sw = await findSwitch(db, caller.auth, req.params.sn, { write: true });
        const order = { type: 'selfCheck', operation: 'switch.selfCheck' } as const;
        return ok(req, await sendCommand(commands, caller, deviceTarget(sw), order));
      },
    );

    app.post(
      '/acSwitch/:sn/timingTask',
      {
        config: control,
        schema: {
          tags,
          summary: 'Replace the timing tasks (single or repeating; at most 10); kept when the switch accepts them',
          params: snParams,
          body: z.object({ tasks: timingTasksSchema }),
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const { tasks } = req.body;
        const sw = await findSwitch(db, caller.auth, req.params.sn, { write: true });
        const order = {
          type: 'timingTask',
          params: { tasks },
          operation: 'switch.timingTask',
          oldValue: sw.settings.timingTasks,
          newValue: tasks,
        } as const;
        const save = () => mergeSettings(sw.id, { timingTasks: tasks });
        return ok(req, await sendCommand(commands, caller, deviceTarget(sw), order, save));
      },
    );

    app.post(
      '/acSwitch/:sn/socRule',
      {
        config: control,
        schema: {
          tags,
          summary: 'The SOC-based cycle rule: on at one battery SOC, off at a lower one',
          params: snParams,
          body: socRuleSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.params.sn, { write: true });
        // The battery must be one of the switch's plant.
        if (req.body.batterySn && !(sw.plantId && (await batteryOfPlant(db, req.body.batterySn, sw.plantId))))
          throw new AppError('batteryNotFound');
        await saveSettings(auth, req.ip, sw, { socRule: req.body }, 'switch.socRule');
        return ok(req, null);
      },
    );

    app.post(
      '/acSwitch/:sn/updateFrequency',
      {
        config: control,
        schema: {
          tags,
          summary: 'Report frequency in minutes (command uploadInterval; kept when the switch accepts it)',
          params: snParams,
          body: z.object({ minutes: reportMinutesSchema }),
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const { minutes } = req.body;
        const sw = await findSwitch(db, caller.auth, req.params.sn, { write: true });
        const seconds = minutes * 60;
        // The report frequency is the switch's own gateway's upload interval: the command goes to the gateway.
        const order = {
          type: 'uploadInterval',
          params: { seconds },
          operation: 'switch.reportFrequency',
          oldValue: sw.settings.reportMinutes,
          newValue: minutes,
        } as const;
        const save = async () => {
          await db.update(gateway).set({ uploadIntervalS: seconds }).where(eq(gateway.id, sw.gatewayId));
          await mergeSettings(sw.id, { reportMinutes: minutes });
        };
        return ok(req, await sendCommand(commands, caller, { gatewayId: sw.gatewayId }, order, save));
      },
    );

    const associate = async (auth: AuthContext, ip: string, sns: string[], account: string): Promise<void> => {
      // Empty clears the association; another company's account is answered like an unknown one (105).
      const user = account ? await findReachableUser(db, auth, account) : { id: null };
      if (!user) throw new AppError('accountNotRegistered');
      const switches = await Promise.all(sns.map((sn) => findSwitch(db, auth, sn, { write: true })));
      for (const sw of switches) {
        await db.update(gateway).set({ customerId: user.id }).where(eq(gateway.id, sw.gatewayId));
        await saveSettings(auth, ip, sw, { associatedUserId: user.id }, 'switch.associatedUser');
      }
    };
    const accountBody = z.object({ account: z.string().trim().max(120) });
    app.post(
      '/acSwitch/:sn/updateAssociateUser',
      {
        config: control,
        schema: {
          tags,
          summary: 'The account the switch is associated with (empty clears it)',
          params: snParams,
          body: accountBody,
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await associate(requireAuth(req.auth), req.ip, [req.params.sn], req.body.account);
        return ok(req, null);
      },
    );
    app.post(
      '/acSwitch/updateAssociateUser/batch',
      {
        config: control,
        schema: {
          tags,
          summary: 'Associate several switches with one account (all or none)',
          body: accountBody.extend({ sns: snList }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await associate(requireAuth(req.auth), req.ip, req.body.sns, req.body.account);
        return ok(req, null);
      },
    );

    const setServer = async (auth: AuthContext, ip: string, sns: string[], host: string, port: number) => {
      const switches = await Promise.all(sns.map((sn) => findSwitch(db, auth, sn, { write: true })));
      for (const sw of switches) {
        await db.update(gateway).set({ serverAddress: host, serverPort: port }).where(eq(gateway.id, sw.gatewayId));
        await recordOperation(db, {
          auth,
          ip,
          target: sw.sn,
          plantId: sw.plantId,
          operation: 'switch.serverAddress',
          oldValue: sw.serverAddress ? `${sw.serverAddress}:${sw.serverPort ?? ''}` : null,
          newValue: `${host}:${port}`,
          result: 'succeeded',
        });
      }
    };
    app.post(
      '/acSwitch/:sn/updateServerAddr',
      {
        config: control,
        schema: {
          tags,
          summary: 'The server address and port the switch reports to',
          params: snParams,
          body: serverAddressSchema,
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await setServer(requireAuth(req.auth), req.ip, [req.params.sn], req.body.host, req.body.port);
        return ok(req, null);
      },
    );
    app.post(
      '/acSwitch/updateServerAddr/batch',
      {
        config: control,
        schema: {
          tags,
          summary: 'One server address for several switches (all or none)',
          body: serverAddressSchema.extend({ sns: snList }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        await setServer(requireAuth(req.auth), req.ip, req.body.sns, req.body.host, req.body.port);
        return ok(req, null);
      },
    );

    const meshSet = (auth: AuthContext, ip: string, sw: SwitchRecord, enabled: boolean) => {
      const order = {
        type: 'meshCheck',
        params: { enabled },
        operation: 'switch.meshCheck',
        oldValue: sw.meshCheck,
        newValue: enabled,
      } as const;
      const save = () => db.update(gateway).set({ meshCheck: enabled }).where(eq(gateway.id, sw.gatewayId));
      return sendCommand(commands, { auth, ip }, { gatewayId: sw.gatewayId }, order, save);
    };
    app.get(
      '/acSwitch/:sn/meshCheck/read',
      {
        config: view,
        schema: {
          tags,
          summary: 'Whether mesh check is on',
          params: snParams,
          response: { 200: envelope(z.object({ enabled: z.boolean() })) },
        },
      },
      async (req) => ok(req, { enabled: (await findSwitch(db, requireAuth(req.auth), req.params.sn)).meshCheck }),
    );
    app.post(
      '/acSwitch/:sn/meshCheck/set',
      {
        config: control,
        schema: {
          tags,
          summary: 'Turn mesh check on or off (command meshCheck)',
          params: snParams,
          body: z.object({ enabled: z.boolean() }),
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.params.sn, { write: true });
        return ok(req, await meshSet(auth, req.ip, sw, req.body.enabled));
      },
    );
    app.get(
      '/acSwitch/meshCheck/read/batch',
      {
        config: view,
        schema: {
          tags,
          summary: 'Mesh check of several switches (comma-separated serials)',
          querystring: z.object({ sns: commaList(snParams.shape.sn, { max: 100 }) }),
          response: { 200: envelope(z.array(z.object({ sn: z.string(), enabled: z.boolean() }))) },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const switches = await Promise.all(req.query.sns.map((sn) => findSwitch(db, auth, sn)));
        return ok(
          req,
          switches.map((s) => ({ sn: s.sn, enabled: s.meshCheck })),
        );
      },
    );
    app.post(
      '/acSwitch/meshCheck/set/batch',
      {
        config: control,
        schema: {
          tags,
          summary: 'Mesh check on or off for several switches; each one’s outcome (an offline one fails)',
          body: z.object({ sns: snList, enabled: z.boolean() }),
          response: { 200: envelope(batchOutcome) },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const switches = await Promise.all(req.body.sns.map((sn) => findSwitch(db, auth, sn, { write: true })));
        const out = await Promise.all(
          switches.map(async (sw) => {
            try {
              const o = await meshSet(auth, req.ip, sw, req.body.enabled);
              return { sn: sw.sn, status: o.status, error: o.error };
            } catch (e) {
              if (e instanceof AppError) return { sn: sw.sn, status: 'failed', error: e.key };
              throw e;
            }
          }),
        );
        return ok(req, out);
      },
    );

    app.post(
      '/acSwitch/:sn/connPassword',
      {
        config: control,
        schema: {
          tags,
          summary: 'Set a new connection password (8–24, capitals, lower case and digits; kept hashed)',
          params: snParams,
          body: z.object({ password: connPasswordSchema }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.params.sn, { write: true });
        await db
          .update(gateway)
          .set({ connPasswordHash: await hashPassword(req.body.password) })
          .where(eq(gateway.id, sw.gatewayId));
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: sw.sn,
          plantId: sw.plantId,
          operation: 'switch.connPassword',
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );

    const areaQuery = z.object({
      localAreaCode: z
        .string()
        .regex(/^[A-Za-z0-9]{0,16}$/)
        .optional(),
    });
    app.post(
      '/acSwitch/create',
      {
        config: control,
        schema: {
          tags,
          summary: 'Create one switch in the company stock (serial, registration key, connection password)',
          body: deviceImportSchema.extend(areaQuery.shape),
          response: { 200: envelope(importAnswer) },
        },
      },
      async (req) => {
        const { localAreaCode, ...one } = req.body;
        const problems = await saveImport(db, requireAuth(req.auth), req.ip, [{ row: 1, ...one }], {
          kind: 'switch',
          operation: 'switch.create',
          ...(localAreaCode ? { localAreaCode } : {}),
        });
        const refusal = singleImportRefusal(problems);
        if (refusal) throw refusal;
        return ok(req, { saved: problems ? 0 : 1, rows: problems ?? [] });
      },
    );
    app.post(
      '/acSwitch/import/batch/check',
      {
        config: control,
        schema: {
          tags,
          summary: 'Check a batch .xlsx (multipart "file"): each row’s problems; nothing is saved',
          response: { 200: envelope(importAnswer) },
        },
      },
      async (req) => ok(req, { saved: 0, rows: await checkImport(db, requireAuth(req.auth), await uploadedRows(req)) }),
    );
    for (const path of ['/acSwitch/import/batch', '/acSwitch/create/batch']) {
      app.post(
        path,
        {
          config: control,
          schema: {
            tags,
            summary: 'Create switches from a batch .xlsx: all rows when every row passes the check, none otherwise',
            querystring: areaQuery,
            response: { 200: envelope(importAnswer) },
          },
        },
        async (req) => {
          const rows = await uploadedRows(req);
          const problems = await saveImport(db, requireAuth(req.auth), req.ip, rows, {
            kind: 'switch',
            operation: 'switch.create',
            ...(req.query.localAreaCode ? { localAreaCode: req.query.localAreaCode } : {}),
          });
          return ok(req, { saved: problems ? 0 : rows.length, rows: problems ?? [] });
        },
      );
    }
    app.get(
      '/acSwitch/import/template',
      { config: control, schema: { tags, summary: 'The .xlsx template for a batch import' } },
      async (req, reply) =>
        sendXlsx(reply, {
          name: 'ac-switch-import',
          lang: req.lang,
          headings: ['sn', 'key', 'password'],
          rows: [['SW00000001', 'ABCD1234', 'Example2026pass']],
          dated: false,
        }),
    );

    app.post(
      '/acSwitch/bind',
      {
        config: control,
        schema: {
          tags,
          summary: 'Bind a switch to a plant the caller may change',
          body: snBody.extend({ plantId: z.string().max(64) }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.body.sn, { write: true });
        const [p] = await query<{ id: string; company_id: string | null; name: string }>(
          db,
          sql`select p.id, p.company_id, p.name from plant p where p.id::text = ${req.body.plantId} and ${plantWriteScope(auth)}`,
        );
        if (!p) throw new AppError('plantNotFound');
        await bindGateway(db, { gatewayId: sw.gatewayId, plantId: p.id, companyId: p.company_id, customerId: null });
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: sw.sn,
          plantId: p.id,
          operation: 'switch.bind',
          oldValue: sw.plantName,
          newValue: p.name,
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );
    app.post(
      '/acSwitch/unbind',
      {
        config: control,
        schema: { tags, summary: 'Unbind a switch from its plant', body: snBody, response: { 200: emptyEnvelope } },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.body.sn, { write: true });
        if (!sw.plantId) throw new AppError('already');
        await unbindGateway(db, sw.gatewayId);
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: sw.sn,
          plantId: sw.plantId,
          operation: 'switch.unbind',
          oldValue: sw.plantName,
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );
    app.post(
      '/acSwitch/setAlias',
      {
        config: control,
        schema: {
          tags,
          summary: 'Set the alias (at most 32 bytes; empty clears it)',
          body: snBody.extend({ alias: deviceAliasSchema }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.body.sn, { write: true });
        const alias = req.body.alias.trim() || null;
        await db.update(device).set({ alias }).where(eq(device.id, sw.id));
        await db.update(gateway).set({ alias }).where(eq(gateway.id, sw.gatewayId));
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: sw.sn,
          plantId: sw.plantId,
          operation: 'switch.alias',
          oldValue: sw.alias,
          newValue: alias,
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );
    app.post(
      '/acSwitch/:sn/delete',
      {
        config: control,
        schema: {
          tags,
          summary: 'Delete a switch: it leaves every list and its connections are refused',
          params: snParams,
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const sw = await findSwitch(db, auth, req.params.sn, { write: true });
        await db.update(device).set({ deletedAt: new Date(), plantId: null }).where(eq(device.id, sw.id));
        await db.update(gateway).set({ plantId: null, locked: true }).where(eq(gateway.id, sw.gatewayId));
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: sw.sn,
          plantId: sw.plantId,
          operation: 'switch.delete',
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );
  };
}

async function batteryOfPlant(db: Db, sn: string, plantId: string): Promise<boolean> {
  const rows = await db
    .select({ id: device.id })
    .from(device)
    .where(and(eq(device.sn, sn), eq(device.kind, 'battery'), eq(device.plantId, plantId)));
  return rows.length > 0;
}
