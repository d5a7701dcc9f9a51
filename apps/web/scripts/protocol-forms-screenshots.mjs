// Screenshots of an inverter bound to a register-map protocol (issue 14 item 2): the protocol dialog, the
// settings form generated from the map's `settings` config, and the debug panel's register picks.
// Usage: node apps/web/scripts/protocol-forms-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium. Adds a protocol
// (VENDOR-DEMO) the first time and binds the last working metrics inverter to it.
import { args, launch, signedInPage, api } from './shoot.mjs';

const { base, out, langs, account, password } = args('platform@heliograph.example');
const CODE = 'VENDOR-DEMO';
const browser = await launch();

const column = (c) => ({
  unit: '',
  byteSwap: false,
  registerSwap: false,
  base: 0,
  scale: 1,
  scaleFactor: null,
  skipBytes: 0,
  required: false,
  registerCount: 1,
  functionCode: 3,
  registerType: 'holding',
  dataType: 'u16',
  ...c,
});

try {
  const { context, page } = await signedInPage(browser, { base, account, password }, 1440, 900, 'en');
  const existing = await api(page, `/api/v1/protocol?page=1&size=10&q=${CODE}`);
  if (!existing.rows.some((p) => p.code === CODE)) {
    const p = await api(page, '/api/v1/protocol', { code: CODE, manufacturer: 'Vendor X', protocolVersion: '1.0' });
    for (const name of ['settings', 'realtime']) {
      const c = await api(page, '/api/v1/protocol/config', { protocolId: p.id, name });
      const columns =
        name === 'settings'
          ? [
              column({
                name: 'PowerLimit',
                startAddress: '3000',
                dataType: 's16',
                scale: 0.1,
                unit: '%',
                descriptions: {
                  en: 'Active power limit',
                  cn: '有功功率限制',
                  de: 'Wirkleistungsgrenze',
                  he: 'מגבלת הספק פעיל',
                },
              }),
              column({
                name: 'ExportLimit',
                startAddress: '3002',
                dataType: 'u32',
                registerCount: 2,
                registerSwap: true,
                unit: 'W',
                descriptions: { en: 'Export limit', cn: '馈网功率限制', de: 'Einspeisegrenze', he: 'מגבלת הזנה' },
              }),
              column({
                name: 'Derating',
                startAddress: '3010',
                scale: 0.5,
                base: -40,
                unit: '°C',
                descriptions: {
                  en: 'Derating temperature',
                  cn: '降额温度',
                  de: 'Derating-Temperatur',
                  he: 'טמפרטורת הפחתה',
                },
              }),
              column({
                name: 'IslandMode',
                startAddress: '0010',
                functionCode: 1,
                registerType: 'coil',
                descriptions: { en: 'Island mode', cn: '离网模式', de: 'Inselbetrieb', he: 'מצב אי' },
              }),
            ]
          : [
              column({
                name: 'Pac',
                startAddress: '0100',
                functionCode: 4,
                registerType: 'input',
                dataType: 'u32',
                registerCount: 2,
                unit: 'W',
                descriptions: { en: 'AC power' },
              }),
              column({
                name: 'Vpv1',
                startAddress: '0102',
                functionCode: 4,
                registerType: 'input',
                scale: 0.1,
                unit: 'V',
                descriptions: { en: 'PV1 voltage' },
              }),
            ];
      for (const col of columns) await api(page, `/api/v1/protocol/config/${c.id}/column`, col);
    }
  }
  const list = await api(page, '/api/v1/inverters?page=1&size=100&sort=sn&order=asc');
  const inv =
    list.rows.find((r) => r.protocol === CODE) ??
    list.rows.filter((r) => r.protocol === 'metrics' && r.status === 'normal' && r.writable).at(-1);
  console.log('inverter', inv.sn);
  await api(page, `/api/v1/inverter/${inv.sn}/protocol`, { protocol: CODE });
  await context.close();

  for (const lang of langs) {
    const { context: ctx, page: p } = await signedInPage(browser, { base, account, password }, 1440, 900, lang);
    await p.goto(`${base}/device/inverter/${inv.sn}`);
    await p.getByTestId('inverter-protocol').click();
    await p.getByTestId('inverter-protocol-select').waitFor({ timeout: 15000 });
    await p.getByTestId('inverter-protocol-select').click();
    await p.waitForTimeout(600);
    await p.screenshot({ path: `${out}/protocol-bind-${lang}-1440.png` });

    await p.goto(`${base}/device/setting?sn=${inv.sn}`);
    await p.getByTestId('settings-read').waitFor({ timeout: 15000 });
    await p.getByTestId('settings-read').click();
    await p.getByTestId('settings-result').waitFor({ timeout: 20000 });
    await p.waitForTimeout(500);
    await p.screenshot({ path: `${out}/protocol-settings-${lang}-1440.png`, fullPage: true });

    await p.goto(`${base}/device/inverter/${inv.sn}?tab=debug`);
    await p.getByTestId('debug-pick').waitFor({ timeout: 15000 });
    await p.getByTestId('debug-pick').click();
    await p.waitForTimeout(600);
    await p.screenshot({ path: `${out}/protocol-debug-${lang}-1440.png`, fullPage: true });
    await ctx.close();
  }
} finally {
  await browser.close();
}
