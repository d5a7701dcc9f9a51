import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';

/** Playing a demo gateway over the real MQTT path (alerts.spec.ts, displays.spec.ts). */

const PORT = Number(process.env.E2E_PORT ?? 8090);
const MQTT_PORT = Number(process.env.E2E_MQTT_PORT ?? 18830);

interface FleetFile {
  plants: { name: string; gateways: { sn: string; devices: { sn: string; kind: string }[] }[] }[];
  credentials: Record<string, string>;
}

export interface DemoGateway {
  /** The plant the gateway belongs to. */
  plant: string;
  sn: string;
  password: string;
  /** An inverter of the gateway, which the events are about. */
  device: string;
}

/**
 * A gateway with an inverter of the demo fleet's first plant that has one (owned by the demo plant owner: every
 * third plant is, the first among them), with its connection password, from the file the server writes for
 * `npm run simulate`.
 */
export function demoGateway(): DemoGateway {
  // DATA_DIR is relative: where npm ran the server (the repository's root, or the server's workspace).
  const root = path.join(import.meta.dirname, '..');
  const file = [root, path.join(root, 'apps', 'server')]
    .map((dir) => path.join(dir, `.e2e-data-${PORT}`, 'fleet.json'))
    .find((f) => existsSync(f));
  if (!file) throw new Error(`no fleet.json of the e2e server on port ${PORT}`);
  const fleet = JSON.parse(readFileSync(file, 'utf8')) as FleetFile;
  for (const plant of fleet.plants)
    for (const gw of plant.gateways) {
      const device = gw.devices.find((d) => d.kind === 'inverter');
      if (device) return { plant: plant.name, sn: gw.sn, password: fleet.credentials[gw.sn] ?? '', device: device.sn };
    }
  throw new Error('the demo fleet has no gateway with an inverter');
}

/**
 * Sends one fault event as the gateway itself (client id = user name = serial number) and waits for the
 * server's commit acknowledgement. The simulated gateway of that serial number is taken over for a moment and
 * reconnects by itself; if it takes the connection back first, the event is sent again.
 */
export async function sendAsGateway(
  gw: DemoGateway,
  event: { id: string; code: string; state: 'raised' | 'cleared' },
  message: string,
): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${MQTT_PORT}`, {
      clientId: gw.sn,
      username: gw.sn,
      password: gw.password,
      reconnectPeriod: 0,
    });
    try {
      const base = `hg/v1/${gw.sn}`;
      await client.subscribeAsync(`${base}/down/ack`, { qos: 1 });
      const acked = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 5_000);
        client.on('message', (_topic, payload) => {
          const ack = JSON.parse(payload.toString()) as { id?: string; status?: string };
          if (ack.id === event.id) {
            clearTimeout(timer);
            resolve(ack.status === 'committed');
          }
        });
      });
      const body = { ...event, device: gw.device, ts: Date.now(), level: 'fault', message };
      await client.publishAsync(`${base}/up/event`, JSON.stringify(body), { qos: 1 });
      if (await acked) return;
    } catch {
      // Taken over by the simulated gateway reconnecting: try again.
    } finally {
      await client.endAsync(true).catch(() => undefined);
    }
  }
  throw new Error(`the event ${event.id} was not committed`);
}
