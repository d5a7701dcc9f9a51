// Screenshots of the plant list and a storage plant's overview, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/overview-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = process.argv[3] ?? 'docs/screenshots';
const langs = (process.argv[4] ?? 'en,cn,he').split(',');
const account = process.argv[5] ?? 'owner@sunrise.example';
const password = process.argv[6] ?? process.env.DEMO_PASSWORD ?? 'Demo2026pass';
const plantType = process.env.PLANT_TYPE ?? 'storage_ac';
const sizes = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

/** The overview path of the first plant of a type, asked of the API with the page's own token. */
async function overviewPath(page) {
  return page.evaluate(async (type) => {
    const token = JSON.parse(localStorage.getItem('user') ?? '{}').access_token;
    const res = await fetch(`/api/v1/plants?page=1&size=50&type=${type}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const rows = (await res.json()).data.rows;
    const plant = rows.find((p) => p.powerW > 0) ?? rows[0];
    return `/plants/overview/${plant.id}/${{ grid: 1, storage_ac: 2, storage_dc: 3 }[plant.type]}`;
  }, plantType);
}

try {
  for (const lang of langs) {
    for (const size of sizes) {
      const context = await browser.newContext({
        viewport: { width: size.width, height: size.height },
        deviceScaleFactor: 1,
        isMobile: size.width < 768,
        hasTouch: size.width < 768,
      });
      await context.addInitScript((l) => {
        if (!localStorage.getItem('language')) localStorage.setItem('language', l);
      }, lang);
      const page = await context.newPage();
      page.on('pageerror', (e) => console.error(`[${lang}-${size.name}] page error:`, e.message));
      page.on('console', (m) => m.type() === 'error' && console.error(`[${lang}-${size.name}] console:`, m.text()));
      await page.goto(`${base}/login`);
      await page.getByTestId('login-account').fill(account);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('plant-link').first().waitFor({ timeout: 15000 });
      await page.waitForTimeout(500);
      if (lang === 'en' && size.width >= 768)
        await page.screenshot({ path: `${out}/plants-${lang}-${size.name}.png`, fullPage: true });
      if (process.env.EXTRA && size.width < 768)
        await page.screenshot({ path: `${out}/plants-${lang}-${size.name}.png`, fullPage: true });
      await page.goto(`${base}${await overviewPath(page)}`);
      await page.getByTestId('flow-diagram').waitFor({ timeout: 15000 });
      await page
        .locator('[data-testid="day-chart"] canvas, [data-testid="day-chart-empty"]')
        .first()
        .waitFor({ timeout: 15000 });
      await page
        .locator('[data-testid="energy-chart"] canvas, [data-testid="energy-chart-empty"]')
        .first()
        .waitFor({ timeout: 15000 });
      await page.waitForTimeout(1200);
      await page.screenshot({ path: `${out}/overview-${lang}-${size.name}.png`, fullPage: true });
      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
