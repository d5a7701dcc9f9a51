// Screenshots of the sign-in page and the signed-in shell, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server that serves apps/web/dist (npm start) and Debian's Chromium.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8080';
const out = process.argv[3] ?? 'docs/screenshots';
const langs = (process.argv[4] ?? 'en,cn,he').split(',');
const account = process.argv[5] ?? 'admin@sunrise.example';
const password = process.argv[6] ?? process.env.DEMO_PASSWORD ?? 'Demo2026pass';
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
      await page.getByTestId('login-submit').waitFor();
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${out}/login-${lang}-${size.name}.png` });
      await page.getByTestId('login-account').fill(account);
      await page.getByTestId('login-password').fill(password);
      await page.getByTestId('login-submit').click();
      await page.getByTestId('user-menu').waitFor({ timeout: 15000 });
      await page.getByTestId('plants-search').waitFor();
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/shell-${lang}-${size.name}.png` });
      if (process.env.EXTRA) {
        await page.goto(`${base}/edit`);
        await page.getByTestId('account-save').waitFor();
        await page.waitForTimeout(400);
        await page.screenshot({ path: `${out}/edit-${lang}-${size.name}.png`, fullPage: true });
        if (size.width < 768) {
          await page.getByTestId('menu-toggle').click();
          await page.waitForTimeout(500);
          await page.screenshot({ path: `${out}/drawer-${lang}-${size.name}.png` });
        } else {
          await page.getByTestId('user-menu').click();
          await page.waitForTimeout(400);
          await page.screenshot({ path: `${out}/usermenu-${lang}-${size.name}.png` });
        }
      }
      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
