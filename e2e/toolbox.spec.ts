import { DEMO, expect, signIn, test } from './support';

const CLASSIC = '01 03 00 00 00 0A C5 CD';

test.describe('Modbus toolbox', () => {
  test('an installer generates an FC 03 RTU frame, checks its CRC and decodes it', async ({ page }) => {
    await signIn(page, DEMO.installer);
    // Installers have no system management menu: the toolbox entry is under Logs for them.
    const menu = page.getByTestId('side-menu');
    await menu.locator('[data-menu-key="logger.management"]').click();
    await menu.locator('[data-menu-route="/management/toolbox"]').click();
    await expect(page).toHaveURL(/\/management\/toolbox$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Toolbox' })).toBeVisible();

    // Message generator: slave 1, FC 03, start 0, quantity 10.
    await page.getByTestId('gen-unitId').fill('1');
    await page.getByTestId('gen-function').click();
    await page.locator('.ant-select-item-option', { hasText: '0x03 Read holding registers' }).click();
    await page.getByTestId('gen-address').fill('0');
    await page.getByTestId('gen-quantity').fill('10');
    await expect(page.getByTestId('gen-frame')).toHaveText(CLASSIC);
    // Over the Modbus limit for registers the frame gives way to a message.
    await page.getByTestId('gen-quantity').fill('126');
    await expect(page.getByText('Enter a number from 1 to 125.')).toBeVisible();
    await expect(page.getByTestId('gen-frame')).toHaveCount(0);
    await page.getByTestId('gen-quantity').fill('10');
    // The same read over TCP: MBAP header, no CRC.
    await page.getByTestId('gen-transport').getByText('TCP').click();
    await expect(page.getByTestId('gen-frame')).toHaveText('00 01 00 00 00 06 01 03 00 00 00 0A');
    await page.getByTestId('gen-transport').getByText('RTU').click();
    await expect(page.getByTestId('gen-frame')).toHaveText(CLASSIC);

    // CRC check: the generated frame ends in a valid CRC; one changed byte makes it invalid.
    await page.getByTestId('tab-crc').click();
    await page.getByTestId('crc-input').fill(CLASSIC);
    await expect(page.getByTestId('crc-verdict')).toHaveAttribute('data-valid', 'true');
    await expect(page.getByTestId('crc-verdict')).toContainText('Valid');
    await expect(page.getByTestId('crc-wire')).toHaveText('C5 CD');
    await page.getByTestId('crc-input').fill('01 03 00 00 00 0B C5 CD');
    await expect(page.getByTestId('crc-verdict')).toHaveAttribute('data-valid', 'false');
    await page.getByTestId('crc-input').fill('01 03 0');
    await expect(page.getByRole('alert').filter({ hasText: 'odd number of hex digits' })).toBeVisible();

    // Protocol analysis: the frame's fields, named.
    await page.getByTestId('tab-analysis').click();
    await page.getByTestId('analysis-input').fill(CLASSIC);
    const fields = page.getByTestId('analysis-fields').locator('tbody tr.ant-table-row');
    await expect(fields).toHaveCount(5);
    await expect(fields.nth(0)).toContainText('Slave id');
    await expect(fields.nth(1)).toContainText('Read holding registers');
    await expect(fields.nth(2)).toContainText('Start address');
    await expect(fields.nth(3)).toContainText('Quantity');
    await expect(fields.nth(3)).toContainText('10');
    await expect(page.getByTestId('analysis-crc')).toHaveAttribute('data-valid', 'true');
    // An exception response is named; something that is no frame gets a message.
    await page.getByTestId('analysis-input').fill('01 83 02 C0 F1');
    await expect(page.getByTestId('analysis-exception')).toContainText('Illegal data address');
    await page.getByTestId('analysis-input').fill('01 03 00');
    await expect(page.getByTestId('analysis-error')).toContainText('too few');
  });

  test('base conversion follows every field; plant owners have no toolbox in their menu', async ({ page }) => {
    await signIn(page, DEMO.company_staff);
    await page.goto('/management/toolbox?tab=base');
    await page.getByTestId('base-dec').fill('12.5');
    await expect(page.getByTestId('base-hex')).toHaveValue('4148 0000');
    await page.getByTestId('base-order').getByText('CDAB').click();
    await expect(page.getByTestId('base-hex')).toHaveValue('0000 4148');
    await page.getByTestId('base-hex').fill('0000 C148');
    await expect(page.getByTestId('base-dec')).toHaveValue('-12.5');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, DEMO.plant_owner);
    // (That the route itself refuses them is kit/routeTable.test.ts: the 403 page is left out here.)
    await expect(page.getByTestId('side-menu').locator('[data-menu-key="logger.management"]')).toHaveCount(0);
    await expect(page.getByTestId('side-menu').locator('[data-menu-route="/management/toolbox"]')).toHaveCount(0);
  });
});
