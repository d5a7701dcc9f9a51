import { constants, publicEncrypt, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { signNonce } from '@heliograph/shared';
import { DEMO, expect, signIn, test } from './support';

// Personal settings (issue 12 point 9 and 10): the avatar, active sign-ins with "sign out everywhere", and the
// move to another region. Screenshots in English and Hebrew, desktop and phone. The region tab shows the peers
// when the server runs with REGION, REGIONS and REGION_SECRET (the screenshot run sets them), and says the
// feature is off otherwise.

/** A picture to upload: drawn in the browser and captured as a PNG. */
async function picture(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: 160, height: 160 } });
  await page.setContent(
    `<div style="width:160px;height:160px;background:radial-gradient(circle at 35% 30%,#ffd166,#f4a261 45%,#2a9d8f);display:flex;align-items:center;justify-content:center;font:700 64px sans-serif;color:#fff">☀</div>`,
  );
  const png = await page.screenshot({ type: 'png' });
  await page.close();
  return png;
}

/**
 * A person's own account (no company), registered as a visitor of the sign-up page would: the demo accounts all
 * belong to a company, and only a personal account may move to another region. The code is read from the
 * server's outbox (no SMTP_URL in the E2E server).
 */
async function personalAccount(request: APIRequestContext): Promise<{ account: string; password: string }> {
  const account = `traveller-${randomBytes(4).toString('hex')}@example.org`;
  const password = 'Travel2026pw';
  const sent = await request.get('/api/v1/anonymous/getVerificationCode', { params: { account, type: 'register' } });
  expect((await sent.json()).code).toBe(0);
  const outbox = path.join(`.e2e-data-${process.env.E2E_PORT ?? 8090}`, 'outbox');
  const mail = readdirSync(outbox)
    .filter((f) => f.endsWith(`${account}.json`))
    .sort()
    .pop();
  const text = (JSON.parse(readFileSync(path.join(outbox, mail ?? ''), 'utf8')) as { text: string }).text;
  const code = /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  const nonce = randomBytes(12).toString('hex');
  const key = (await (
    await request.get('/api/v1/anonymous/publicKey', {
      params: { nonce, source: 'web', sign: signNonce(nonce, 'web') },
    })
  ).json()) as { data: { keyId: string; publicKey: string } };
  const cipher = publicEncrypt(
    { key: key.data.publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(password),
  ).toString('base64');
  const signup = await request.post('/api/v1/anonymous/signup', {
    data: { account, password: cipher, keyId: key.data.keyId, code, nickname: 'Noor Traveller' },
  });
  expect((await signup.json()).code).toBe(0);
  return { account, password };
}

async function otherSignIn(browser: Browser, account: string): Promise<void> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  await context.close();
}

async function openTab(page: Page, tab: string): Promise<void> {
  await page.goto(`/edit?tab=${tab}`);
  await expect(
    page.getByTestId(tab === 'sessions' ? 'sessions' : 'migration').or(page.getByTestId('migration-off')),
  ).toBeVisible();
}

test('uploads an avatar, lists active sign-ins and signs out the other devices', async ({ page, browser }) => {
  await otherSignIn(browser, DEMO.company_staff);
  await signIn(page, DEMO.company_staff);
  await page.goto('/edit');
  // A text file named .png is refused before it is sent.
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByRole('alert')).toContainText(/JPG or PNG/);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(browser) });
  await expect(page.getByTestId('account-avatar').locator('img')).toBeVisible();
  await expect(page.getByTestId('user-menu').locator('img')).toBeVisible();

  await openTab(page, 'sessions');
  await expect(page.getByTestId('session-row')).toHaveCount(2);
  await page.getByTestId('end-others').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign out all other devices' }).click();
  await expect(page.getByTestId('session-row')).toHaveCount(1);
});

for (const lang of ['en', 'he'] as const) {
  test(`personal settings screenshots (${lang})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await otherSignIn(browser, DEMO.company_admin);
    await signIn(page, DEMO.company_admin);
    await page.goto('/edit');
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await picture(browser) });
    await expect(page.getByTestId('account-avatar').locator('img')).toBeVisible();
    const suffix = lang === 'en' ? '' : '-he';
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
      await openTab(page, 'sessions');
      await expect(page.getByTestId('session-row').first()).toBeVisible();
      await expect(page.getByTestId('account-avatar').locator('img')).toBeVisible();
      await page.screenshot({ path: `docs/screenshots/account-settings${suffix}-${width}.png`, fullPage: true });
    }
    // A company's account is told it moves only with its company.
    await openTab(page, 'migration');
    await expect(page.getByTestId('migration-refusal').or(page.getByTestId('migration-off'))).toBeVisible();

    // A personal account sees the peer regions it can move to.
    const me = await personalAccount(page.request);
    // Signed out here (the language stays), then in as the personal account.
    await page.evaluate(() => {
      localStorage.removeItem('user');
      localStorage.removeItem('userInfo');
    });
    await signIn(page, me.account, me.password);
    await page.setViewportSize({ width: 1440, height: 900 });
    await openTab(page, 'migration');
    await page.getByTestId('migration-region').click();
    await expect(page.locator('.ant-select-item-option').first()).toBeVisible();
    await page.screenshot({ path: `docs/screenshots/account-migration${suffix}-1440.png`, fullPage: true });
  });
}
