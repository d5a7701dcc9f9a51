// Screenshots of the debug log and the gateway's own log (issue 14 item 6), en and he, desktop and phone:
// debug-log-*.png (after a register read sent through the API, so the log has a row with its reply) and
// gateway-log-*.png (the gateway page's log card after reading the gateway's log), with an axe scan of each
// (serious or critical findings are printed and fail the run).
// Usage: node apps/web/scripts/logs-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password] [gatewaySn]
// Needs a running server (npm start) with its simulated fleet, and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import { args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
const gatewaySn = process.argv[7] ?? 'GW13011001';
const browser = await launch();
let failed = false;

async function axe(page, name) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) {
    failed = true;
    console.error(`axe ${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

/** Sends one register read and one write to an inverter of the gateway, from a signed-in page. */
async function sendDebug(page) {
  await page.goto(`${base}/device/gateway/${encodeURIComponent(gatewaySn)}`);
  await page.getByTestId('gateway-detail').waitFor({ timeout: 20000 });
  const ok = await page.evaluate(async (sn) => {
    const token = JSON.parse(localStorage.getItem('user') ?? '{}').access_token;
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const gw = await fetch(`/api/v1/gateway/${sn}`, { headers }).then((r) => r.json());
    const inv = gw.data?.devices?.find((d) => d.kind === 'inverter')?.sn;
    if (!inv) return false;
    for (const body of [
      { code: '03', address: '0000', count: 6 },
      { code: '06', address: '0010', value: 1, decimals: 0 },
    ])
      await fetch(`/api/v1/inverter/${inv}/debug`, { method: 'POST', headers, body: JSON.stringify(body) });
    return true;
  }, gatewaySn);
  if (!ok) throw new Error(`no inverter behind ${gatewaySn}`);
}

try {
  {
    const { context, page } = await signedInPage(browser, { base, account, password }, 1440, 900, 'en');
    await sendDebug(page);
    await context.close();
  }
  for (const lang of langs) {
    for (const size of SIZES) {
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      const { context, page } = await signedInPage(browser, { base, account, password }, size.width, size.height, lang);
      await page.goto(`${base}/log/debug`);
      await page.getByTestId('debug-log-table').locator('tr.ant-table-row').first().waitFor({ timeout: 20000 });
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/debug-log-${suffix}.png` });
      await axe(page, `debug-log-${suffix}`);

      await page.goto(`${base}/device/gateway/${encodeURIComponent(gatewaySn)}`);
      const card = page.getByTestId('gateway-log');
      await card.waitFor({ timeout: 20000 });
      await page.getByTestId('gateway-log-read').click();
      await card.locator('tr.ant-table-row').first().waitFor({ timeout: 20000 });
      await card.scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${out}/gateway-log-${suffix}.png` });
      await axe(page, `gateway-log-${suffix}`);
      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
