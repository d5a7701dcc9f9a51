import { createHash, generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { Page } from '@playwright/test';
import { apiGet, pickInverter } from './api';
import { DEMO, expect, signIn, test } from './support';

/**
 * Issue 13 end to end: a platform administrator uploads an image signed by a vendor key it registered, releases
 * it and authorises it to Sunrise; Sunrise's administrator upgrades a simulated inverter from its page, watches
 * the steps arrive, and finds the new version on the page and in the maintenance log. The e2e server flashes in
 * 5 % of the usual time and never fails (playwright.config.ts), so the whole upgrade takes a few seconds.
 */

/** POST to the API with the page's own token (the page keeps it fresh). */
async function apiPost<T>(page: Page, path: string, body: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ([p, b]) => {
      const token = (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string }).access_token;
      const r = await fetch(p, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(b),
      });
      return { status: r.status, body: (await r.json()) as { code: number; data: unknown; msg: string } };
    },
    [path, body] as const,
  );
  if (answer.status !== 200 || answer.body.code !== 0) throw new Error(`POST ${path}: ${JSON.stringify(answer)}`);
  return answer.body.data as T;
}

interface Detail {
  model: string;
  firmware: string | null;
}

test('upload a signed image, upgrade a simulated inverter from its page, see the new version on the page and in the log', async ({
  browser,
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, DEMO.company_admin);
  const sn = await pickInverter(page);
  const before = await apiGet<Detail>(page, `/api/v1/inverter/${sn}`);
  const version = '3.9.0';

  // The platform: a vendor key, an image signed with it, uploaded through the library page.
  const platformContext = await browser.newContext({ reducedMotion: 'reduce' });
  const platform = await platformContext.newPage();
  await signIn(platform, DEMO.platform_admin);
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  await apiPost(platform, '/api/v1/firmware/vendorKey', {
    name: `E2E vendor ${randomUUID().slice(0, 8)}`,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  const image = createHash('sha512').update(`${before.model} ${version} e2e`).digest();
  const signature = sign(null, image, privateKey).toString('base64');

  await platform.goto('/firmware/inv');
  await platform.getByTestId('firmware-upload').click();
  const dialog = platform.getByRole('dialog');
  await dialog
    .locator('input[type=file]')
    .first()
    .setInputFiles({
      name: `${before.model}_V${version}.bin`,
      mimeType: 'application/octet-stream',
      buffer: image,
    });
  await platform.getByTestId('firmware-signature').fill(signature);
  await dialog.getByLabel('Brand').fill('Heliograph Sim');
  await dialog.getByLabel('Product').fill(before.model);
  await dialog.getByLabel('Software version').fill(version);
  const uploaded = platform.waitForResponse(
    // The console's 8 s tokens (playwright.config.ts) may lapse mid-form: the client refreshes and sends again,
    // and the answer that counts is that second one.
    (r) => r.url().includes('/api/v1/firmware/upload') && r.status() !== 401,
  );
  await dialog.getByRole('button', { name: 'Upload firmware' }).click();
  const answer = (await (await uploaded).json()) as { code: number; data: { id: string } };
  expect(answer.code).toBe(0);
  const firmwareId = answer.data.id;
  await expect(platform.getByTestId('firmware-table')).toContainText(version);
  // Enabled, released and authorised to Sunrise (each screen of the library has its own spec of API tests).
  const sunrise = await apiGet<{ rows: { id: string; name: string }[] }>(platform, '/api/v1/companies?q=Sunrise');
  await apiPost(platform, `/api/v1/firmware/${firmwareId}/enabled`, { value: true });
  await apiPost(platform, `/api/v1/firmware/${firmwareId}/released`, { value: true });
  await apiPost(platform, `/api/v1/firmware/${firmwareId}/grant`, { companyId: sunrise.rows[0]?.id });
  await platformContext.close();

  // Sunrise: the inverter's page offers the new version, and the steps arrive as the device reports them.
  await page.goto(`/device/inverter/${sn}`);
  await expect(page.getByTestId('inverter-detail')).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('upgrade-button').click();
  const option = page.locator(`[data-testid=upgrade-option][data-version="${version}"]`);
  await option.click();
  await page.getByTestId('upgrade-start').click();

  const card = page.getByTestId('device-upgrade');
  await expect(card.locator('[data-step=sendingCode]')).toBeVisible({ timeout: 30_000 });
  await expect(card.locator('[data-step=downloadOk]')).toBeVisible({ timeout: 60_000 });
  await expect(card.locator('[data-step=upgradeOk]')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('device-upgrade-last')).toContainText(version, { timeout: 30_000 });
  // The device now reports the new version: the page shows it.
  await expect(page.getByText(version, { exact: true }).first()).toBeVisible({ timeout: 30_000 });
  expect((await apiGet<Detail>(page, `/api/v1/inverter/${sn}`)).firmware).toBe(version);

  // The maintenance log has the record: device, from and to version, the outcome.
  await page.goto(`/log/uphold?tab=records&q=${sn}`);
  const row = page.locator('tr.ant-table-row', { hasText: sn }).first();
  await expect(row).toContainText(version, { timeout: 30_000 });
  await expect(row).toContainText(before.firmware ?? '');
});
