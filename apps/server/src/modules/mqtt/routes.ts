import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contractRoutes } from '../../http/contract-route.js';
import { GatewayAuth } from './gateway-auth.js';

/** Constant time whatever the lengths: both sides are hashed to 32 bytes before they are compared. */
function secretMatches(expected: string, given: unknown): boolean {
  if (typeof given !== 'string') return false;
  const a = createHash('sha256').update(expected).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

/**
 * HTTP authentication and authorisation for an external broker, in the shape EMQX's HTTP authenticator
 * and authoriser use (body in, `{ "result": "allow" | "deny" }` out, HTTP 200; mosquitto-go-auth's HTTP
 * backend reads the same status). Gateways keep their own credentials and topics there too. The broker
 * proves itself with the x-mqtt-auth-secret header. These answers are not the `{code, data, msg}`
 * envelope: the broker, not a person, reads them. Registered only with an external broker (MQTT_URL) and
 * a secret (MQTT_AUTH_SECRET); the broker should also send the gateway's address as `peerhost` so that
 * wrong passwords are throttled per address as well as per serial number.
 */
export function mqttAuthRoutes(deps: {
  auth: GatewayAuth;
  secret: string;
  serverUser: string | undefined;
}): FastifyPluginAsyncZod {
  return async (app) => {
    const config = { access: 'public', scope: 'none' } as const;
    const route = contractRoutes(app, 'mqtt');
    route('POST /mqtt/auth', { config, summary: 'May this client connect? (called by the broker)' }, async (req) => {
      if (!secretMatches(deps.secret, req.headers['x-mqtt-auth-secret'])) return { result: 'deny' as const };
      const { clientid, username, password, peerhost } = req.body;
      // The server instances' own connection: left to the broker's own user list.
      if (deps.serverUser && username === deps.serverUser) return { result: 'ignore' as const };
      if (!username || clientid !== username || !password) return { result: 'deny' as const };
      const allowed = await deps.auth.authenticate(username, password, peerhost);
      return { result: allowed ? ('allow' as const) : ('deny' as const) };
    });
    route(
      'POST /mqtt/acl',
      { config, summary: 'May this client publish or subscribe to this topic? (called by the broker)' },
      async (req) => {
        if (!secretMatches(deps.secret, req.headers['x-mqtt-auth-secret'])) return { result: 'deny' as const };
        const { username, topic, action } = req.body;
        if (deps.serverUser && username === deps.serverUser) return { result: 'ignore' as const };
        if (!username) return { result: 'deny' as const };
        const allowed =
          action === 'publish' ? GatewayAuth.mayPublish(username, topic) : GatewayAuth.maySubscribe(username, topic);
        return { result: allowed ? ('allow' as const) : ('deny' as const) };
      },
    );
  };
}
