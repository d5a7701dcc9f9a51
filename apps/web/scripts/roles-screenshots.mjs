// Screenshots of enterprise/roles and enterprise/user (issue 12 points 2 and 3), en and he, desktop and phone:
// company-roles-[he-]{1440,390}.png and company-members-[he-]{1440,390}.png. Makes two roles of the demo
// company's own first, unless they exist, so the review shows a lived-in page.
// Usage: node apps/web/scripts/roles-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server (npm start) and Debian's Chromium.
import { api, args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
const browser = await launch();

async function prepare(page) {
  const roles = await api(page, '/api/v1/company/roles');
  const own = roles.rows.filter((r) => !r.builtin).map((r) => r.name);
  const wanted = [
    {
      name: 'Field crew',
      remark: 'Commissioning and fault finding on site',
      permissions: ['gateway.control', 'inverter.control', 'event.view', 'station.view'],
    },
    { name: 'Plant viewers', remark: 'Looks at plants and their events', permissions: ['station.view', 'event.view'] },
  ];
  for (const r of wanted) if (!own.includes(r.name)) await api(page, '/api/v1/company/role', r);
}

async function shoot(page, path, ready, name) {
  await page.goto(`${base}${path}`);
  await page.locator(ready).first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

try {
  for (const lang of langs) {
    for (const size of SIZES) {
      const { context, page } = await signedInPage(browser, { base, account, password }, size.width, size.height, lang);
      await prepare(page);
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      await shoot(page, '/enterprise/roles', '[data-testid="roles-table"] tr.ant-table-row', `company-roles-${suffix}`);
      await shoot(
        page,
        '/enterprise/user',
        '[data-testid="members-table"] tr.ant-table-row',
        `company-members-${suffix}`,
      );
      await context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
