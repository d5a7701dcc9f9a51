// Screenshots of SunSpec discovery and protocol updates (issue 14 items 4 and 5): the "Discover from a gateway"
// dialog with the models a demo gateway's SunSpec inverter answered, and, after saving the proposal under the
// code SUNSPEC (the protocol of the demo's SunSpec devices) and "Push now", the updates acknowledged per gateway.
// axe runs on each page and the script fails on a serious or critical violation.
// Usage: node apps/web/scripts/protocol-discovery-screenshots.mjs [baseUrl] [outDir] [langs] (committed: en,he; this
// machine has no CJK font, so cn shots show boxes)
// Needs a running server with the demo fleet (DEMO_PASSWORD) and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import { api, args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, langs, password } = args('platform@heliograph.example');
const account = 'platform@heliograph.example';
const browser = await launch();
const CODE = 'SUNSPEC';

let serious = 0;
async function axe(page, name) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) console.log(`axe ${name}: ${v.impact} ${v.id} (${v.nodes.length}) ${v.nodes[0]?.target}`);
  serious += bad.length;
}

/** The first online demo gateway whose scan finds a SunSpec device. */
async function sunspecGateway(page) {
  const list = await api(page, '/api/v1/gateways?size=50&page=1');
  for (const g of list.rows.filter((r) => r.online)) {
    const scan = await api(page, '/api/v1/protocol/discover/scan', { gatewaySn: g.sn });
    if (scan?.status === 'succeeded') return g.sn;
  }
  throw new Error('no demo gateway with a SunSpec device');
}

let gatewaySn;
let saved = false;
for (const lang of langs) {
  for (const size of SIZES) {
    const suffix = `${lang === 'en' ? '' : `-${lang}`}-${size.name}`;
    const { context, page } = await signedInPage(browser, { base, account, password }, size.width, size.height, lang);
    gatewaySn ??= await sunspecGateway(page);
    // A second run against the same server finds the protocol saved already.
    saved ||= (await api(page, `/api/v1/protocol?q=${CODE}`)).rows.some((r) => r.code === CODE);
    await page.goto(`${base}/management/protocol`);
    await page.getByTestId('protocol-table').waitFor();
    await page.getByTestId('protocol-discover').click();
    await page.getByTestId('discover-gateway').click();
    await page.keyboard.type(gatewaySn);
    await page.locator('.ant-select-item-option').filter({ hasText: gatewaySn }).first().click();
    await page.getByTestId('discover-scan').click();
    await page.getByTestId('discover-models').waitFor({ timeout: 20000 });
    await page.getByTestId('discover-code').fill(CODE);
    await page.waitForTimeout(500);
    await axe(page, `discover${suffix}`);
    await page.screenshot({ path: `${out}/protocol-discover${suffix}.png` });
    console.log(`shot protocol-discover${suffix}`);
    if (!saved) {
      await page.getByTestId('discover-save').click();
      await page.getByTestId('protocol-editor').waitFor();
      saved = true;
    } else {
      await page.keyboard.press('Escape');
      await page.goto(`${base}/management/protocol?q=${CODE}`);
      await page
        .getByTestId('protocol-open')
        .filter({ hasText: new RegExp(`^${CODE}$`) })
        .click();
    }
    const push = page.getByTestId('protocol-push');
    await push.waitFor();
    if (suffix === '-1440' || lang === langs[0]) {
      await page.getByTestId('protocol-push-now').click();
    }
    // The simulated gateways acknowledge within moments; the panel looks again every few seconds.
    await push.getByText(/./).first().waitFor();
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="protocol-push-gateways"]');
        return el && el.querySelectorAll('.ant-tag-success').length > 0;
      },
      undefined,
      { timeout: 30000 },
    );
    await push.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.waitForTimeout(500);
    await axe(page, `push${suffix}`);
    // The shell's header is fixed: the shot is the window, scrolled to the panel.
    await page.screenshot({ path: `${out}/protocol-push${suffix}.png` });
    console.log(`shot protocol-push${suffix}`);
    await context.close();
  }
}
await browser.close();
if (serious > 0) {
  console.error(`${serious} serious or critical axe violations`);
  process.exit(1);
}
