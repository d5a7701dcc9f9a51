// Screenshots of the notices (issue 15 items 1–4), en and he, desktop and phone: notices-centre-*,
// notices-toast-*, notices-bulletins-*, notices-bulletin-editor-* and notices-maintenance-*.png, with an axe
// scan of each (serious or critical findings are printed and fail the run). Publishes a bulletin to everyone,
// one to Sunrise Energy and a maintenance notice in effect now, unless they exist.
// Usage: node apps/web/scripts/notices-screenshots.mjs [baseUrl] [outDir] [langs]
// Needs a running server (npm start) and Debian's Chromium.
import AxeBuilder from '@axe-core/playwright';
import { api, args, launch, signedInPage, SIZES } from './shoot.mjs';

const { base, out, password } = args('platform@heliograph.example');
const langs = (process.argv[4] ?? 'en,he').split(',');
const browser = await launch();
let failed = false;

async function axe(page, name) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  for (const v of bad) {
    failed = true;
    console.error(`axe ${name}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
}

async function shot(page, name) {
  await page.waitForTimeout(700);
  await page.screenshot({ path: `${out}/${name}.png` });
  await axe(page, name);
}

const noDialogs = async (page) => {
  await page.route(/\/api\/v1\/version\/check/, (route) =>
    route.fulfill({ json: { code: 0, data: { show: false, version: null }, msg: '' } }),
  );
};

async function seed(page) {
  const list = await api(page, '/api/v1/ss/notices?size=100');
  if (list.rows.some((b) => b.theme.en === 'New charts on Monday')) return;
  const everyone = await api(page, '/api/v1/ss/notices', {
    type: 5,
    theme: { en: 'New charts on Monday', he: 'תרשימים חדשים ביום שני', de: 'Neue Diagramme am Montag' },
    content: {
      en: 'The plant pages get yearly comparison charts on Monday. Nothing changes in your settings.',
      he: 'בדפי התחנות יתווספו ביום שני תרשימי השוואה שנתיים. ההגדרות שלך לא ישתנו.',
      de: 'Die Anlagenseiten erhalten am Montag Jahresvergleiche. Ihre Einstellungen bleiben unverändert.',
    },
    audience: 'all',
    receivers: [],
    version: 'V251104',
    announcer: 'Heliograph team',
    releaseAt: null,
    url: '/plants',
  });
  await api(page, `/api/v1/ss/notices/${everyone.id}/publish`, {});
  const companies = await api(page, '/api/v1/ss/notices/receivers?audience=companies&q=Sunrise');
  const company = await api(page, '/api/v1/ss/notices', {
    type: 6,
    theme: { en: 'Warranty registration is open', he: 'רישום האחריות נפתח' },
    content: {
      en: 'Register the inverters installed this year before 31 December to extend their warranty.',
      he: 'יש לרשום את הממירים שהותקנו השנה עד 31 בדצמבר כדי להאריך את האחריות.',
    },
    audience: 'companies',
    receivers: companies.map((c) => c.id),
    version: '',
    announcer: 'Service desk',
    releaseAt: null,
    url: '',
  });
  await api(page, `/api/v1/ss/notices/${company.id}/publish`, {});
  const now = Date.now();
  const notice = await api(page, '/api/v1/ssPointNotice', {
    type: 1,
    title: { en: 'Gateway firmware upgrade', he: 'שדרוג קושחת שערים' },
    content: {
      en: 'Gateways restart once; readings are buffered and nothing is lost.',
      he: 'השערים יופעלו מחדש פעם אחת; הקריאות נשמרות ודבר לא יאבד.',
    },
    startAt: now - 10 * 60_000,
    endAt: now + 3 * 3_600_000,
    effectiveAt: now - 10 * 60_000,
    scope: 'all',
    region: '',
    companyIds: [],
    url: '',
  });
  await api(page, `/api/v1/ssPointNotice/${notice.id}/status`, { status: 1 });
  await api(page, '/api/v1/ssPointNotice', {
    type: 2,
    title: { en: 'Database maintenance' },
    content: { en: 'The console is read-only for up to 20 minutes.' },
    startAt: now + 48 * 3_600_000,
    endAt: now + 49 * 3_600_000,
    effectiveAt: now + 48 * 3_600_000,
    scope: 'all',
    region: '',
    companyIds: [],
    url: '',
  });
}

try {
  for (const lang of langs) {
    for (const size of SIZES) {
      const suffix = `${lang === 'en' ? '' : `${lang}-`}${size.name}`;
      const admin = await signedInPage(
        browser,
        { base, account: 'platform@heliograph.example', password },
        size.width,
        size.height,
        lang,
      );
      await seed(admin.page);
      await noDialogs(admin.page);
      // The administrator's own toast and banner stay out of the pages they manage: read them first.
      await api(admin.page, '/api/v1/messageTd/readAll', {});
      await admin.page.goto(`${base}/system-bulletin`);
      await admin.page.locator('[data-testid="bulletins-table"] tr.ant-table-row').first().waitFor({ timeout: 60000 });
      await shot(admin.page, `notices-bulletins-${suffix}`);
      await admin.page.getByTestId('bulletin-create').click();
      await admin.page.getByTestId('bulletin-title-en').fill('Planned maintenance of the map service');
      await admin.page
        .getByTestId('bulletin-content-en')
        .fill('The plant map shows no tiles on Sunday between 02:00 and 03:00 UTC.');
      await shot(admin.page, `notices-bulletin-editor-${suffix}`);
      await admin.page.keyboard.press('Escape');
      await admin.page.goto(`${base}/system-bulletin/protocol`);
      await admin.page
        .locator('[data-testid="maintenance-table"] tr.ant-table-row')
        .first()
        .waitFor({ timeout: 60000 });
      await shot(admin.page, `notices-maintenance-${suffix}`);
      await admin.context.close();

      const member = await signedInPage(
        browser,
        { base, account: 'staff@sunrise.example', password },
        size.width,
        size.height,
        lang,
      );
      await noDialogs(member.page);
      await member.page.goto(`${base}/plants`);
      await member.page.getByTestId('bulletin-toast').waitFor({ timeout: 60000 });
      await shot(member.page, `notices-toast-${suffix}`);
      await member.page.goto(`${base}/notice`);
      await member.page.locator('[data-testid="notices-table"] tr.ant-table-row').first().waitFor({ timeout: 60000 });
      await shot(member.page, `notices-centre-${suffix}`);
      await member.context.close();
      console.log(`shot ${lang} ${size.name}`);
    }
  }
} finally {
  await browser.close();
}
if (failed) process.exit(1);
