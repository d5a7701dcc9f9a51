// Screenshots of the smart AC switch list and a switch's page, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/ac-switch-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium.
import { args, launch, signedInPage, api } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const SN = 'SW10000001';
const browser = await launch();
const session = (width, height, lang) => signedInPage(browser, { base, account, password }, width, height, lang);

const TASKS = [
  { repeat: true, days: [1, 2, 3, 4, 5], time: '07:00', action: 'on', enabled: true },
  { repeat: true, days: [0, 1, 2, 3, 4, 5, 6], time: '22:30', action: 'off', enabled: true },
  { repeat: false, date: '2026-12-24', time: '18:00', action: 'on', enabled: false },
];

async function detail(page, name) {
  await page.goto(`${base}/device/acSwitch/${SN}`);
  await page.getByTestId('switch-realtime').waitFor({ timeout: 15000 });
  await page.getByTestId('operation-log').waitFor({ timeout: 15000 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

async function list(page, name) {
  await page.goto(`${base}/device/acSwitch`);
  await page.getByTestId('device-link').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(500);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

try {
  {
    const { context, page } = await session(1440, 900, 'en');
    console.log('timing tasks', (await api(page, `/api/v1/acSwitch/${SN}/timingTask`, { tasks: TASKS }))?.status);
    await list(page, 'ac-switches-list-1440');
    await detail(page, 'ac-switch-detail-1440');
    await context.close();
  }
  {
    const { context, page } = await session(390, 844, 'en');
    await detail(page, 'ac-switch-detail-390');
    await list(page, 'ac-switches-list-390');
    await context.close();
  }
  {
    const { context, page } = await session(1440, 900, 'he');
    await detail(page, 'ac-switch-detail-he-1440');
    await list(page, 'ac-switches-list-he-1440');
    await context.close();
  }
} finally {
  await browser.close();
}
