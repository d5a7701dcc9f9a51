import mqtt, { type MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { gatewayTopics, type CommandResult, type GatewayCommand } from '@heliograph/shared';
import { gateway } from '../db/schema.js';
import { afterAll } from 'vitest';
import type { TestApp } from './harness.js';

/** The connection password the API tests give their fake gateways. */
export const FAKE_GATEWAY_PASSWORD = 'GatewayPass2026';

/** A gateway over MQTT that answers every command with what `answer` returns (null: silence). */
export async function fakeGateway(
  t: TestApp,
  sn: string,
  answer: (cmd: GatewayCommand) => Omit<CommandResult, 'cmdId'> | null,
  password = FAKE_GATEWAY_PASSWORD,
): Promise<MqttClient> {
  const c = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.bus.port}`, {
    clientId: sn,
    username: sn,
    password,
    reconnectPeriod: 0,
  });
  const topics = gatewayTopics(sn);
  c.on('message', (topic, payload) => {
    if (topic !== topics.command) return;
    const cmd = JSON.parse(payload.toString()) as GatewayCommand;
    const reply = answer(cmd);
    if (reply)
      c.publishAsync(topics.commandResult, JSON.stringify({ cmdId: cmd.cmdId, ...reply }), { qos: 1 }).catch(
        () => undefined,
      );
  });
  await c.subscribeAsync(topics.command, { qos: 1 });
  await waitOnline(t, sn, true);
  return c;
}

export async function waitOnline(t: TestApp, sn: string, online: boolean): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const [row] = await t.database.db.select().from(gateway).where(eq(gateway.sn, sn));
    if (row?.online === online) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${sn} did not go ${online ? 'online' : 'offline'}`);
}

/** What a fake gateway answers a command with (null: silence). */
export type Answer = (cmd: GatewayCommand) => Omit<CommandResult, 'cmdId'> | null;

/** Fake gateways that record every command they receive and answer what `answer` says at the time. */
export class RecordingGateways {
  readonly received: GatewayCommand[] = [];
  private readonly clients: MqttClient[] = [];

  constructor(public answer: Answer = () => ({ status: 'succeeded' })) {}

  /** Recording gateways of the tests around the call, disconnected after them (before the app of `TestApp.forTests`). */
  static forTests(answer?: Answer): RecordingGateways {
    const gateways = new RecordingGateways(answer);
    afterAll(() => gateways.close());
    return gateways;
  }

  async connect(t: TestApp, sn: string, password = FAKE_GATEWAY_PASSWORD): Promise<void> {
    const record: Answer = (cmd) => {
      this.received.push(cmd);
      return this.answer(cmd);
    };
    this.clients.push(await fakeGateway(t, sn, record, password));
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.endAsync(true)));
  }
}
