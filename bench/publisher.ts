import { parentPort, workerData } from 'node:worker_threads';
import mqtt, { type MqttClient } from 'mqtt';
import { gatewayTopics, type BatchAck } from '@heliograph/shared';

/**
 * The benchmark's gateways, in a thread of their own so that publishing does not eat the server's event
 * loop: real gateways are other machines. Connects every gateway, then on 'go' publishes each gateway's
 * batches in order (all gateways at once) and reports each acknowledgement.
 */
interface Job {
  url: string;
  password: string;
  sns: string[];
  payloads: string[][];
}

const job = workerData as Job;
const clients: MqttClient[] = [];
for (let i = 0; i < job.sns.length; i += 20) {
  clients.push(
    ...(await Promise.all(
      job.sns.slice(i, i + 20).map((sn) =>
        mqtt.connectAsync(job.url, {
          clientId: sn,
          username: sn,
          password: job.password,
          reconnectPeriod: 0,
          connectTimeout: 120_000,
          clean: true,
        }),
      ),
    )),
  );
}
await Promise.all(clients.map((c, i) => c.subscribeAsync(gatewayTopics(job.sns[i] ?? '').batchAck, { qos: 1 })));
// Like a real gateway (and the simulator), each keeps at most WINDOW batches unacknowledged: a broker
// drops QoS 1 messages past a subscriber's queue limit (Mosquitto: 1000), so flooding it would lose data.
const WINDOW = 4;
const inFlight = clients.map(() => 0);
const waiting: ((() => void) | undefined)[] = clients.map(() => undefined);
clients.forEach((c, i) => {
  c.on('message', (_t, payload) => {
    const ack = JSON.parse(payload.toString()) as BatchAck;
    inFlight[i] = (inFlight[i] ?? 1) - 1;
    waiting[i]?.();
    waiting[i] = undefined;
    parentPort?.postMessage({ ack: ack.status, id: ack.id, reason: ack.reason });
  });
});
parentPort?.postMessage({ ready: true });
parentPort?.on('message', async (msg: { go?: boolean; stop?: boolean }) => {
  if (msg.go) {
    await Promise.all(
      clients.map(async (c, i) => {
        for (const p of job.payloads[i] ?? []) {
          while ((inFlight[i] ?? 0) >= WINDOW) await new Promise<void>((r) => (waiting[i] = r));
          inFlight[i] = (inFlight[i] ?? 0) + 1;
          await c.publishAsync(gatewayTopics(job.sns[i] ?? '').telemetry, p, { qos: 1 });
        }
      }),
    );
  }
  if (msg.stop) {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    parentPort?.postMessage({ stopped: true });
  }
});
