import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

/**
 * axe-core on every page the specs visit (issue 9, "Accessibility"): WCAG 2.1 A and AA rules, failing on any
 * serious or critical violation. support.ts runs `watchAccessibility` for every test, so no spec has to
 * remember it: each time a page of the test's browser context settles on a new address or opens or closes
 * a dialog, it is scanned; and the page a test ends on is scanned once more.
 */

export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

export interface A11yViolation {
  rule: string;
  impact: string;
  help: string;
  url: string;
  targets: string[];
}

/** Waits for the page's finite animations (a dialog fading in would be measured at half its contrast). */
export async function animationsDone(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/** Scans the page as it is now; answers its serious and critical violations. */
export async function scanPage(page: Page): Promise<A11yViolation[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
  return results.violations
    .filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      url: results.url,
      // The element, and for contrast the colours axe measured.
      targets: v.nodes.map((n) => {
        const why = v.id === 'color-contrast' ? n.any[0]?.message : undefined;
        return `${n.target.map(String).join(' ')}${why ? ` — ${why}` : ''}`;
      }),
    }));
}

/** One line per rule and page, then one indented line per failing element. */
export function formatViolations(violations: readonly A11yViolation[]): string {
  return violations
    .map((v) => `${v.rule} (${v.impact}) on ${v.url}: ${v.help}\n${v.targets.map((t) => `    ${t}`).join('\n')}`)
    .join('\n');
}

/**
 * Runs in every document: once the address (or the set of open dialogs) changed and the page has not
 * changed for a moment with no finite animation running (a dialog fading in would fail contrast), asks
 * the test side to scan it. Endless animations (spinners, live pulses) do not hold the scan back.
 */
function settleWatcher(): void {
  if (window.top !== window) return;
  const w = window as unknown as { __hgA11ySettled?: (key: string) => Promise<void> };
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastKey = '';
  const busy = (): boolean =>
    document.getAnimations().some((a) => {
      const timing = a.effect?.getComputedTiming();
      return a.playState === 'running' && timing?.iterations !== Infinity;
    });
  const dialogs = (): number =>
    Array.from(document.querySelectorAll('[role="dialog"]')).filter(
      (d) => (d as HTMLElement).offsetParent !== null || getComputedStyle(d).position === 'fixed',
    ).length;
  const fire = (): void => {
    if (document.readyState === 'loading' || busy()) return arm();
    const key = `${location.href}|${dialogs()}`;
    if (key === lastKey) return;
    lastKey = key;
    void w.__hgA11ySettled?.(key);
  };
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(fire, 600);
  };
  const start = (): void => {
    new MutationObserver(arm).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    arm();
  };
  if (document.documentElement) start();
  else document.addEventListener('DOMContentLoaded', start);
}

/** Scans of one test's pages, kept until the test ends. */
export class AccessibilityWatch {
  private readonly found = new Map<string, A11yViolation>();
  private queue: Promise<void> = Promise.resolve();
  readonly scanned: string[] = [];

  /** Queues a scan of `page`; a violation counts only if a second scan a moment later still finds it. */
  scan(page: Page): Promise<void> {
    this.queue = this.queue.then(async () => {
      try {
        if (page.isClosed() || !page.url().startsWith('http')) return;
        const first = await scanPage(page);
        this.scanned.push(page.url());
        if (first.length === 0) return;
        await page.waitForTimeout(400);
        await animationsDone(page);
        const again = await scanPage(page);
        const still = new Set(again.flatMap((v) => v.targets.map((t) => `${v.rule}|${v.url}|${t}`)));
        for (const v of first) {
          const targets = v.targets.filter((t) => still.has(`${v.rule}|${v.url}|${t}`));
          if (targets.length === 0) continue;
          const key = `${v.rule}|${v.url}`;
          const known = this.found.get(key);
          this.found.set(key, { ...v, targets: [...new Set([...(known?.targets ?? []), ...targets])] });
        }
      } catch {
        // The page navigated or closed during the scan: the next settled page is scanned instead.
      }
    });
    return this.queue;
  }

  async attach(context: BrowserContext): Promise<void> {
    await context.exposeBinding('__hgA11ySettled', async ({ page }) => {
      // Not awaited: the page must not wait for its own scan.
      void this.scan(page);
    });
    await context.addInitScript(settleWatcher);
  }

  /** Waits for queued scans; answers every violation found. */
  async violations(): Promise<A11yViolation[]> {
    await this.queue;
    return [...this.found.values()];
  }
}
