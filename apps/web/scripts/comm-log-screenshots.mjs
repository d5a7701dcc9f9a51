// Screenshots of the communication log (issue 14 item 6), en and he, desktop and phone: comm-log-*.png — a busy
// simulated gateway's messages with the newest batch acknowledgement opened onto its payload — with an axe scan of each (serious
// or critical findings are printed and fail the run).
// Usage: node apps/web/scripts/comm-log-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password] [sn]
// Needs a running server (npm start) with its simulated fleet, and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import { args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
const sn = process.argv[7] ?? 'GW13011001';
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

try {
  for (const lang of langs) {
    for (const size of SIZES) {
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      const { context, page } = await signedInPage(browser, { base, account, password }, size.width, size.height, lang);
      await page.goto(`${base}/log/commu?sn=${encodeURIComponent(sn)}`);
      const table = page.getByTestId('comm-log-table');
      await table.locator('tr.ant-table-row').first().waitFor({ timeout: 20000 });
      // The newest batch acknowledgement opened onto its payload (telemetry itself is logged as its summary
      // unless full recording is on, which the alert above the list says).
      await page.goto(`${base}/log/commu?sn=${encodeURIComponent(sn)}&channel=down/ack`);
      await table.locator('tr.ant-table-row').first().waitFor({ timeout: 20000 });
      await table.locator('tr.ant-table-row').first().locator('.ant-table-row-expand-icon').click();
      await page.getByTestId('comm-log-payload').waitFor({ timeout: 15000 });
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/comm-log-${suffix}.png` });
      await axe(page, `comm-log-${suffix}`);
      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
