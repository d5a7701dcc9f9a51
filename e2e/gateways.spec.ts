import ExcelJS from 'exceljs';
import type { Page } from '@playwright/test';
import { DEMO, expect, openDevice, signIn, test } from './support';

// A gateway of the demo fleet that the simulator keeps online (apps/server/src/modules/demo).
const SN = 'GW13001001';
const COMMAND = { timeout: 30_000 };

const openGateway = (page: Page) =>
  openDevice(page, { path: '/device/gateway', prefix: 'gateway', sn: SN, ready: 'gateway-fields' });

/** One good row and one whose serial has a hyphen: the check must name the second row's problem. */
async function importFile() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('gateways');
  ws.addRow(['sn', 'key', 'password']);
  ws.addRow(['GWE2E0001', 'KEYE2E01', 'Example2026pass']);
  ws.addRow(['GW-E2E-2', 'KEYE2E02', 'Example2026pass']);
  return {
    name: 'gateway-import.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: Buffer.from(await wb.xlsx.writeBuffer()),
  };
}

test.describe('gateways', () => {
  test('an admin changes the upload interval and sees the command succeed and land in the log', async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, DEMO.company_admin);
    await openGateway(page);

    const input = page.getByTestId('gateway-interval-input');
    await input.fill('5');
    await expect(page.getByTestId('gateway-interval')).toContainText('Enter whole seconds from 10 to 3600.');
    await expect(page.getByTestId('gateway-interval-send')).toBeDisabled();

    await input.fill('20');
    await page.getByTestId('gateway-interval-send').click();
    await expect(page.getByTestId('gateway-interval').getByTestId('command-status')).toHaveAttribute(
      'data-status',
      'succeeded',
      COMMAND,
    );
    const row = page.getByTestId('operation-log').locator('tr', { hasText: 'Upload interval' }).first();
    await expect(row).toContainText(DEMO.company_admin, COMMAND);
    await expect(row).toContainText('10 → 20');
    await expect(row).toContainText('Succeeded');
    await expect(page.getByTestId('gateway-fields')).toContainText('20 s', COMMAND);

    // The gateway's own log (logger/*), read from it: it says it took the new interval.
    await page.getByTestId('gateway-log-read').click();
    await expect(page.getByTestId('gateway-log-when')).toContainText('Read from the gateway at', COMMAND);
    await expect(page.getByTestId('gateway-log-lines')).toContainText('command uploadInterval succeeded');
  });

  test('a batch with a bad row shows that row’s problem and saves nothing', async ({ page }) => {
    test.setTimeout(60_000);
    await signIn(page, DEMO.company_admin);
    await page.goto('/device/gateway');
    await expect(page.getByTestId('gateway-stats-all-count')).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
    const before = await page.getByTestId('gateway-stats-all-count').textContent();
    await page.getByTestId('gateway-import-open').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('tab', { name: 'Batch from .xlsx' }).click();
    await dialog.locator('input[type=file]').setInputFiles(await importFile());
    const rows = page.getByTestId('gateway-import-rows');
    await expect(rows.locator('tr', { hasText: 'GW-E2E-2' })).toContainText('Serial number: letters and digits only');
    await expect(rows.locator('tr', { hasText: 'GWE2E0001' })).toContainText('OK');
    await expect(page.getByTestId('gateway-import-verdict')).toContainText('1 of 2 rows have problems');
    await expect(page.getByTestId('gateway-import-save')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Close' }).click();
    // The dialog's closing animation still covers the page; typing before it is gone can miss the box.
    await expect(dialog).toBeHidden();

    const search = page.getByTestId('gateway-toolbar-search').locator('input');
    await search.fill('GWE2E0001');
    await expect(search).toHaveValue('GWE2E0001');
    await search.press('Enter');
    await expect(page.getByTestId('gateway-table')).toContainText('No gateway matches these filters', {
      timeout: 15_000,
    });
    await page.goto('/device/gateway');
    await expect(page.getByTestId('gateway-stats-all-count')).toHaveText(before ?? '', { timeout: 30_000 });
  });

  test('a visitor sees a gateway but none of its actions', async ({ page }) => {
    await signIn(page, DEMO.visitor);
    await page.goto('/device/gateway');
    await expect(page.getByTestId('gateway-stats-all-count')).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
    await expect(page.getByTestId('gateway-import-open')).toHaveCount(0);
    await page.getByTestId('device-link').first().click();
    await expect(page.getByTestId('gateway-fields')).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('gateway-actions')).toHaveCount(0);
    await expect(page.getByTestId('gateway-interval-send')).toHaveCount(0);
    await expect(page.getByTestId('gateway-password-change')).toHaveCount(0);
    await expect(page.getByTestId('gateway-mesh-switch')).toBeDisabled();
  });
});
