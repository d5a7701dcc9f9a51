import { expect, test, type Page } from '@playwright/test';
import { DEMO, signIn } from './support';

// The simulated gateway answers a scan at once; COMMAND_TIMEOUT_S is 15.
const COMMAND = { timeout: 30_000 };
const LOADED = { timeout: 30_000 };

interface InverterRow {
  sn: string;
  protocol: string;
  status: string;
  powerW: number | null;
  writable: boolean;
}

/**
 * GET an API path with the page's own token. The e2e server issues 8-second access tokens: after a 401 the
 * page is reloaded so the app refreshes its token itself (a second refresh of ours would race it).
 */
async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string }).access_token);
  for (let attempt = 0; attempt < 3; attempt++) {
    const used = await token();
    const res = await page.evaluate(
      async ([p, t]) => {
        const r = await fetch(p, { headers: { Authorization: `Bearer ${t ?? ''}` } });
        return { status: r.status, body: r.ok ? ((await r.json()) as { code: number; data: unknown }) : null };
      },
      [path, used] as const,
    );
    if (res.status === 200 && res.body?.code === 0) return res.body.data as T;
    if (res.status !== 401) throw new Error(`GET ${path}: HTTP ${res.status}`);
    await page.reload();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect.poll(token, { timeout: 15_000 }).not.toBe(used);
  }
  throw new Error(`GET ${path}: still refused after refreshing the token`);
}

/** A working inverter that produces now (its panels are in the sun), as apps/web/scripts/inverter-screenshots.mjs picks one. */
async function pickProducingInverter(page: Page): Promise<string> {
  const list = await apiGet<{ rows: InverterRow[] }>(page, '/api/v1/inverters?page=1&size=100&sort=power&order=desc');
  const inv = list.rows.find((r) => r.status === 'normal' && r.writable && (r.powerW ?? 0) > 0);
  if (!inv) throw new Error('no inverter of the demo fleet is producing now');
  return inv.sn;
}

const number = (text: string | null) => Number.parseFloat((text ?? '').replace(/[^\d.]/g, ''));

test('an admin scans a producing inverter’s I-V curves and sees a chart and the key points', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.company_admin);
  const sn = await pickProducingInverter(page);
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
  expect(vmp).toBeGreaterThan(0);
  expect(voc).toBeGreaterThan(vmp);
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
