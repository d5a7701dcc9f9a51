import { DEMO, expect, signIn, test } from './support';

/**
 * Data screening (issue 16 point 6): a company administrator opens the dashboard from the Plant reports
 * submenu, sees the fleet's headline figures, the histogram and the demo plants ranked against their peers'
 * median; narrows them to one region, sorts by generation, and keeps the under-performers only (the demo fleet
 * may have none: then the empty state shows, matching the count on the card). Screenshots at 1440 × 900 and
 * 390 × 844, and in Hebrew. axe runs on every page the test sees (support.ts).
 */
test('screen the fleet: figures, region, sort, under-performers', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.company_admin);
  await page.goto('/plants');
  const menu = page.getByTestId('side-menu');
  await menu.getByRole('menuitem', { name: 'Plant reports' }).first().click();
  await menu.getByRole('menuitem', { name: 'Data screening' }).click();
  await expect(page).toHaveURL(/\/workdata\/screening$/);
  await expect(page.getByRole('heading', { name: 'Data screening' })).toBeVisible();

  const table = page.getByTestId('screening-table');
  const rows = table.locator('tbody tr.ant-table-row');
  const figure = (key: string) => page.getByTestId(`screening-kpi-${key}`).locator('.ant-statistic-content');
  const count = async (key: string) => Number((await figure(key).innerText()).replace(/[^\d]/g, ''));

  await expect(page.getByTestId('screening-figures')).toBeVisible();
  await expect(rows.first()).toBeVisible();
  const plants = await count('plants');
  expect(plants).toBeGreaterThan(0);
  await expect(rows).toHaveCount(Math.min(plants, 20));
  await expect(figure('pv')).toContainText(/Wh/);
  await expect(figure('median')).toContainText('kWh/kWp');
  await expect(page.getByTestId('screening-chart')).toHaveAttribute('aria-label', /< 50%: \d+, 50–80%: \d+/);

  // One region: every row is in that country, and the cards count only its plants.
  await page.getByTestId('screening-region').click();
  const option = page.locator('.ant-select-dropdown:visible .ant-select-item-option').first();
  const region = (await option.innerText()).trim();
  expect(region).not.toMatch(/^[A-Z]{2}$/); // a country's name, not its code
  await option.click();
  await expect(page).toHaveURL(/country=[A-Z]{2}/);
  await expect(rows.first()).toBeVisible();
  const regionCells = rows.locator('td:nth-child(2)');
  await expect.poll(async () => [...new Set(await regionCells.allInnerTexts())]).toEqual([region]);
  const inRegion = await count('plants');
  expect(inRegion).toBeLessThanOrEqual(plants);
  await expect(rows).toHaveCount(Math.min(inRegion, 20));
  await page.getByTestId('screening-toolbar-reset').click();
  await expect(page).not.toHaveURL(/country=/);
  await expect(rows).toHaveCount(Math.min(plants, 20));

  // Sorted by generation on the server: ascending, then descending.
  const pvHeader = table.getByRole('columnheader', { name: /Generation \(kWh\)/ });
  const pvValues = async () =>
    (await rows.locator('td:nth-child(6)').allInnerTexts()).map((s) => Number(s.replace(/,/g, '')));
  await pvHeader.click();
  await expect(page).toHaveURL(/sort=pv&order=asc/);
  await expect
    .poll(async () => {
      const v = await pvValues();
      return v.every((x, i) => i === 0 || x >= (v[i - 1] ?? 0));
    })
    .toBe(true);
  await pvHeader.click();
  await expect(page).toHaveURL(/sort=pv&order=desc/);
  await expect
    .poll(async () => {
      const v = await pvValues();
      return v.length > 1 && v.every((x, i) => i === 0 || x <= (v[i - 1] ?? 0));
    })
    .toBe(true);

  // Under-performers only: as many rows as the card counts, each tagged; none: the empty state.
  const under = await count('under');
  await page.getByRole('switch', { name: 'Under-performers only' }).click();
  await expect(page).toHaveURL(/under=true/);
  if (under === 0) {
    await expect(page.getByTestId('screening-empty')).toContainText('No plant matches the filters.');
    await expect(rows).toHaveCount(0);
  } else {
    await expect(rows).toHaveCount(Math.min(under, 20));
    await expect(table.getByTestId('screening-under-tag')).toHaveCount(Math.min(under, 20));
  }
  // The card turns it off again.
  await page.getByTestId('screening-kpi-under-button').click();
  await expect(page).not.toHaveURL(/under=true/);
  await expect(rows).toHaveCount(Math.min(plants, 20));

  // A year instead of a month: the picker turns to years and the figures are read again.
  await page.getByTestId('screening-period').getByText('Yearly').click();
  await expect(page).toHaveURL(/period=yearly/);
  await expect(page.getByLabel('Report period')).toHaveValue(/^\d{4}$/);
  await expect(rows.first()).toBeVisible();
  expect(await count('plants')).toBe(plants);

  await page.goto('/workdata/screening');
  await expect(rows.first()).toBeVisible();
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 844 });
    await expect(page.getByTestId('screening-chart')).toBeVisible();
    await page.waitForTimeout(400);
    // Nothing wider than the screen but the table's own scroller.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `docs/screenshots/screening-${width}.png`, fullPage: true });
  }
  // On a phone the essential columns stay: plant, kWh/kWp, share of the median.
  await expect(table.getByRole('columnheader', { name: 'Share of median' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'kWh/kWp' })).toBeVisible();

  // In Hebrew the page mirrors.
  await page.evaluate(() => localStorage.setItem('language', 'he'));
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: 'סינון נתונים' })).toBeVisible();
  await expect(rows.first()).toBeVisible();
  await expect(page.getByTestId('screening-chart')).toBeVisible();
  await page.waitForTimeout(400);
  await page.screenshot({ path: 'docs/screenshots/screening-he-1440.png', fullPage: true });
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});
