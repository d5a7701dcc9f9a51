import { eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { gatewayTopics, type CommandResult, type GatewayCommand } from '@heliograph/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, company, device, deviceCommand, gateway, operationLog } from '../../db/schema.js';
import type { AuthContext } from '../../http/context.js';
import { AppError } from '../../http/errors.js';
import { fakeGateway } from '../../test/fake-gateway.js';
import { ACCOUNTS, TestApp } from '../../test/harness.js';
import { TEST_PLANT_FIELDS } from '../../test/plant-fields.js';
import { provisionPlant } from '../plants/provision.js';

const SN = 'GWCMD00001';
const OTHER = 'GWCMD00002';
const INV = 'INVCMD0001';
const PASSWORD = 'GatewayPass2026';

const t = TestApp.forTests({ COMMAND_TIMEOUT_S: '2' });
let auth: AuthContext;
let gatewayId: string;
let inverterId: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [admin] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.admin));
  auth = {
    userId: admin?.id ?? '',
    sessionId: 'test',
    roleId: admin?.roleId ?? '',
    companyId: sunrise?.id ?? null,
    role: 'company_admin',
    permissions: new Set(),
  };
  await provisionPlant(db, {
    companyId: sunrise?.id ?? null,
    name: 'Command test plant',
    ...TEST_PLANT_FIELDS,
    gateways: [
      { sn: SN, password: PASSWORD, devices: [{ sn: INV, kind: 'inverter', ratedW: 10_000 }] },
      { sn: OTHER, password: PASSWORD, devices: [] },
    ],
  });
  const [gw] = await db.select().from(gateway).where(eq(gateway.sn, SN));
  gatewayId = gw?.id ?? '';
  const [inv] = await db.select().from(device).where(eq(device.sn, INV));
  inverterId = inv?.id ?? '';
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
});

/** A gateway that answers every command with what `answer` returns (nothing: it stays silent). */
async function gatewayAnswering(
  sn: string,
  answer: (cmd: GatewayCommand) => Omit<CommandResult, 'cmdId'> | null,
): Promise<MqttClient> {
  const c = await fakeGateway(t, sn, answer, PASSWORD);
  clients.push(c);
  return c;
}

const boot = () => ({
  auth,
  ip: '203.0.113.7',
  gatewayId,
  device: { id: inverterId, sn: INV },
  type: 'boot' as const,
  operation: 'inverter.boot',
});

describe('device commands', () => {
  it('refuses a command to an offline gateway with "device offline" and sends nothing', async () => {
    const error = await t.commands.send(boot()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(1201);
    expect(await t.database.db.select().from(deviceCommand)).toHaveLength(0);
    const [log] = await t.database.db.select().from(operationLog).where(eq(operationLog.target, INV));
    expect(log?.result).toBe('failed: offline');
    expect(log?.ip).toBe('203.0.113.7');
  });

  it('reports the gateway’s answer: succeeded with its result, or failed with its reason', async () => {
    let next: Omit<CommandResult, 'cmdId'> = { status: 'succeeded', result: { on: true } };
    const c = await gatewayAnswering(SN, () => next);
    const ok = await t.commands.send(boot());
    expect(ok).toMatchObject({ status: 'succeeded', result: { on: true }, error: null });
    next = { status: 'failed', error: 'state forbids boot' };
    const failed = await t.commands.send(boot());
    expect(failed).toMatchObject({ status: 'failed', error: 'state forbids boot' });
    const logs = await t.database.db.select().from(operationLog).where(eq(operationLog.commandId, failed.id));
    expect(logs.map((l) => l.result)).toEqual(['failed: state forbids boot']);
    await c.endAsync(true);
  });

  it('gives "timed out" when the gateway stays silent, and ignores an answer from another gateway', async () => {
    const silent = await gatewayAnswering(SN, () => null);
    let sent: string | undefined;
    const impostor = await gatewayAnswering(OTHER, () => null);
    // The impostor has learnt the command id and answers it on its own topic: that must not count.
    silent.on('message', (_topic, payload) => {
      sent = (JSON.parse(payload.toString()) as GatewayCommand).cmdId;
      impostor
        .publishAsync(gatewayTopics(OTHER).commandResult, JSON.stringify({ cmdId: sent, status: 'succeeded' }), {
          qos: 1,
        })
        .catch(() => undefined);
    });
    const outcome = await t.commands.send(boot());
    expect(outcome.status).toBe('timed_out');
    expect(outcome.id).toBe(sent);
  });

  it('shows a command and the operation log to its company only', async () => {
    const admin = await t.tokenFor(ACCOUNTS.admin);
    const rival = await t.otherCompanyToken();
    const [cmd] = await t.database.db.select().from(deviceCommand).limit(1);
    const mine = await t.call<{ status: string }>('GET', `/api/v1/command/${cmd?.id}`, { token: admin });
    expect(mine.code).toBe(0);
    expect(mine.data.status).toBe(cmd?.status);
    expect((await t.call('GET', `/api/v1/command/${cmd?.id}`, { token: rival })).code).toBe(404);

    const log = await t.call<{ total: number; rows: { operator: string; operation: string; result: string }[] }>(
      'GET',
      '/api/v1/operation/log',
      { token: admin, query: { target: INV } },
    );
    expect(log.data.total).toBe(4);
    expect(log.data.rows[0]).toMatchObject({
      operator: ACCOUNTS.admin,
      operation: 'inverter.boot',
      result: 'timed_out',
    });
    expect((await t.call('GET', '/api/v1/operation/log', { token: rival, query: { target: INV } })).code).toBe(404);
  });
});
