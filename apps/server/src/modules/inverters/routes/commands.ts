import { DEBUG_READ_CODES, debugWriteRegisters, ivScanResultSchema } from '@heliograph/shared';
import { requireAuth } from '../../../http/context.js';
import { contractRoutes } from '../../../http/contract-route.js';
import { ok } from '../../../http/envelope.js';
import { inverterTarget, sendCommand } from '../../commands/device-command.js';
import { protocolPicks } from '../protocol-form.js';
import { control, inverterToChange, tag, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** Commands to the inverter: boot and shutdown, register debug (with its replies) and the I-V scan. */
export function registerCommands(app: InverterApp, { db, inverters, commands }: InverterRouteDeps): void {
  const route = contractRoutes(app, tag);
  const debug = { access: 'inverter.debug', scope: 'company' } as const;
  for (const action of ['boot', 'shutdown'] as const) {
    route(
      `POST /inverter/:sn/${action}`,
      {
        config: control,
        summary:
          action === 'boot'
            ? 'Start the inverter (refused while running or upgrading)'
            : 'Stop the inverter (refused while stopped or upgrading)',
      },
      async (req) => {
        const { caller, inv } = await inverterToChange(inverters, req);
        inverters.assertAllowed(inv, action);
        const order = { type: action, operation: `inverter.${action}`, oldValue: inv.state };
        return ok(req, await sendCommand(commands, caller, inverterTarget(inv), order));
      },
    );
  }

  route(
    'POST /inverter/:sn/debug',
    {
      config: debug,
      summary: 'Read (03/04) or write (06/10) registers through the gateway; answers with the device’s reply',
    },
    async (req) => {
      const { caller, inv } = await inverterToChange(inverters, req);
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

  route(
    'POST /inverter/:sn/pvIVRealtime',
    {
      config: control,
      summary:
        'Scan the I-V curve of each PV input (command ivScan; production dips for a few seconds); answers the curves',
    },
    async (req) => {
      const { caller, inv } = await inverterToChange(inverters, req);
      inverters.assertAllowed(inv, 'ivScan');
      const order = { type: 'ivScan', operation: 'inverter.ivScan' } as const;
      const outcome = await sendCommand(commands, caller, inverterTarget(inv), order);
      const parsed = outcome.status === 'succeeded' ? ivScanResultSchema.safeParse(outcome.result) : null;
      if (parsed && !parsed.success) req.log.warn({ sn: inv.sn, cmd: outcome.id }, 'malformed ivScan answer');
      return ok(req, { ...outcome, iv: parsed?.success ? parsed.data : null });
    },
  );

  route(
    'GET /inverter/:sn/debug/reply',
    { config: debug, summary: 'The replies of the last debug commands (or of one, by id), newest first' },
    async (req) => {
      const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
      return ok(req, await inverters.debugReplies(inv, req.query.id, 20));
    },
  );

  route(
    'GET /inverter/:sn/protocol/columns',
    {
      config: debug,
      summary:
        'The registers of the protocol the inverter is bound to (newest version of each config; empty for metrics and sunspec)',
    },
    async (req) => {
      const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
      return ok(req, await protocolPicks(db, inv.protocol, req.lang));
    },
  );
}
