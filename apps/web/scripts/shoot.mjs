// What every screenshot script needs: Debian's Chromium, the two review sizes, a page per language and size
// that reports its errors, and signing in. Each script then only says what to shoot.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';

export const SIZES = [
  { name: '1440', width: 1440, height: 900 },
  { name: '390', width: 390, height: 844 },
];

/** Command-line arguments shared by the scripts: [baseUrl] [outDir] [langs] [account] [password]. */
export function args(defaultAccount) {
  const out = process.argv[3] ?? 'docs/screenshots';
  mkdirSync(out, { recursive: true });
  return {
    base: process.argv[2] ?? 'http://localhost:8080',
    out,
    langs: (process.argv[4] ?? 'en,cn,he').split(','),
    account: process.argv[5] ?? defaultAccount,
    password: process.argv[6] ?? process.env.DEMO_PASSWORD ?? 'Demo2026pass',
  };
}

export function launch() {
  return chromium.launch({
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
}

/** Runs `shoot(page)` for every language and size, each in a fresh context in that language. */
export async function eachLangAndSize(browser, langs, shoot) {
  for (const lang of langs) {
    for (const size of SIZES) {
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
      await shoot(page, lang, size);
      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
}

export async function signIn(page, base, account, password) {
  await page.goto(`${base}/login`);
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('user-menu').waitFor({ timeout: 15000 });
}

/**
 * A signed-in page of its own size and language, reporting its errors: for scripts that shoot a few chosen
 * pages rather than every language and size. Returns its context to close.
 */
export async function signedInPage(browser, { base, account, password }, width, height, lang) {
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: width < 768,
    hasTouch: width < 768,
  });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${lang}-${width}] page error:`, e.message));
  page.on('console', (m) => m.type() === 'error' && console.error(`[${lang}-${width}] console:`, m.text()));
  await signIn(page, base, account, password);
  return { context, page };
}

/** Calls the API with the page's token: GET, or POST with `body`; answers the envelope's data. */
export function api(page, path, body) {
  return page.evaluate(
    async ([p, b]) => {
      const token = JSON.parse(localStorage.getItem('user') ?? '{}').access_token;
      const res = await fetch(p, {
        method: b ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${token}`, ...(b ? { 'Content-Type': 'application/json' } : {}) },
        body: b ? JSON.stringify(b) : undefined,
      });
      return (await res.json()).data;
    },
    [path, body],
  );
}
