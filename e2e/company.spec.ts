import { DEMO, expect, signIn, test } from './support';

// Issue 12 point 6: a company administrator sets the theme colour and every member's console takes it, with
// text that stays readable on it (the accessibility watch checks the contrast of every page seen).

test('the theme colour an administrator saves colours a member’s menu, and goes back to the default', async ({
  browser,
  page,
}) => {
  await signIn(page, DEMO.company_admin);
  await page.goto('/enterprise/company');
  const hex = page.getByTestId('theme-color');
  await hex.fill('#f5c400');
  // The live preview follows before anything is saved.
  await expect(page.getByTestId('theme-preview').locator('div').first()).toHaveCSS(
    'background-color',
    'rgb(245, 196, 0)',
  );
  await page.getByTestId('theme-save').click();
  await expect(page.getByTestId('theme-save')).toBeDisabled();

  const member = await browser.newContext();
  const staff = await member.newPage();
  await signIn(staff, DEMO.company_staff);
  const sider = staff.locator('.hg-sider-inner');
  await expect(sider).toHaveCSS('background-color', 'rgb(245, 196, 0)');
  // A light colour gets dark menu text.
  await expect(staff.getByTestId('side-menu').locator('.ant-menu-item').first()).toHaveCSS('color', 'rgb(0, 0, 0)');
  await member.close();

  await page.getByRole('button', { name: /default/i }).click();
  await expect(hex).toHaveValue('#353340');
});

// The company pages in English and Hebrew: the accessibility watch scans each one (no serious violation).
for (const lang of ['en', 'he'] as const) {
  test(`the company pages load for their roles (${lang})`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signIn(page, DEMO.company_admin);
    for (const [path, ready] of [
      ['/enterprise/company', 'logo-wide'],
      ['/enterprise/agents', 'agents-table'],
      ['/enterprise/manuals', 'manuals-table'],
      ['/enterprise/audit', 'audit-table'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(ready)).toBeVisible();
    }
    const platform = await browser.newContext();
    const p = await platform.newPage();
    await p.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signIn(p, DEMO.platform_admin);
    await p.goto('/enterprise/companies');
    await expect(p.getByTestId('companies-table').locator('tr.ant-table-row').first()).toBeVisible();
    await platform.close();
  });
}
