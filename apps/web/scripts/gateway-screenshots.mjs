// Screenshots of the gateway list, a gateway's page (English and Hebrew, desktop and phone) and the import
// check step with a bad row, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/gateway-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium.
import ExcelJS from 'exceljs';
import { args, launch, signedInPage } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const browser = await launch();
const session = (width, height, lang) => signedInPage(browser, { base, account, password }, width, height, lang);

/** An import file: one good row, one with a hyphen in the serial and a weak password. */
async function importFile() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('gateways');
  ws.addRow(['Serial number', 'Registration key', 'Password']);
  ws.addRow(['GWSHOT0001', 'KEY0001', 'Example2026pass']);
  ws.addRow(['GW-SHOT-2', 'KEY0002', 'weak']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

async function firstGateway(page) {
  await page.goto(`${base}/device/gateway`);
  const link = page.getByTestId('device-link').first();
  await link.waitFor({ timeout: 20000 });
  return (await link.textContent()).trim();
}

try {
  {
    const { context, page } = await session(1440, 900, 'en');
    await firstGateway(page);
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/gateways-list-1440.png`, fullPage: true });
    await page.getByTestId('device-link').first().click();
    await page.getByTestId('gateway-fields').waitFor({ timeout: 20000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/gateway-detail-1440.png`, fullPage: true });
    await page.goto(`${base}/device/gateway`);
    await page.getByTestId('gateway-import-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab').nth(1).click();
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'gateway-import.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importFile(),
    });
    await page.getByTestId('gateway-import-rows').waitFor({ timeout: 15000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/gateway-import-1440.png` });
    await context.close();
  }
  for (const [w, h, lang, name] of [
    [390, 844, 'en', 'gateway-detail-390'],
    [1440, 900, 'he', 'gateway-detail-he-1440'],
    [390, 844, 'he', 'gateway-detail-he-390'],
  ]) {
    const { context, page } = await session(w, h, lang);
    await firstGateway(page);
    await page.getByTestId('device-link').first().click();
    await page.getByTestId('gateway-fields').waitFor({ timeout: 20000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
    if (w === 1440) {
      await page.goto(`${base}/device/gateway`);
      await page.getByTestId('device-link').first().waitFor({ timeout: 20000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/gateways-list-${lang}-${w}.png`, fullPage: true });
    }
    await context.close();
  }
} finally {
  await browser.close();
}
