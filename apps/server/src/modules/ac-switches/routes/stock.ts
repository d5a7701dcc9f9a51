import { eq, sql } from 'drizzle-orm';
import { findPlant } from '../../../access/finders.js';
import { device, gateway } from '../../../db/schema.js';
import { requireAuth } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { AppError } from '../../../http/errors.js';
import { recordChange, recordOperation } from '../../commands/operation-log.js';
import { checkImport, importBatch, importOne } from '../../gateways/import.js';
import { sendImportTemplate, uploadedRows } from '../../gateways/import-upload.js';
import { bindGateway, unbindGateway } from '../../plants/provision.js';
import { tag, control, type SwitchApp, type SwitchDeps, switchToChange } from '../schemas.js';

/** Switches are imported as devices of their own, logged as created, in the local area given (if any). */
function asSwitches(localAreaCode: string | undefined) {
  return { kind: 'switch', operation: 'switch.create', ...(localAreaCode ? { localAreaCode } : {}) } as const;
}

/**
 * The company stock: create or import switches, bind and unbind them, the alias, delete.
 */
export function registerStock(app: SwitchApp, { db }: SwitchDeps): void {
  const route = contractRoutes(app, tag);
  route(
    'POST /acSwitch/create',
    {
      config: control,
      summary: 'Create one switch in the company stock (serial, registration key, connection password)',
    },
    async (req) => {
      const { localAreaCode, ...one } = req.body;
      return ok(req, await importOne(db, requireAuth(req.auth), req.ip, one, asSwitches(localAreaCode)));
    },
  );
  route(
    'POST /acSwitch/import/batch/check',
    { config: control, summary: 'Check a batch .xlsx (multipart "file"): each row’s problems; nothing is saved' },
    async (req) => ok(req, { saved: 0, rows: await checkImport(db, requireAuth(req.auth), await uploadedRows(req)) }),
  );
  for (const key of ['POST /acSwitch/import/batch', 'POST /acSwitch/create/batch'] as const) {
    route(
      key,
      {
        config: control,
        summary: 'Create switches from a batch .xlsx: all rows when every row passes the check, none otherwise',
      },
      async (req) => {
        const rows = await uploadedRows(req);
        return ok(req, await importBatch(db, requireAuth(req.auth), req.ip, rows, asSwitches(req.query.localAreaCode)));
      },
    );
  }
  route(
    'GET /acSwitch/import/template',
    { config: control, summary: 'The .xlsx template for a batch import' },
    async (req, reply) => sendImportTemplate(reply, req.lang, 'ac-switch-import', 'SW00000001'),
  );

  route(
    'POST /acSwitch/bind',
    { config: control, summary: 'Bind a switch to a plant the caller may change' },
    async (req) => {
      const { auth, sw } = await switchToChange(db, req, req.body.sn);
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
  route('POST /acSwitch/unbind', { config: control, summary: 'Unbind a switch from its plant' }, async (req) => {
    const { auth, sw } = await switchToChange(db, req, req.body.sn);
    if (!sw.plantId) throw new AppError('already');
    await unbindGateway(db, sw.gatewayId);
    await recordChange(db, auth, req.ip, sw, 'switch.unbind', { oldValue: sw.plantName });
    return ok(req, null);
  });
  route(
    'POST /acSwitch/setAlias',
    { config: control, summary: 'Set the alias (at most 32 bytes; empty clears it)' },
    async (req) => {
      const { auth, sw } = await switchToChange(db, req, req.body.sn);
      const alias = req.body.alias.trim() || null;
      await db.update(device).set({ alias }).where(eq(device.id, sw.id));
      await db.update(gateway).set({ alias }).where(eq(gateway.id, sw.gatewayId));
      await recordChange(db, auth, req.ip, sw, 'switch.alias', { oldValue: sw.alias, newValue: alias });
      return ok(req, null);
    },
  );
  route(
    'POST /acSwitch/:sn/delete',
    { config: control, summary: 'Delete a switch: it leaves every list and its connections are refused' },
    async (req) => {
      const { auth, sw } = await switchToChange(db, req, req.params.sn);
      await db.update(device).set({ deletedAt: new Date(), plantId: null }).where(eq(device.id, sw.id));
      await db.update(gateway).set({ plantId: null, locked: true }).where(eq(gateway.id, sw.gatewayId));
      await recordChange(db, auth, req.ip, sw, 'switch.delete');
      return ok(req, null);
    },
  );
}
