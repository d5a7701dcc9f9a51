import { deviceAliasSchema, deviceImportSchema } from '@heliograph/shared';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { query } from '../../../db/rows.js';
import { device, gateway } from '../../../db/schema.js';
import { requireAuth } from '../../../http/context.js';
import { emptyEnvelope, envelope, ok } from '../../../http/envelope.js';
import { snParams } from '../../../http/params.js';
import { AppError } from '../../../http/errors.js';
import { recordOperation } from '../../commands/operation-log.js';
import { checkImport, saveImport, singleImportRefusal } from '../../gateways/import.js';
import { importAnswer } from '../../gateways/import-answer.js';
import { uploadedRows } from '../../gateways/import-upload.js';
import { sendXlsx } from '../../../xlsx/write.js';
import { bindGateway, unbindGateway } from '../../plants/provision.js';
import { plantWriteScope } from '../../plants/scope.js';
import { findSwitch } from '../queries.js';
import { tags, snBody, control, type SwitchApp, type SwitchDeps } from '../schemas.js';

/**
 * The company stock: create or import switches, bind and unbind them, the alias, delete.
 */
export function registerStock(app: SwitchApp, { db }: SwitchDeps): void {
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
}
