import { DEMO, expect, signIn, test } from './support';

// Issue 11: the plant map asks the server for the visible box at its zoom (plants/mapClusters) instead of
// every plant. After framing on the fleet, every plant of the company is in view, each either a point or
// counted in a bubble, and the side list opens a plant or zooms into a bubble.
test('the plant map shows the fleet in view and opens a plant from it', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/plants/mapClusters')) asked.push(new URL(r.url()).searchParams.get('bbox') ?? '');
  });
  await signIn(page, DEMO.company_admin);
  await page.goto('/plants?view=map');
  const map = page.getByTestId('plant-map-offline');
  await expect(map.locator('canvas')).toBeVisible({ timeout: 30_000 });
  const allCount = page.getByTestId('plant-stats-all-count');
  await expect(allCount).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
  const all = Number(await allCount.textContent());
  // Framed on the plants: all of them are in view once the framed box has been answered.
  await expect(map).toHaveAttribute('data-total', String(all), { timeout: 20_000 });
  await expect(page.getByTestId('plant-map-list')).toContainText(String(all));
  // The world first (to learn where the plants are), then the box the map settled on.
  await expect.poll(() => asked.length).toBeGreaterThanOrEqual(2);
  expect(asked[0]).toBe('-180,-90,180,90');

  const list = page.getByTestId('plant-map-list');
  // Bubbles open on a click until single plants show; each step keeps the map's view answered.
  for (let i = 0; i < 6 && (await list.getByTestId('plant-map-link').count()) === 0; i++) {
    const before = asked.length;
    await list.getByTestId('plant-map-cluster-link').first().click();
    await expect.poll(() => asked.length).toBeGreaterThan(before);
  }
  const link = list.getByTestId('plant-map-link').first();
  const name = (await link.textContent()) ?? '';
  await link.click();
  await expect(page).toHaveURL(/\/plants\/overview\//);
  await expect(page.getByText(name).first()).toBeVisible();
});
