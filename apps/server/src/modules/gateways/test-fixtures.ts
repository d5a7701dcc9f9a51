import ExcelJS from 'exceljs';
import mqtt, { type MqttClient } from 'mqtt';
import { eq } from 'drizzle-orm';
import { gatewayTopics, type CommandResult, type GatewayCommand } from '@heliograph/shared';
import { appUser, company, gateway } from '../../db/schema.js';
import { DEFAULT_VALUATION, provisionPlant, type ProvisionDevice } from '../plants/provision.js';
import { ACCOUNTS, type TestApp } from '../../test/harness.js';

/** Helpers of the gateway, switch and lora tests: a plant with gateways, a fake gateway over MQTT, .xlsx uploads. */

export const GW_PASSWORD = 'GatewayPass2026';

export async function sunrisePlant(
  t: TestApp,
  name: string,
  gateways: { sn: string; devices: ProvisionDevice[] }[],
  opts: { sharedWithVisitor?: boolean } = {},
): Promise<string> {
  const db = t.database.db;
  const [sunrise] = await db.select().from(company).where(eq(company.name, 'Sunrise Energy'));
  const [visitor] = await db.select().from(appUser).where(eq(appUser.account, ACCOUNTS.visitor));
  const { plantId } = await provisionPlant(db, {
    companyId: sunrise?.id ?? null,
    name,
    type: 'storage_dc',
    inverterKind: 'hybrid',
    capacityKw: 10,
    commissionedOn: '2025-01-01',
    timezone: 'Europe/Berlin',
    currency: 'EUR',
    latitude: 52.5,
    longitude: 13.4,
    address: 'Berlin',
    valuation: DEFAULT_VALUATION,
    gateways: gateways.map((g) => ({ ...g, password: GW_PASSWORD })),
    sharedWith: opts.sharedWithVisitor && visitor ? [{ userId: visitor.id, level: 'guest' }] : [],
  });
  return plantId;
}

/** A gateway over MQTT that answers every command with what `answer` returns (null: silence). */
export async function fakeGateway(
  t: TestApp,
  sn: string,
  answer: (cmd: GatewayCommand) => Omit<CommandResult, 'cmdId'> | null,
  password = GW_PASSWORD,
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

export async function xlsxOf(rows: string[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('import');
  ws.addRow(['sn', 'key', 'password']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function upload<T>(
  t: TestApp,
  url: string,
  token: string,
  content: Buffer,
  filename = 'import.xlsx',
): Promise<{ status: number; code: number; data: T }> {
  const boundary = '----heliograph-device-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
  const body = res.json() as { code: number; data: T };
  return { status: res.statusCode, code: body.code, data: body.data };
}
