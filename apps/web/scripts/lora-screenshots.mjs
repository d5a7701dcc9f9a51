// Screenshots of the lora master nodes (list with a master opened onto its child nodes, a master's page) and
// the battery-setting page, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/lora-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium.
import { args, launch, signedInPage, api } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const browser = await launch();
const session = (width, height, lang) => signedInPage(browser, { base, account, password }, width, height, lang);

async function listShot(page, name) {
  await page.goto(`${base}/device/lora`);
  await page.getByTestId('device-link').first().waitFor({ timeout: 15000 });
  await page.locator('.ant-table-row-expand-icon').first().click();
  await page.locator('[data-testid^="lora-children-"] tbody tr.ant-table-row').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

async function detailShot(page, sn, name) {
  await page.goto(`${base}/device/lora/${sn}`);
  await page.getByTestId('lora-children').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

async function batteryShot(page, sn, name, read) {
  await page.goto(`${base}/device/batt-setting?sn=${sn}`);
  await page.getByTestId('settings-read').waitFor({ timeout: 15000 });
  if (read) {
    await page.getByTestId('settings-read').click();
    await page.getByTestId('settings-result').waitFor({ timeout: 20000 });
  }
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

try {
  const { context, page } = await session(1440, 900, 'en');
  const masters = await api(page, '/api/v1/masterNode/page?page=1&size=10');
  const sn = masters.rows.find((m) => m.childCount > 0)?.sn ?? masters.rows[0].sn;
  console.log('master', sn);
  const batteries = await api(page, '/api/v1/batteries?page=1&size=50');
  let battery = null;
  for (const b of batteries.rows) {
    if (await api(page, `/api/v1/battery/${b.sn}/inverter`)) {
      battery = b.sn;
      break;
    }
  }
  console.log('battery', battery);

  await listShot(page, 'lora-list-1440');
  await detailShot(page, sn, 'lora-detail-1440');
  await page.getByTestId('lora-delete').click();
  await page.getByTestId('lora-delete-body').waitFor();
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/lora-delete-confirm-1440.png` });
  await page.keyboard.press('Escape');
  if (battery) await batteryShot(page, battery, 'battery-setting-1440', true);
  await page.goto(`${base}/device/batt-setting`);
  await page.getByTestId('battery-picker').waitFor({ timeout: 15000 });
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${out}/battery-setting-pick-1440.png` });
  await context.close();

  const phone = await session(390, 844, 'en');
  await detailShot(phone.page, sn, 'lora-detail-390');
  await listShot(phone.page, 'lora-list-390');
  if (battery) await batteryShot(phone.page, battery, 'battery-setting-390', false);
  await phone.context.close();

  const he = await session(1440, 900, 'he');
  await detailShot(he.page, sn, 'lora-detail-he-1440');
  await listShot(he.page, 'lora-list-he-1440');
  if (battery) await batteryShot(he.page, battery, 'battery-setting-he-1440', false);
  await he.context.close();
} finally {
  await browser.close();
}
