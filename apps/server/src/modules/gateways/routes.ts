import fastifyMultipart from '@fastify/multipart';
import { eq } from 'drizzle-orm';
import { type GatewayRow } from '@heliograph/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.js';
import { gateway } from '../../db/schema.js';
import { requireAuth, type AuthContext } from '../../http/context.js';
import { contractRoutes } from '../../http/contract-route.js';
import { ok } from '../../http/envelope.js';
import { AppError } from '../../http/errors.js';
import { recordChange } from '../commands/operation-log.js';
import { callerOf, sendCommand } from '../commands/device-command.js';
import type { CommandService } from '../commands/service.js';
import type { MessageBus } from '../mqtt/bus.js';
import { unbindGateway } from '../plants/provision.js';
import { setConnPassword, setMeshCheck, setUploadInterval } from './own-gateway.js';
import { checkImport, importBatch, importOne } from './import.js';
import { sendImportTemplate, uploadedRows } from './import-upload.js';
import { findGateway, gatewayCounts, gatewayDetail, listGateways } from './queries.js';
import { sendXlsx, word } from '../../xlsx/write.js';

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
    const route = contractRoutes(app, 'gateways');
    const { db, commands } = deps;
    await app.register(fastifyMultipart, { limits: { fileSize: XLSX_LIMIT, files: 1, fields: 2 } });
    const view = { access: 'gateway.view', scope: 'company' } as const;
    const control = { access: 'gateway.control', scope: 'company' } as const;
    const importing = { access: 'gateway.import', scope: 'company' } as const;
    const unbinding = { access: 'gateway.unbind', scope: 'company' } as const;
    /** The caller of a route that changes the gateway in its path, and that gateway (the caller may change it). */
    const gatewayToChange = async (
      req: { auth: AuthContext | null; ip: string; params: { sn: string } },
      opts: Parameters<typeof findGateway>[3],
    ) => {
      const caller = callerOf(req);
      return { caller, auth: caller.auth, gw: await findGateway(db, caller.auth, req.params.sn, opts) };
    };

    route(
      'GET /gateways',
      { config: view, summary: 'Gateways with status statistics (search by serial, alias or plant; filters; pages)' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { page, size, ...q } = req.query;
        const [list, c] = await Promise.all([listGateways(db, auth, q, { page, size }), gatewayCounts(db, auth, q)]);
        return ok(req, { ...list, counts: c });
      },
    );

    route('GET /gateways/count', { config: view, summary: 'Gateways by status' }, async (req) =>
      ok(req, await gatewayCounts(db, requireAuth(req.auth), req.query)),
    );

    route(
      'GET /gateways/download',
      { config: view, summary: 'The gateway list (same filters) as .xlsx' },
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

    route(
      'GET /gateways/import/template',
      { config: importing, summary: 'The .xlsx template for a batch import' },
      async (req, reply) => sendImportTemplate(reply, req.lang, 'gateway-import', 'GW00000001'),
    );

    route(
      'POST /gateways/import',
      {
        config: importing,
        summary: 'Import one gateway into the company stock (serial, registration key, connection password)',
      },
      async (req) => ok(req, await importOne(db, requireAuth(req.auth), req.ip, req.body)),
    );

    route(
      'POST /gateways/import/check',
      { config: importing, summary: 'Check a batch .xlsx (multipart "file"): each row’s problems; nothing is saved' },
      async (req) => ok(req, { saved: 0, rows: await checkImport(db, requireAuth(req.auth), await uploadedRows(req)) }),
    );

    route(
      'POST /gateways/import/batch',
      { config: importing, summary: 'Import a batch .xlsx: all rows when every row passes the check, none otherwise' },
      async (req) => ok(req, await importBatch(db, requireAuth(req.auth), req.ip, await uploadedRows(req))),
    );

    route(
      'GET /gateway/:sn',
      { config: view, summary: 'A gateway with every field of spec §3 and the devices behind it' },
      async (req) => {
        const auth = requireAuth(req.auth);
        const { registrationKey, ...rest } = await gatewayDetail(db, auth, req.params.sn);
        return ok(req, auth.permissions.has(REGISTRATION_KEY_PERMISSION) ? { ...rest, registrationKey } : rest);
      },
    );

    route(
      'POST /gateway/:sn/alias',
      { config: control, summary: 'Set the alias (at most 32 bytes; empty clears it)' },
      async (req) => {
        const { auth, gw } = await gatewayToChange(req, { write: true, kind: 'gateway' });
        const alias = req.body.alias.trim() || null;
        await db.update(gateway).set({ alias }).where(eq(gateway.id, gw.id));
        await recordChange(db, auth, req.ip, gw, 'gateway.alias', { oldValue: gw.alias, newValue: alias });
        return ok(req, null);
      },
    );

    route('POST /gateway/:sn/restart', { config: control, summary: 'Restart the gateway' }, async (req) => {
      const { caller, gw } = await gatewayToChange(req, { write: true, kind: 'gateway' });
      const order = { type: 'restart', operation: 'gateway.restart' } as const;
      return ok(req, await sendCommand(commands, caller, { gatewayId: gw.id }, order));
    });

    route(
      'POST /gateway/:sn/unbind',
      { config: unbinding, summary: 'Unbind the gateway and its devices from their plant (they stay in stock)' },
      async (req) => {
        const { auth, gw } = await gatewayToChange(req, { write: true, kind: 'gateway' });
        if (!gw.plantId) throw new AppError('already');
        await unbindGateway(db, gw.id);
        await recordChange(db, auth, req.ip, gw, 'gateway.unbind', { oldValue: gw.plantName });
        return ok(req, null);
      },
    );

    route(
      'POST /gateway/:sn/lock',
      { config: control, summary: 'Lock (the broker refuses it and its connection is dropped) or unlock the gateway' },
      async (req) => {
        const { auth, gw } = await gatewayToChange(req, { write: true });
        await db.update(gateway).set({ locked: req.body.locked }).where(eq(gateway.id, gw.id));
        // The broker checks the lock at every connection; an open one is dropped so the lock holds now.
        if (req.body.locked) deps.bus.disconnect(gw.sn);
        await recordChange(db, auth, req.ip, gw, req.body.locked ? 'gateway.lock' : 'gateway.unlock', {
          oldValue: gw.locked,
          newValue: req.body.locked,
        });
        return ok(req, null);
      },
    );

    route('GET /gateway/:sn/uploadCycle', { config: view, summary: 'The upload interval, seconds' }, async (req) => {
      const gw = await findGateway(db, requireAuth(req.auth), req.params.sn);
      return ok(req, { seconds: gw.uploadIntervalS });
    });

    route(
      'POST /gateway/:sn/uploadCycle',
      {
        config: control,
        summary: 'Set the upload interval (command uploadInterval; kept when the gateway accepts it)',
      },
      async (req) => {
        const { caller, gw } = await gatewayToChange(req, { write: true });
        const own = { ...gw, gatewayId: gw.id };
        return ok(req, await setUploadInterval(deps, caller, own, req.body.seconds, 'gateway.uploadInterval'));
      },
    );

    route('GET /gateway/:sn/meshCheck/read', { config: view, summary: 'Whether mesh check is on' }, async (req) =>
      ok(req, { enabled: (await findGateway(db, requireAuth(req.auth), req.params.sn)).meshCheck }),
    );

    route(
      'POST /gateway/:sn/meshCheck/set',
      { config: control, summary: 'Turn mesh check on or off (command meshCheck; kept when the gateway accepts it)' },
      async (req) => {
        const { caller, gw } = await gatewayToChange(req, { write: true });
        const own = { ...gw, gatewayId: gw.id };
        return ok(req, await setMeshCheck(deps, caller, own, req.body.enabled, 'gateway.meshCheck'));
      },
    );

    route(
      'POST /gateway/:sn/connPassword',
      {
        config: control,
        summary: 'Set a new connection password (8–24, capitals, lower case and digits; kept hashed)',
      },
      async (req) => {
        const { caller, gw } = await gatewayToChange(req, { write: true });
        await setConnPassword(db, caller, { ...gw, gatewayId: gw.id }, req.body.password, 'gateway.connPassword');
        return ok(req, null);
      },
    );
  };
}
