/**
 * The role walk (issue 12, "every page for every role in eight languages"): signs in as each demo account and,
 * in each of the eight languages, opens every page its menus offer, reporting per page what a user of that
 * role and language would trip over. Not part of npm test or CI; it starts nothing itself.
 *
 * Usage (against a running server, e.g. one started with playwright.config.ts's webServer environment):
 *   DEMO_PASSWORD=… npx tsx scripts/walk-roles.ts http://127.0.0.1:8093 [--accounts a,b] [--langs en,he]
 *       [--axe-langs en,he|all] [--pages /manuals,/edit] [--out /tmp/walk-report.md] [--parallel 2]
 *
 * Per page it records: HTTP 4xx/5xx answers (401 is the expected token refresh), console errors and uncaught
 * exceptions, the not-available page, i18n keys shown raw, English catalogue text left on a non-English page
 * (text also shown by the English run of the same page that is an English catalogue value and not the
 * language's own), the document wider than a 390×844 phone, and axe serious/critical WCAG 2.1 AA violations.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LANGUAGES as LANGS, type Lang, type PermissionKey, type PermissionNode } from '@heliograph/shared';
import { MENU_PATHS } from '../apps/web/src/kit/routeTable.js';

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

const ACCOUNTS = [
  'admin@sunrise.example',
  'owner@sunrise.example',
  'installer@sunrise.example',
  'staff@sunrise.example',
  'visitor@sunrise.example',
  'customer@sunrise.example',
  'office@brightbakery.example',
  'internal@heliograph.example',
  'platform@heliograph.example',
];

/** Entries of the account menu in the top bar: their test id and the page they open. */
const USER_MENU_PAGES: Record<string, string> = {
  'personal-settings': '/edit',
  'manuals-menu': '/manuals',
};

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

type Kind = 'http' | 'console' | 'notAvailable' | 'rawKey' | 'english' | 'sameAsEn' | 'overflow' | 'axe' | 'signIn';
/**
 * `english` is an English catalogue text on a non-English page; `sameAsEn` is other text the English run of the
 * page shows too (server texts, hard-coded words, but also names from the data): a list to read, not a count
 * to bring to zero.
 */
const KINDS: Kind[] = ['signIn', 'http', 'console', 'notAvailable', 'rawKey', 'english', 'overflow', 'axe', 'sameAsEn'];

interface Finding {
  account: string;
  lang: Lang | '-';
  page: string;
  kind: Kind;
  detail: string;
}

// ---------------------------------------------------------------- arguments

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
}
const list = (v: string | undefined): string[] | undefined => v?.split(',').filter(Boolean);

const baseUrl = process.argv[2]?.startsWith('http') ? process.argv[2].replace(/\/$/, '') : undefined;
if (!baseUrl) {
  console.error('usage: tsx scripts/walk-roles.ts <server URL> [--accounts …] [--langs …] [--axe-langs …]');
  process.exit(2);
}
const password = process.env.DEMO_PASSWORD;
if (!password) {
  console.error('DEMO_PASSWORD is not set');
  process.exit(2);
}
const accounts = list(option('accounts')) ?? ACCOUNTS;
const wantedLangs = (list(option('langs')) ?? [...LANGS]) as Lang[];
// English first: the other languages are compared with it.
const langs: Lang[] = ['en', ...wantedLangs.filter((l) => l !== 'en')];
const axeOption = option('axe-langs') ?? 'all';
const axeLangs = new Set<string>(axeOption === 'all' ? LANGS : (list(axeOption) ?? []));
/** Only these pages (of those an account's menus offer), to re-check a fix quickly. */
const onlyPages = list(option('pages'));
const outFile = option('out') ?? '/tmp/walk-report.md';
const parallel = Math.max(1, Number(option('parallel') ?? 2));

// ---------------------------------------------------------------- catalogues

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else flatten(v, key, out);
  }
  return out;
}

