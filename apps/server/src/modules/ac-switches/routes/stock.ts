import { API } from '@heliograph/shared';
import { eq, sql } from 'drizzle-orm';
import { findPlant } from '../../../access/finders.js';
import { device, gateway } from '../../../db/schema.js';
import { requireAuth } from '../../../http/context.js';
import { answers } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { snParams } from '../../../http/params.js';
import { AppError } from '../../../http/errors.js';
import { recordOperation } from '../../commands/operation-log.js';
import { checkImport, saveImport, singleImportRefusal } from '../../gateways/import.js';
import { uploadedRows } from '../../gateways/import-upload.js';
import { sendXlsx } from '../../../xlsx/write.js';
import { bindGateway, unbindGateway } from '../../plants/provision.js';
import { findSwitch } from '../queries.js';
import { tags, control, type SwitchApp, type SwitchDeps } from '../schemas.js';

/**
 * The company stock: create or import switches, bind and unbind them, the alias, delete.
 */
export function registerStock(app: SwitchApp, { db }: SwitchDeps): void {
  app.post(
    '/acSwitch/create',
    {
      config: control,
      schema: {
        tags,
        summary: 'Create one switch in the company stock (serial, registration key, connection password)',
        body: API['POST /acSwitch/create'].body,
        response: answers('POST /acSwitch/create'),
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
        response: answers('POST /acSwitch/import/batch/check'),
      },
    },
    async (req) => ok(req, { saved: 0, rows: await checkImport(db, requireAuth(req.auth), await uploadedRows(req)) }),
  );
  for (const route of ['POST /acSwitch/import/batch', 'POST /acSwitch/create/batch'] as const) {
    app.post(
      route.slice('POST '.length),
      {
        config: control,
        schema: {
          tags,
          summary: 'Create switches from a batch .xlsx: all rows when every row passes the check, none otherwise',
          querystring: API[route].query,
          response: answers(route),
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
        body: API['POST /acSwitch/bind'].body,
        response: answers('POST /acSwitch/bind'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const sw = await findSwitch(db, auth, req.body.sn, { write: true });
      const p = await findPlant<{ id: string; company_id: string | null; name: string }>(db, auth, req.body.plantId, {
        write: true,
        select: sql`p.id, p.company_id, p.name`,
      });
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
      schema: {
        tags,
        summary: 'Unbind a switch from its plant',
        body: API['POST /acSwitch/unbind'].body,
        response: answers('POST /acSwitch/unbind'),
      },
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
        body: API['POST /acSwitch/setAlias'].body,
        response: answers('POST /acSwitch/setAlias'),
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
        response: answers('POST /acSwitch/:sn/delete'),
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
}
