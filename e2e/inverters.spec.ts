import type { Page, Response } from '@playwright/test';
import { pickInverter } from './api';
import { DEMO, expect, signIn, test } from './support';

// A command is answered within seconds (COMMAND_TIMEOUT_S is 15); the state it causes arrives with the next
// reading (every 10 s) and the inverter's page asks what may be done again every 30 s.
const COMMAND = { timeout: 30_000 };
const STATE = { timeout: 60_000 };
const LOADED = { timeout: 30_000 };

/**
 * Counts the POSTs to an inverter command route that the server took, so a test can say that nothing was
 * sent. A 401 is left out: the client refreshes its 8-second token and sends the same request again.
 */
function countPosts(page: Page, route: RegExp): () => number {
  const seen: Response[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && route.test(new URL(r.url()).pathname) && r.status() !== 401) seen.push(r);
  });
  return () => seen.length;
}

const popconfirm = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');

async function openInverter(page: Page, sn: string, tab?: string): Promise<void> {
  await page.goto(`/device/inverter/${sn}${tab ? `?tab=${tab}` : ''}`);
  await expect(page.getByTestId('inverter-detail')).toBeVisible(LOADED);
}

/** The newest operation-log row of an operation, on the inverter's Operation log tab. */
function logRow(page: Page, operation: string) {
  return page.getByTestId('operation-log').locator('tr.ant-table-row', { hasText: operation }).first();
}

