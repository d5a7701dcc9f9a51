// Screenshots of remote upgrades (issue 13): an inverter's page with an upgrade in progress, the upgrade dialog,
// and the maintenance log's records and rollouts, in English and Hebrew at both review sizes.
// Usage: node apps/web/scripts/upgrade-screenshots.mjs [baseUrl] [outDir]
// Needs a running server with the demo accounts (DEMO_PASSWORD) and Debian's Chromium, started with slow
// flashing so an upgrade is still running when it is shot (SIMULATE_UPGRADE_PERCENT_TIME=400) and some
// failures (SIMULATE_UPGRADE_FAIL_PERCENT=30). It upgrades demo inverters, so run it on a scratch DATA_DIR.
import { api, args, launch, signedInPage } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const browser = await launch();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Starts upgrades: one inverter on its own (the one shot in progress), then a staged batch of the others.
const { context: setup, page } = await signedInPage(browser, { base, account, password }, 1440, 900, 'en');
const list = await api(page, '/api/v1/inverters?page=1&size=100');
const candidates = [];
for (const row of list.rows.filter((r) => r.status === 'normal')) {
  const check = await api(page, `/api/v1/equip/${row.sn}/upgrade/check`, {});
  if (check?.options?.length)
    candidates.push({ sn: row.sn, firmwareId: check.options[0].firmwareId, model: row.model });
}
if (candidates.length === 0) throw new Error('no demo inverter has a newer firmware to take');
const [shown, ...rest] = candidates;
await api(page, `/api/v1/equip/${shown.sn}/upgrade`, { firmwareId: shown.firmwareId, confirmOffline: false });
const sameModel = rest.filter((c) => c.firmwareId === shown.firmwareId).slice(0, 10);
if (sameModel.length > 0)
  await api(page, '/api/v1/equip/batchUpgrade', {
    firmwareId: shown.firmwareId,
    sns: sameModel.map((c) => c.sn),
    confirmOffline: true,
    rollout: { wavePercent: 30, haltPercent: 20 },
  });
await setup.close();
await sleep(6000);

async function shoot(name, path, ready, width, height, lang, before) {
  const { context, page: p } = await signedInPage(browser, { base, account, password }, width, height, lang);
  await p.goto(`${base}${path}`);
  await p.getByTestId(ready).first().waitFor({ timeout: 30000 });
  if (before) await before(p);
  await p.waitForTimeout(1200);
  await p.screenshot({ path: `${out}/${name}.png`, fullPage: width < 768 });
  await context.close();
  console.log(`shot ${name}`);
}

for (const lang of ['en', 'he']) {
  const suffix = lang === 'en' ? '' : `-${lang}`;
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ]) {
    await shoot(
      `upgrade-in-progress${suffix}-${w}`,
      `/device/inverter/${shown.sn}`,
      'device-upgrade',
      w,
      h,
      lang,
      (p) => p.getByTestId('device-upgrade').scrollIntoViewIfNeeded(),
    );
  }
}
// The dialog of another inverter: its current version and the firmware it may take.
const other = rest.find((c) => c.firmwareId !== shown.firmwareId) ?? rest[rest.length - 1];
if (other)
  await shoot('upgrade-dialog-1440', `/device/inverter/${other.sn}`, 'upgrade-button', 1440, 900, 'en', async (p) => {
    await p.getByTestId('upgrade-button').click();
    await p.getByTestId('upgrade-options').waitFor({ timeout: 15000 });
  });

// Let the first wave finish (and, with failures switched on, perhaps halt the rollout).
await sleep(90000);
for (const lang of ['en', 'he']) {
  const suffix = lang === 'en' ? '' : `-${lang}`;
  for (const [w, h] of [
    [1440, 900],
    [390, 844],
  ]) {
    await shoot(`maintenance-log${suffix}-${w}`, '/log/uphold?tab=records', 'upgrade-records', w, h, lang);
  }
}
await shoot('maintenance-log-rollouts-1440', '/log/uphold?tab=rollouts', 'upgrade-rollouts', 1440, 900, 'en');
await browser.close();
