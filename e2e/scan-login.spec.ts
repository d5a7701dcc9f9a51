import { DEMO, expect, signIn, test } from './support';

// Issue 12 point 8: a signed-in phone confirms the desktop's scan code; the desktop lands signed in with a
// sign-in of its own, never the phone's tokens.
const ACCOUNT = DEMO.installer;

const tokenOf = (page: import('@playwright/test').Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null') as { refresh_token: string } | null);

test('a phone confirms the scan code and the desktop signs in as its account', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await page.goto('/login');
  await page.getByTestId('login-mode').getByText('Scan code').click();
  const scan = page.getByTestId('scan-login');
  await expect(scan).toHaveAttribute('data-status', 'active');
  const ticket = await scan.getAttribute('data-ticket');
  expect(ticket).toMatch(/^[0-9a-f-]{36}$/);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    const mobile = await phone.newPage();
    await signIn(mobile, ACCOUNT);
    await mobile.goto(`/scan-login?code=${ticket ?? ''}`);
    await expect(mobile.getByTestId('scan-confirm-account')).toHaveText(ACCOUNT);
    // Nothing happens before the phone says yes.
    await page.waitForTimeout(2500);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);
    await mobile.getByTestId('scan-confirm').click();
    await expect(mobile.getByTestId('scan-confirmed')).toBeVisible();

    await expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 15_000 });
    const desktop = await tokenOf(page);
    const own = await tokenOf(mobile);
    expect(desktop?.refresh_token).toBeTruthy();
    expect(desktop?.refresh_token).not.toBe(own?.refresh_token);
    const who = await page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string }).access_token;
      const r = await fetch('/api/v1/user', { headers: { Authorization: `Bearer ${token ?? ''}` } });
      return ((await r.json()) as { data: { account: string } }).data.account;
    });
    expect(who).toBe(ACCOUNT);

    // The same code cannot be confirmed again.
    await mobile.goto(`/scan-login?code=${ticket ?? ''}`);
    await mobile.getByTestId('scan-confirm').click();
    await expect(mobile.getByTestId('scan-confirm-failed')).toBeVisible();
  } finally {
    await phone.close();
  }
});
