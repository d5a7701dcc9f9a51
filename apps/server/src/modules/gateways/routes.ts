import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { API, type GatewayRow } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { gateway } from '../../db/schema.js';
import { requireAuth } from '../../http/context.js';
import { answers } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { snParams } from '../../http/params.js';
import { AppError } from '../../http/errors.js';
import { recordOperation } from '../commands/operation-log.js';
import { callerOf, sendCommand } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';
import type { MessageBus } from '../mqtt/bus.js';
import { unbindGateway } from '../plants/provision.js';
import { setConnPassword, setMeshCheck } from './own-gateway.js';
import { checkImport, saveImport, singleImportRefusal } from './import.js';
import { uploadedRows } from './import-upload.js';
import { findGateway, gatewayCounts, gatewayDetail, listGateways } from './queries.js';
import { sendXlsx, word } from '../../xlsx/write.js';

const tags = ['gateways'];
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
          querystring: API['GET /gateways'].query,
          response: answers('GET /gateways'),
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
        schema: {
          tags,
          summary: 'Gateways by status',
          querystring: API['GET /gateways/count'].query,
          response: answers('GET /gateways/count'),
        },
      },
      async (req) => ok(req, await gatewayCounts(db, requireAuth(req.auth), req.query)),
    );

    app.get(
      '/gateways/download',
      {
        config: view,
        schema: {
          tags,
          summary: 'The gateway list (same filters) as .xlsx',
          querystring: API['GET /gateways/download'].query,
        },
      },
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
          body: API['POST /gateways/import'].body,
          response: answers('POST /gateways/import'),
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
          response: answers('POST /gateways/import/check'),
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
          response: answers('POST /gateways/import/batch'),
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
          response: answers('GET /gateway/:sn'),
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
          body: API['POST /gateway/:sn/alias'].body,
          response: answers('POST /gateway/:sn/alias'),
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
        schema: {
          tags,
          summary: 'Restart the gateway',
          params: snParams,
          response: answers('POST /gateway/:sn/restart'),
        },
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
          response: answers('POST /gateway/:sn/unbind'),
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
          body: API['POST /gateway/:sn/lock'].body,
          response: answers('POST /gateway/:sn/lock'),
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
          response: answers('GET /gateway/:sn/uploadCycle'),
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
          body: API['POST /gateway/:sn/uploadCycle'].body,
          response: answers('POST /gateway/:sn/uploadCycle'),
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
          response: answers('GET /gateway/:sn/meshCheck/read'),
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
          body: API['POST /gateway/:sn/meshCheck/set'].body,
          response: answers('POST /gateway/:sn/meshCheck/set'),
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
          body: API['POST /gateway/:sn/connPassword'].body,
          response: answers('POST /gateway/:sn/connPassword'),
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
