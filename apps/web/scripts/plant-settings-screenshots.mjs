// Screenshots of the plant parameter pages (issue 14 item 3), en and he, desktop and phone:
// plant-setting-*.png (an inverter parameter written to a demo plant's inverters, with the result per device),
// plant-batt-setting-*.png and plant-comm-setting-*.png, with an axe scan of each (serious or critical findings
// are printed and fail the run).
// Usage: node apps/web/scripts/plant-settings-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server (npm start) with its simulated fleet, and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import { api, args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
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

/**
 * The demo plant whose pages show most: one with a hybrid and a battery (so the battery page has devices too),
 * and of those the one with the most inverters sharing one form.
 */
async function pickPlant(page) {
  const list = await api(page, '/api/v1/inverters?page=1&size=100');
  const plants = [...new Set(list.rows.filter((r) => r.plantId && r.protocol === 'metrics').map((r) => r.plantId))];
  let best = { id: plants[0], score: -1 };
  for (const id of plants) {
    const inverters = await api(page, `/api/v1/plant/${id}/setting/inverter`);
    const battery = await api(page, `/api/v1/plant/${id}/setting/battery`);
    const largest = Math.max(0, ...inverters.groups.map((g) => g.devices.length));
    const score = largest + (battery.groups.length > 0 ? 100 : 0);
    if (score > best.score) best = { id, score };
  }
  return best.id;
}

async function settle(page) {
  const devices = page.getByTestId('plant-settings-devices').or(page.getByTestId('plant-settings-empty'));
  await devices.first().waitFor({ timeout: 20000 });
  await page.getByTestId('operation-log').waitFor({ timeout: 20000 });
  // From the page's title down (the shell may keep the scroll of the page before).
  await page.locator('#plant-settings-title').scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelectorAll('*').forEach((e) => e.scrollTop > 0 && (e.scrollTop = 0)));
  await page.waitForTimeout(800);
}

try {
  for (const lang of langs) {
    for (const size of SIZES) {
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      const { context, page } = await signedInPage(browser, { base, account, password }, size.width, size.height, lang);
      const plant = await pickPlant(page);

      await page.goto(`${base}/plants/setting?plant=${plant}`);
      await settle(page);
      await page.getByTestId('setting-activePowerLimit').fill('90');
      await page.getByTestId('plant-settings-write').click();
      await page.locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-btn-primary').click();
      await page.getByTestId('plant-settings-results').waitFor({ timeout: 60000 });
      // The results and the log under them, where the person's eye goes after writing.
      await page.getByTestId('plant-settings-results').scrollIntoViewIfNeeded();
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${out}/plant-setting-${suffix}.png` });
      await axe(page, `plant-setting-${suffix}`);

      await page.goto(`${base}/plants/batt-setting?plant=${plant}`);
      await settle(page);
      await page.screenshot({ path: `${out}/plant-batt-setting-${suffix}.png` });
      await axe(page, `plant-batt-setting-${suffix}`);

      await page.goto(`${base}/plants/comm-setting?plant=${plant}`);
      await settle(page);
      await page.screenshot({ path: `${out}/plant-comm-setting-${suffix}.png` });
      await axe(page, `plant-comm-setting-${suffix}`);

      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
