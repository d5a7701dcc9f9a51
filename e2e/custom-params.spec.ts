import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './support';

const LOADED = { timeout: 30_000 };

/** Picks an offered parameter by typing its name into the select and pressing Enter. */
async function choose(page: Page, name: string): Promise<void> {
  await page.getByTestId('custom-params-select').click();
  await page.keyboard.type(name);
  await expect(page.locator('.ant-select-item-option-active')).toContainText(name);
  await page.keyboard.press('Enter');
}

test('an inverter’s custom chart keeps two chosen parameters and draws them; a seventh cannot be chosen', async ({
  page,
}) => {
  await signIn(page, DEMO.company_admin);
  await page.goto('/device/inverter');
  const link = page.locator('[data-testid^="inverter-link-"]').first();
  await expect(link).toBeVisible(LOADED);
  await link.click();
  await expect(page.getByTestId('inverter-detail')).toBeVisible(LOADED);
  await page.getByRole('tab', { name: 'Charts' }).click();
  await expect(page).toHaveURL(/[?&]tab=charts/);

  // The server offers its first six until the user saves a choice: start from none.
  const form = page.getByTestId('custom-params-form');
  await expect(page.getByTestId('custom-params-select')).toBeVisible(LOADED);
  await expect(form).not.toHaveAttribute('data-chosen', '', LOADED);
  await page.getByTestId('custom-params-select').click();
  for (let i = 0; i < 6; i++) await page.keyboard.press('Backspace');
  await page.keyboard.press('Escape');
  await expect(form).toHaveAttribute('data-chosen', '');
  await expect(page.getByTestId('custom-params-empty')).toBeVisible();
  await expect(page.getByTestId('custom-params-save')).toBeDisabled();

  await choose(page, 'Frequency');
  await choose(page, 'MPPT 1 voltage');
  await page.keyboard.press('Escape');
  await expect(form).toHaveAttribute('data-chosen', 'freq,mppt1_v');
  await page.getByTestId('custom-params-save').click();
  await expect(page.getByText('Chart parameters saved')).toBeVisible();
  await expect(page.getByTestId('custom-params-save')).toBeDisabled();

  await page.reload();
  await expect(page.getByTestId('inverter-detail')).toBeVisible(LOADED);
  await expect(form).toHaveAttribute('data-chosen', 'freq,mppt1_v', LOADED);
  const select = page.getByTestId('custom-params-select');
  await expect(select).toContainText('Frequency');
  await expect(select).toContainText('MPPT 1 voltage');
  // Hz and V share one chart (one axis each side), drawn from today's readings.
  const chart = page.getByTestId('custom-params-chart');
  await expect(chart).toHaveCount(1, LOADED);
  await expect.poll(async () => Number(await chart.getAttribute('data-points')), LOADED).toBeGreaterThan(0);

  // Up to six: the rest of the offer is then disabled, and picking one more changes nothing.
  for (const name of ['AC output power', 'PV input power', 'Phase L1 voltage', 'Phase L1 current'])
    await choose(page, name);
  await expect(form).toHaveAttribute('data-chosen', 'freq,mppt1_v,p_ac,p_pv,ph1_v,ph1_i');
  await page.keyboard.type('Temperature');
  const seventh = page.locator('.ant-select-item-option').filter({ hasText: 'Temperature' });
  await expect(seventh).toHaveClass(/ant-select-item-option-disabled/);
  await seventh.click({ force: true });
  await page.keyboard.press('Escape');
  await expect(form).toHaveAttribute('data-chosen', 'freq,mppt1_v,p_ac,p_pv,ph1_v,ph1_i');
  // Hz, V, W and A: two charts, units paired in the order chosen.
  await expect(chart).toHaveCount(2);
});