/** Every web catalogue of a language, flattened (key → text). */
function catalogue(lang: Lang): Map<string, string> {
  const dirs = [path.join(ROOT, 'apps/web/src/i18n/locales')];
  const features = path.join(ROOT, 'apps/web/src/features');
  for (const f of readdirSync(features)) dirs.push(path.join(features, f, 'locales'));
  const out = new Map<string, string>();
  for (const dir of dirs) {
    try {
      flatten(JSON.parse(readFileSync(path.join(dir, `${lang}.json`), 'utf8')) as Tree, '', out);
    } catch {
      // A feature without catalogues.
    }
  }
  return out;
}

const norm = (s: string): string => s.replace(/\s+/g, ' ').trim();
/** A catalogue text without its placeholders, for comparing with what a page shows. */
const plain = (s: string): string => norm(s.replace(/\{\{[^}]*\}\}/g, '').replace(/<\/?\d+>/g, ''));

const enCatalogue = catalogue('en');
const enTexts = new Set([...enCatalogue.values()].map(plain).filter((s) => /[A-Za-z]{3}/.test(s)));
const langTexts = new Map<Lang, Set<string>>(
  LANGS.map((l) => [l, new Set([...catalogue(l).values()].map(plain))] as const),
);

/** Text that looks like an i18n key: two or more dotted identifiers, not a file name, host or number. */
const KEY_PATTERN = /^[a-z][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)+$/;
const NOT_KEY = /\.(pdf|png|jpe?g|svg|xlsx?|csv|docx?|zip|txt|json|example|com|org|net|io|cn|de)$/i;

// ---------------------------------------------------------------- page helpers

/** Waits for the page to stop loading: no spinner or skeleton left (at most a few seconds), then a beat. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load').catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document.querySelector('.ant-spin-spinning, .ant-skeleton-active, .hg-top-progress-active') === null &&
        document.querySelector('#root')?.childElementCount !== 0,
      undefined,
      { timeout: 6000, polling: 200 },
    )
    .catch(() => undefined);
  await page.waitForTimeout(400);
}

/** The visible text of the page: text nodes and the placeholders, labels and titles users read or hear. */
async function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>();
    const visible = (el: Element | null): boolean =>
      !!el && (el as HTMLElement).checkVisibility?.({ visibilityProperty: true, opacityProperty: true }) !== false;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').replace(/\s+/g, ' ').trim();
      const parent = n.parentElement;
      if (!text || !parent || parent.closest('script, style, noscript')) continue;
      if (visible(parent)) out.add(text);
    }
    for (const el of document.querySelectorAll('[placeholder], [aria-label], [title]')) {
      if (!visible(el)) continue;
      for (const a of ['placeholder', 'aria-label', 'title']) {
        const v = el.getAttribute(a)?.replace(/\s+/g, ' ').trim();
        if (v) out.add(v);
      }
    }
    return [...out];
  });
}

async function scanOnce(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => {
      const targets = v.nodes.slice(0, 3).map((n) => n.target.map(String).join(' '));
      return `${v.id} (${v.impact}): ${targets.join(' | ')}${v.nodes.length > 3 ? ` (+${v.nodes.length - 3})` : ''}`;
    });
}

/** Serious and critical violations that a second scan a moment later still finds (as e2e/a11y.ts does). */
async function axeViolations(page: Page): Promise<string[]> {
  const first = await scanOnce(page);
  if (first.length === 0) return first;
  await page.waitForTimeout(600);
  const again = new Set(await scanOnce(page));
  return first.filter((v) => again.has(v));
}

/** Client-side navigation, as a menu click does it (no reload, so the page loads like a user sees it). */
async function navigate(page: Page, to: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState({}, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, to);
  await page.waitForURL((u) => u.pathname === to.split('?')[0], { timeout: 5000 }).catch(() => undefined);
  // The router keeps the previous page on screen until the new one's chunk and data are in; the top progress
  // bar (shown after 120 ms) is busy meanwhile and back at zero once it is done.
  await page.waitForTimeout(200);
  await page
    .waitForFunction(
      () => {
        const bar = document.querySelector('.hg-progress');
        return !bar || (bar.getAttribute('aria-hidden') === 'true' && bar.getAttribute('aria-valuenow') === '0');
      },
      undefined,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => undefined);
}

