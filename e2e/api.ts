import { expect, type Page } from '@playwright/test';

/**
 * GET an API path with the page's own token. The e2e server issues 8-second access tokens: after a 401 the
 * page is reloaded so the app refreshes its token itself (a second refresh of ours would race it).
 */
export async function apiGet<T>(page: Page, path: string): Promise<T> {
  const token = () =>
    page.evaluate(() => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token?: string }).access_token);
  for (let attempt = 0; attempt < 3; attempt++) {
    const used = await token();
    const res = await page.evaluate(
      async ([p, t]) => {
        const r = await fetch(p, { headers: { Authorization: `Bearer ${t ?? ''}` } });
        return { status: r.status, body: r.ok ? ((await r.json()) as { code: number; data: unknown }) : null };
      },
      [path, used] as const,
    );
    if (res.status === 200 && res.body?.code === 0) return res.body.data as T;
    if (res.status !== 401) throw new Error(`GET ${path}: HTTP ${res.status}`);
    await page.reload();
    await expect(page.getByTestId('side-menu')).toBeVisible();
    await expect.poll(token, { timeout: 15_000 }).not.toBe(used);
  }
  throw new Error(`GET ${path}: still refused after refreshing the token`);
}

interface InverterRow {
  sn: string;
  protocol: string;
  status: string;
  powerW: number | null;
  writable: boolean;
}

/**
 * A working inverter of the built-in ('metrics') protocol that the caller may change, asked of the API as
 * apps/web/scripts/inverter-screenshots.mjs does: its settings form has the active power limit the simulated
 * gateway applies. A producing one is preferred, but none need be (the e2e fleet's six plants all sleep
 * between about 15:30 and 19:30 UTC). `withPanels`: one with PV inputs (not an AC-coupled battery inverter).
 */
export async function pickInverter(page: Page, opts: { withPanels?: boolean } = {}): Promise<string> {
  const list = await apiGet<{ rows: InverterRow[] }>(page, '/api/v1/inverters?page=1&size=100&sort=power&order=desc');
  const usable = list.rows.filter((r) => r.protocol === 'metrics' && r.status === 'normal' && r.writable);
  for (const inv of usable) {
    if (!opts.withPanels) return inv.sn;
    const inputs = await apiGet<unknown[]>(page, `/api/v1/inverter/${inv.sn}/realtime/input`);
    if (inputs.length > 0) return inv.sn;
  }
  throw new Error('the demo fleet has no working metrics inverter' + (opts.withPanels ? ' with panels' : ''));
}
