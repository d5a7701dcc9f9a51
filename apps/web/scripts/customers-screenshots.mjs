// Screenshots of the customer list (with the edit drawer on desktop), customer types and customer users,
// English and Hebrew, desktop and phone, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/customers-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the demo data (npm start) and Debian's Chromium.
import { args, launch, signedInPage } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const browser = await launch();
const session = (width, height, lang) => signedInPage(browser, { base, account, password }, width, height, lang);

const SHOTS = [
  [
    '/customer/list',
    'customers-table',
    'customers-list',
    [
      [1440, 'en'],
      [390, 'en'],
      [1440, 'he'],
      [390, 'he'],
    ],
  ],
  [
    '/customer/type',
    'types-table',
    'customer-types',
    [
      [1440, 'en'],
      [1440, 'he'],
    ],
  ],
  [
    '/customer/user',
    'customer-users-table',
    'customer-users',
    [
      [1440, 'en'],
      [390, 'en'],
    ],
  ],
];

try {
  for (const [path, testId, name, variants] of SHOTS) {
    for (const [width, lang] of variants) {
      const { context, page } = await session(width, width < 768 ? 844 : 900, lang);
      await page.goto(`${base}${path}`);
      await page.getByTestId(testId).locator('tr.ant-table-row').first().waitFor({ timeout: 20000 });
      await page.waitForTimeout(700);
      const file = `${out}/${name}${lang === 'he' ? '-he' : ''}-${width}.png`;
      await page.screenshot({ path: file, fullPage: true });
      console.log(`shot ${file}`);
      if (name === 'customers-list' && width === 1440 && lang === 'en') {
        await page.getByTestId('customer-edit-customer@sunrise.example').click();
        await page.getByTestId('customer-permissions').waitFor({ timeout: 15000 });
        await page.waitForTimeout(700);
        await page.screenshot({ path: `${out}/customer-edit-1440.png` });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
}