function menuPaths(nodes: readonly PermissionNode[]): string[] {
  const out: string[] = [];
  for (const node of nodes) {
    if (node.type !== 0 || node.hidden) continue;
    const own = MENU_PATHS.get(node.permission as PermissionKey);
    if (own) out.push(own);
    out.push(...menuPaths(node.children));
  }
  return out;
}

// ---------------------------------------------------------------- one account

interface PageRun {
  texts: Set<string>;
}

async function walkAccount(browser: Browser, account: string, findings: Finding[]): Promise<void> {
  const context: BrowserContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB' });
  // tsx keeps function names with a helper the page does not have; functions evaluated in the page need it.
  await context.addInitScript('window.__name = (f) => f;');
  const page = await context.newPage();
  let current = { lang: '-' as Lang | '-', page: '/login' };
  const add = (kind: Kind, detail: string): void => {
    const f = { account, lang: current.lang, page: current.page, kind, detail };
    if (!findings.some((x) => JSON.stringify(x) === JSON.stringify(f))) findings.push(f);
  };
  page.on('response', (r) => {
    if (r.status() >= 400 && r.status() !== 401) {
      add('http', `${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    }
  });
  page.on('console', (m) => {
    // The browser logs the 401 that makes the client refresh its token: expected.
    if (m.type() === 'error' && !m.text().includes('status of 401')) add('console', m.text().slice(0, 300));
  });
  page.on('pageerror', (e) => add('console', `uncaught: ${e.message.slice(0, 300)}`));

  // Sign in, in English, and learn the account's menu from its permission tree.
  await page.goto(`${baseUrl}/login`);
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.reload();
  const treeAnswer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/permission', {
    timeout: 20_000,
  });
  await page.getByTestId('login-account').fill(account);
  await page.getByTestId('login-password').fill(password as string);
  await page.getByTestId('login-submit').click();
  let tree: PermissionNode[];
  try {
    const body = (await (await treeAnswer).json()) as { data?: PermissionNode[] } | PermissionNode[];
    tree = Array.isArray(body) ? body : (body.data ?? []);
    await page.getByTestId('user-menu').waitFor({ timeout: 15_000 });
  } catch {
    add('signIn', 'could not sign in (or no permission tree)');
    await context.close();
    return;
  }
  // The account menu's entries.
  const extra: string[] = [];
  await page.getByTestId('user-menu').click();
  await page.waitForTimeout(400);
  for (const [testId, to] of Object.entries(USER_MENU_PAGES)) {
    if (await page.getByTestId(testId).count()) extra.push(to);
  }
  await page.keyboard.press('Escape');
  // Nothing hovered while the pages are scanned.
  await page.mouse.move(0, 0);
  const pages = [...new Set([...menuPaths(tree), ...extra])].filter((p) => !onlyPages || onlyPages.includes(p));
  console.log(`${account}: ${pages.length} pages: ${pages.join(' ')}`);

  const english = new Map<string, PageRun>();
  // A page that is not built yet shows the same not-available page in every language: seen once in English.
  const unbuilt = new Set<string>();
  for (const lang of langs) {
    current = { lang, page: '-' };
    await page.evaluate((l) => localStorage.setItem('language', l), lang);
    await page.goto(`${baseUrl}/`);
    await settle(page);
    for (const to of pages) {
      if (unbuilt.has(to)) continue;
      current = { lang, page: to };
      await page.setViewportSize(DESKTOP);
      await navigate(page, to);
      await settle(page);
      if (await page.getByTestId('not-available').count()) {
        add('notAvailable', 'the not-available page (not opened again in the other languages)');
        unbuilt.add(to);
        continue;
      }
      const texts = await visibleTexts(page);
      for (const t of texts) {
        if (KEY_PATTERN.test(t) && !NOT_KEY.test(t) && !t.includes('@')) add('rawKey', t);
      }
      if (lang === 'en') {
        english.set(to, { texts: new Set(texts) });
      } else {
        const en = english.get(to)?.texts ?? new Set<string>();
        const own = langTexts.get(lang) ?? new Set<string>();
        for (const t of texts) {
          if (!en.has(t) || own.has(t) || !/[A-Za-z]{3}/.test(t) || t.includes('@')) continue;
          if (enTexts.has(t)) add('english', t.slice(0, 120));
          else if (/[a-z]{3,} [a-z]{3,}/i.test(t) && !/^[A-Z0-9-]+$/.test(t)) add('sameAsEn', t.slice(0, 120));
        }
      }
      if (axeLangs.has(lang)) {
        try {
          for (const v of await axeViolations(page)) add('axe', v);
        } catch (e) {
          add('axe', `axe could not run: ${String(e).slice(0, 120)}`);
        }
      }
      await page.setViewportSize(PHONE);
      await page.waitForTimeout(350);
      const width = await page.evaluate(() => {
        // antd keeps the hidden textarea it measures auto-sized fields with at the last width it measured;
        // after the resize from the desktop it would stick out, which no phone user meets.
        for (const t of document.querySelectorAll<HTMLElement>('body > textarea')) {
          if (getComputedStyle(t).visibility === 'hidden') t.style.display = 'none';
        }
        return {
          doc: document.documentElement.scrollWidth,
          view: window.innerWidth,
          // The widest element that sticks out, to say where to look.
          culprit: (() => {
            let worst = '';
            let max = window.innerWidth;
            for (const el of document.querySelectorAll('body *')) {
              const r = el.getBoundingClientRect();
              const right = document.dir === 'rtl' ? window.innerWidth - r.left : r.right;
              if (right > max + 1 && r.width > 0) {
                max = right;
                worst = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${String(el.className).split(' ').slice(0, 2).join('.')}`;
              }
            }
            return worst;
          })(),
        };
      });
      if (width.doc > width.view + 1)
        add('overflow', `document ${width.doc}px wide at ${width.view}px (${width.culprit})`);
    }
  }
  await context.close();
}

