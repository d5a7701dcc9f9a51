// Screenshots of the alarm notification settings (issue 15 item 5), desktop and phone: notifications-*.png (the
// page's top), notifications-webhooks-*.png (a plant's own rule and a company webhook, scrolled to) and
// notifications-log-*.png (a webhook's delivery log).
// Saves a plant rule and a webhook for the company administrator first, unless they exist.
// Usage: node apps/web/scripts/notifications-screenshots.mjs [baseUrl] [outDir] [langs]
// Needs a running server (npm start) and Debian's Chromium.
import { readFileSync } from 'node:fs';
import mqtt from 'mqtt';
import { api, args, eachLangAndSize, launch, signIn } from './shoot.mjs';

/**
 * With FLEET_FILE (the server's DATA_DIR/fleet.json) and MQTT_URL, a demo gateway raises a fault and a warning
 * and clears the fault, so the delivery log has rows (the example webhook address answers nothing: they are
 * retried, then failed).
 */
async function raiseDemoAlarms() {
  if (!process.env.FLEET_FILE || !process.env.MQTT_URL) return;
  const fleet = JSON.parse(readFileSync(process.env.FLEET_FILE, 'utf8'));
  const gw = fleet.plants[0].gateways.find((g) => g.devices.some((d) => d.kind === 'inverter'));
  const device = gw.devices.find((d) => d.kind === 'inverter').sn;
  const client = await mqtt.connectAsync(process.env.MQTT_URL, {
    clientId: gw.sn,
    username: gw.sn,
    password: fleet.credentials[gw.sn],
    reconnectPeriod: 0,
  });
  const stamp = Date.now();
  const events = [
    { id: `shot-${stamp}-1`, code: 'F023', level: 'fault', state: 'raised', message: 'Grid relay fault' },
    { id: `shot-${stamp}-2`, code: 'W104', level: 'warning', state: 'raised', message: 'Fan speed low' },
    { id: `shot-${stamp}-3`, code: 'F023', level: 'fault', state: 'cleared', message: 'Grid relay fault' },
  ];
  for (const e of events)
    await client.publishAsync(`hg/v1/${gw.sn}/up/event`, JSON.stringify({ ...e, device, ts: Date.now() }), { qos: 1 });
  await client.endAsync();
}

const { base, out, langs, account, password } = args('admin@sunrise.example');
const browser = await launch();

try {
  await eachLangAndSize(browser, langs, async (page, lang, size) => {
    const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
    await signIn(page, base, account, password);
    const settings = await api(page, '/api/v1/notification/settings');
    if (settings.plants.length === 0) {
      const plants = await api(page, '/api/v1/plants?page=1&size=1');
      await api(page, `/api/v1/notification/settings/plant/${plants.rows[0].id}`, {
        severities: ['fault', 'warning', 'offline'],
        channels: ['email', 'push'],
        quietStart: '22:00',
        quietEnd: '07:00',
        timeZone: 'Europe/Berlin',
      });
    }
    const hooks = await api(page, '/api/v1/notification/webhooks');
    if (hooks.length === 0)
      await api(page, '/api/v1/notification/webhooks', {
        url: 'https://ops.example.com/heliograph/alarms',
        secret: 'a-demo-signing-secret-2026',
      });
    if (lang === langs[0] && size.name === '1440') {
      await raiseDemoAlarms();
      // The worker runs every 2 s and the first webhook attempt times out after 10 s.
      await page.waitForTimeout(15000);
    }
    await page.goto(`${base}/edit/notifications`);
    await page.getByTestId('notify-default-form').waitFor({ timeout: 15000 });
    await page.getByTestId('webhook-table').locator('tr.ant-table-row').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/notifications-${suffix}.png` });
    await page.getByTestId('webhook-table').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/notifications-webhooks-${suffix}.png` });
    await page.getByTestId('webhook-table').locator('tr.ant-table-row').first().locator('button').first().click();
    await page.locator('.ant-drawer-body .ant-segmented').waitFor({ timeout: 15000 });
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${out}/notifications-log-${suffix}.png` });
  });
} finally {
  await browser.close();
}
