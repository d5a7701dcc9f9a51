import type { Page } from '@playwright/test';
import { DEMO, expect, openDevice, signIn, test } from './support';

// The demo fleet's simulated switch connects on its own: it is its own gateway (ac-switches/demo.ts).
const SN = 'SW10000001';
// A command is answered within seconds (COMMAND_TIMEOUT_S is 15); the log is written every second.
const COMMAND = { timeout: 30_000 };
const LOG = { timeout: 15_000 };

const rows = (page: Page) => page.getByTestId('comm-log-table').locator('tr.ant-table-row');

test.describe('communication log', () => {
  test('the command an admin sends from the console is in the gateway log, with the gateway’s answer', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await signIn(page, DEMO.company_admin);
    await openDevice(page, { path: '/device/acSwitch', prefix: 'switch', sn: SN, ready: 'switch-realtime' });
    await page.getByTestId('switch-off').click();
    await page.getByTestId('switch-off-confirm').click();
    await expect(page.getByTestId('switch-last-command').getByTestId('command-status')).toHaveAttribute(
      'data-status',
      'succeeded',
      COMMAND,
    );

    // The log asks for a gateway first; the picker searches the caller's gateways (simulated, reporting every 10 s).
    await page.goto('/log/commu');
    await expect(page.getByTestId('comm-log-pick')).toBeVisible();
    await page.getByTestId('comm-log-gateway').click();
    await page.keyboard.type('GW');
    await page.locator('.ant-select-item-option').filter({ hasText: /^GW/ }).first().click();
    await expect(page).toHaveURL(/sn=GW/);
    const gateway = new URL(page.url()).searchParams.get('sn') ?? '';
    const telemetry = rows(page).filter({ hasText: 'up/telemetry' }).first();
    await expect(telemetry).toBeVisible(LOG);
    // A fleet's telemetry is logged as summaries; a technician keeps one gateway's in full for a day.
    await telemetry.locator('.ant-table-row-expand-icon').click();
    await expect(page.getByTestId('comm-log-not-kept')).toBeVisible(LOG);
    const recording = page.getByTestId('comm-log-recording');
    await expect(recording).toContainText('logged as a summary');
    await page.getByTestId('comm-log-recording-toggle').click();
    await expect(recording).toContainText('kept in full until');
    await page.getByTestId('comm-log-recording-toggle').click();
    await expect(recording).toContainText('logged as a summary');

    // What was sent: the newest command, to the switch; opened, its payload names the command.
    await page.goto(`/log/commu?sn=${SN}&direction=down&channel=down/cmd`);
    const command = rows(page)
      .filter({ hasText: `to ${SN}` })
      .first();
    await expect(command).toBeVisible(LOG);
    await expect(command.locator('[data-direction="down"]')).toHaveText('Sent');
    await command.locator('.ant-table-row-expand-icon').click();
    const payload = page.getByTestId('comm-log-payload');
    await expect(payload).toContainText('"cmdId"', LOG);
    const cmdId = /"cmdId": "([^"]+)"/.exec((await payload.textContent()) ?? '')?.[1] ?? '';
    expect(cmdId).not.toBe('');

    // Its id, searched in all messages: the command and the gateway's answer, newest first.
    await page.goto(`/log/commu?sn=${SN}`);
    await page.getByRole('searchbox', { name: 'Search in the messages' }).fill(cmdId);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(rows(page)).toHaveCount(2, LOG);
    await expect(rows(page).nth(0)).toContainText(`Answer to command ${cmdId}: succeeded`);
    await expect(rows(page).nth(0)).toContainText('up/ack');
    await expect(rows(page).nth(1)).toContainText('down/cmd');

    // The gateway's own page links to its log.
    await page.goto(`/device/gateway/${gateway}`);
    await page.getByTestId('gateway-comm-log').click();
    await expect(page).toHaveURL(new RegExp(`/log/commu\\?sn=${gateway}$`));
    await expect(rows(page).first()).toBeVisible(LOG);
  });
});
