import { pickInverter } from './api';
import { DEMO, expect, signIn, test } from './support';

// The simulated gateway answers a scan at once; COMMAND_TIMEOUT_S is 15.
const COMMAND = { timeout: 30_000 };
const LOADED = { timeout: 30_000 };

const number = (text: string | null) => Number.parseFloat((text ?? '').replace(/[^\d.]/g, ''));

test('an admin scans an inverter’s I-V curves and sees a chart and the key points', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.company_admin);
  const sn = await pickInverter(page, { withPanels: true });
  await page.goto(`/device/inverter/${sn}`);
  await expect(page.getByTestId('inverter-detail')).toBeVisible(LOADED);
  await page.getByRole('tab', { name: 'I-V curve' }).click();
  await expect(page).toHaveURL(/[?&]tab=iv(&|$)/);
  await expect(page.getByTestId('iv-empty')).toBeVisible();

  // The scan is confirmed first: it tells the person that production dips.
  const scan = page.getByTestId('iv-scan');
  await expect(scan).toBeEnabled(LOADED);
  await scan.click();
  await expect(page.locator('.ant-popconfirm:not(.ant-popover-hidden)')).toContainText('production dips');
  await page.getByTestId('iv-scan-confirm').click();

  const card = page.getByTestId('iv-card');
  await expect(card.getByTestId('command-status')).toHaveAttribute('data-status', 'succeeded', COMMAND);
  await expect(card.getByTestId('command-status')).toHaveText('Succeeded');
  await expect(page.getByTestId('iv-chart').locator('canvas').first()).toBeVisible(LOADED);

  const rows = page.getByTestId('iv-table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toContainText('MPPT 1');
  const cells = rows.first().locator('td');
  const voc = number(await cells.nth(1).textContent());
  const vmp = number(await cells.nth(3).textContent());
  // In the dark (the e2e fleet sleeps between about 15:30 and 19:30 UTC) no current flows, and the card says so.
  if (!(await page.getByTestId('iv-dark').isVisible())) {
    expect(vmp).toBeGreaterThan(0);
    expect(voc).toBeGreaterThan(vmp);
  }
  await expect(cells.nth(1)).toContainText(' V');
  await expect(cells.nth(2)).toContainText(' A');
  await expect(cells.nth(5)).toContainText('W');

  // The scan is in the inverter's operation log.
  await page.getByRole('tab', { name: 'Operation log' }).click();
  const logged = page
    .getByTestId('operation-log')
    .locator('tr.ant-table-row', { hasText: 'I-V curve scanned' })
    .first();
  await expect(logged).toContainText(DEMO.company_admin, LOADED);
  await expect(logged.getByTestId('command-status')).toHaveText('Succeeded');
});
