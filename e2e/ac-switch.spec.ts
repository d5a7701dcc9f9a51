import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { DEMO, expect, openDevice, signIn, test } from './support';

// The demo fleet's simulated switch (apps/server/src/modules/ac-switches/demo.ts).
const SN = 'SW10000001';
// A command is answered within seconds (COMMAND_TIMEOUT_S is 15); the reported state follows with the next
// reading (every 10 s) and the page asks again every 10 s.
const COMMAND = { timeout: 30_000 };
const STATE = { timeout: 45_000 };

const openSwitch = (page: Page) =>
  openDevice(page, { path: '/device/acSwitch', prefix: 'switch', sn: SN, ready: 'switch-realtime' });

const stateOf = (page: Page) => page.getByTestId('switch-field-state').getByTestId('switch-state');

test.describe('smart AC switches', () => {
  test('an admin switches a switch off (confirmed) and on again and sees each outcome in the log', async ({ page }) => {
    test.setTimeout(150_000);
    await signIn(page, DEMO.company_admin);
    await openSwitch(page);
    await expect(stateOf(page)).toHaveAttribute('data-state', 'on', STATE);

    // Off is confirmed first; cancelling sends nothing.
    await page.getByTestId('switch-off').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('switch-last-command')).toHaveCount(0);

    await page.getByTestId('switch-off').click();
    await expect(page.getByRole('dialog')).toContainText(`Turn ${SN} off?`);
    await page.getByTestId('switch-off-confirm').click();
    await expect(page.getByTestId('switch-last-command').getByTestId('command-status')).toHaveAttribute(
      'data-status',
      'succeeded',
      COMMAND,
    );
    await expect(page.getByTestId('switch-last-command')).toContainText('Turn off: Succeeded');
    await expect(stateOf(page)).toHaveAttribute('data-state', 'off', STATE);
    await expect(stateOf(page)).toHaveText('Off');

    await page.getByTestId('switch-on').click();
    await expect(page.getByTestId('switch-last-command')).toContainText('Turn on: Succeeded', COMMAND);
    await expect(stateOf(page)).toHaveAttribute('data-state', 'on', STATE);

    const log = page.getByTestId('operation-log');
    const off = log.locator('tr', { hasText: 'Turned off' }).first();
    const on = log.locator('tr', { hasText: 'Turned on' }).first();
    await expect(off).toContainText(DEMO.company_admin);
    await expect(off).toContainText('Succeeded');
    await expect(off).toContainText('true → false');
    await expect(on).toContainText(DEMO.company_admin);
    await expect(on).toContainText('Succeeded');

    // The list shows the same state, with its toggle.
    await page.getByTestId('back-to-list').click();
    await expect(page.getByTestId(`switch-toggle-${SN}`)).toBeChecked(STATE);
  });

  test('timing tasks read as sentences and bad limits are refused without saving', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.company_admin);
    await openSwitch(page);

    const limits = page.getByTestId('switch-limits');
    await page.getByTestId('limit-0-overVoltageV').fill('150');
    await page.getByTestId('limits-save').click();
    await expect(limits).toContainText('The over-voltage must be above the under-voltage.');
    await page.reload();
    await expect(page.getByTestId('limit-0-overVoltageV')).toHaveValue('264', { timeout: 30_000 });

    await page.getByTestId('task-add').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Send to the switch' }).click();
    await expect(page.getByTestId('tasks-last-command').getByTestId('command-status')).toHaveAttribute(
      'data-status',
      'succeeded',
      COMMAND,
    );
    await expect(page.getByTestId('task-row').first()).toHaveText('Every Mon–Fri at 07:00: on', COMMAND);
    await expect(page.getByTestId('operation-log')).toContainText('Changed the timing tasks');

    // The self-check cuts power for ten seconds: confirmed first, counted down, then its outcome.
    await page.getByTestId('selfcheck-run').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Run the self-check' }).click();
    await expect(page.getByTestId('selfcheck-progress')).toContainText(/Self-check running: \d+ s left/);
    await expect(page.getByTestId('selfcheck-outcome')).toContainText('Self-check: Succeeded', COMMAND);
    await expect(page.getByTestId('operation-log')).toContainText('Leakage self-check');
  });

  test('switches are added one by form or many from a checked .xlsx, all or none', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.company_admin);
    await page.goto('/device/acSwitch');
    await expect(page.getByTestId('switch-stats-all-count')).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
    await page.getByTestId('switch-create-open').click();
    const dialog = page.getByRole('dialog');

    // A serial with a hyphen is refused on the form; nothing is sent.
    await page.getByTestId('switch-create-sn').fill('SW-1');
    await page.getByTestId('switch-create-key').fill('KEY1');
    await page.getByTestId('switch-create-password').fill('weak');
    await page.getByTestId('switch-create-save').click();
    await expect(dialog).toContainText('Letters and digits only.');
    await expect(dialog).toContainText('Use 8 to 24 characters with capital letters, lower-case letters and digits.');

    // The template's example row passes the check and is saved; the same file again is refused row by row.
    await dialog.getByRole('tab', { name: 'Several from a file' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('switch-import-template').click(),
    ]);
    // Named as the browser would keep it: the check takes .xlsx files only.
    const file = {
      name: 'ac-switch-import.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await readFile(await download.path()),
    };
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect(page.getByTestId('switch-import-verdict')).toContainText('Every row passes the check (1).');
    await page.getByTestId('switch-import-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('device-link').filter({ hasText: 'SW00000001' })).toBeVisible();

    await page.getByTestId('switch-create-open').click();
    await dialog.getByRole('tab', { name: 'Several from a file' }).click();
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect(page.getByTestId('switch-import-rows')).toContainText('Serial number already registered');
    await expect(page.getByTestId('switch-import-save')).toBeDisabled();
  });

  test('a visitor sees the switch but none of its actions', async ({ page }) => {
    await signIn(page, DEMO.visitor);
    await openSwitch(page);
    await expect(stateOf(page)).toBeVisible();
    await expect(page.getByTestId('switch-on')).toHaveCount(0);
    await expect(page.getByTestId('switch-off')).toHaveCount(0);
    await expect(page.getByTestId('selfcheck-run')).toHaveCount(0);
    await expect(page.getByTestId('switch-delete')).toHaveCount(0);
    await expect(page.getByTestId('limits-save')).toHaveCount(0);
    await expect(page.getByTestId('task-add')).toHaveCount(0);
    await page.getByTestId('back-to-list').click();
    await expect(page.getByTestId('device-link').first()).toBeVisible();
    await expect(page.getByTestId(`switch-toggle-${SN}`)).toHaveCount(0);
    await expect(page.getByTestId('switch-create-open')).toHaveCount(0);
  });
});
