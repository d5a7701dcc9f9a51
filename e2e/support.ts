import { test as base, expect, type Page } from '@playwright/test';
import { PERMISSIONS, ROLE_PERMISSIONS, type BuiltinRole, type PermissionKey } from '@heliograph/shared';
import { AccessibilityWatch, formatViolations } from './a11y';

/**
 * The `test` every spec uses: Playwright's, with axe-core watching each page the test visits (e2e/a11y.ts).
 * A passing test fails after all if a page it saw has a serious or critical WCAG 2.1 AA violation; the
 * message lists each rule with its page address and the failing elements.
 */
export const test = base.extend<{ accessibility: AccessibilityWatch }>({
  accessibility: [
    async ({ context, page }, use, testInfo) => {
      const watch = new AccessibilityWatch();
      await watch.attach(context);
      await use(watch);
      if (testInfo.status !== testInfo.expectedStatus) return;
      for (const p of context.pages()) {
        await p.waitForLoadState().catch(() => undefined);
        await watch.scan(p);
      }
      // The page fixture is this fixture's dependency, so it is still open here.
      void page;
      const found = await watch.violations();
      if (found.length > 0) {
        throw new Error(`axe found serious or critical accessibility violations:\n${formatViolations(found)}`);
      }
    },
    { auto: true },
  ],
});
export { expect };

export const DEMO_PASSWORD = 'Demo2026pass';

export const DEMO: Record<Exclude<BuiltinRole, 'agent' | 'customer' | 'maintainer'>, string> = {
  platform_admin: 'platform@heliograph.example',
  internal_employee: 'internal@heliograph.example',
  company_admin: 'admin@sunrise.example',
  company_staff: 'staff@sunrise.example',
  installer: 'installer@sunrise.example',
  plant_owner: 'owner@sunrise.example',
  visitor: 'visitor@sunrise.example',
};

/** The top-level side-menu entries a role should see: its menu-type keys without a parent, not hidden. */
export function expectedTopMenu(role: BuiltinRole): PermissionKey[] {
  return ROLE_PERMISSIONS[role].filter((k) => {
    const def: { parent: string | null; type: number; hidden?: boolean } = PERMISSIONS[k];
    return def.parent === null && def.type === 0 && !def.hidden;
  });
}

export async function signIn(page: Page, account: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  // The account menu is in the top bar at every width (the side menu is a drawer on phones).
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

export async function topMenuKeys(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu.locator('[data-menu-key]').first()).toBeVisible();
  return menu
    .locator('ul.ant-menu-root > li[data-menu-key]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-menu-key') ?? ''));
}

/**
 * Opens a device's page the way a user finds it: its list (`path`), a search for the serial number, the link
 * in the row. `prefix` is the list's test-id prefix; `ready` the test id the detail page shows once loaded.
 */
export async function openDevice(
  page: Page,
  device: { path: string; prefix: string; sn: string; ready: string },
): Promise<void> {
  const { path, prefix, sn, ready } = device;
  await page.goto(path);
  await expect(page.getByTestId(`${prefix}-stats-all-count`)).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
  const search = page.getByTestId(`${prefix}-toolbar-search`).locator('input');
  await search.fill(sn);
  await search.press('Enter');
  await expect(page).toHaveURL(new RegExp(`q=${sn}`));
  await page.getByTestId('device-link').filter({ hasText: sn }).click();
  await expect(page).toHaveURL(new RegExp(`${path}/${sn}$`));
  await expect(page.getByTestId(ready)).toBeVisible({ timeout: 30_000 });
}
