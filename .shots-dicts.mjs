// Screenshots and axe scans of the dictionaries and device configuration pages (not committed).
import { chromium } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';

const BASE = 'http://127.0.0.1:8097';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const problems = [];

async function signedIn(width, height, lang) {
  const ctx = await browser.newContext({ viewport: { width, height }, reducedMotion: 'reduce' });
  const page = await ctx.newPage();
  await page.goto(`${BASE}/login`);
  await page.evaluate((l) => localStorage.setItem('language', l), lang);
  await page.goto(`${BASE}/login`);
  await page.getByTestId('login-account').fill('platform@heliograph.example');
  await page.getByTestId('login-password').fill('Demo2026pass');
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor();
  return { ctx, page };
}

async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const token = JSON.parse(localStorage.getItem('user') ?? '{}').access_token;
      const init = { method, headers: { authorization: `Bearer ${token}` } };
      if (body instanceof Array) {
        const fd = new FormData();
        fd.append('file', new File([body[1]], body[0]));
        init.body = fd;
      } else if (body) {
        init.headers['content-type'] = 'application/json';
        init.body = JSON.stringify(body);
      }
      return (await fetch(`/api/v1${path}`, init)).json();
    },
    { method, path, body },
  );
}

async function scan(page, label) {
  const res = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  for (const v of res.violations)
    if (v.impact === 'serious' || v.impact === 'critical')
      problems.push(`${label}: ${v.id} ${v.impact} ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(' | ')}`);
}

// Seed: two profiles with files (once).
{
  const { ctx, page } = await signedIn(1440, 900, 'en');
  const list = await api(page, 'GET', '/device/profiles');
  if (list.data.length === 0) {
    const a = await api(page, 'POST', '/device/profile', { name: 'Rooftop strings' });
    await api(page, 'POST', `/device/profile/${a.data.id}/file`, ['gateway.json', '{"uploadInterval": 5}\n']);
    await api(page, 'POST', `/device/profile/${a.data.id}/file`, ['registers.csv', 'address,name\n40001,power\n']);
    await api(page, 'POST', `/device/profile/${a.data.id}/file`, ['modbus.ini', '[modbus]\nbaud=9600\n']);
    await api(page, 'POST', '/device/profile', { name: 'Hybrid storage' });
  }
  await ctx.close();
}

const pages = [
  ['dictionaries', '/management/dictionaries'],
  ['dictionaries-timezones', '/management/dictionaries?tab=timezones'],
  ['device-config', '/management/device-config'],
];
for (const lang of ['en', 'he']) {
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ]) {
    const { ctx, page } = await signedIn(w, h, lang);
    for (const [name, path] of pages) {
      await page.goto(`${BASE}${path}`);
      await page.locator('.ant-table-row, .hg-dc-card').first().waitFor();
      await page.waitForTimeout(400);
      const file = `docs/screenshots/${name}${lang === 'he' ? '-he' : ''}-${w}.png`;
      await page.screenshot({ path: file, fullPage: w > 400 ? false : true });
      await scan(page, `${name} ${lang} ${w}`);
    }
    await ctx.close();
  }
}
await browser.close();
console.log(problems.length ? problems.join('\n') : 'axe: no serious or critical violation');
