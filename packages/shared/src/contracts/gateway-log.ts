import { z } from 'zod';
import { GATEWAY_LOG_LINES, gatewayLogLineSchema } from '../gateway-protocol.js';
import { commandOutcome } from './commands.js';
import { contracts } from './route.js';

/**
 * A gateway's own log (spec §7 Gateways "Loggers: logger/*"; issue 14 item 6): the console asks the gateway for
 * its newest lines (command logRead) and keeps what it answered, so the last read can be opened again.
 */
export const gatewayLog = z.object({
  /** When the lines were read (Unix ms); null: never. */
  at: z.number().int().nullable(),
  lines: z.array(gatewayLogLineSchema),
});
export type GatewayLog = z.infer<typeof gatewayLog>;

export const gatewayLogReadBody = z.object({
  lines: z.number().int().min(1).max(GATEWAY_LOG_LINES).default(100),
});

export const gatewayLogContracts = contracts({
  /** The gateway's log lines as last read. */
  'GET /logger/:sn/log': { answer: gatewayLog },
  /** Read the gateway's newest log lines now (command logRead). */
  'POST /logger/:sn/log/read': { body: gatewayLogReadBody, answer: commandOutcome.extend(gatewayLog.shape) },
});
