// Screenshots of the Modbus toolbox (/management/toolbox), en and he, desktop and phone:
// toolbox-<tab>-[he-]{1440,390}.png for the generator, CRC check, base conversion and protocol analysis, each
// checked with axe (serious or critical violations are printed and fail the script).
// Usage: node apps/web/scripts/toolbox-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server (npm start) and Debian's Chromium.
import { AxeBuilder } from '@axe-core/playwright';
import { args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, account, password } = args('installer@sunrise.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
const browser = await launch();
let failed = false;

async function check(page, name) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) {
    failed = true;
    console.error(`[${name}] ${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

async function shoot(page, name) {
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
  await check(page, name);
}

try {
  for (const lang of langs) {
    for (const size of SIZES) {
      const { context, page } = await signedInPage(browser, { base, account, password }, size.width, size.height, lang);
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      await page.goto(`${base}/management/toolbox`);
      await page.getByTestId('gen-frame').waitFor({ timeout: 15000 });
      await shoot(page, `toolbox-generator-${suffix}`);

      await page.goto(`${base}/management/toolbox?tab=crc`);
      await page.getByTestId('crc-input').fill('01 03 00 00 00 0A C5 CD');
      await page.getByTestId('crc-verdict').waitFor();
      await shoot(page, `toolbox-crc-${suffix}`);

      await page.goto(`${base}/management/toolbox?tab=base`);
      await page.getByTestId('base-views').waitFor();
      await shoot(page, `toolbox-base-${suffix}`);

      await page.goto(`${base}/management/toolbox?tab=analysis`);
      await page.getByTestId('analysis-input').fill('12 34 00 00 00 07 01 04 04 41 48 00 00');
      await page.getByTestId('analysis-fields').waitFor();
      await shoot(page, `toolbox-analysis-${suffix}`);
      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
