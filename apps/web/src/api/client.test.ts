import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, request, resetClientState, type QueryValue, type RequestOptions } from './client';

/** The shapes these tests send: a GET with a query, a POST with a body (what call() builds from a route). */
const api = {
  get: (path: string, query?: Record<string, QueryValue>, opts: RequestOptions = {}) =>
    request<unknown>(path, { ...opts, query, method: 'GET' }),
  post: (path: string, body?: unknown, opts: RequestOptions = {}) =>
    request<unknown>(path, { ...opts, body: body ?? {}, method: 'POST' }),
};
import { setNotifier } from './notifier';
import { session } from './session';

interface Call {
  url: string;
  auth: string | undefined;
  body: unknown;
}

const errors: string[] = [];
let serverDown = 0;
let calls: Call[] = [];
const location = { pathname: '/plants', search: '', replace: vi.fn(), reload: vi.fn() };

function json(status: number, code: number, data: unknown = null, msg = ''): Response {
  return new Response(JSON.stringify({ code, data, msg }), { status, headers: { 'Content-Type': 'application/json' } });
}

function mockFetch(handler: (call: Call) => Response | Promise<Response>): void {
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call = { url, auth: headers.Authorization, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    return handler(call);
  });
}

beforeEach(() => {
  calls = [];
  errors.length = 0;
  serverDown = 0;
  location.pathname = '/plants';
  location.replace.mockReset();
  vi.stubGlobal('window', { location });
  resetClientState();
  session.clear();
  session.setLanguage('cn');
  setNotifier({ error: (m) => errors.push(m), serverDown: () => void serverDown++ });
});

afterEach(() => vi.unstubAllGlobals());

describe('request client', () => {
  it('sends lan as the wire code, Accept and the Bearer token', async () => {
    session.setToken({ access_token: 'A1', refresh_token: 'R1', token_type: 'bearer', expires_in: 900 });
    mockFetch(() => json(200, 0, { ok: true }));
    await expect(api.get('/api/v1/user', { x: 1 })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/v1/user?x=1&lan=zh');
    expect(calls[0]?.auth).toBe('Bearer A1');
  });

  it('refreshes once on 401 while other failed requests wait, then retries them with the new token', async () => {
    session.setToken({ access_token: 'old', refresh_token: 'R1', token_type: 'bearer', expires_in: 900 });
    mockFetch(async (call) => {
      if (call.url.startsWith('/api/v1/oauth/token/new')) {
        await new Promise((r) => setTimeout(r, 20));
        return json(200, 0, { access_token: 'new', refresh_token: 'R2', token_type: 'bearer', expires_in: 900 });
      }
      return call.auth === 'Bearer new' ? json(200, 0, call.url) : json(401, 401);
    });
    const results = await Promise.all([api.get('/api/v1/a'), api.get('/api/v1/b'), api.get('/api/v1/c')]);
    expect(results).toHaveLength(3);
    const refreshes = calls.filter((c) => c.url.startsWith('/api/v1/oauth/token/new'));
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toEqual({ grant_type: 'refresh_token', refresh_token: 'R1' });
    expect(session.getToken()?.refresh_token).toBe('R2');
  });

  it('a refresh that answers after sign-out does not sign the visitor back in', async () => {
    session.setToken({ access_token: 'old', refresh_token: 'R1', token_type: 'bearer', expires_in: 900 });
    let answerRefresh: () => void = () => undefined;
    mockFetch(async (call) => {
      if (call.url.startsWith('/api/v1/oauth/token/new')) {
        await new Promise<void>((r) => (answerRefresh = r));
        return json(200, 0, { access_token: 'new', refresh_token: 'R2', token_type: 'bearer', expires_in: 900 });
      }
      return call.auth === 'Bearer new' ? json(200, 0, 3) : json(401, 401);
    });
    const pending = api.get('/api/v1/messageTd/count');
    await vi.waitFor(() => expect(calls.some((c) => c.url.startsWith('/api/v1/oauth/token/new'))).toBe(true));
    session.clear(); // the visitor signs out while the refresh is on its way
    answerRefresh();
    await expect(pending).rejects.toBeInstanceOf(ApiError);
    expect(session.getToken()).toBeNull();
  });

  it('clears the user and goes to /login when the refresh fails', async () => {
    session.setToken({ access_token: 'old', refresh_token: 'R1', token_type: 'bearer', expires_in: 900 });
    mockFetch(() => json(401, 401));
    await expect(api.get('/api/v1/a')).rejects.toBeInstanceOf(ApiError);
    expect(session.getToken()).toBeNull();
    expect(location.replace).toHaveBeenCalledWith('/login?redirect=%2Fplants');
  });

  it('code 102 clears the user and reloads to /login, but not on /login itself', async () => {
    session.setToken({ access_token: 'A', refresh_token: 'R', token_type: 'bearer', expires_in: 900 });
    mockFetch(() => json(200, 102, null, 'Wrong account or password.'));
    await expect(api.get('/api/v1/a')).rejects.toMatchObject({ code: 102 });
    expect(session.getToken()).toBeNull();
    expect(location.replace).toHaveBeenCalledWith('/login');

    resetClientState();
    location.replace.mockReset();
    location.pathname = '/login';
    await expect(api.post('/api/v1/oauth/token/new', {})).rejects.toMatchObject({ code: 102 });
    expect(location.replace).not.toHaveBeenCalled();
    expect(errors).toEqual(['Wrong account or password.']);
  });

  it('toasts the server message unless the call tolerates the code', async () => {
    mockFetch(() => json(200, 1103, { captchaRequired: true }, 'Enter the picture code'));
    await expect(api.post('/x', {}, { tolerate: [1103, 5, 6] })).rejects.toMatchObject({
      code: 1103,
      notified: false,
      data: { captchaRequired: true },
    });
    expect(errors).toEqual([]);
    await expect(api.post('/x', {})).rejects.toMatchObject({ code: 1103, notified: true });
    expect(errors).toEqual(['Enter the picture code']);
  });

  it('exposes the offending fields of a code-4 answer', async () => {
    mockFetch(() => json(400, 4, { fields: [{ field: 'phone', rule: 'phone', message: 'Bad phone' }] }, 'Invalid'));
    const err = (await api.post('/x', {}, { tolerate: [4] }).catch((e: unknown) => e)) as ApiError;
    expect(err.fields).toEqual([{ field: 'phone', rule: 'phone', message: 'Bad phone' }]);
  });

  it('shows one server-down dialog for network errors and HTTP >= 500', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await Promise.all([api.get('/a').catch(() => null), api.get('/b').catch(() => null)]);
    mockFetch(() => new Response('oops', { status: 502 }));
    await api.get('/c').catch(() => null);
    expect(serverDown).toBe(1);
  });
});
