// Screenshots of the inverter list, an inverter's page (realtime, settings, debug) and the configuration
// templates, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/inverter-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium.
import { args, launch, signedInPage, api } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const browser = await launch();
const session = (width, height, lang) => signedInPage(browser, { base, account, password }, width, height, lang);

try {
  const { context, page } = await session(1440, 900, 'en');
  const list = await api(page, '/api/v1/inverters?page=1&size=100');
  const inv =
    list.rows.find((r) => r.protocol === 'metrics' && r.powerW > 0 && r.status === 'normal') ??
    list.rows.find((r) => r.protocol === 'metrics') ??
    list.rows[0];
  const sn = inv.sn;
  console.log('inverter', sn);

  await page.goto(`${base}/device/inverter`);
  await page.getByTestId(`inverter-link-${list.rows[0].sn}`).waitFor({ timeout: 15000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/inverters-list-1440.png`, fullPage: true });

  await page.goto(`${base}/device/inverter/${sn}`);
  await page.getByTestId('inverter-input').waitFor({ timeout: 15000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/inverter-detail-1440.png`, fullPage: true });

  await page.goto(`${base}/device/inverter/${sn}?tab=charts`);
  await page
    .locator('[data-testid="inverter-chart"] canvas, [data-testid="inverter-chart-empty"]')
    .first()
    .waitFor({ timeout: 15000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/inverter-charts-1440.png`, fullPage: true });

  await page.goto(`${base}/device/setting?sn=${sn}`);
  await page.getByTestId('settings-read').waitFor({ timeout: 15000 });
  await page.getByTestId('settings-read').click();
  await page.getByTestId('settings-result').waitFor({ timeout: 20000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/inverter-settings-1440.png`, fullPage: true });

  await page.goto(`${base}/device/inverter/${sn}?tab=debug`);
  await page.getByTestId('debug-address').fill('0000');
  await page.getByTestId('debug-send').click();
  await page.getByTestId('debug-registers').first().waitFor({ timeout: 20000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/inverter-debug-1440.png`, fullPage: true });

  const templates = await api(page, '/api/v1/inverter/config/templates?page=1&size=10');
  if (templates.total === 0) {
    await api(page, '/api/v1/inverter/config/template', {
      name: 'Export limit 70 %',
      protocol: 'metrics',
      model: '',
      values: { activePowerLimit: 70, gridCode: 'VDE-AR-N 4105' },
    });
    await api(page, '/api/v1/inverter/config/template', {
      name: 'Night reconnect',
      protocol: 'metrics',
      model: '',
      values: { reconnectDelaySec: 300, powerFactor: 0.95 },
    });
    await api(page, '/api/v1/inverter/config/template', {
      name: 'SunSpec curtail 50 %',
      protocol: 'sunspec',
      model: '',
      values: { WMaxLimPct: 50, WMaxLim_Ena: 1 },
    });
  }
  await page.goto(`${base}/device/setting/recommend`);
  await page.getByTestId('templates-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/config-templates-1440.png`, fullPage: true });
  await page.getByTestId('template-apply-Export limit 70 %').click();
  await page.getByTestId('apply-inverters').click();
  await page.keyboard.type(sn);
  await page.waitForTimeout(1000);
  await page.keyboard.press('Enter');
  // Close the picker, whose open list would otherwise cover the confirm button.
  await page.keyboard.press('Escape');
  await page.locator('#apply-confirm').click();
  await page.getByTestId('apply-results').waitFor({ timeout: 30000 });
  await page.waitForTimeout(300);
  await page.screenshot({ path: `${out}/config-templates-apply-1440.png` });
  await context.close();

  const phone = await session(390, 844, 'en');
  await phone.page.goto(`${base}/device/inverter/${sn}`);
  await phone.page.getByTestId('inverter-input').waitFor({ timeout: 15000 });
  await phone.page.waitForTimeout(800);
  await phone.page.screenshot({ path: `${out}/inverter-detail-390.png`, fullPage: true });
  await phone.page.goto(`${base}/device/inverter`);
  await phone.page.getByTestId('inverters-table').waitFor({ timeout: 15000 });
  await phone.page.waitForTimeout(800);
  await phone.page.screenshot({ path: `${out}/inverters-list-390.png`, fullPage: true });
  await phone.context.close();

  const he = await session(1440, 900, 'he');
  await he.page.goto(`${base}/device/inverter/${sn}`);
  await he.page.getByTestId('inverter-input').waitFor({ timeout: 15000 });
  await he.page.waitForTimeout(800);
  await he.page.screenshot({ path: `${out}/inverter-detail-he-1440.png`, fullPage: true });
  await he.context.close();
} finally {
  await browser.close();
}
