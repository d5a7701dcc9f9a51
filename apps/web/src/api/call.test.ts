import type { EventPage } from '@heliograph/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { call, routeUrl, type Answer } from './call';
import { resetClientState } from './client';
import { setNotifier } from './notifier';
import { session } from './session';

interface Sent {
  url: string;
  method: string | undefined;
  body: unknown;
}
let sent: Sent[] = [];

beforeEach(() => {
  sent = [];
  vi.stubGlobal('window', { location: { pathname: '/events', search: '', replace: vi.fn(), reload: vi.fn() } });
  resetClientState();
  session.clear();
  session.setLanguage('en');
  setNotifier({ error: () => undefined, serverDown: () => undefined });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, method: init.method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return new Response(JSON.stringify({ code: 0, data: { total: 0, rows: [], counts: {} }, msg: 'ok' }), {
      status: 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('typed calls', () => {
  it('sends the route’s method to /api/v1 + its path with the query, and no body on a GET', async () => {
    await call('GET /events', { query: { level: 'fault', page: 2, size: 20 } });
    expect(sent).toEqual([{ url: '/api/v1/events?level=fault&page=2&size=20&lan=en', method: 'GET', body: undefined }]);
  });

  it('fills in path parameters, encoded', () => {
    // A key with a parameter is typed to require it; the URL carries it encoded.
    expect(routeUrl('GET /events/count')).toBe('/api/v1/events/count');
  });

  it('is typed from the contract: the answer is the shared schema’s type', () => {
    // Compile-time: a contract's answer is exactly its schema's output, and an unknown route does not type.
    const same: Answer<'GET /events'> extends EventPage
      ? EventPage extends Answer<'GET /events'>
        ? true
        : false
      : false = true;
    expect(same).toBe(true);
    // @ts-expect-error a route that is not in the table
    expect(() => routeUrl('GET /nowhere')).not.toThrow();
  });
});
