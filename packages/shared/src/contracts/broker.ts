import { z } from 'zod';
import { contracts } from './route.js';

/**
 * The broker's HTTP authentication (an external broker such as Mosquitto with an HTTP auth plugin calls
 * these, never the console): its own protocol, `{result}` without the envelope, so the contract names it
 * `bare` (see route.ts).
 */
export const brokerDecision = z.object({
  result: z.enum(['allow', 'deny', 'ignore']),
  is_superuser: z.boolean().optional(),
});
export type BrokerDecision = z.infer<typeof brokerDecision>;

export const brokerContracts = contracts({
  'POST /mqtt/auth': {
    answer: null,
    bare: brokerDecision,
    body: z.object({
      clientid: z.string().max(128),
      username: z.string().max(128).optional(),
      password: z.string().max(256).optional(),
      peerhost: z.string().max(64).optional(),
    }),
  },
  'POST /mqtt/acl': {
    answer: null,
    bare: brokerDecision,
    body: z.object({
      clientid: z.string().max(128),
      username: z.string().max(128).optional(),
      topic: z.string().max(512),
      action: z.enum(['publish', 'subscribe']),
    }),
  },
});
