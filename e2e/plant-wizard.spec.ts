import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './support';

/**
 * The plant wizard end to end: an administrator creates a plant (time-of-use prices with an overlap that is
 * refused, then fixed; a spare simulated gateway checked and bound) and sees its devices report on the
 * overview; then shares it as a guest to the demo visitor, who sees it read-only and cannot open the editor.
 * Spare gateways: apps/server/src/modules/demo/spares.ts (README "Demo gateways").
 */
const SPARE = { sn: 'GW99000002', key: 'HG4T8N2W' };
const PLANT = `Wizard Plant ${Date.now().toString(36).slice(-5).toUpperCase()}`;

/** An antd InputNumber carries the test id on its <input>, or on its wrapper in some versions. */
const numberInput = (page: Page, id: string) =>
  page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

test.describe.serial('plant wizard', () => {
  let overviewUrl = '';

  test('an administrator creates a plant with time-of-use prices and a gateway, and sees its devices live', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.company_admin);
    await page.goto('/plant-add');

    // Basic: nothing entered is refused with the shared rules' messages, then filled in.
    await page.getByTestId('pf-next').click();
    await expect(page.getByText('This field is required.').first()).toBeVisible();
    await page.getByTestId('pf-name').fill('Sun');
    await numberInput(page, 'pf-capacity').fill('60000');
    await page.getByTestId('pf-next').click();
    await expect(page.getByText('The plant name must be 5 to 32 characters.')).toBeVisible();
    await expect(page.getByText('The installed capacity must be between 0 and 50,000 kW.')).toBeVisible();
    await expect(page.getByTestId('pf-step-title')).toContainText('Step 1 of 6');
    await page.getByTestId('pf-name').fill(PLANT);
    await numberInput(page, 'pf-capacity').fill('42.5');
    await page.getByTestId('pf-next').click();

    // Location: a point picked on the offline world map fills both coordinates.
    await expect(page.getByTestId('pf-step-title')).toContainText('Step 2 of 6');
    const map = page.getByTestId('pf-map');
    await expect(map.locator('canvas')).toBeVisible();
    const box = await map.boundingBox();
    if (!box) throw new Error('map not laid out');
    await page.mouse.click(box.x + box.width * 0.52, box.y + box.height * 0.35);
    await expect(numberInput(page, 'pf-latitude')).not.toHaveValue('');
    await expect(numberInput(page, 'pf-longitude')).not.toHaveValue('');
    await page.getByTestId('pf-address').fill('1 Harbour Road');
    await page.getByTestId('pf-next').click();

    // Valuation: two time-of-use segments that overlap are refused on the row, and accepted once fixed.
    await expect(page.getByTestId('pf-step-title')).toContainText('Step 3 of 6');
    await page.getByText('Time of use', { exact: true }).click();
    await page.getByTestId('tou-end-0').fill('12:00');
    await page.getByTestId('tou-add').click();
    await page.getByTestId('tou-start-1').fill('10:00');
    await numberInput(page, 'tou-buy-1').fill('0.3125');
    await page.getByTestId('pf-next').click();
    await expect(page.getByTestId('tou-error-1')).toHaveText('This segment overlaps another segment.');
    await expect(page.getByTestId('tou-start-1')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('pf-step-title')).toContainText('Step 3 of 6');
    await page.getByTestId('tou-start-1').fill('12:00');
    await expect(page.getByTestId('tou-error-1')).toHaveCount(0);
    await page.getByTestId('pf-next').click();

    // Gateways: a wrong key is told on the key field; the right one lists the gateway with its devices.
    await expect(page.getByTestId('pf-step-title')).toContainText('Step 4 of 6');
    await page.getByTestId('gw-sn').fill(SPARE.sn);
    await page.getByTestId('gw-key').fill('WRONGKEY');
    await page.getByTestId('gw-check').click();
    await expect(page.getByText('The gateway serial number or registration code is incorrect.')).toBeVisible();
    await page.getByTestId('gw-key').fill(SPARE.key);
    await page.getByTestId('gw-check').click();
    const item = page.getByTestId(`gw-item-${SPARE.sn}`);
    await expect(item).toBeVisible();
    await expect(item).toContainText(/Devices: [1-9]/);
    await page.getByTestId('pf-next').click();

    // Contacts, review, create.
    await page.getByTestId('pf-contact-name').fill('Jonas Berg');
    await page.getByTestId('pf-contact-phone').fill('+49 30 1234567');
    // An owner makes it a private plant, which its creator may share (a company plant may not be: 703).
    await page.getByTestId('pf-owner').fill('owner-at-sunrise');
    await page.getByTestId('pf-next').click();
    await expect(page.getByText('Enter a valid e-mail address.')).toBeVisible();
    await page.getByTestId('pf-owner').fill(DEMO.plant_owner);
    await page.getByTestId('pf-next').click();
    const review = page.getByTestId('pf-review');
    await expect(review).toContainText(PLANT);
    await expect(review).toContainText('12:00–24:00');
    await expect(review).toContainText(SPARE.sn);
    await expect(review).toContainText(DEMO.plant_owner);
    await page.getByTestId('pf-create').click();

    // The new plant's overview, where the bound gateway's devices appear and report live values.
    await expect(page).toHaveURL(/\/plants\/overview\/[0-9a-f-]{36}\/1$/);
    overviewUrl = new URL(page.url()).pathname;
    await expect(page.getByTestId('plant-name')).toHaveText(PLANT);
    const rows = page.getByTestId('device-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(rows.first()).toContainText(/Normal/, { timeout: 30_000 });
    await expect(rows.first().locator('.hg-device-reading-value')).toHaveText(/\d/, { timeout: 30_000 });
  });

  test('the plant is shared to the visitor, who sees it read-only everywhere', async ({ page, browser }) => {
    test.setTimeout(120_000);
    expect(overviewUrl, 'the first test created the plant').not.toBe('');
    const plantId = overviewUrl.split('/')[3] ?? '';

    await signIn(page, DEMO.company_admin);
    await page.goto(overviewUrl);
    await page.getByTestId('plant-share-link').click();
    await expect(page).toHaveURL(new RegExp(`/plants/edit/${plantId}`));
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(PLANT);
    // Sharing with yourself is refused on the field (701).
    await page.getByTestId('share-account').fill(DEMO.company_admin);
    await page.getByTestId('share-submit').click();
    await expect(dialog.getByText('You cannot share a plant with yourself.')).toBeVisible();
    await page.getByTestId('share-account').fill(DEMO.visitor);
    await page.getByTestId('share-submit').click();
    await expect(page.getByTestId('share-list')).toContainText(DEMO.visitor);
    await expect(page.getByTestId('share-list')).toContainText('Guest (view only)');

    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await signIn(visitor, DEMO.visitor);
    await visitor.goto('/plants');
    await expect(visitor.getByText(PLANT).first()).toBeVisible({ timeout: 30_000 });
    await visitor.goto(overviewUrl);
    await expect(visitor.getByTestId('plant-name')).toHaveText(PLANT);
    await expect(visitor.getByTestId('device-row').first()).toBeVisible({ timeout: 30_000 });
    await expect(visitor.getByTestId('plant-edit-link')).toHaveCount(0);
    await expect(visitor.getByTestId('plant-share-link')).toHaveCount(0);
    await expect(visitor.getByRole('button', { name: /edit|delete|share|transfer/i })).toHaveCount(0);

    // The editor's route is not the visitor's: the shell answers with its no-access page.
    await visitor.goto(`/plants/edit/${plantId}`);
    await expect(visitor.getByRole('heading', { name: 'No access' })).toBeVisible();
    await expect(visitor.getByTestId('plant-edit')).toHaveCount(0);
    await visitorContext.close();
  });
});
