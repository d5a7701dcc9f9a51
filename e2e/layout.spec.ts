import type { Page } from '@playwright/test';
import { DEMO, expect, signIn, test } from './support';

/** Opens the first plant of the list, then its panel layout from the overview header, on the physical view. */
async function openPhysicalLayout(page: Page): Promise<void> {
  await page.goto('/plants');
  const first = page.getByTestId('plant-link').first();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await first.click();
  await page.getByTestId('open-layout').click();
  await expect(page).toHaveURL(/\/plants\/layout\/[^/?]+$/);
  await expect(page.getByTestId('logical-tree')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('tab-physical').click();
  await expect(page).toHaveURL(/view=physical/);
  await expect(page.getByTestId('roof-grid')).toBeVisible();
}

async function cellOf(page: Page, id: string): Promise<{ x: number; y: number }> {
  const panel = page.getByTestId(`panel-${id}`);
  return { x: Number(await panel.getAttribute('data-x')), y: Number(await panel.getAttribute('data-y')) };
}

test.describe('panel layout', () => {
  test('an administrator drags a panel to a new cell, saves, and finds it there after a reload', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    await openPhysicalLayout(page);

    const grid = page.getByTestId('roof-grid');
    const cell = Number(await grid.getAttribute('data-cell'));
    const ys = await grid
      .locator('[data-testid^="panel-"]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-y'))));
    const start = await cellOf(page, 'p1');
    // Two rows below the lowest panel is always on the grid and always free.
    const target = { x: start.x + 1, y: Math.max(...ys) + 2 };

    const from = await page.getByTestId('panel-p1').boundingBox();
    const box = await grid.boundingBox();
    if (!from || !box) throw new Error('the roof grid is not laid out');
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + (target.x + 0.5) * cell, box.y + (target.y + 0.5) * cell, { steps: 12 });
    await page.mouse.up();

    expect(await cellOf(page, 'p1')).toEqual(target);
    await expect(page.getByTestId('layout-unsaved')).toBeVisible();
    await expect(page.getByTestId('layout-status')).toContainText(`column ${target.x + 1}, row ${target.y + 1}`);
    await page.getByTestId('layout-save').click();
    await expect(page.getByText('The layout was saved.')).toBeVisible();
    await expect(page.getByTestId('layout-unsaved')).toHaveCount(0);

    await page.reload();
    await expect(page.getByTestId('roof-grid')).toBeVisible({ timeout: 30_000 });
    expect(await cellOf(page, 'p1')).toEqual(target);

    // The keyboard moves a focused panel too, and leaving with the change unsaved asks first.
    await page.getByTestId('panel-p1').focus();
    await page.keyboard.press('ArrowRight');
    expect(await cellOf(page, 'p1')).toEqual({ x: target.x + 1, y: target.y });
    await page.getByRole('link', { name: 'My Plants' }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Leave without saving?');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/plants\/layout\//);
    expect(await cellOf(page, 'p1')).toEqual({ x: target.x + 1, y: target.y });
  });

  test('a visitor sees the layout read-only', async ({ page }) => {
    await signIn(page, DEMO.visitor);
    await openPhysicalLayout(page);
    await expect(page.getByText('You can look at this layout but not change it.')).toBeVisible();
    await expect(page.getByTestId('layout-save')).toHaveCount(0);
    await expect(page.getByTestId('panel-add')).toHaveCount(0);
  });
});
