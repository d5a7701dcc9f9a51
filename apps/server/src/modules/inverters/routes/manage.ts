import { sql } from 'drizzle-orm';
import { isSettingsProtocol, LIMITS, utf8Length } from '@heliograph/shared';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { ValidationError } from '../../../http/errors.js';
import { recordChange } from '../../commands/operation-log.js';
import { query } from '../../../db/rows.js';
import { queueProtocolPush } from '../../protocols/push.js';
import { dataProtocols } from '../protocol-form.js';
import { control, inverterToChange, tag, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** The alias, the protocol and deleting an inverter: changes the console keeps and logs. */
export function registerManage(app: InverterApp, { db, inverters }: InverterRouteDeps): void {
  const route = contractRoutes(app, tag);
  const deleting = { access: 'inverter.delete', scope: 'company' } as const;
  route(
    'POST /inverter/:sn/alias',
    { config: control, summary: 'Rename an inverter (alias at most 32 bytes; empty clears it)' },
    async (req) => {
      const { auth, inv } = await inverterToChange(inverters, req);
      const alias = req.body.alias.trim();
      if (utf8Length(alias) > LIMITS.aliasBytes) throw new ValidationError([{ field: 'alias', rule: 'aliasBytes' }]);
      await inverters.setAlias(inv.id, alias || null);
      await recordChange(db, auth, req.ip, inv, 'inverter.alias', { oldValue: inv.alias, newValue: alias || null });
      return ok(req, null);
    },
  );

  route(
    'POST /inverter/:sn/protocol',
    {
      config: control,
      summary:
        'Bind an inverter to a protocol: metrics, sunspec, or a protocol code of the protocol table (its settings and realtime configs then make its forms)',
    },
    async (req) => {
      const { auth, inv } = await inverterToChange(inverters, req);
      const wanted = req.body.protocol;
      const code = isSettingsProtocol(wanted.toLowerCase())
        ? wanted.toLowerCase()
        : (await dataProtocols(db)).find((p) => p.value.toLowerCase() === wanted.toLowerCase())?.value;
      if (!code) throw new ValidationError([{ field: 'protocol', rule: 'invalid' }]);
      await inverters.setProtocol(inv.id, code);
      // The gateway learns that its device is bound (protocolUpdate names the bound devices), so it reports the
      // device's realtime columns from then on (docs/protocols.md "Readings of a bound device").
      if (!isSettingsProtocol(code)) {
        const [p] = await query<{ id: string }>(
          db,
          sql`select id from protocol where lower(code) = lower(${code}) limit 1`,
        );
        if (p) await queueProtocolPush(db, p.id, new Date(), undefined, inv.gatewayId);
      }
      await recordChange(db, auth, req.ip, inv, 'inverter.protocol', { oldValue: inv.protocol, newValue: code });
      return ok(req, null);
    },
  );

  route(
    'POST /inverter/:sn/delete',
    { config: deleting, summary: 'Remove an inverter from the lists (its readings are kept)' },
    async (req) => {
      const { auth, inv } = await inverterToChange(inverters, req);
      await inverters.markDeleted(inv.id);
      await recordChange(db, auth, req.ip, inv, 'inverter.delete');
      return ok(req, null);
    },
  );
}
