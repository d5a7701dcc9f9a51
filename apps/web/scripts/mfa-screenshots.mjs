// Screenshots of two-step verification (the account page's tab with an authenticator being set up, the login
// page's code step) and of the scan-code login, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/mfa-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server (npm start) and Debian's Chromium. Leaves the account's two-step verification off.
import { generate } from 'otplib';
import { args, launch, signedInPage, api } from './shoot.mjs';

const { base, out, account, password } = args('staff@sunrise.example');
const browser = await launch();
const session = (width, height, lang) => signedInPage(browser, { base, account, password }, width, height, lang);
const settle = async (page) => {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(700);
};

async function anonymousPage(width, height, lang) {
  const context = await browser.newContext({
    viewport: { width, height },
    isMobile: width < 768,
    hasTouch: width < 768,
  });
  await context.addInitScript((l) => localStorage.setItem('language', l), lang);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error(`[${lang}-${width}] page error:`, e.message));
  return { context, page };
}

async function accountShot(width, height, lang, name) {
  const { context, page } = await session(width, height, lang);
  await page.goto(`${base}/edit?tab=security`);
  await page.getByTestId('mfa-setup-start').click();
  await page.getByTestId('totp-setup').waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  await context.close();
}

async function scanShot(width, height, lang, name) {
  const { context, page } = await anonymousPage(width, height, lang);
  await page.goto(`${base}/login`);
  await page.getByTestId('login-mode').locator('.ant-segmented-item').nth(1).click();
  await page.locator('[data-testid="scan-login"][data-status="active"]').waitFor();
  await settle(page);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  await context.close();
}

async function loginCodeShot(name) {
  // Turn two-step verification on for the account, show the code step, then turn it off again.
  const { context, page } = await session(1440, 900, 'en');
  const enrolment = await api(page, '/api/v1/mfa/totp/start', {});
  const code = await generate({ secret: enrolment.secret, epoch: Math.floor(Date.now() / 1000) });
  const confirmed = await api(page, '/api/v1/mfa/totp/confirm', { code });
  try {
    const anon = await anonymousPage(1440, 900, 'en');
    await anon.page.goto(`${base}/login`);
    await anon.page.getByTestId('login-account').fill(account);
    await anon.page.getByTestId('login-password').fill(password);
    await anon.page.getByTestId('login-submit').click();
    await anon.page.getByTestId('mfa-form').waitFor();
    await settle(anon.page);
    await anon.page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
    await anon.context.close();
  } finally {
    const recovery = confirmed?.recoveryCodes?.[0];
    // The page's session is still live: turn off with a fresh code (wait for the next step) or give up loudly.
    await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
    const next = await generate({ secret: enrolment.secret, epoch: Math.floor(Date.now() / 1000) });
    await api(page, '/api/v1/mfa/off', { code: next });
    const state = await api(page, '/api/v1/mfa');
    if (state?.enabled) console.error('could not turn two-step verification off again; a recovery code:', recovery);
    await context.close();
  }
}

try {
  await accountShot(1440, 900, 'en', 'account-mfa-1440');
  await accountShot(390, 844, 'en', 'account-mfa-390');
  await accountShot(1440, 900, 'he', 'account-mfa-he-1440');
  await accountShot(390, 844, 'he', 'account-mfa-he-390');
  await scanShot(1440, 900, 'en', 'login-scan-1440');
  await scanShot(390, 844, 'en', 'login-scan-390');
  await scanShot(1440, 900, 'he', 'login-scan-he-1440');
  await loginCodeShot('login-mfa-1440');
} finally {
  await browser.close();
}
