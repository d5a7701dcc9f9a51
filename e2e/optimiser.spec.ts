import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './support';

/**
 * Issue 17 from the console: the prices card of a demo storage plant marks the 3 cheapest and 3 dearest
 * periods of the simulated market; switching "auto charge/discharge" on in the plant editor makes the
 * optimiser plan the battery, the plan card shows the optimised plan and the saving, and the hybrid
 * inverter's operation log has the schedule the plan sent, carried out.
 */

/**
 * A demo storage plant with a hybrid inverter the plan can command, found as a user finds it: the plant list
 * (storage plants' overviews end in /2 or /3), then the overview that shows a plan card. (Asked of the API,
 * the e2e server's 8-second tokens expire under load between the calls.)
 */
async function openStoragePlant(page: Page): Promise<string> {
  await page.goto('/plants');
  await expect(page.getByTestId('plant-link').first()).toBeVisible({ timeout: 30_000 });
  const links = await page
    .locator('a[href*="/plants/overview/"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('href') ?? ''));
  const storage = [...new Set(links)].filter((href) => /\/plants\/overview\/[^/]+\/[23]$/.test(href));
  for (const href of storage) {
    await page.goto(href);
    const card = page.getByTestId('plan-card');
    await expect(page.getByTestId('prices-card')).toBeVisible({ timeout: 30_000 });
    await expect
      .poll(
        async () =>
          (await card.getByTestId('plan-off').count()) > 0 ? 'plan' : (await card.count()) === 0 ? 'none' : 'loading',
        { timeout: 30_000 },
      )
      .not.toBe('loading');
    if ((await card.count()) > 0) return href;
  }
  throw new Error('the demo fleet has no storage plant with a hybrid inverter and automation off');
}

test.describe('prices and the optimiser’s plan', () => {
  test('a storage plant’s prices, automation switched on, the optimised plan, its saving and the inverter’s log', async ({
    page,
  }) => {
    test.setTimeout(420_000);
    // The first page after the server starts (a week of the fleet's history being written) can be slow.
    await signIn(page, DEMO.company_admin).catch(() =>
      expect(page.getByTestId('user-menu')).toBeVisible({ timeout: 45_000 }),
    );
    const overview = await openStoragePlant(page);
    const plantId = overview.split('/')[3] ?? '';

    // The simulated market's day with its 3 cheapest and 3 dearest periods, also as text.
    const prices = page.getByTestId('prices-card');
    await expect(prices.getByTestId('prices-chart')).toBeVisible({ timeout: 30_000 });
    await expect(prices.getByTestId('prices-source')).toContainText('simulated market');
    await expect(prices.getByTestId('prices-cheap-item')).toHaveCount(3);
    await expect(prices.getByTestId('prices-dear-item')).toHaveCount(3);
    await expect(prices.getByTestId('prices-cheap-item').first()).toHaveText(
      /^\d{2}:\d{2}–\d{2}:\d{2} -?\d+\.\d{4} [A-Z]{3}\/kWh$/,
    );
    await expect(prices.getByTestId('prices-chart')).toHaveAttribute('data-points', /^[1-9]\d*$/);

    // Automation is off in the demo: the plan card says how to switch it on and leads to the editor.
    const planCard = page.getByTestId('plan-card');
    await expect(planCard.getByTestId('plan-off')).toBeVisible();
    await planCard.getByTestId('plan-switch-on').click();
    await expect(page).toHaveURL(new RegExp(`/plants/edit/${plantId}\\?tab=storage$`));
    const auto = page.getByRole('switch', { name: 'Automatic charge and discharge' });
    await expect(auto).toBeVisible({ timeout: 30_000 });
    await expect(auto).toHaveAttribute('aria-checked', 'false');
    await auto.click();
    await page.getByTestId('plant-save').click();
    await expect(page.locator('.ant-message')).toContainText('saved', { timeout: 15_000 });

    // The planner runs within about a second of the save; the card shows the optimised plan.
    await page.goto(overview);
    await expect(async () => {
      await page.reload();
      await expect(planCard.getByTestId('plan-mode')).toHaveAttribute('data-mode', 'optimised', { timeout: 15_000 });
    }).toPass({ timeout: 60_000 });
    await expect(planCard.getByTestId('plan-chart')).toHaveAttribute('data-points', /^[1-9]\d*$/);
    for (const period of ['today', 'month']) {
      await expect(planCard.getByTestId(`plan-saving-${period}`).getByTestId('plan-saving-value')).toHaveText(
        /\d\.\d\d/,
      );
    }
    await expect(planCard.getByTestId('plan-times')).toContainText(/\d{2}:\d{2}.*\d{2}:\d{2}/);

    // The schedule reaches the simulated hybrid inverter, which carries it out.
    await expect(async () => {
      await page.reload();
      await expect(planCard.getByTestId('plan-command')).toHaveAttribute('data-status', 'succeeded', {
        timeout: 15_000,
      });
    }).toPass({ timeout: 90_000 });
    await planCard.getByTestId('plan-command-log').click();
    await expect(page).toHaveURL(/\/device\/inverter\/[^/?]+\?tab=log$/);
    const entry = page
      .getByTestId('operation-log')
      .locator('tr', { hasText: 'Battery schedule from the optimiser' })
      .first();
    await expect(entry).toBeVisible({ timeout: 30_000 });
    await expect(entry.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');

    // Screenshots of the overview with automation on (docs/screenshots), in English and in Hebrew.
    if (process.env.E2E_SCREENSHOTS) {
      await page.goto(overview);
      await expect(planCard.getByTestId('plan-chart')).toBeVisible({ timeout: 30_000 });
      await expect(prices.getByTestId('prices-chart')).toBeVisible();
      await page.waitForTimeout(1_500);
      await page.screenshot({ path: 'docs/screenshots/prices-plan-1440.png', fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(overview);
      await expect(planCard.getByTestId('plan-chart')).toBeVisible({ timeout: 60_000 });
      await page.waitForTimeout(1_500);
      await page.screenshot({ path: 'docs/screenshots/prices-plan-390.png', fullPage: true });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.evaluate(() => localStorage.setItem('language', 'he'));
      await page.goto(overview);
      await expect(planCard.getByTestId('plan-chart')).toBeVisible({ timeout: 60_000 });
      await page.waitForTimeout(1_500);
      await page.screenshot({ path: 'docs/screenshots/prices-plan-he-1440.png', fullPage: true });
    }
  });
});
