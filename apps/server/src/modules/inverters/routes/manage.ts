import { API, LIMITS, utf8Length } from '@heliograph/shared';
import { requireAuth } from '../../../http/context.js';
import { answers } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { snParams } from '../../../http/params.js';
import { ValidationError } from '../../../http/errors.js';
import { recordOperation } from '../../commands/operation-log.js';
import { tags, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** The alias and deleting an inverter: changes the console keeps and logs. */
export function registerManage(app: InverterApp, { db, inverters }: InverterRouteDeps): void {
  app.post(
    '/inverter/:sn/alias',
    {
      config: { access: 'inverter.control', scope: 'company' },
      schema: {
        tags,
        summary: 'Rename an inverter (alias at most 32 bytes; empty clears it)',
        params: snParams,
        body: API['POST /inverter/:sn/alias'].body,
        response: answers('POST /inverter/:sn/alias'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const inv = await inverters.target(auth, req.params.sn, { write: true });
      const alias = req.body.alias.trim();
      if (utf8Length(alias) > LIMITS.aliasBytes) throw new ValidationError([{ field: 'alias', rule: 'aliasBytes' }]);
      await inverters.setAlias(inv.id, alias || null);
      await recordOperation(db, {
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
        response: answers('POST /inverter/:sn/delete'),
      },
    },
    async (req) => {
      const auth = requireAuth(req.auth);
      const inv = await inverters.target(auth, req.params.sn, { write: true });
      await inverters.markDeleted(inv.id);
      await recordOperation(db, {
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
}
