import type { Browser, Page } from '@playwright/test';
import { AccessibilityWatch, formatViolations } from './a11y';
import { DEMO, DEMO_PASSWORD, expect, test } from './support';

/**
 * The application centre (issue 17 point 6): the demo administrator binds a simulated bulb to a plant and dims
 * it; a LoRa master node's realtime share link opens in a fresh browser without signing in, shows the
 * sub-nodes' readings and stops once revoked. Screenshots go to docs/screenshots/.
 */

const DEMO_LORA_MASTER = 'LM10000001';
/** The machine running the specs may be busy: the waits on the server's answers are longer than the default. */
const SLOW = { timeout: 30_000 };

async function signIn(page: Page, account: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(DEMO_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expect(page.getByTestId('user-menu')).toBeVisible(SLOW);
}

/**
 * Moves within the console without reloading it: a reload while the short-lived access token is being
 * refreshed could present the spent refresh token again, which (rightly) ends the session.
 */
async function go(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

async function freshBrowser(
  browser: Browser,
): Promise<{ page: Page; watch: AccessibilityWatch; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const watch = new AccessibilityWatch();
  await watch.attach(context);
  const page = await context.newPage();
  return { page, watch, close: () => context.close() };
}

test.describe('application centre', () => {
  test('binds a simulated bulb to a plant and dims it', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO.company_admin);
    await go(page, '/acenter');
    await expect(page.getByTestId('acenter')).toBeVisible(SLOW);
    // The demo linked its simulated account and bound two bulbs at start.
    await expect(page.getByTestId('light-account-linked')).toBeVisible(SLOW);
    await expect(page.getByTestId('lights-table')).toContainText('Entrance', SLOW);

    const alias = `Gate ${Date.now().toString(36)}`;
    await page.getByTestId('light-bind').click();
    const dialog = page.getByRole('dialog', { name: 'Bind a bulb to a plant' });
    await dialog.getByTestId('light-bind-bulb').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByTestId('light-bind-plant').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await dialog.getByTestId('light-bind-alias').fill(alias);
    await dialog.getByRole('button', { name: 'Bind a bulb' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('lights-table').getByRole('row', { name: new RegExp(alias) });
    await expect(row).toBeVisible(SLOW);
    await expect(row.getByTestId('light-state')).toHaveAttribute('data-brightness', '0');

    // Dim it to 35 %: the row shows the brightness the server kept.
    const input = row.getByRole('spinbutton');
    await input.fill('35');
    await input.press('Enter');
    await expect(row.getByTestId('light-state')).toHaveAttribute('data-brightness', '35', SLOW);
    await expect(row.getByTestId('light-state')).toContainText('35 %');

    await page.screenshot({ path: 'docs/screenshots/acenter-1440.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('acenter-lights')).toBeVisible();
    await page.screenshot({ path: 'docs/screenshots/acenter-390.png', fullPage: true });
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-option-he').click();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('lights-table')).toContainText(alias, SLOW);
    await page.screenshot({ path: 'docs/screenshots/acenter-he-1440.png', fullPage: true });
  });

  test('a LoRa realtime share link shows the sub-nodes without signing in, until revoked', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signIn(page, DEMO.company_admin);
    await go(page, `/device/lora/${DEMO_LORA_MASTER}`);
    await page.getByTestId('lora-share').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('lora-share-make').click();
    const url = (await dialog.getByTestId('lora-share-url-all').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/lora-realtime\?token=hgl_/);

    const site = await freshBrowser(browser);
    try {
      await site.page.goto(url);
      const nodes = site.page.getByTestId('lora-realtime-nodes');
      await expect(nodes).toContainText('LN10000011', SLOW);
      await expect(nodes.getByTestId('lora-realtime-rssi').first()).toContainText('dBm');
      await site.page.screenshot({ path: 'docs/screenshots/lora-realtime-1440.png', fullPage: true });
      // The meter view shows the master's sub-meter only.
      await site.page.getByRole('link', { name: 'Meters' }).click();
      await expect(site.page).toHaveURL(/\/lora-meter-realtime\?token=/);
      await expect(nodes).toContainText('LE10000014', SLOW);
      await expect(nodes).not.toContainText('LN10000011');

      // Revoked from the node's page: the public page says so instead of showing data.
      await dialog.getByTestId('lora-share-revoke').first().click();
      await page.getByRole('button', { name: 'Revoke' }).last().click();
      await expect(dialog.getByTestId('lora-share-row')).toHaveCount(0, SLOW);
      await site.page.reload();
      await expect(site.page.getByTestId('lora-realtime-revoked')).toBeVisible(SLOW);
      await expect(site.page.getByTestId('lora-realtime-nodes')).toHaveCount(0);
      for (const p of site.page.context().pages()) await site.watch.scan(p);
      const found = await site.watch.violations();
      expect(found, formatViolations(found)).toEqual([]);
    } finally {
      await site.close();
    }
  });
});
