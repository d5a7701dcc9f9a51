import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import mqtt, { type MqttClient } from 'mqtt';
import { gatewayTopics, type BatchAck, type GatewayEvent } from '@heliograph/shared';
import type { TestApp } from '../../test/harness.js';
import { GW_PASSWORD } from '../../test/gateway-fixtures.js';
import type { PushTarget, PushTransport } from './push.js';

/** What a webhook receiver got: the raw body (the signature is over it) and the headers. */
export interface Received {
  body: string;
  headers: IncomingHttpHeaders;
}

/** A local HTTP server standing in for a company's webhook receiver; `status` is what it answers. */
export class WebhookReceiver {
  readonly received: Received[] = [];
  status = 200;
  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers });
        res.statusCode = this.status;
        res.end();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}/hook`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Web push as the tests see it: what would have been pushed, to which browser. */
export class RecordingPush implements PushTransport {
  readonly sent: { target: PushTarget; payload: { title: string; body: string; url: string } }[] = [];
  send(target: PushTarget, payload: string): Promise<{ gone: boolean }> {
    this.sent.push({ target, payload: JSON.parse(payload) as RecordingPush['sent'][number]['payload'] });
    return Promise.resolve({ gone: false });
  }
}

/** A gateway of a test plant connected over MQTT, sending events as a real one does and waiting for their ack. */
export async function eventGateway(
  t: TestApp,
  sn: string,
): Promise<{
  client: MqttClient;
  send(event: GatewayEvent): Promise<BatchAck>;
}> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.bus.port}`, {
    clientId: sn,
    username: sn,
    password: GW_PASSWORD,
    reconnectPeriod: 0,
  });
  const topics = gatewayTopics(sn);
  await client.subscribeAsync(topics.batchAck, { qos: 1 });
  return {
    client,
    async send(event) {
      const acked = new Promise<BatchAck>((resolve) => {
        const onMessage = (_t: string, payload: Buffer) => {
          const ack = JSON.parse(payload.toString()) as BatchAck;
          if (ack.id === event.id) {
            client.off('message', onMessage);
            resolve(ack);
          }
        };
        client.on('message', onMessage);
      });
      await client.publishAsync(topics.event, JSON.stringify(event), { qos: 1 });
      return acked;
    },
  };
}
