import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { appUser, company } from '../db/schema.js';
import { provisionPlant, type ProvisionDevice } from '../modules/plants/provision.js';
import { STORAGE_PLANT_FIELDS } from './plant-fields.js';
import { ACCOUNTS, type TestApp } from './harness.js';

/** Helpers of the gateway, switch and lora tests: a plant with gateways, .xlsx uploads (the fake gateway is in src/test). */

import { FAKE_GATEWAY_PASSWORD } from './fake-gateway.js';

export { fakeGateway, waitOnline } from './fake-gateway.js';

export const GW_PASSWORD = FAKE_GATEWAY_PASSWORD;

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
    ...STORAGE_PLANT_FIELDS,
    gateways: gateways.map((g) => ({ ...g, password: GW_PASSWORD })),
    sharedWith: opts.sharedWithVisitor && visitor ? [{ userId: visitor.id, level: 'guest' }] : [],
  });
  return plantId;
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