test.describe('inverters', () => {
  test('an admin finds an inverter by serial, sees its realtime values and draws its chart', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    // It reads the MPPT table, so it needs an inverter with panels (a battery inverter leads the list at night).
    const sn = await pickInverter(page, { withPanels: true });
    await page.goto('/device/inverter');
    await expect(page.getByTestId('inverter-stats-all-count')).toHaveText(/^[1-9]\d*$/, LOADED);
    const search = page.getByTestId('inverters-toolbar-search').locator('input');
    await search.fill(sn);
    await search.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]q=${sn}(&|$)`));
    const rows = page.getByTestId('inverters-table').locator('tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(sn);

    // The search is kept in the address: a reload shows the same narrowed list.
    await page.reload();
    await expect(search).toHaveValue(sn, LOADED);
    await expect(rows).toHaveCount(1);

    await page.getByTestId(`inverter-link-${sn}`).click();
    await expect(page).toHaveURL(new RegExp(`/device/inverter/${sn}$`));
    await expect(page.locator('#inverter-title')).toContainText(sn, LOADED);
    const input = page.getByTestId('inverter-input');
    const output = page.getByTestId('inverter-output');
    await expect(input.locator('tbody tr.ant-table-row').first()).toContainText('MPPT 1', LOADED);
    await expect(input.locator('tbody tr.ant-table-row').first()).toContainText(/\d V/);
    await expect(output.locator('tbody tr.ant-table-row').first()).toContainText('Phase L1', LOADED);
    await expect(output.locator('tbody tr.ant-table-row').first()).toContainText(/\d V/);
    await expect(page.getByRole('heading', { name: 'DC input per MPPT/string' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'AC output per phase' })).toBeVisible();

    await page.getByRole('tab', { name: 'Charts' }).click();
    await expect(page).toHaveURL(/[?&]tab=charts/);
    const chart = page.getByTestId('inverter-chart');
    await expect(chart).toHaveAttribute('data-points', /^[1-9]\d*$/, LOADED);
    await expect(chart.locator('canvas').first()).toBeVisible();
    await expect(chart).toHaveAttribute('aria-label', /Production chart for \d{4}-\d{2}-\d{2}/);
  });

  test('remote debug reads holding registers and refuses a bad address without sending it', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    const sn = await pickInverter(page);
    const sent = countPosts(page, /\/api\/v1\/inverter\/[^/]+\/debug$/);
    await openInverter(page, sn, 'debug');
    await expect(page.getByTestId('debug-panel')).toBeVisible();
    const replies = page.getByTestId('debug-replies').locator('tbody tr.ant-table-row');
    // Count the earlier replies once they have loaded (a row, or the table's "none yet").
    await expect(replies.or(page.getByText('No debug commands yet')).first()).toBeVisible(LOADED);
    const before = await replies.count();

    await expect(page.getByTestId('debug-code')).toContainText('03 · read holding registers');
    await page.getByTestId('debug-address').fill('0000');
    await expect(page.getByTestId('debug-count')).toHaveValue('10');
    await page.getByTestId('debug-send').click();
    await expect(replies).toHaveCount(before + 1, COMMAND);
    const reply = replies.first();
    await expect(reply).toContainText('03 @ 0000 × 10');
    await expect(reply.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');
    await expect(reply.getByTestId('command-status')).toHaveText('Succeeded');
    // Each register in hex and decimal: "00E6 (230)".
    await expect(reply.getByTestId('debug-registers')).toContainText(/[0-9A-F]{4} \(\d+\)/);
    expect(await reply.getByTestId('debug-registers').locator('span').count()).toBeGreaterThan(1);
    expect(sent()).toBe(1);

    // Not four hex digits: refused on the form with the translated rule, and no command goes out.
    for (const bad of ['XYZ', '9C4', '12G4']) {
      await page.getByTestId('debug-address').fill(bad);
      await page.getByTestId('debug-send').click();
      await expect(page.getByTestId('debug-panel')).toContainText('Enter exactly 4 hexadecimal digits (0–9, A–F).');
    }
    // Five digits cannot even be typed: the field keeps four.
    await page.getByTestId('debug-address').fill('');
    await page.getByTestId('debug-address').pressSequentially('9C401');
    await expect(page.getByTestId('debug-address')).toHaveValue('9C40');
    await page.getByTestId('debug-address').fill('');
    await page.getByTestId('debug-send').click();
    await expect(page.getByTestId('debug-panel')).toContainText('Enter the register address.');
    await expect(replies).toHaveCount(before + 1);
    expect(sent()).toBe(1);

    await page.getByRole('tab', { name: 'Operation log' }).click();
    const row = logRow(page, 'Registers read');
    await expect(row).toContainText(DEMO.company_admin, LOADED);
    await expect(row.getByTestId('command-status')).toHaveText('Succeeded');

    // The debug log (Logs) has the read with its reply, found by the inverter's serial number.
    await page.goto(`/log/debug?q=${encodeURIComponent(sn)}`);
    const logged = page.getByTestId('debug-log-table').locator('tbody tr.ant-table-row').first();
    await expect(logged).toContainText(sn, LOADED);
    await expect(logged).toContainText('03 @ 0000 × 10');
    await expect(logged).toContainText(/[0-9A-F]{4} \(\d+\)/);
    await expect(logged.locator('[data-kind="read"]')).toHaveText('Read');
    await expect(logged).toContainText(DEMO.company_admin);
  });

  test('settings are read from the device, refused out of range, written and logged', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.company_admin);
    const sn = await pickInverter(page);
    const writes = countPosts(page, /\/api\/v1\/inverter\/[^/]+\/setting-write$/);
    const limit = page.getByTestId('setting-activePowerLimit');
    const result = page.getByTestId('settings-result');
    const write = async () => {
      await page.getByTestId('settings-write').click();
      await popconfirm(page).getByRole('button', { name: 'Write', exact: true }).click();
    };

    await page.goto(`/device/setting?sn=${sn}`);
    await expect(page.locator('#inverter-settings-title')).toHaveText('Inverter settings');
    await expect(page.getByTestId('settings-form')).toBeVisible(LOADED);
    await page.getByTestId('settings-read').click();
    await expect(result).toContainText('Last read:', COMMAND);
    await expect(result.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');
    // The form now holds the device's values.
    await expect(limit).toHaveValue(/^\d+$/);
    await expect(page.getByTestId('setting-reconnectDelaySec')).toHaveValue(/^\d+$/);
    const original = await limit.inputValue();
    const changed = original === '90' ? '80' : '90';

    // Out of range: the field says why and nothing is written.
    await limit.fill('150');
    await write();
    await expect(page.getByTestId('settings-form')).toContainText('Enter a value from 0 to 100.');
    await expect(result).toContainText('Last read:');
    expect(writes()).toBe(0);

    await limit.fill(changed);
    await write();
    await expect(result).toContainText('Last write:', COMMAND);
    await expect(result.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');
    await expect(page.getByTestId('settings-form')).not.toContainText('Enter a value from 0 to 100.');
    expect(writes()).toBe(1);

    // The inverter's operation log lists the write: who, old → new, how it ended.
    await openInverter(page, sn, 'log');
    const row = logRow(page, 'Settings written');
    await expect(row).toContainText(DEMO.company_admin, LOADED);
    await expect(row).toContainText(`{"activePowerLimit":${original}} → {"activePowerLimit":${changed}}`);
    await expect(row.getByTestId('command-status')).toHaveText('Succeeded');

    // Leave the inverter as it was for the other specs.
    await page.goto(`/device/setting?sn=${sn}`);
    await expect(limit).toHaveValue(changed, LOADED);
    await limit.fill(original);
    await write();
    await expect(result).toContainText('Last write:', COMMAND);
    await expect(result.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded');
  });

  test('an admin switches an inverter off (confirmed) and on again and sees each outcome', async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, DEMO.company_admin);
    const sn = await pickInverter(page);
    const commands = countPosts(page, /\/api\/v1\/inverter\/[^/]+\/(boot|shutdown)$/);
    await openInverter(page, sn);
    const boot = page.getByTestId('inverter-boot');
    const shutdown = page.getByTestId('inverter-shutdown');
    const last = page.getByTestId('inverter-last-command');
    await expect(shutdown).toBeEnabled(STATE);
    await expect(boot).toBeDisabled();

    // Off is confirmed first; cancelling sends nothing.
    await shutdown.click();
    await expect(popconfirm(page)).toContainText('Switch the inverter off?');
    await popconfirm(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(last).toHaveCount(0);
    expect(commands()).toBe(0);

    await shutdown.click();
    await popconfirm(page).getByRole('button', { name: 'Switch off', exact: true }).click();
    await expect(last.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded', COMMAND);
    await expect(last).toHaveText('Last command: Succeeded');
    // Once the inverter reports itself off, it may be switched on but not off again.
    await expect(boot).toBeEnabled(STATE);
    await expect(shutdown).toBeDisabled();

    await boot.click();
    await expect(popconfirm(page)).toContainText('Switch the inverter on?');
    await popconfirm(page).getByRole('button', { name: 'Switch on', exact: true }).click();
    await expect(last.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded', COMMAND);
    await expect(shutdown).toBeEnabled(STATE);
    await expect(boot).toBeDisabled();
    expect(commands()).toBe(2);

    await page.getByRole('tab', { name: 'Operation log' }).click();
    const off = logRow(page, 'Switched off');
    const on = logRow(page, 'Switched on');
    await expect(off).toContainText(DEMO.company_admin, LOADED);
    await expect(off.getByTestId('command-status')).toHaveText('Succeeded');
    await expect(on).toContainText(DEMO.company_admin);
    await expect(on.getByTestId('command-status')).toHaveText('Succeeded');
  });

  test('a visitor sees an inverter but none of its actions', async ({ page }) => {
    await signIn(page, DEMO.visitor);
    await page.goto('/device/inverter');
    await expect(page.getByTestId('inverter-stats-all-count')).toHaveText(/^[1-9]\d*$/, LOADED);
    const link = page.locator('[data-testid^="inverter-link-"]').first();
    const sn = ((await link.getAttribute('data-testid')) ?? '').replace('inverter-link-', '');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`/device/inverter/${sn}$`));
    await expect(page.getByTestId('inverter-input')).toBeVisible(LOADED);
    await expect(page.getByRole('tab', { name: 'Charts' })).toBeVisible();

    // No settings or debug tab, no link to the settings page; a shared link to the debug tab shows realtime.
    await expect(page.getByRole('tab', { name: 'Settings' })).toHaveCount(0);
    await expect(page.getByRole('tab', { name: 'Remote debug' })).toHaveCount(0);
    await expect(page.getByTestId('inverter-settings-page')).toHaveCount(0);
    // Alias, switch and delete are not usable; they say why.
    for (const action of ['inverter-alias', 'inverter-boot', 'inverter-shutdown', 'inverter-delete']) {
      await expect(page.getByTestId(action)).toBeDisabled();
      await expect(page.getByTestId(action).locator('..')).toHaveAttribute(
        'aria-label',
        'You can view this inverter but not change it.',
      );
    }
    await page.goto(`/device/inverter/${sn}?tab=debug`);
    await expect(page.getByTestId('inverter-input')).toBeVisible(LOADED);
    await expect(page.getByTestId('debug-panel')).toHaveCount(0);
  });

  test('configuration templates: created, a duplicate name refused, applied to an inverter', async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.company_admin);
    const sn = await pickInverter(page);
    const name = `E2E full power ${Date.now().toString(36)}`;
    await page.goto('/device/setting/recommend');
    await expect(page.getByTestId('config-templates')).toBeVisible(LOADED);
    const editor = page.getByRole('dialog', { name: 'New template' });

    // The simulated gateway applies the active power limit; 100 % is where the demo inverters stand.
    await page.getByTestId('template-create').click();
    await page.getByTestId('template-name').fill(name);
    await expect(page.getByTestId('template-protocol')).toContainText('Built-in settings (gateway decodes)');
    await page.getByTestId('template-activePowerLimit').fill('100');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeHidden();
    const row = page.getByTestId('templates-table').locator('tr.ant-table-row', { hasText: name });
    await expect(row).toContainText('Active power limit: 100');

    // The same name in other letters is refused with the server's translated message (1222).
    await page.getByTestId('template-create').click();
    await page.getByTestId('template-name').fill(name.toUpperCase());
    await page.getByTestId('template-activePowerLimit').fill('90');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(page.locator('.ant-message')).toContainText('A configuration template with this name already exists.');
    await expect(editor).toBeVisible();
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();
    await expect(page.getByTestId('templates-table').locator('tr.ant-table-row', { hasText: name })).toHaveCount(1);
    await expect(page.getByTestId('templates-table')).not.toContainText(name.toUpperCase());

    // Applied to one inverter: the dialog lists how it ended there.
    await page.getByTestId(`template-apply-${name}`).click();
    const dialog = page.getByRole('dialog', { name: `Apply “${name}”` });
    await expect(dialog).toBeVisible();
    await expect(page.locator('#apply-confirm')).toBeDisabled();
    await page.getByTestId('apply-inverters').click();
    await page.keyboard.type(sn);
    await page.locator('.ant-select-item-option', { hasText: sn }).click();
    // Close the picker (its list would cover the button) by clicking the dialog's title.
    await dialog.locator('.ant-modal-title').click();
    await page.locator('#apply-confirm').click();
    const results = page.getByTestId('apply-results');
    const result = results.locator('tr.ant-table-row', { hasText: sn });
    await expect(result.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded', COMMAND);
    await expect(result).toContainText('Succeeded');
    await page.locator('#apply-confirm').click();
    await expect(dialog).toBeHidden();

    await openInverter(page, sn, 'log');
    const logged = logRow(page, 'Template applied');
    await expect(logged).toContainText(DEMO.company_admin, LOADED);
    await expect(logged).toContainText(`"template":"${name}"`);
    await expect(logged.getByTestId('command-status')).toHaveText('Succeeded');
  });
});
