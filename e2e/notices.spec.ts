import { expect, signIn, test } from './support';

const CUSTOMER = 'customer@sunrise.example';

/**
 * System bulletins and the notice centre (issue 15 items 1–2): the platform administrator writes a bulletin for
 * one customer and publishes it through the confirmation; the customer sees the bottom-right toast titled by the
 * bulletin's type, whose arrow closes it and opens /notice, where the bulletin is listed unread. The bulletin is
 * addressed to the demo customer only (no other spec signs in as it) and withdrawn at the end, so no later spec
 * meets a toast it did not ask for.
 */
test('a bulletin published by the platform administrator reaches its customer as the toast', async ({
  page,
  browser,
}) => {
  // Two sign-ins, an editor, a publication and a withdrawal: more than the default minute on a busy machine.
  test.setTimeout(150_000);
  const theme = `Bakery bulletin ${Date.now()}`;
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signIn(admin, 'platform@heliograph.example');
    await admin.goto('/system-bulletin');
    await expect(admin.getByTestId('bulletins-table')).toBeVisible();
    await admin.getByTestId('bulletin-create').click();
    const editor = admin.getByRole('dialog', { name: 'New bulletin' });
    await editor.getByTestId('bulletin-title-en').fill(theme);
    await editor.getByTestId('bulletin-content-en').fill('The new price plans start on Monday.');
    await editor.getByLabel('Some customers').check();
    await editor.getByTestId('bulletin-receivers').click();
    await admin.keyboard.type('Bright');
    await admin.locator('.ant-select-item-option', { hasText: 'Bright Bakery' }).click();
    await admin.keyboard.press('Escape');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    const row = admin.getByTestId('bulletins-table').getByRole('row', { name: new RegExp(theme) });
    await expect(row).toContainText('Draft');
    await row.getByRole('button', { name: 'Publish' }).click();
    await admin.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
    await expect(row).toContainText('Published');

    await signIn(page, CUSTOMER);
    const toast = page.getByTestId('bulletin-toast');
    await expect(toast).toBeVisible();
    await expect(toast.getByRole('heading', { name: 'New announcement' })).toBeVisible();
    await expect(toast).toContainText(theme);
    // Bottom-right, and it stays: it never closes by itself.
    const box = await toast.boundingBox();
    const viewport = page.viewportSize();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeGreaterThan((viewport?.width ?? 0) - 40);
    await page.waitForTimeout(3000);
    await expect(toast).toBeVisible();

    await toast.getByTestId('bulletin-toast-open').click();
    await expect(page).toHaveURL(/\/notice$/);
    await expect(toast).toBeHidden();
    const listed = page.getByTestId('notices-table').getByRole('row', { name: new RegExp(theme) });
    await expect(listed).toContainText('Unread');
  } finally {
    await admin.goto('/system-bulletin');
    const row = admin.getByTestId('bulletins-table').getByRole('row', { name: new RegExp(theme) });
    if (await row.getByRole('button', { name: 'Withdraw' }).isVisible()) {
      await row.getByRole('button', { name: 'Withdraw' }).click();
      await admin.getByRole('dialog').getByRole('button', { name: 'Withdraw' }).click();
      await expect(row).toContainText('Withdrawn');
    }
    await adminContext.close();
  }
});
