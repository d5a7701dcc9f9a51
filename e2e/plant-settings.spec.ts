import type { Page } from '@playwright/test';
import type { PlantSettingsAnswer } from '@heliograph/shared';
import { apiGet, pickInverter } from './api';
import { DEMO, expect, signIn, test } from './support';

// Commands are answered within seconds (COMMAND_TIMEOUT_S is 15); a write to several devices runs 4 at a time.
const COMMAND = { timeout: 45_000 };
const LOADED = { timeout: 30_000 };

const popconfirm = (page: Page) => page.locator('.ant-popconfirm:not(.ant-popover-hidden)');

/** The plant of a working metrics inverter, and the settings form that inverter shares with the plant's others. */
async function demoPlant(page: Page): Promise<{ sn: string; plantId: string; formId: string; count: number }> {
  const sn = await pickInverter(page);
  const list = await apiGet<{ rows: { sn: string; plantId: string | null }[] }>(
    page,
    `/api/v1/inverters?page=1&size=20&q=${encodeURIComponent(sn)}`,
  );
  const plantId = list.rows.find((r) => r.sn === sn)?.plantId ?? '';
  const answer = await apiGet<PlantSettingsAnswer>(page, `/api/v1/plant/${plantId}/setting/inverter`);
  const group = answer.groups.find((g) => g.devices.some((d) => d.sn === sn));
  if (!group) throw new Error(`inverter ${sn} is in no settings form of its plant`);
  return { sn, plantId, formId: group.id, count: group.devices.length };
}

test.describe('plant parameter settings', () => {
  test('an admin writes an inverter parameter to a plant’s inverters and sees each device’s result', async ({
    page,
  }) => {
    await signIn(page, DEMO.company_admin);
    await page.goto('/plants/setting');
    await expect(page.getByTestId('plant-settings-pick')).toBeVisible(LOADED);

    const { sn, plantId, formId, count } = await demoPlant(page);
    await page.goto(`/plants/setting?plant=${plantId}&form=${encodeURIComponent(formId)}`);
    const devices = page.getByTestId('plant-settings-devices');
    await expect(devices.locator('tr.ant-table-row')).toHaveCount(count, LOADED);
    await expect(devices).toContainText(sn);

    // Out of range: refused on the form, nothing is sent.
    const form = page.getByTestId('plant-settings-form');
    const limit = page.getByTestId('setting-activePowerLimit');
    await limit.fill('150');
    await page.getByTestId('plant-settings-write').click();
    await popconfirm(page).getByRole('button', { name: 'Write' }).click();
    await expect(form).toContainText('Enter a value from 0 to 100.');
    await expect(page.getByTestId('plant-settings-results')).toHaveCount(0);

    await limit.fill('85');
    await page.getByTestId('plant-settings-write').click();
    await popconfirm(page).getByRole('button', { name: 'Write' }).click();
    const results = page.getByTestId('plant-settings-results');
    await expect(results).toBeVisible(COMMAND);
    const row = results.locator('tr.ant-table-row', { hasText: sn });
    await expect(row.getByTestId('plant-settings-result-tag')).toHaveAttribute('data-result', 'succeeded');
    await expect(results).toContainText(/\d+ succeeded, \d+ failed, \d+ skipped/);

    // The write is in the operation log of the plant's devices.
    const log = page.getByTestId('operation-log');
    await expect(log.locator('tr.ant-table-row', { hasText: sn }).first()).toContainText('Write settings', LOADED);
    await expect(log.locator('tr.ant-table-row', { hasText: sn }).first()).toContainText('85');
  });

  test('the battery and communication pages list the plant’s devices', async ({ page }) => {
    await signIn(page, DEMO.company_admin);
    const { plantId } = await demoPlant(page);
    await page.goto(`/plants/comm-setting?plant=${plantId}`);
    await expect(page.getByTestId('plant-settings-devices').locator('tr.ant-table-row').first()).toBeVisible(LOADED);
    await expect(page.getByTestId('setting-uploadIntervalS')).toBeVisible();
    await page.goto(`/plants/batt-setting?plant=${plantId}`);
    await expect(page.getByTestId('plant-settings-devices').or(page.getByTestId('plant-settings-empty'))).toBeVisible(
      LOADED,
    );
  });
});
