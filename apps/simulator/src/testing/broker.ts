/**
 * For tests: an in-process Aedes broker on a free port of 127.0.0.1 that plays the server's part of the
 * gateway protocol. It checks gateway credentials, records what gateways publish, and acknowledges each
 * telemetry batch and event on down/ack as ingest does after committing it, except while told to drop
 * acknowledgements (a server that lost them) or to reject (a batch it refuses).
 */
import { createServer, type Server } from 'node:net';
import { Aedes } from 'aedes';
import {
  batchAckSchema,
  parseGatewayTopic,
  telemetryBatchSchema,
  eventSchema,
  type BatchAck,
} from '@heliograph/shared';

export interface Received {
  sn: string;
  channel: string;
  /** The payload exactly as it arrived. */
  payload: string;
  at: number;
}

export interface TestBroker {
  url: string;
  port: number;
  /** Everything gateways published, in arrival order. */
  received: Received[];
  /** While true, nothing is acknowledged (the batches still arrive and are recorded). */
  dropAcks: boolean;
  /** Batch or event ids to answer `rejected`. */
  rejectIds: Set<string>;
  /** Ids acknowledged as committed, in order. */
  committed: string[];
  /** Whether the gateway `sn` has subscribed to its `channel` (e.g. `down/cmd`): before that, a command is lost. */
  subscribed(sn: string, channel: string): boolean;
  /** Publishes a command to a gateway's down/cmd. */
  command(sn: string, command: Record<string, unknown>): Promise<void>;
  /** Resolves when `predicate` holds, polling every 10 ms; rejects after `timeoutMs`. */
  until(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startTestBroker(credentials: Record<string, string> = {}): Promise<TestBroker> {
  const broker = await Aedes.createBroker();
  const received: Received[] = [];
  const committed: string[] = [];
  const state = { dropAcks: false, rejectIds: new Set<string>() };
  const subscriptions = new Set<string>();

  broker.authenticate = (client, username, password, done) => {
    const expected = credentials[client.id];
    // Without credentials configured every gateway is let in; with them, only a matching one.
    done(null, username === client.id && (expected === undefined || expected === password?.toString('utf8')));
  };

  const publish = (topic: string, payload: string) =>
    new Promise<void>((resolve, reject) =>
      broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      ),
    );

  broker.on('subscribe', (granted) => {
    for (const { topic } of granted) subscriptions.add(topic);
  });
  broker.on('unsubscribe', (topics) => {
    for (const topic of topics) subscriptions.delete(topic);
  });

  broker.on('publish', (packet, client) => {
    if (!client) return;
    const where = parseGatewayTopic(packet.topic);
    if (!where) return;
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload.toString('utf8') : String(packet.payload);
    received.push({ sn: where.sn, channel: where.channel, payload, at: Date.now() });
    if (where.channel !== 'up/telemetry' && where.channel !== 'up/event') return;
    const json: unknown = JSON.parse(payload);
    const parsed =
      where.channel === 'up/telemetry' ? telemetryBatchSchema.safeParse(json) : eventSchema.safeParse(json);
    if (state.dropAcks) return;
    const id = parsed.success ? parsed.data.id : String((json as { id?: unknown }).id ?? '');
    const ack: BatchAck =
      parsed.success && !state.rejectIds.has(id)
        ? { id, status: 'committed' }
        : { id, status: 'rejected', reason: parsed.success ? 'refused by the test' : 'malformed' };
    batchAckSchema.parse(ack);
    if (ack.status === 'committed') committed.push(id);
    void publish(`hg/v1/${where.sn}/down/ack`, JSON.stringify(ack));
  });

  const server: Server = createServer(broker.handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  return {
    url: `mqtt://127.0.0.1:${port}`,
    port,
    received,
    get dropAcks() {
      return state.dropAcks;
    },
    set dropAcks(value: boolean) {
      state.dropAcks = value;
    },
    rejectIds: state.rejectIds,
    committed,
    subscribed: (sn, channel) => subscriptions.has(`hg/v1/${sn}/${channel}`),
    command: (sn, command) => publish(`hg/v1/${sn}/down/cmd`, JSON.stringify(command)),
    until: async (predicate, timeoutMs = 20_000) => {
      const deadline = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > deadline) throw new Error('timed out waiting for the broker');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    close: async () => {
      // Closing the broker drops its clients, which lets the listening socket close.
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
