import type { Page } from '@playwright/test';
import { apiGet } from './api';
import { DEMO, expect, signIn, test } from './support';

// The demo fleet's simulated switch (apps/server/src/modules/ac-switches/demo.ts), on the first demo plant.
const SN = 'SW10000001';
const NAME = 'E2E switch-off rule';

async function choose(page: Page, testId: string, text: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option', { hasText: text }).first().click();
}

test.describe('smart rules', () => {
  test('an admin makes a rule that switches the demo switch off every minute and sees it fire', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, DEMO.company_admin);
    const sw = await apiGet<{ plantName: string; on: boolean }>(page, `/api/v1/acSwitch/${SN}/info`);

    await page.goto('/intelligence/list');
    await expect(page.getByTestId('rules-page')).toBeVisible();
    await expect(page.getByTestId('rules-table')).toBeVisible();

    await page.getByTestId('rule-create').click();
    const editor = page.getByTestId('rule-editor');
    await expect(editor).toBeVisible();
    await page.getByTestId('rule-name').fill(NAME);
    await choose(page, 'rule-plant', sw.plantName);

    // A schedule every minute fires in the minute it is made: the engine looks as soon as a rule is saved.
    await page.getByTestId('rule-schedule-mode').getByText('Every few minutes').click();
    await page.getByTestId('rule-every').fill('1');

    // A light action at 101 % is refused before anything is sent, with the rule's words.
    await page.getByTestId('rule-add-action').click();
    const second = page.getByTestId('rule-action').nth(1);
    await second.getByTestId('rule-action-kind').click();
    await page.locator('.ant-select-item-option', { hasText: 'Set a light' }).click();
    await second.getByLabel('Light', { exact: true }).fill('L-1');
    await second.getByRole('spinbutton', { name: 'Brightness' }).fill('101');
    await page.getByTestId('rule-save').click();
    await expect(second).toContainText('The brightness must be a whole number from 0 to 100.');
    await second.getByRole('button', { name: 'Remove this action' }).click();

    const first = page.getByTestId('rule-action').first();
    await choose(page, 'rule-action-switch', SN);
    await first.getByTestId('rule-action-on').getByText('Off').click();
    await page.getByTestId('rule-save').click();
    await expect(editor).toBeHidden();

    const row = page.getByTestId('rules-table').locator('tr', { hasText: NAME });
    await expect(row).toContainText(`Switch ${SN} off`);
    await expect(row).toContainText('Every 1 min');

    // The run log shows the firing and the switch's answer.
    await row.getByTestId('rule-runs').click();
    const log = page.getByTestId('rule-run-log');
    await expect(log.getByTestId('rule-outcome').first()).toHaveAttribute('data-status', 'succeeded', {
      timeout: 60_000,
    });
    await expect(log).toContainText('Succeeded');
    // The switch reports its new state with its next reading (every 10 s in the e2e fleet).
    await expect
      .poll(async () => (await apiGet<{ on: boolean }>(page, `/api/v1/acSwitch/${SN}/info`)).on, { timeout: 60_000 })
      .toBe(false);
    await page.keyboard.press('Escape');

    // Disabled, then deleted after a confirmation.
    await row.getByTestId('rule-enable').click();
    await expect(row.getByTestId('rule-enable')).not.toBeChecked();
    await row.getByTestId('rule-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('rules-table').locator('tr', { hasText: NAME })).toHaveCount(0);
  });
});
