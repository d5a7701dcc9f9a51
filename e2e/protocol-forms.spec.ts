import type { Page } from '@playwright/test';
import { apiGet } from './api';
import { DEMO, expect, signIn, test } from './support';

// A command is answered within seconds (COMMAND_TIMEOUT_S is 15); the communication log is written every second.
const COMMAND = { timeout: 30_000 };
const LOADED = { timeout: 30_000 };

interface InverterRow {
  sn: string;
  protocol: string;
  status: string;
  gatewaySn: string;
  writable: boolean;
}

const popconfirm = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
const dialog = (page: Page) => page.locator('.ant-modal:visible');

/** Picks an option of an antd Select by typing its text. */
async function choose(page: Page, select: ReturnType<Page['getByTestId']>, text: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-item-option').filter({ hasText: text }).first().click();
}

test.describe('settings forms from protocol data', () => {
  test('a register map added in the console makes a simulated inverter’s settings form, read and written through its gateway', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    // A code of its own per run (6-12 characters), so a rerun on the same data adds a new protocol.
    const code = `VX${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    await signIn(page, DEMO.platform_admin);

    // A working inverter of the demo fleet; the last of the list, so the specs that take the first keep theirs.
    const list = await apiGet<{ rows: InverterRow[] }>(page, '/api/v1/inverters?page=1&size=100&sort=sn&order=asc');
    const inv = list.rows.filter((r) => r.protocol === 'metrics' && r.status === 'normal' && r.writable).at(-1);
    if (!inv) throw new Error('the demo fleet has no working metrics inverter');

    // 1. The register map, through the protocol management page: a `settings` config with one holding register.
    await page.goto('/management/protocol');
    await page.getByTestId('protocol-new').click();
    await page.getByTestId('protocol-code').fill(code);
    await page.getByTestId('protocol-manufacturer').fill('Vendor X');
    await page.getByTestId('protocol-version').fill('1.0');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('protocol-editor')).toContainText(code, LOADED);
    await page.getByTestId('config-add').click();
    await page.getByTestId('config-name').fill('settings');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('config-select')).toContainText('settings', LOADED);
    await page.getByTestId('column-add').click();
    const column = page.getByTestId('column-form');
    await page.getByTestId('column-name').fill('ExportPct');
    await page.getByTestId('column-address').fill('2000');
    await column.getByRole('spinbutton', { name: 'Scale (optional)' }).fill('0.1');
    await column.getByRole('textbox', { name: 'Unit (optional)' }).fill('%');
    await page.getByTestId('column-description-en').fill('Export limit');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByTestId('column-table')).toContainText('ExportPct', LOADED);

    // 2. The inverter bound to it on its own page.
    await page.goto(`/device/inverter/${inv.sn}`);
    await expect(page.getByTestId('inverter-detail')).toBeVisible(LOADED);
    await page.getByTestId('inverter-protocol').click();
    await choose(page, page.getByTestId('inverter-protocol-select'), code);
    await page.locator('#inverter-protocol-save').click();
    await expect(page.getByText('The protocol was saved.')).toBeVisible();

    // 3. Its settings form is the map's column: read (nothing written yet: 0), write 42.5 %, read it back.
    await page.goto(`/device/setting?sn=${inv.sn}`);
    const field = page.getByTestId('setting-ExportPct');
    const result = page.getByTestId('settings-result');
    await expect(page.getByTestId('settings-form')).toContainText('Export limit', LOADED);
    await page.getByTestId('settings-read').click();
    await expect(result).toContainText('Last read:', COMMAND);
    await expect(result.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');
    await expect(field).toHaveValue(/^0(\.0)?$/);

    // Out of the column's range (u16 × 0.1 holds 0 to 6553.5): refused in the form.
    await field.fill('7000');
    await page.getByTestId('settings-write').click();
    await popconfirm(page).getByRole('button', { name: 'Write', exact: true }).click();
    await expect(page.getByTestId('settings-form')).toContainText('Enter a value from 0 to 6553.5.');
    await expect(result).toContainText('Last read:');

    await field.fill('42.5');
    await page.getByTestId('settings-write').click();
    await popconfirm(page).getByRole('button', { name: 'Write', exact: true }).click();
    await expect(result).toContainText('Last write:', COMMAND);
    await expect(result.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');
    await field.fill('1');
    await page.getByTestId('settings-read').click();
    await expect(result).toContainText('Last read:', COMMAND);
    await expect(result.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');
    await expect(field).toHaveValue('42.5');

    // 4. The gateway's communication log holds the command that carried the write: the register 425 at 2000.
    await page.goto(`/log/commu?sn=${inv.gatewaySn}&direction=down&channel=down/cmd`);
    await page.getByRole('searchbox', { name: 'Search in the messages' }).fill('settingsWrite');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const sent = page
      .getByTestId('comm-log-table')
      .locator('tr.ant-table-row')
      .filter({ hasText: `settingsWrite to ${inv.sn}` })
      .first();
    await expect(sent).toBeVisible({ timeout: 15_000 });
    await sent.locator('.ant-table-row-expand-icon').click();
    const payload = page.getByTestId('comm-log-payload');
    await expect(payload).toContainText('"writes"', LOADED);
    await expect(payload).toContainText('"start": 8192');
    await expect(payload).toContainText('425');

    // Leave the inverter as the other specs expect it.
    await page.goto(`/device/inverter/${inv.sn}`);
    await page.getByTestId('inverter-protocol').click();
    await choose(page, page.getByTestId('inverter-protocol-select'), 'metrics');
    await page.locator('#inverter-protocol-save').click();
    await expect(page.getByText('The protocol was saved.')).toBeVisible();
  });
});
