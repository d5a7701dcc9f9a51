import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './support';

/** What the page shows of the plant now: the flow diagram's powers and time, and the headline power. */
async function fingerprint(page: Page): Promise<string> {
  const flow = page.getByTestId('flow-diagram');
  return [
    await flow.getAttribute('data-updated'),
    await flow.locator('[data-testid^="flow-power-"]').allTextContents(),
    await page.getByTestId('figure-power').getByTestId('figure-value').textContent(),
    await page.getByTestId('figure-today').getByTestId('figure-value').textContent(),
  ].join('|');
}

test.describe('plant overview', () => {
  test('the plant owner opens a plant from the list and sees it update live', async ({ page }) => {
    // Waits for the next upload of the simulated fleet (SIMULATE_INTERVAL), at most a couple of minutes.
    test.setTimeout(240_000);
    await signIn(page, DEMO.plant_owner);
    await page.goto('/plants');
    const first = page.getByTestId('plant-link').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    const name = (await first.textContent())?.trim() ?? '';
    await first.click();

    await expect(page).toHaveURL(/\/plants\/overview\/[^/]+\/[123]$/);
    await expect(page.getByTestId('plant-name')).toHaveText(name);

    // Headline figures are numbers (one decimal, spec §9), money and ratios carry digits.
    const figure = (key: string) => page.getByTestId(`figure-${key}`).getByTestId('figure-value');
    for (const key of ['power', 'today', 'month', 'total']) {
      await expect(figure(key)).toHaveText(/^\d+(,\d{3})*\.\d$/, { timeout: 30_000 });
    }
    for (const key of ['todayIncome', 'totalIncome']) await expect(figure(key)).toHaveText(/\d/);

    // The flow diagram, with at least PV and grid, and its sentence for screen readers.
    const flow = page.getByTestId('flow-diagram');
    await expect(flow).toBeVisible();
    await expect(flow.getByTestId('flow-node-pv')).toBeVisible();
    await expect(flow.getByTestId('flow-node-grid')).toBeVisible();
    await expect(flow.getByTestId('flow-node-load')).toBeVisible();
    await expect(page.getByTestId('flow-summary')).toContainText(/Solar/);

    // Today's chart is drawn on a canvas, with data, not the empty state.
    const chart = page.getByTestId('day-chart');
    await expect(chart.locator('canvas').first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('day-chart-empty')).toHaveCount(0);
    expect(Number(await chart.getAttribute('data-points'))).toBeGreaterThan(0);
    const painted = await chart
      .locator('canvas')
      .first()
      .evaluate((c: HTMLCanvasElement) => {
        const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
        let n = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
        return n;
      });
    expect(painted).toBeGreaterThan(2000);

    // The page follows the plant's live stream, and changes when the next data arrives.
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-status', 'live', { timeout: 30_000 });
    const before = await fingerprint(page);
    await expect.poll(() => fingerprint(page), { timeout: 200_000, intervals: [1_000] }).not.toBe(before);
  });

  test('the shortcuts switch the day chart to daily energy bars and back', async ({ page }) => {
    await signIn(page, DEMO.plant_owner);
    await page.getByTestId('plant-link').first().click();
    await expect(page.getByTestId('flow-diagram')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('day-shortcuts').getByText('Last 7 days').click();
    await expect(page.locator('[data-testid="range-chart"], [data-testid="range-chart-empty"]').first()).toBeVisible({
      timeout: 30_000,
    });
    await page.getByTestId('day-shortcuts').getByText('Today').click();
    await expect(page.getByTestId('day-chart').locator('canvas').first()).toBeVisible({ timeout: 30_000 });
  });
});
