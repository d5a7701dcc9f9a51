import { animationsDone, formatViolations, scanPage } from './a11y';
import { DEMO, expect, signIn, test } from './support';

// Issue 12 point 4: a company administrator creates a customer with its account, initial password and a
// narrow permission list, gives it a plant, and the customer signs in and sees exactly that plant; a type with
// sub-types cannot be deleted (the refusal is shown).

const ACCOUNT = 'e2e.customer@example.org';
const PASSWORD = 'Customer2026pw';

test('a company administrator creates a customer who then sees only its own plant', async ({ browser, page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.company_admin);
  await page.goto('/customer/list');
  await expect(page.getByTestId('customers-table').locator('tr.ant-table-row').first()).toBeVisible({
    timeout: 30_000,
  });

  await page.getByTestId('customer-create').click();
  const drawer = page.getByTestId('customer-editor');
  await drawer.getByTestId('customer-name').fill('E2E Garden Centre');
  // An existing account is refused on the field (GET /customer/check).
  await drawer.getByTestId('customer-account').fill(DEMO.company_staff);
  await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible({ timeout: 30_000 });
  await drawer.getByTestId('customer-account').fill(ACCOUNT);
  await drawer.getByTestId('customer-password').fill(PASSWORD);
  await drawer.getByTestId('customer-confirm').fill(PASSWORD);
  // Untick devices: the customer gets plants only.
  await drawer.getByTestId('customer-permissions').getByText('Devices', { exact: true }).waitFor();
  await drawer
    .getByTestId('customer-permissions')
    .locator('.ant-tree-treenode', { hasText: 'Devices' })
    .first()
    .locator('.ant-tree-checkbox')
    .click();
  await page.getByTestId('customer-save').click();
  await expect(drawer).toBeHidden({ timeout: 30_000 });

  const row = page.getByTestId('customers-table').locator('tr', { hasText: ACCOUNT });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await page.getByTestId(`customer-plants-${ACCOUNT}`).click();
  const picker = page.getByTestId('plant-picker');
  const plantName = (await picker.locator('tr.ant-table-row').first().locator('td').nth(1).textContent())?.trim() ?? '';
  await picker.locator('tr.ant-table-row').first().locator('.ant-checkbox-input').check();
  await picker.getByRole('button', { name: 'Save' }).click();
  await expect(picker).toBeHidden({ timeout: 30_000 });
  await expect(row.locator('td').nth(3)).toHaveText('1');

  const context = await browser.newContext();
  const customer = await context.newPage();
  await signIn(customer, ACCOUNT, PASSWORD);
  await customer.goto('/plants');
  await expect(customer.getByTestId('plant-link')).toHaveCount(1);
  await expect(customer.getByTestId('plant-link').first()).toContainText(plantName.replace(/\s*Owned$/, ''));
  await expect(customer.getByTestId('side-menu').locator('[data-menu-key="equip.view"]')).toHaveCount(0);
  await context.close();
});

test('a customer type with sub-types cannot be deleted', async ({ page }) => {
  await signIn(page, DEMO.company_admin);
  await page.goto('/customer/type');
  await expect(page.getByTestId('types-table').getByText('Retail')).toBeVisible();
  await page.getByTestId('type-delete-Commercial').click();
  await page.getByRole('button', { name: 'Delete' }).last().click();
  await expect(page.getByText('This type has sub-types.')).toBeVisible();
  await expect(page.getByTestId('types-table').getByText('Commercial')).toBeVisible();
});

for (const lang of ['en', 'he'] as const) {
  test(`the customer pages have no serious accessibility violation (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((l) => localStorage.setItem('language', l), lang);
    await signIn(page, DEMO.company_admin);
    for (const [path, table] of [
      ['/customer/list', 'customers-table'],
      ['/customer/type', 'types-table'],
      ['/customer/user', 'customer-users-table'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByTestId(table).locator('tr.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await animationsDone(page);
      const found = await scanPage(page);
      expect(found, formatViolations(found)).toEqual([]);
    }
  });
}
