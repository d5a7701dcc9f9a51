import { readFile } from 'node:fs/promises';
import { DEMO, expect, signIn, test } from './support';

/**
 * Dictionaries and device configuration (issue 14 item 8): a platform administrator opens the dictionaries
 * from the system management menu and searches a currency; then creates a device configuration profile,
 * uploads a config file, downloads it back and deletes the profile through the confirmation.
 */
test('a platform administrator reads the dictionaries and keeps a config file in a profile', async ({ page }) => {
  await signIn(page, DEMO.platform_admin);

  // The dictionaries are an entry of the system management submenu.
  await page.getByRole('menuitem', { name: 'System management' }).click();
  await page.getByRole('menuitem', { name: 'Dictionaries' }).click();
  await expect(page).toHaveURL(/\/management\/dictionaries$/);
  const currencies = page.getByTestId('dict-currencies-table');
  await expect(currencies.getByRole('row').nth(1)).toBeVisible();
  await page.getByTestId('dict-currencies-search').getByRole('searchbox').fill('swiss');
  await expect(currencies.getByRole('row', { name: /CHF.*Swiss Franc/ })).toBeVisible();
  await expect(currencies.getByRole('row')).toHaveCount(2);
  await page.getByTestId('dict-currencies-search').getByRole('searchbox').fill('no such money');
  await expect(currencies.getByText('Nothing matches the search.')).toBeVisible();
  // Time zones show the current UTC offset.
  await page.getByTestId('tab-timezones').click();
  await page.getByTestId('dict-timezones-search').getByRole('searchbox').fill('Tokyo');
  await expect(
    page.getByTestId('dict-timezones-table').getByRole('row', { name: /Asia\/Tokyo.*UTC\+09:00/ }),
  ).toBeVisible();

  // Device configuration: a profile, a file in it, the file back, the profile gone.
  const name = 'E2E rooftop';
  const content = '{"uploadInterval": 5, "gridCode": "VDE-AR-N 4105"}\n';
  await page.goto('/management/device-config');
  await page.getByTestId('profile-create').click();
  const dialog = page.getByRole('dialog', { name: 'New configuration profile' });
  await dialog.getByTestId('profile-name').fill(name);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByTestId(`profile-${name}`);
  await expect(card).toBeVisible();
  await expect(card.getByText('No config file yet.')).toBeVisible();

  await card.locator('input[type=file]').setInputFiles({
    name: 'gateway.json',
    mimeType: 'application/json',
    buffer: Buffer.from(content, 'utf8'),
  });
  await expect(card.getByRole('row', { name: /gateway\.json/ })).toBeVisible();
  await expect(card.getByText('1 / 6 files')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await card.getByTestId('file-download-gateway.json').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('gateway.json');
  expect(await readFile(await download.path(), 'utf8')).toBe(content);

  await card.getByTestId(`profile-delete-${name}`).click();
  const confirm = page.getByRole('dialog', { name: `Delete profile ${name}?` });
  await expect(confirm).toContainText('Its config files (1) are deleted with it.');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByTestId(`profile-${name}`)).toHaveCount(0);
  await expect(page.getByTestId('profiles-empty')).toBeVisible();
});
