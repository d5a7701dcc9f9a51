// Screenshots of the protocol editor (issue 14, management/protocol): the shipped SunSpec inverter map with
// its columns and a decoded RTU frame, and the import check naming bad rows, in English and Hebrew at both
// review sizes; axe runs on each page and the script fails on a serious or critical violation.
// Usage: node apps/web/scripts/protocol-screenshots.mjs [baseUrl] [outDir] [langs]
// Needs a running server with the demo accounts (DEMO_PASSWORD) and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, langs, password } = args('platform@heliograph.example');
const account = 'platform@heliograph.example';
const browser = await launch();

// A SunSpec model 103 read response of unit 1 (52 registers from 40070): 21.5 A, 231.4 V, 4980 W, 50.01 Hz.
const FRAME =
  '01 03 68 00 67 00 32 00 D7 00 48 00 47 00 48 FF FF FF FF FF FF FF FF 09 0A 09 04 09 10 FF FF 13 74 00 00 13 89 FF FE 80 00 80 00 80 00 80 00 80 00 80 00 00 12 D6 87 00 00 FF FF 80 00 FF FF 80 00 80 00 80 00 01 9F 80 00 80 00 80 00 FF FF 00 04 FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF FF 40 E3';

/** A sheet with two bad rows among good ones (the check names rows 3 and 5; nothing is saved). */
async function badSheet() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('columns');
  ws.addRow([
    'Config',
    'Name',
    'Function code',
    'Start address',
    'Register count',
    'Unit',
    'Register type',
    'Data type',
  ]);
  const row = (name, fc, address, type, en) => [
    'realtime',
    name,
    fc,
    address,
    1,
    'W',
    type,
    'u16',
    'no',
    'no',
    0,
    1,
    '',
    0,
    'no',
    '',
    en,
  ];
  ws.addRow(row('pv1Power', 3, '02A0', 'holding', 'PV1 power'));
  ws.addRow(row('pv2Power', 3, '2A1', 'holding', 'PV2 power'));
  ws.addRow(row('loadPower', 3, '028F', 'holding', 'Load power'));
  ws.addRow(row('batterySoc', 4, '0298', 'holding', ''));
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const SHEET = await badSheet();

let serious = 0;
async function axe(page, name) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) console.log(`axe ${name}: ${v.impact} ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`);
  serious += bad.length;
}

for (const lang of langs) {
  for (const size of SIZES) {
    const suffix = `${lang === 'en' ? '' : `-${lang}`}-${size.name}`;
    const { context, page } = await signedInPage(browser, { base, account, password }, size.width, size.height, lang);
    await page.goto(`${base}/management/protocol?q=SUNSPEC`);
    await page.getByTestId('protocol-table').waitFor();
    await page.getByTestId('protocol-open').filter({ hasText: 'SUNSPEC-INV' }).click();
    await page.getByTestId('column-table').waitFor();
    await page.getByTestId('config-select').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'inverter' }).click();
    await page.getByTestId('column-table').getByText('AphA', { exact: true }).waitFor();
    await page.getByTestId('decode-frame').fill(FRAME);
    await page.getByTestId('decode-run').click();
    await page.getByTestId('decode-values').waitFor();
    await page.waitForTimeout(800);
    await axe(page, `editor${suffix}`);
    if (size.width < 768) {
      await page.screenshot({ path: `${out}/protocol-editor${suffix}.png`, fullPage: true });
    } else {
      // The shell's menu is fixed: a desk-size shot is the window, once at the editor and once at the decoded values.
      await page.getByTestId('protocol-editor').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/protocol-editor${suffix}.png` });
      await page.getByTestId('decode-panel').evaluate((e) => e.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${out}/protocol-editor-decode${suffix}.png` });
    }
    console.log(`shot protocol-editor${suffix}`);

    // The import's check step on the hybrid map: each bad row named, nothing saved.
    await page.goto(`${base}/management/protocol?q=HYBRID`);
    await page.getByTestId('protocol-open').filter({ hasText: 'HYBRID-LV' }).click();
    await page.getByTestId('protocol-import').click();
    await page.locator('input[type=file]').setInputFiles({
      name: 'hybrid-bad.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: SHEET,
    });
    await page.getByTestId('import-problems').waitFor();
    await page.waitForTimeout(600);
    await axe(page, `import${suffix}`);
    await page.screenshot({ path: `${out}/protocol-import-check${suffix}.png` });
    console.log(`shot protocol-import-check${suffix}`);
    await context.close();
  }
}
await browser.close();
if (serious > 0) {
  console.error(`${serious} serious or critical axe violations`);
  process.exit(1);
}