// ---------------------------------------------------------------- report

function report(findings: Finding[], started: number): string {
  const counts = KINDS.map((k) => `| ${k} | ${findings.filter((f) => f.kind === k).length} |`);
  const lines = [
    `# Role walk — ${new Date().toISOString()}`,
    '',
    `Server ${baseUrl}; accounts: ${accounts.join(', ')}; languages: ${langs.join(', ')}; axe in: ${[...axeLangs].join(', ')}; ${Math.round((Date.now() - started) / 1000)} s.`,
    '',
    '| kind | findings |',
    '| --- | --- |',
    ...counts,
    '',
  ];
  // Grouped by kind, then by page and detail with the accounts and languages it was seen in.
  for (const kind of KINDS) {
    const of = findings.filter((f) => f.kind === kind);
    if (of.length === 0) continue;
    lines.push(`## ${kind} (${of.length})`, '');
    const groups = new Map<string, { accounts: Set<string>; langs: Set<string> }>();
    for (const f of of) {
      const key = kind === 'sameAsEn' ? f.detail : `${f.page} — ${f.detail}`;
      const g = groups.get(key) ?? { accounts: new Set(), langs: new Set() };
      g.accounts.add(f.account.split('@')[0] ?? f.account);
      g.langs.add(f.lang);
      groups.set(key, g);
    }
    for (const [key, g] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
      lines.push(`- ${key} [${[...g.accounts].join(', ')}; ${[...g.langs].join(' ')}]`);
    }
    lines.push('');
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const started = Date.now();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const findings: Finding[] = [];
  const queue = [...accounts];
  const worker = async (): Promise<void> => {
    for (let a = queue.shift(); a; a = queue.shift()) {
      try {
        await walkAccount(browser, a, findings);
      } catch (e) {
        findings.push({ account: a, lang: '-', page: '-', kind: 'console', detail: `walk failed: ${String(e)}` });
      }
      writeFileSync(outFile, report(findings, started));
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  await browser.close();
  writeFileSync(outFile, report(findings, started));
  console.log(report(findings, started).split('\n').slice(0, 16).join('\n'));
  console.log(`Written to ${outFile}`);
}

await main();
