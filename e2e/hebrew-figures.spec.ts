import { DEMO, expect, signIn, test } from './support';

// Issue 9, "Hebrew": on a phone in Hebrew the plant cards showed "kW 97.7". Each figure-with-unit is one
// left-to-right isolate, so it reads "97.7 kW" in a right-to-left page as it does on the device pages.
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('the Hebrew phone plant list shows each figure before its unit', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('language', 'he'));
  await signIn(page, DEMO.company_admin);
  await page.goto('/plants?view=cards');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const values = page.getByTestId('plant-card').first().locator('.hg-plant-card-value');
  await expect(values).toHaveCount(3);
  for (const value of await values.all()) {
    // Figure first, then a unit (or the two dashes of a missing figure).
    await expect(value).toHaveText(/^(-?[\d.,]+ (W|kW|MW|GW|kWh|MWh|GWh)|--)$/);
    // Isolated left to right, whatever the page's direction: this is what keeps "97.7 kW" on screen.
    expect(
      await value.evaluate((el) => {
        const style = getComputedStyle(el);
        return { direction: style.direction, bidi: style.unicodeBidi };
      }),
    ).toEqual({ direction: 'ltr', bidi: 'isolate' });
  }
  // What a reader sees: the figure's digits are left of its unit.
  const power = page.locator('.hg-plant-card-value').filter({ hasText: /\d \S/ }).first();
  const order = await power.evaluate((el) => {
    const text = el.textContent ?? '';
    const range = document.createRange();
    const node = el.firstChild as Text;
    const space = text.indexOf(' ');
    range.setStart(node, 0);
    range.setEnd(node, space);
    const figure = range.getBoundingClientRect();
    range.setStart(node, space + 1);
    range.setEnd(node, text.length);
    const unit = range.getBoundingClientRect();
    return { figureLeft: figure.left, unitLeft: unit.left };
  });
  expect(order.figureLeft).toBeLessThan(order.unitLeft);
});
