// Screenshots of the plant creation wizard (issue 4): the first step, the time-of-use editor refusing an
// overlap, and a spare gateway checked, at 1440 and 390 and in each language asked for.
// Usage: node apps/web/scripts/plant-wizard-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the demo company (npm start) and Debian's Chromium. Nothing is saved.
import { args, eachLangAndSize, launch, signIn } from './shoot.mjs';

const { base, out, langs, account, password } = args('admin@sunrise.example');
const SPARE = { sn: 'GW99000002', key: 'HG4T8N2W' };
const numberInput = (page, id) => page.locator(`input[data-testid="${id}"], [data-testid="${id}"] input`).first();

const browser = await launch();
try {
  await eachLangAndSize(browser, langs, async (page, lang, size) => {
    await signIn(page, base, account, password);
    const suffix = lang === 'en' ? size.name : `${lang}-${size.name}`;
    const full = size.width < 768;
    await page.goto(`${base}/plant-add`);
    await page.getByTestId('pf-name').fill('Lakeside Storage 2');
    await numberInput(page, 'pf-capacity').fill('42.5');
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${out}/plant-wizard-basic-${suffix}.png`, fullPage: full });
    await page.getByTestId('pf-next').click();

    const map = page.getByTestId('pf-map');
    await map.locator('canvas').waitFor({ timeout: 15000 });
    const box = await map.boundingBox();
    await page.mouse.click(box.x + box.width * 0.52, box.y + box.height * 0.35);
    await page.getByTestId('pf-address').fill('1 Harbour Road');
    await page.waitForTimeout(600);
    await page.screenshot({ path: `${out}/plant-wizard-location-${suffix}.png`, fullPage: full });
    await page.getByTestId('pf-next').click();

    await page.getByTestId('pf-step-title').filter({ hasText: /3/ }).waitFor();
    await page.locator('[data-testid="pf-method"] label').nth(1).click();
    await page.getByTestId('tou-end-0').fill('12:00');
    await page.getByTestId('tou-add').click();
    await page.getByTestId('tou-start-1').fill('10:00');
    await numberInput(page, 'tou-buy-1').fill('0.3125');
    await page.getByTestId('pf-next').click();
    await page.getByTestId('tou-error-1').waitFor();
    // A full-page shot of a scrolled page draws the sticky top bar mid-page.
    if (full) await page.evaluate(() => window.scrollTo(0, 0));
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/plant-wizard-tou-${suffix}.png`, fullPage: full });
    await page.getByTestId('tou-start-1').fill('12:00');
    await page.getByTestId('pf-next').click();

    await page.getByTestId('gw-sn').fill(SPARE.sn);
    await page.getByTestId('gw-key').fill(SPARE.key);
    await page.getByTestId('gw-check').click();
    await page.getByTestId(`gw-item-${SPARE.sn}`).waitFor({ timeout: 15000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${out}/plant-wizard-gateway-${suffix}.png`, fullPage: full });
  });
} finally {
  await browser.close();
}
