// Screenshots of the firmware library (issue 13), en and he, desktop and phone: firmware-library-*.png (the
// inverter library as the platform administrator sees it: every model of the simulated fleet, its released
// versions and drafts), with an axe scan of each (serious or critical findings fail the run).
// Usage: node apps/web/scripts/firmware-screenshots.mjs [baseUrl] [outDir] [langs]
// Needs a running server (npm start) and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import { args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, password } = args('platform@heliograph.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
const browser = await launch();
let failed = false;

try {
  for (const lang of langs) {
    for (const size of SIZES) {
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      const { context, page } = await signedInPage(
        browser,
        { base, account: 'platform@heliograph.example', password },
        size.width,
        size.height,
        lang,
      );
      await page.goto(`${base}/firmware/inv`);
      await page.locator('tr.ant-table-row').first().waitFor({ timeout: 15000 });
      await page.waitForTimeout(600);
      await page.screenshot({ path: `${out}/firmware-library-${suffix}.png` });
      const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const v of result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
        failed = true;
        console.error(
          `axe firmware-library-${suffix}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
        );
      }
      await context.close();
      console.log(`shot firmware-library-${suffix}`);
    }
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
