import net from 'node:net';
import { Aedes } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import mqtt from 'mqtt';
import { GatewayAuth } from './gateway-auth.js';
import { GATEWAY_FILTERS, UPLINK_FILTER } from './topics.js';

export type MessageHandler = (topic: string, payload: Buffer) => void;

/**
 * The server's view of MQTT, the same whether the broker is embedded or external: publish, and receive
 * what gateways send. With an external broker the gateway topics are consumed through a shared
 * subscription, so each message reaches exactly one instance; live-update notices are subscribed
 * normally, so every instance hears them.
 */
export interface MessageBus {
  publish(topic: string, payload: string, opts?: { retain?: boolean }): Promise<void>;
  /** Gateway traffic (hg/v1/+/up/#, hg/v1/+/status): one instance handles each message. */
  onGatewayMessage(handler: MessageHandler): void;
  /** Fan-out topics (every instance receives them). */
  subscribeAll(filter: string, handler: MessageHandler): Promise<void>;
  /** Gateways that connect or drop (embedded broker only; an external broker reports via status/LWT). */
  onPresence(handler: (sn: string, online: boolean) => void): void;
  /**
   * Backpressure: before taking the next message a gateway sent (and acknowledging it at the MQTT level),
   * the bus waits for `room`, telling the size of the message about to be handed over (0 when it already
   * was). A gateway held back this way simply sends more slowly; nothing is dropped.
   */
  throttle(room: (bytes: number) => Promise<void>): void;
  /**
   * Drops a gateway's connection (a locked gateway). The embedded broker closes it; an external broker
   * has no such call here, so the caller also asks the gateway to reconnect, which the auth endpoint refuses.
   */
  disconnect(sn: string): void;
  close(): Promise<void>;
  readonly port: number | undefined;
}

export const SHARE_GROUP = 'heliograph';

function matches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

export async function createEmbeddedBus(opts: {
  port: number;
  host?: string;
  auth: Pick<GatewayAuth, 'authenticate'>;
  log: FastifyBaseLogger;
}): Promise<MessageBus> {
  const broker = await Aedes.createBroker();
  const handlers: MessageHandler[] = [];
  const fanout: { filter: string; handler: MessageHandler }[] = [];
  const presence: ((sn: string, online: boolean) => void)[] = [];
  let room: (bytes: number) => Promise<void> = () => Promise.resolve();

  broker.authenticate = (client, username, password, done) => {
    const sn = username ?? '';
    if (client.id !== sn) {
      done(null, false);
      return;
    }
    const address = 'remoteAddress' in client.conn ? client.conn.remoteAddress : undefined;
    opts.auth.authenticate(sn, password?.toString('utf8') ?? '', address).then(
      (ok) => done(null, ok),
      // A database fault is not the gateway's fault: answer "server unavailable" (3) so it retries.
      (err: Error) => done(Object.assign(err, { returnCode: 3 as const }), false),
    );
  };
  broker.authorizePublish = (client, packet, done) => {
    // The server's own publishes have no client.
    if (!client) return done(null);
    if (!GatewayAuth.mayPublish(client.id, packet.topic)) return done(new Error('topic not allowed'));
    // Aedes reads on from this connection (and sends the PUBACK) only once this answers.
    if (matches(UPLINK_FILTER, packet.topic)) void room(packet.payload.length).then(() => done(null));
    else done(null);
  };
  broker.authorizeSubscribe = (client, sub, done) => {
    done(null, client && GatewayAuth.maySubscribe(client.id, sub.topic) ? sub : null);
  };
  broker.on('publish', (packet, client) => {
    const topic = packet.topic;
    if (topic.startsWith('$SYS')) return;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (client && GATEWAY_FILTERS.some((f) => matches(f, topic))) {
      for (const h of handlers) h(topic, payload);
    } else if (!client) {
      for (const f of fanout) if (matches(f.filter, topic)) f.handler(topic, payload);
    }
  });
  broker.on('client', (client) => presence.forEach((p) => p(client.id, true)));
  broker.on('clientDisconnect', (client) => presence.forEach((p) => p(client.id, false)));

  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host ?? '0.0.0.0', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : opts.port;
  opts.log.info({ port }, 'embedded MQTT broker listening');

  return {
    port,
    publish: (topic, payload, o) =>
      new Promise((resolve, reject) =>
        broker.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: o?.retain ?? false, dup: false },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    onGatewayMessage: (h) => void handlers.push(h),
    subscribeAll: async (filter, handler) => void fanout.push({ filter, handler }),
    onPresence: (h) => void presence.push(h),
    throttle: (r) => {
      room = r;
    },
    disconnect: (sn) => {
      const clients = (broker as unknown as { clients: Record<string, { close(): void } | undefined> }).clients;
      clients[sn]?.close();
    },
    close: async () => {
      // Stop listening, then end the gateways' connections: the server's close waits for the last of them.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}

export async function createExternalBus(opts: {
  url: string;
  instanceId: string;
  /** The deployment's shared-subscription group (MQTT_SHARE_GROUP); SHARE_GROUP by default. */
  shareGroup?: string;
  log: FastifyBaseLogger;
}): Promise<MessageBus> {
  const client = await mqtt.connectAsync(opts.url, {
    clientId: `heliograph-${opts.instanceId}`,
    clean: true,
    reconnectPeriod: 2000,
  });
  const handlers: MessageHandler[] = [];
  const fanout: { filter: string; handler: MessageHandler }[] = [];
  let room: (bytes: number) => Promise<void> = () => Promise.resolve();
  // mqtt.js sends the PUBACK and takes the next packet only once this calls back; the message itself was
  // handed over just before (the 'message' event).
  client.handleMessage = (packet, callback) => {
    if (packet.cmd === 'publish' && matches(UPLINK_FILTER, packet.topic)) void room(0).then(() => callback());
    else callback();
  };
  client.on('message', (topic, payload) => {
    if (GATEWAY_FILTERS.some((f) => matches(f, topic))) {
      for (const h of handlers) h(topic, payload);
    }
    for (const f of fanout) if (matches(f.filter, topic)) f.handler(topic, payload);
  });
  const shared = GATEWAY_FILTERS.map((f) => `$share/${opts.shareGroup ?? SHARE_GROUP}/${f}`);
  await client.subscribeAsync(shared, { qos: 1 });
  client.on('connect', () => {
    // After a reconnect with a clean session the subscriptions are gone: make them again.
    void client
      .subscribeAsync([...shared, ...fanout.map((f) => f.filter)], { qos: 1 })
      .catch((err: Error) => opts.log.error({ err }, 'resubscribe failed'));
  });
  opts.log.info({ url: opts.url.replace(/\/\/[^@]*@/, '//***@') }, 'connected to the external MQTT broker');
  return {
    port: undefined,
    publish: async (topic, payload, o) => {
      await client.publishAsync(topic, payload, { qos: 1, retain: o?.retain ?? false });
    },
    onGatewayMessage: (h) => void handlers.push(h),
    subscribeAll: async (filter, handler) => {
      fanout.push({ filter, handler });
      await client.subscribeAsync(filter, { qos: 1 });
    },
    onPresence: () => undefined,
    throttle: (r) => {
      room = r;
    },
    disconnect: () => undefined,
    close: async () => {
      await client.endAsync();
    },
  };
}
