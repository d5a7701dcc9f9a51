// Screenshots of the plant list and a storage plant's overview, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/overview-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium.
import { args, eachLangAndSize, launch, signIn } from './shoot.mjs';

const { base, out, langs, account, password } = args('owner@sunrise.example');
const plantType = process.env.PLANT_TYPE ?? 'storage_ac';
const browser = await launch();

/** The overview path of the first plant of a type, asked of the API with the page's own token. */
async function overviewPath(page) {
  return page.evaluate(async (type) => {
    const token = JSON.parse(localStorage.getItem('user') ?? '{}').access_token;
    const res = await fetch(`/api/v1/plants?page=1&size=50&type=${type}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const rows = (await res.json()).data.rows;
    const plant = rows.find((p) => p.powerW > 0) ?? rows[0];
    return `/plants/overview/${plant.id}/${{ grid: 1, storage_ac: 2, storage_dc: 3 }[plant.type]}`;
  }, plantType);
}

try {
  await eachLangAndSize(browser, langs, async (page, lang, size) => {
    await signIn(page, base, account, password);
    await page.getByTestId('plant-link').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(500);
    if (lang === 'en' && size.width >= 768)
      await page.screenshot({ path: `${out}/plants-${lang}-${size.name}.png`, fullPage: true });
    if (process.env.EXTRA && size.width < 768)
      await page.screenshot({ path: `${out}/plants-${lang}-${size.name}.png`, fullPage: true });
    await page.goto(`${base}${await overviewPath(page)}`);
    await page.getByTestId('flow-diagram').waitFor({ timeout: 15000 });
    await page
      .locator('[data-testid="day-chart"] canvas, [data-testid="day-chart-empty"]')
      .first()
      .waitFor({ timeout: 15000 });
    await page
      .locator('[data-testid="energy-chart"] canvas, [data-testid="energy-chart-empty"]')
      .first()
      .waitFor({ timeout: 15000 });
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/overview-${lang}-${size.name}.png`, fullPage: true });
  });
} finally {
  await browser.close();
}
