import { DEMO, expect, expectedTopMenu, signIn, test, topMenuKeys } from './support';

test.describe('signing in and the shell', () => {
  for (const [role, account] of Object.entries(DEMO) as [keyof typeof DEMO, string][]) {
    test(`${role} signs in and sees exactly its menu`, async ({ page }) => {
      await signIn(page, account);
      await expect(page).toHaveURL(/\/plants$/);
      expect((await topMenuKeys(page)).sort()).toEqual(expectedTopMenu(role).sort());
    });
  }

  test('a visitor without a login is sent to /login, and returns where they wanted after signing in', async ({
    page,
  }) => {
    await page.goto('/edit');
    await expect(page).toHaveURL(/\/login/);
    await page.getByTestId('login-account').fill(DEMO.company_staff);
    await page.getByTestId('login-password').fill('Demo2026pass');
    await page.getByTestId('login-submit').click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByTestId('account-nickname')).toHaveValue('Lukas Weber');
  });

  test('a wrong password is refused with a message and no sign-in', async ({ page }) => {
    await page.goto('/login');
    await page.getByTestId('login-account').fill(DEMO.company_staff);
    await page.getByTestId('login-password').fill('Not-the-password1');
    await page.getByTestId('login-submit').click();
    await expect(page.getByTestId('login-error')).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
  });

  test('the application center, the last page built, opens inside the shell and not as "not available"', async ({
    page,
  }) => {
    await signIn(page, DEMO.company_admin);
    // Every route of spec §2 has its page now (issue 17 built the application center, the last one); the
    // not-available page stays only as the fallback of a route without one.
    await page.goto('/acenter');
    await expect(page.getByTestId('acenter')).toBeVisible();
    await expect(page.getByTestId('not-available')).toHaveCount(0);
    await expect(page.getByTestId('side-menu')).toBeVisible();
  });

  test('a route the role lacks shows the no-access page; an unknown one the 404 page', async ({ page }) => {
    await signIn(page, DEMO.visitor);
    await page.goto('/enterprise/company');
    await expect(page.getByText('403')).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByText('404')).toBeVisible();
  });

  test('Hebrew turns the whole page right-to-left with Hebrew labels', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-he').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'he');
    await expect(page.getByTestId('side-menu')).toContainText(/[\u0590-\u05ff]/);
    // The choice is kept across a reload.
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-en').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('an expired access token is refreshed without the user noticing', async ({ page }) => {
    await signIn(page, DEMO.plant_owner);
    const before = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token: string },
    );
    // The e2e server issues 8-second access tokens; wait for this one to lapse.
    await page.waitForTimeout(9_000);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('personal-settings').click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByTestId('account-nickname')).toHaveValue('Sofia Martins');
    await expect(page.locator('.ant-message-error')).toHaveCount(0);
    const after = await page.evaluate(
      () => JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token: string },
    );
    expect(after.access_token).not.toBe(before.access_token);
  });

  test('signing out returns to /login and the console is closed again', async ({ page }) => {
    await signIn(page, DEMO.installer);
    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/login/);
    expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
    await page.goto('/plants');
    await expect(page).toHaveURL(/\/login/);
  });
});
