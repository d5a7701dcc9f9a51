import { API, DEBUG_READ_CODES, debugWriteRegisters, ivScanResultSchema } from '@heliograph/shared';
import { requireAuth } from '../../../http/context.js';
import { answers } from '../../../http/contract.js';
import { ok } from '../../../http/envelope.js';
import { snParams } from '../../../http/params.js';
import { callerOf, inverterTarget, sendCommand } from '../../commands/device-command.js';
import { tags, type InverterApp, type InverterRouteDeps } from '../schemas.js';

/** Commands to the inverter: boot and shutdown, register debug (with its replies) and the I-V scan. */
export function registerCommands(app: InverterApp, { inverters, commands }: InverterRouteDeps): void {
  for (const action of ['boot', 'shutdown'] as const) {
    app.post(
      `/inverter/:sn/${action}`,
      {
        config: { access: 'inverter.control', scope: 'company' },
        schema: {
          tags,
          summary:
            action === 'boot'
              ? 'Start the inverter (refused while running or upgrading)'
              : 'Stop the inverter (refused while stopped or upgrading)',
          params: snParams,
          response: answers(action === 'boot' ? 'POST /inverter/:sn/boot' : 'POST /inverter/:sn/shutdown'),
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
        inverters.assertAllowed(inv, action);
        const order = { type: action, operation: `inverter.${action}`, oldValue: inv.state };
        return ok(req, await sendCommand(commands, caller, inverterTarget(inv), order));
      },
    );
  }

  app.post(
    '/inverter/:sn/debug',
    {
      config: { access: 'inverter.debug', scope: 'company' },
      schema: {
        tags,
        summary: 'Read (03/04) or write (06/10) registers through the gateway; answers with the device’s reply',
        params: snParams,
        body: API['POST /inverter/:sn/debug'].body,
        response: answers('POST /inverter/:sn/debug'),
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
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

  app.post(
    '/inverter/:sn/pvIVRealtime',
    {
      config: { access: 'inverter.control', scope: 'company' },
      schema: {
        tags,
        summary:
          'Scan the I-V curve of each PV input (command ivScan; production dips for a few seconds); answers the curves',
        params: snParams,
        response: answers('POST /inverter/:sn/pvIVRealtime'),
      },
    },
    async (req) => {
      const caller = callerOf(req);
      const inv = await inverters.target(caller.auth, req.params.sn, { write: true });
      inverters.assertAllowed(inv, 'ivScan');
      const order = { type: 'ivScan', operation: 'inverter.ivScan' } as const;
      const outcome = await sendCommand(commands, caller, inverterTarget(inv), order);
      const parsed = outcome.status === 'succeeded' ? ivScanResultSchema.safeParse(outcome.result) : null;
      if (parsed && !parsed.success) req.log.warn({ sn: inv.sn, cmd: outcome.id }, 'malformed ivScan answer');
      return ok(req, { ...outcome, iv: parsed?.success ? parsed.data : null });
    },
  );

  app.get(
    '/inverter/:sn/debug/reply',
    {
      config: { access: 'inverter.debug', scope: 'company' },
      schema: {
        tags,
        summary: 'The replies of the last debug commands (or of one, by id), newest first',
        params: snParams,
        querystring: API['GET /inverter/:sn/debug/reply'].query,
        response: answers('GET /inverter/:sn/debug/reply'),
      },
    },
    async (req) => {
      const inv = await inverters.target(requireAuth(req.auth), req.params.sn);
      return ok(req, await inverters.debugReplies(inv, req.query.id, 20));
    },
  );
}
