import type { Page } from '@playwright/test';
import { animationsDone, formatViolations, scanPage } from './a11y';
import { DEMO, expect, signIn, test } from './support';

// Issue 9, "Accessibility": the eight pages an audit checked, in English and in Hebrew, with no serious or
// critical WCAG 2.1 AA violation (muted text, status tags, step and account-menu names, the login links,
// one main landmark). Every other spec is checked too, by the watch in support.ts.

async function expectAccessible(page: Page, ready: () => Promise<void>): Promise<void> {
  await ready();
  await animationsDone(page);
  const found = await scanPage(page);
  expect(found, formatViolations(found)).toEqual([]);
}

for (const lang of ['en', 'he'] as const) {
  test(`the audited pages have no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);

    await page.goto('/login');
    await expectAccessible(page, () => expect(page.getByTestId('login-account')).toBeVisible());
    expect(await page.locator('main').count()).toBe(1);

    await signIn(page, DEMO.company_admin);
    await page.goto('/plants');
    await expectAccessible(page, () => expect(page.getByTestId('plant-link').first()).toBeVisible());
    expect(await page.locator('main, [role="main"]').count()).toBe(1);

    const overview = await page.getByTestId('plant-link').first().getAttribute('href');
    await page.goto(overview ?? '/plants');
    await expectAccessible(page, () => expect(page.getByTestId('energy-card')).toBeVisible());

    const pages: [string, string][] = [
      // The map view: its bubbles, points and side list (issue 11), mirrored in Hebrew.
      ['/plants?view=map', '[data-testid="plant-map-list"]'],
      ['/device/inverter', 'main tr.ant-table-row'],
      ['/device/event/list', 'main table'],
      ['/device/gateway', 'main tr.ant-table-row'],
      ['/edit', 'main form'],
      ['/edit?tab=sessions', '[data-testid="sessions"]'],
      ['/edit?tab=security', '[data-testid="mfa-tab"]'],
      ['/plant-add', '[data-testid="plant-add"]'],
      // Issue 12: the company's roles and members.
      ['/enterprise/roles', '[data-testid="roles-table"] tr.ant-table-row'],
      ['/enterprise/user', '[data-testid="members-table"] tr.ant-table-row'],
      // Customers, customer types and customer users (issue 12).
      ['/customer/list', '[data-testid="customers-table"] tr.ant-table-row'],
      ['/customer/type', '[data-testid="types-table"] tr.ant-table-row'],
      ['/customer/user', '[data-testid="customer-users-table"] tr.ant-table-row'],
      // Issue 12, the company pages.
      ['/enterprise/company', '[data-testid="logo-wide"]'],
      ['/enterprise/agents', '[data-testid="agents-table"]'],
      ['/enterprise/manuals', '[data-testid="manuals-table"]'],
      ['/enterprise/audit', '[data-testid="audit-table"]'],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await expectAccessible(page, () => expect(page.locator(ready).first()).toBeVisible());
    }
  });
}
