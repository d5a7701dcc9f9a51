// Screenshots of the battery, meter, weather-station and event pages, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/storage-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium. Review shots of every
// page, language and size go to outDir/review; the named ones of the issue to outDir.
import { mkdirSync } from 'node:fs';
import { args, eachLangAndSize, launch, signIn } from './shoot.mjs';

const { base, out, langs, account, password } = args('admin@sunrise.example');
const review = `${out}/review`;
mkdirSync(review, { recursive: true });
const browser = await launch();

/** The first device of a list page (by its link), opened. */
async function openFirst(page, listPath, ready) {
  await page.goto(`${base}${listPath}`);
  await page.getByTestId('device-link').first().waitFor({ timeout: 15000 });
  await page.getByTestId('device-link').first().click();
  await page.getByTestId(ready).waitFor({ timeout: 15000 });
  await page
    .locator('canvas')
    .first()
    .waitFor({ timeout: 15000 })
    .catch(() => undefined);
  await page.waitForTimeout(800);
}

const NAMED = {
  'en-1440': {
    list: 'batteries-list-1440.png',
    battery: 'battery-detail-1440.png',
    meter: 'meter-detail-1440.png',
    weather: 'weather-station-1440.png',
    events: 'events-1440.png',
  },
  'en-390': { battery: 'battery-detail-390.png' },
  'he-1440': { events: 'events-he-1440.png' },
};

try {
  await eachLangAndSize(browser, langs, async (page, lang, size) => {
    const named = NAMED[`${lang}-${size.name}`] ?? {};
    const shot = async (what) => {
      await page.screenshot({ path: `${review}/${what}-${lang}-${size.name}.png`, fullPage: true });
      if (named[what]) await page.screenshot({ path: `${out}/${named[what]}`, fullPage: true });
    };
    await signIn(page, base, account, password);
    await page.goto(`${base}/device/battery`);
    await page.getByTestId('device-link').first().waitFor({ timeout: 15000 });
    await page.waitForTimeout(400);
    await shot('list');
    await openFirst(page, '/device/battery', 'battery-cells');
    await shot('battery');
    await openFirst(page, '/device/meter', 'meter-params');
    if (process.env.SEED_METER) {
      // Parameters a real site would have set, so the picture shows a configured master meter.
      await page.evaluate(async () => {
        const token = JSON.parse(localStorage.getItem('user') ?? '{}').access_token;
        const sn = decodeURIComponent(location.pathname.split('/').pop());
        await fetch('/api/v1/meter/params', {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({
            sn,
            ctRatio: 40,
            master: true,
            discount: 0.95,
            prices: { tip: 0.42, peak: 0.3512, flat: 0.2234, valley: 0.1185 },
          }),
        });
      });
      await page.reload();
      await page.getByTestId('meter-params').waitFor({ timeout: 15000 });
      await page.waitForTimeout(800);
    }
    await shot('meter');
    await openFirst(page, '/device/meteorological', 'weather-realtime');
    await shot('weather');
    await page.goto(`${base}/device/event/list`);
    await page.locator('[data-testid="events-table"] .ant-table-row').first().waitFor({ timeout: 15000 });
    await page.locator('[data-testid="events-table"] .ant-table-row-expand-icon').first().click();
    await page.waitForTimeout(400);
    await shot('events');
  });
} finally {
  await browser.close();
}
