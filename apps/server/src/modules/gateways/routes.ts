import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { connPasswordSchema, deviceAliasSchema, deviceImportSchema, uploadIntervalSchema } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { gateway } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { emptyEnvelope, envelope, ok } from '../../http/envelope.js';
import { snParams } from '../../http/params.js';
import { AppError } from '../../http/errors.js';
import { recordOperation } from '../commands/operation-log.js';
import { callerOf, sendCommand } from '../commands/device-command.js';
import { commandOutcome } from '../commands/outcome.js';
import type { CommandService } from '../commands/service.js';
import type { MessageBus } from '../mqtt/bus.js';
import { paging } from '../plants/schemas.js';
import { unbindGateway } from '../plants/provision.js';
import { setConnPassword, setMeshCheck } from './own-gateway.js';
import { checkImport, saveImport, singleImportRefusal } from './import.js';
import { importAnswer } from './import-answer.js';
import { uploadedRows } from './import-upload.js';
import {
  GATEWAY_STATUSES,
  findGateway,
  gatewayCounts,
  gatewayDetail,
  listGateways,
  type GatewayRow,
} from './queries.js';
import { sendXlsx, word } from '../../xlsx/write.js';

const tags = ['gateways'];
const filters = z.object({
  q: z.string().trim().max(64).optional(),
  status: z.enum(GATEWAY_STATUSES).optional(),
  commType: z.string().max(16).optional(),
  plantId: z.string().max(64).optional(),
});
const counts = z.record(z.string(), z.number());
export const gatewayRow = z.object({
  id: z.string(),
  sn: z.string(),
  alias: z.string().nullable(),
  plantId: z.string().nullable(),
  plantName: z.string().nullable(),
  online: z.boolean(),
  locked: z.boolean(),
  commType: z.string(),
  rssi: z.number().nullable(),
  uploadIntervalS: z.number(),
  firmware: z.string().nullable(),
  deviceCount: z.number(),
  lastSeen: z.number().nullable(),
});
const detail = gatewayRow.extend({
  customerAccount: z.string().nullable(),
  /** Only for callers who may import (and so bind) gateways: the key is what binds an unbound one. */
  registrationKey: z.string().optional(),
  protocol: z.string().nullable(),
  hardwareVersion: z.string().nullable(),
  iccid: z.string().nullable(),
  serverAddress: z.string().nullable(),
  serverPort: z.number().nullable(),
  meshCheck: z.boolean(),
  batteryType: z.string().nullable(),
  boundAt: z.number().nullable(),
  createdAt: z.number(),
  devices: z.array(
    z.object({
      sn: z.string(),
      kind: z.string(),
      model: z.string(),
      alias: z.string().nullable(),
      status: z.string(),
      lastSeen: z.number().nullable(),
    }),
  ),
});
const XLSX_LIMIT = 2 * 1024 * 1024;
/**
 * Who may read a gateway's registration key: the roles that import gateways into stock and bind them.
 * Anyone else who can see the gateway (a plant owner, a guest of a shared plant) could bind it elsewhere
 * once it is unbound.
 */
const REGISTRATION_KEY_PERMISSION = 'gateway.import';

function exportRows(rows: GatewayRow[], lang: Parameters<typeof word>[1]) {
  return rows.map((r) => [
    r.sn,
    r.alias,
    r.plantName,
    word(r.online ? 'online' : 'offline', lang),
    word(r.locked ? 'yes' : 'no', lang),
    r.commType,
    r.rssi,
    r.uploadIntervalS,
    r.firmware,
    r.deviceCount,
    r.lastSeen ? new Date(r.lastSeen).toISOString().slice(0, 19).replace('T', ' ') : null,
  ]);
}

/**
 * Gateways (spec §7 "Gateways"): the list with status statistics, export, detail, alias, restart, unbind,
 * lock, upload interval, mesh check, connection password, and import one or a batch with a check step.
 * Another company's gateway does not exist (305); changes need the write scope (a visitor has none).
 */
