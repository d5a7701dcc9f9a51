import { expect, type Page } from '@playwright/test';
import { PERMISSIONS, ROLE_PERMISSIONS, type BuiltinRole, type PermissionKey } from '@heliograph/shared';

export const DEMO_PASSWORD = 'Demo2026pass';

export const DEMO: Record<Exclude<BuiltinRole, 'agent' | 'customer' | 'maintainer'>, string> = {
  platform_admin: 'platform@heliograph.example',
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
  await expect(page.getByTestId('side-menu')).toBeVisible();
}

export async function topMenuKeys(page: Page): Promise<string[]> {
  const menu = page.getByTestId('side-menu');
  await expect(menu.locator('[data-menu-key]').first()).toBeVisible();
  return menu
    .locator('ul.ant-menu-root > li[data-menu-key]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-menu-key') ?? ''));
}
