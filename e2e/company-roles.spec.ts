import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test, topMenuKeys } from './support';

// Issue 12, points 2 and 3: the company administrator makes a role of the company's own with a few
// permissions, adds a member with it and an initial password; the member signs in (another browser) and
// sees exactly that menu.

const ROLE = 'Plant viewers';
const MEMBER = 'viewer.e2e@sunrise.example';
const MEMBER_PASSWORD = 'Viewer2026pass';

/** Ticks a node of the permission tree by its title. */
async function tick(page: Page, title: string): Promise<void> {
  const node = page
    .getByTestId('role-permissions')
    .locator('.ant-tree-treenode')
    .filter({
      has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }),
    });
  await node.locator('.ant-tree-checkbox').first().click();
}

test('a company administrator creates a role, adds a member with it, and the member sees exactly that menu', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.company_admin);

  await page.goto('/enterprise/roles');
  await expect(page.getByTestId('roles-count')).toHaveText('0 of 5 own roles');
  await expect(page.getByTestId('roles-table').locator('tr.ant-table-row')).toHaveCount(4);
  await page.getByTestId('role-create').click();
  await page.getByTestId('role-name').fill(ROLE);
  await page.getByTestId('role-remark').fill('Looks at plants and their events');
  await tick(page, 'My Plants');
  // An action's page comes with it: ticking Events ticks Devices above it.
  await tick(page, 'Events');
  await expect(
    page.getByTestId('role-permissions').locator('.ant-tree-treenode-checkbox-checked .ant-tree-title'),
  ).toHaveText(['My Plants', 'Devices', 'Events']);
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-editor')).toBeHidden();
  await expect(page.getByTestId('roles-count')).toHaveText('1 of 5 own roles');
  await expect(page.getByTestId('roles-table').getByText(ROLE)).toBeVisible();

  // A second role of the same name is refused under the name field (801), nothing saved.
  await page.getByTestId('role-create').click();
  await page.getByTestId('role-name').fill(ROLE.toUpperCase());
  await tick(page, 'My Plants');
  await page.getByTestId('role-save').click();
  await expect(page.getByTestId('role-editor').getByText('A role with this name already exists.')).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('roles-count')).toHaveText('1 of 5 own roles');

  await page.goto('/enterprise/user');
  await expect(page.getByTestId('members-table').locator('tr.ant-table-row')).toHaveCount(5);
  await page.getByTestId('member-create').click();
  await page.getByTestId('member-account').fill(MEMBER);
  await page.getByTestId('member-nickname').fill('Vera Viewer');
  await expect(page.getByText('No account has this address yet')).toBeVisible();
  await page.getByTestId('member-role').click();
  await page.locator('.ant-select-item-option', { hasText: ROLE }).click();
  await page.getByTestId('member-password').fill(MEMBER_PASSWORD);
  await page.getByTestId('member-confirm').fill(MEMBER_PASSWORD);
  await page.getByTestId('member-save').click();
  await expect(page.getByTestId('member-editor')).toBeHidden();
  const row = page.getByTestId('members-table').locator('tr.ant-table-row', { hasText: MEMBER });
  await expect(row).toContainText(ROLE);

  // The member, in a browser of their own.
  const other = await browser.newContext();
  const memberPage = await other.newPage();
  await signIn(memberPage, MEMBER, MEMBER_PASSWORD);
  expect((await topMenuKeys(memberPage)).sort()).toEqual(['equip.view', 'station.view']);
  const devices = memberPage.getByTestId('side-menu').locator('li[data-menu-key="equip.view"]');
  await devices.click();
  await expect(memberPage.getByTestId('side-menu').locator('[data-menu-key="event.view"]')).toBeVisible();
  await expect(memberPage.getByTestId('side-menu').locator('[data-menu-key="gateway.view"]')).toHaveCount(0);
  await other.close();

  // The role is held now: its member count says so.
  await page.goto('/enterprise/roles');
  const roleRow = page.getByTestId('roles-table').locator('tr.ant-table-row', { hasText: ROLE });
  await expect(roleRow.getByTestId('role-members')).toHaveText('1');
});