export function gatewayRoutes(deps: { db: Db; commands: CommandService; bus: MessageBus }): FastifyPluginAsyncZod {
  return async (app) => {
    const { db, commands } = deps;
    await app.register(fastifyMultipart, { limits: { fileSize: XLSX_LIMIT, files: 1, fields: 2 } });
    const view = { access: 'gateway.view', scope: 'company' } as const;
    const control = { access: 'gateway.control', scope: 'company' } as const;
    const importing = { access: 'gateway.import', scope: 'company' } as const;

    app.get(
      '/gateways',
      {
        config: view,
        schema: {
          tags,
          summary: 'Gateways with status statistics (search by serial, alias or plant; filters; pages)',
          querystring: filters.extend(paging),
          response: { 200: envelope(z.object({ total: z.number(), rows: z.array(gatewayRow), counts })) },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { page, size, ...q } = req.query;
        const [list, c] = await Promise.all([listGateways(db, auth, q, { page, size }), gatewayCounts(db, auth, q)]);
        return ok(req, { ...list, counts: c });
      },
    );

    app.get(
      '/gateways/count',
      {
        config: view,
        schema: { tags, summary: 'Gateways by status', querystring: filters, response: { 200: envelope(counts) } },
      },
      async (req) => ok(req, await gatewayCounts(db, requireAuth(req.auth), req.query)),
    );

    app.get(
      '/gateways/download',
      { config: view, schema: { tags, summary: 'The gateway list (same filters) as .xlsx', querystring: filters } },
      async (req, reply) => {
        const { rows } = await listGateways(db, requireAuth(req.auth), req.query, null);
        return sendXlsx(reply, {
          name: 'gateways',
          lang: req.lang,
          headings: [
            'sn',
            'gatewayAlias',
            'gatewayPlant',
            'status',
            'locked',
            'commType',
            'rssi',
            'interval',
            'firmware',
            'devices',
            'lastSeen',
          ],
          rows: exportRows(rows, req.lang),
        });
      },
    );

    app.get(
      '/gateways/import/template',
      { config: importing, schema: { tags, summary: 'The .xlsx template for a batch import' } },
      async (req, reply) =>
        sendXlsx(reply, {
          name: 'gateway-import',
          lang: req.lang,
          headings: ['sn', 'key', 'password'],
          rows: [['GW00000001', 'ABCD1234', 'Example2026pass']],
          dated: false,
        }),
    );

    app.post(
      '/gateways/import',
      {
        config: importing,
        schema: {
          tags,
          summary: 'Import one gateway into the company stock (serial, registration key, connection password)',
          body: deviceImportSchema,
          response: { 200: envelope(importAnswer) },
        },
      },
      async (req) => {
        const rows = [{ row: 1, ...req.body }];
        const problems = await saveImport(db, requireAuth(req.auth), req.ip, rows);
        const refusal = singleImportRefusal(problems);
        if (refusal) throw refusal;
        return ok(req, { saved: problems ? 0 : 1, rows: problems ?? [] });
      },
    );

    app.post(
      '/gateways/import/check',
      {
        config: importing,
        schema: {
          tags,
          summary: 'Check a batch .xlsx (multipart "file"): each row’s problems; nothing is saved',
          response: { 200: envelope(importAnswer) },
        },
      },
      async (req) => ok(req, { saved: 0, rows: await checkImport(db, requireAuth(req.auth), await uploadedRows(req)) }),
    );

    app.post(
      '/gateways/import/batch',
      {
        config: importing,
        schema: {
          tags,
          summary: 'Import a batch .xlsx: all rows when every row passes the check, none otherwise',
          response: { 200: envelope(importAnswer) },
        },
      },
      async (req) => {
        const rows = await uploadedRows(req);
        const problems = await saveImport(db, requireAuth(req.auth), req.ip, rows);
        return ok(req, { saved: problems ? 0 : rows.length, rows: problems ?? [] });
      },
    );

    app.get(
      '/gateway/:sn',
      {
        config: view,
        schema: {
          tags,
          summary: 'A gateway with every field of spec §3 and the devices behind it',
          params: snParams,
          response: { 200: envelope(detail) },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { registrationKey, ...rest } = await gatewayDetail(db, auth, req.params.sn);
        return ok(req, auth.permissions.has(REGISTRATION_KEY_PERMISSION) ? { ...rest, registrationKey } : rest);
      },
    );

    app.post(
      '/gateway/:sn/alias',
      {
        config: control,
        schema: {
          tags,
          summary: 'Set the alias (at most 32 bytes; empty clears it)',
          params: snParams,
          body: z.object({ alias: deviceAliasSchema }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const gw = await findGateway(db, auth, req.params.sn, { write: true, kind: 'gateway' });
        const alias = req.body.alias.trim() || null;
        await db.update(gateway).set({ alias }).where(eq(gateway.id, gw.id));
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: gw.sn,
          plantId: gw.plantId,
          operation: 'gateway.alias',
          oldValue: gw.alias,
          newValue: alias,
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );

    app.post(
      '/gateway/:sn/restart',
      {
        config: control,
        schema: { tags, summary: 'Restart the gateway', params: snParams, response: { 200: envelope(commandOutcome) } },
      },
      async (req) => {
        const caller = callerOf(req);
        const gw = await findGateway(db, caller.auth, req.params.sn, { write: true, kind: 'gateway' });
        const order = { type: 'restart', operation: 'gateway.restart' } as const;
        return ok(req, await sendCommand(commands, caller, { gatewayId: gw.id }, order));
      },
    );

    app.post(
      '/gateway/:sn/unbind',
      {
        config: { access: 'gateway.unbind', scope: 'company' },
        schema: {
          tags,
          summary: 'Unbind the gateway and its devices from their plant (they stay in stock)',
          params: snParams,
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const gw = await findGateway(db, auth, req.params.sn, { write: true, kind: 'gateway' });
        if (!gw.plantId) throw new AppError('already');
        await unbindGateway(db, gw.id);
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: gw.sn,
          plantId: gw.plantId,
          operation: 'gateway.unbind',
          oldValue: gw.plantName,
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );

    app.post(
      '/gateway/:sn/lock',
      {
        config: control,
        schema: {
          tags,
          summary: 'Lock (the broker refuses it and its connection is dropped) or unlock the gateway',
          params: snParams,
          body: z.object({ locked: z.boolean() }),
          response: { 200: emptyEnvelope },
        },
      },
      async (req) => {
        const auth = requireAuth(req.auth);
        const gw = await findGateway(db, auth, req.params.sn, { write: true });
        await db.update(gateway).set({ locked: req.body.locked }).where(eq(gateway.id, gw.id));
        // The broker checks the lock at every connection; an open one is dropped so the lock holds now.
        if (req.body.locked) deps.bus.disconnect(gw.sn);
        await recordOperation(db, {
          auth,
          ip: req.ip,
          target: gw.sn,
          plantId: gw.plantId,
          operation: req.body.locked ? 'gateway.lock' : 'gateway.unlock',
          oldValue: gw.locked,
          newValue: req.body.locked,
          result: 'succeeded',
        });
        return ok(req, null);
      },
    );

    app.get(
      '/gateway/:sn/uploadCycle',
      {
        config: view,
        schema: {
          tags,
          summary: 'The upload interval, seconds',
          params: snParams,
          response: { 200: envelope(z.object({ seconds: z.number() })) },
        },
      },
      async (req) => {
        const gw = await findGateway(db, requireAuth(req.auth), req.params.sn);
        return ok(req, { seconds: gw.uploadIntervalS });
      },
    );

    app.post(
      '/gateway/:sn/uploadCycle',
      {
        config: control,
        schema: {
          tags,
          summary: 'Set the upload interval (command uploadInterval; kept when the gateway accepts it)',
          params: snParams,
          body: z.object({ seconds: uploadIntervalSchema }),
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const { seconds } = req.body;
        const gw = await findGateway(db, caller.auth, req.params.sn, { write: true });
        const order = {
          type: 'uploadInterval',
          params: { seconds },
          operation: 'gateway.uploadInterval',
          oldValue: gw.uploadIntervalS,
          newValue: seconds,
        } as const;
        const save = () => db.update(gateway).set({ uploadIntervalS: seconds }).where(eq(gateway.id, gw.id));
        return ok(req, await sendCommand(commands, caller, { gatewayId: gw.id }, order, save));
      },
    );

    app.get(
      '/gateway/:sn/meshCheck/read',
      {
        config: view,
        schema: {
          tags,
          summary: 'Whether mesh check is on',
          params: snParams,
          response: { 200: envelope(z.object({ enabled: z.boolean() })) },
        },
      },
      async (req) => ok(req, { enabled: (await findGateway(db, requireAuth(req.auth), req.params.sn)).meshCheck }),
    );

    app.post(
      '/gateway/:sn/meshCheck/set',
      {
        config: control,
        schema: {
          tags,
          summary: 'Turn mesh check on or off (command meshCheck; kept when the gateway accepts it)',
          params: snParams,
          body: z.object({ enabled: z.boolean() }),
          response: { 200: envelope(commandOutcome) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const gw = await findGateway(db, caller.auth, req.params.sn, { write: true });
        const own = { ...gw, gatewayId: gw.id };
        return ok(req, await setMeshCheck(deps, caller, own, req.body.enabled, 'gateway.meshCheck'));
      },
    );

    app.post(
      '/gateway/:sn/connPassword',
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
        const caller = callerOf(req);
        const gw = await findGateway(db, caller.auth, req.params.sn, { write: true });
        await setConnPassword(db, caller, { ...gw, gatewayId: gw.id }, req.body.password, 'gateway.connPassword');
        return ok(req, null);
      },
    );
  };
}
