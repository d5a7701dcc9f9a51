// Screenshots of the smart rules list and the rule editor, for docs/screenshots and visual review.
// Usage: node apps/web/scripts/rules-screenshots.mjs [baseUrl] [outDir] [langs] [account] [password]
// Needs a running server with the simulated fleet (npm start) and Debian's Chromium. Makes three rules on the
// demo fleet's first plant (the one with SW10000001) when none exist yet.
import { args, launch, signedInPage, api } from './shoot.mjs';

const { base, out, account, password } = args('admin@sunrise.example');
const SN = 'SW10000001';
const browser = await launch();
const session = (width, height, lang) => signedInPage(browser, { base, account, password }, width, height, lang);
const ALL = [0, 1, 2, 3, 4, 5, 6];

async function seed(page) {
  const existing = await api(page, '/api/v1/smart/rule/page');
  if (existing.total > 0) return;
  const { plantId } = await api(page, `/api/v1/acSwitch/${SN}/info`);
  const rules = [
    {
      name: 'Pool pump at cheap power',
      trigger: { kind: 'price', direction: 'below', level: 0.08 },
      conditions: [{ kind: 'timeWindow', from: '09:00', to: '17:00' }],
      actions: [
        { kind: 'acSwitch', sn: SN, on: true },
        { kind: 'notify', to: 'owner', message: 'The pool pump runs on cheap power.' },
      ],
    },
    {
      name: 'Garden lights at dusk',
      trigger: { kind: 'schedule', at: '19:30', everyMinutes: null, weekdays: ALL },
      conditions: [],
      actions: [{ kind: 'light', lightId: 'garden-1', on: true, brightness: 60 }],
    },
    {
      name: 'Switch check every 15 minutes',
      trigger: { kind: 'schedule', at: null, everyMinutes: 15, weekdays: [1, 2, 3, 4, 5] },
      conditions: [],
      actions: [{ kind: 'acSwitch', sn: SN, on: true }],
    },
  ];
  for (const r of rules)
    await api(page, '/api/v1/smart/rule/create', { plantId, enabled: true, cooldownMinutes: 5, ...r });
  // The every-15-minutes rule fires at once; its run shows in the last-run column.
  await page.waitForTimeout(20000);
}

async function list(page, name) {
  await page.goto(`${base}/intelligence/list`);
  await page.getByTestId('rules-table').locator('tbody tr.ant-table-row').first().waitFor({ timeout: 15000 });
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: true });
}

try {
  {
    const { context, page } = await session(1440, 900, 'en');
    await seed(page);
    await list(page, 'rules-1440');
    await page.getByTestId('rule-edit').first().click();
    await page.getByTestId('rule-form').waitFor({ timeout: 15000 });
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${out}/rule-editor-1440.png` });
    await context.close();
  }
  {
    const { context, page } = await session(390, 844, 'en');
    await list(page, 'rules-390');
    await context.close();
  }
  {
    const { context, page } = await session(1440, 900, 'he');
    await list(page, 'rules-he-1440');
    await context.close();
  }
} finally {
  await browser.close();
}
