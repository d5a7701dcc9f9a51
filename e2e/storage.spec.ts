import { DEMO, expect, signIn, test } from './support';

test.describe('batteries, meters, weather stations and events', () => {
  test('a battery shows its BMS values, 16 cells with the spread, relays and a day of work', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    await page.goto('/device/battery');
    const first = page.getByTestId('device-link').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    const sn = (await first.textContent())?.trim() ?? '';

    // Search by serial number keeps the list in the address and narrows it.
    await page.getByTestId('batteries-toolbar-search').locator('input').fill(sn);
    await page.getByTestId('batteries-toolbar-search').locator('input').press('Enter');
    await expect(page).toHaveURL(new RegExp(`q=${sn}`));
    await expect(page.getByTestId('device-link')).toHaveCount(1);
    await page.getByTestId('device-link').click();

    await expect(page).toHaveURL(new RegExp(`/device/battery/${sn}$`));
    await expect(page.getByTestId('battery-cell')).toHaveCount(16, { timeout: 30_000 });
    await expect(page.getByTestId('battery-cell-stats')).toContainText(/\d\.\d{3} V/);
    await expect(page.getByTestId('relay-charge')).toHaveAttribute('data-state', /closed|open/);
    await expect(page.locator('[data-key="soc"] dd')).toHaveText(/\d+\.\d %/);
    await expect(page.getByTestId('battery-day-chart')).toHaveAttribute('data-points', /^[1-9]\d*$/, {
      timeout: 30_000,
    });
  });

  test('meter parameters refuse a bad ratio, save a good one and log it; one master per plant', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    await page.goto('/device/meter');
    await page.getByTestId('device-link').first().click();
    const params = page.getByTestId('meter-params');
    await expect(params).toBeVisible({ timeout: 30_000 });

    const ct = page.getByTestId('meter-ctRatio');
    await ct.fill('0');
    await page.getByTestId('meter-params-save').click();
    await expect(params).toContainText('Enter a whole number from 1 to 10,000.');

    await ct.fill('25');
    await page.getByTestId('meter-master').click();
    await page.getByTestId('meter-params-save').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('meter-realtime')).toContainText('Master');
    await expect(page.getByTestId('operation-log')).toContainText('Changed the parameters');
    await page.reload();
    await expect(page.getByTestId('meter-ctRatio')).toHaveValue('25', { timeout: 30_000 });
  });

  test('a visitor sees meters and weather stations read-only', async ({ page }) => {
    await signIn(page, DEMO.visitor);
    await page.goto('/device/meter');
    await page.getByTestId('device-link').first().click();
    await expect(page.getByTestId('meter-params')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('meter-params-save')).toHaveCount(0);
    await expect(page.getByTestId('device-delete')).toHaveCount(0);
    await expect(page.getByTestId('meter-ctRatio')).toBeDisabled();

    await page.goto('/device/meteorological');
    const station = page.getByTestId('device-link').first();
    if (await station.isVisible({ timeout: 15_000 }).catch(() => false)) {
      await station.click();
      await expect(page.getByTestId('weather-realtime')).toContainText('W/m²');
    }
  });

  test('the event list filters by state in the address', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    await page.goto('/device/event/list');
    await expect(page.getByTestId('event-stats')).toBeVisible();
    await page.getByTestId('events-state').click();
    await page
      .locator('.ant-select-item-option')
      .filter({ hasText: /^Open$/ })
      .click();
    await expect(page).toHaveURL(/state=open/);
    await expect(page.getByTestId('events-table')).toBeVisible();
    await page.getByTestId('event-stats-fault').click();
    await expect(page).toHaveURL(/level=fault/);
  });
});
