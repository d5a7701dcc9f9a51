import { ERROR_CODES, toWireLang, type Envelope, type FieldError, type TokenPair } from '@heliograph/shared';
import { notifier } from './notifier';
import { session } from './session';

/**
 * The request client of spec §7–§8: JSON envelope `{code, data, msg}`, Bearer token, `lan` on every call,
 * one shared token refresh on HTTP 401, a forced sign-out on code 102, a toast for every other non-zero code
 * the call does not tolerate, and one "server is not responding" dialog for network faults and HTTP ≥ 500.
 */

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as multipart form data instead of `body`. */
  form?: FormData;
  /** Codes this call handles itself: no toast (spec §7 "some calls list codes that count as success"). */
  tolerate?: readonly number[];
  /** No toast for any code (background calls such as the message count). */
  silent?: boolean;
  /** No UI at all, not even the server-down dialog (sign-out's revoke). */
  quiet?: boolean;
  signal?: AbortSignal;
  /**
   * A read-only view link's token (a wall screen or an embedded view, no account): sent instead of the
   * session's, never refreshed; a 401 means the link was revoked and is thrown to the page, no sign-in.
   */
  bearer?: string;
}

/** A failed call: a non-zero code, or NETWORK_ERROR when no usable answer arrived. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown,
    readonly status: number,
    /** Whether the person was already told (toast or dialog). */
    readonly notified: boolean,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** Offending fields of a code-4 answer (`data.fields`). */
  get fields(): FieldError[] {
    const fields = (this.data as { fields?: unknown } | null)?.fields;
    return Array.isArray(fields) ? (fields as FieldError[]) : [];
  }
}

export const NETWORK_ERROR = -1;
export const REFRESH_PATH = '/api/v1/oauth/token/new';
export const LOGIN_PATH = '/login';

let serverDownOpen = false;
let leaving = false;
let refreshing: Promise<string | null> | null = null;

function buildUrl(path: string, query: Record<string, QueryValue> | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  params.set('lan', toWireLang(session.getLanguage()));
  return `${path}${path.includes('?') ? '&' : '?'}${params.toString()}`;
}

function send(path: string, opts: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  return fetch(buildUrl(path, opts.query), {
    method: opts.method ?? (body ? 'POST' : 'GET'),
    headers,
    body,
    signal: opts.signal,
    credentials: 'same-origin',
  });
}

function currentPath(): string {
  return typeof window === 'undefined' ? '/' : window.location.pathname;
}

/** Leaves for the sign-in page once, remembering where the person was. */
export function goToLogin(remember = true): void {
  if (leaving || typeof window === 'undefined') return;
  leaving = true;
  const here = `${window.location.pathname}${window.location.search}`;
  const target =
    remember && currentPath() !== LOGIN_PATH ? `${LOGIN_PATH}?redirect=${encodeURIComponent(here)}` : LOGIN_PATH;
  window.location.replace(target);
}

function showServerDown(opts: RequestOptions): void {
  if (opts.quiet || serverDownOpen) return;
  serverDownOpen = true;
  notifier().serverDown(
    () => window.location.reload(),
    () => {
      serverDownOpen = false;
    },
  );
}

async function postRefresh(refreshToken: string): Promise<TokenPair | null> {
  try {
    const res = await fetch(buildUrl(REFRESH_PATH, undefined), {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify({ grant_type: 'refresh_token', refresh_token: refreshToken }),
    });
    if (!res.ok) return null;
    const env = (await res.json()) as Envelope<TokenPair>;
    return env.code === 0 && env.data?.access_token ? env.data : null;
  } catch {
    return null;
  }
}

/**
 * Exactly one refresh at a time: every request that met a 401 waits on the same promise and is retried with
 * its result. A request whose token was already replaced by a finished refresh just uses the new one.
 */
export function refreshAccessToken(usedToken: string): Promise<string | null> {
  const held = session.getToken();
  if (held && held.access_token !== usedToken) return Promise.resolve(held.access_token);
  if (!held) return Promise.resolve(null);
  refreshing ??= postRefresh(held.refresh_token)
    .then((pair) => {
      // The stored pair may have changed while the refresh was on its way: signed out (a pair written back
      // now would sign the visitor in again, and /login would send them on to the console), or renewed by
      // another tab. Only the pair that was refreshed is replaced.
      const now = session.getToken();
      if (!now) return null;
      if (now.refresh_token !== held.refresh_token) return now.access_token;
      if (!pair) return null;
      session.setToken(pair);
      return pair.access_token;
    })
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

async function readEnvelope<T>(res: Response): Promise<Envelope<T> | null> {
  try {
    const env = (await res.json()) as Envelope<T>;
    return typeof env === 'object' && env !== null && typeof env.code === 'number' ? env : null;
  } catch {
    return null;
  }
}

/**
 * A public view opened with a read-only link (/plantLayout?token=…) shows the console's own components, which
 * call the API themselves: while it is open, their calls carry the link's token instead of a session's.
 */
let viewLinkBearer: string | undefined;
export function setViewLinkBearer(token: string | undefined): void {
  viewLinkBearer = token;
}

/** Sends a call and returns its whole envelope when the code is 0; throws ApiError otherwise. */
export async function requestEnvelope<T>(path: string, opts: RequestOptions = {}): Promise<Envelope<T>> {
  const bearer = opts.bearer ?? viewLinkBearer;
  const token = bearer ?? session.getToken()?.access_token;
  let res: Response;
  try {
    res = await send(path, opts, token);
    if (res.status === 401 && bearer) throw new ApiError(ERROR_CODES.tokenInvalid, 'link', null, 401, true);
    if (res.status === 401 && token && path !== REFRESH_PATH) {
      const fresh = await refreshAccessToken(token);
      if (!fresh) {
        session.clear();
        if (!opts.quiet) goToLogin();
        throw new ApiError(ERROR_CODES.tokenInvalid, 'token', null, 401, true);
      }
      res = await send(path, opts, fresh);
    }
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as Error)?.name === 'AbortError') throw err;
    showServerDown(opts);
    throw new ApiError(NETWORK_ERROR, (err as Error)?.message ?? 'network', null, 0, !opts.quiet);
  }

  if (res.status >= 500) {
    showServerDown(opts);
    const env = await readEnvelope<unknown>(res);
    throw new ApiError(
      env?.code ?? NETWORK_ERROR,
      env?.msg ?? res.statusText,
      env?.data ?? null,
      res.status,
      !opts.quiet,
    );
  }

  const env = await readEnvelope<T>(res);
  if (!env) {
    showServerDown(opts);
    throw new ApiError(NETWORK_ERROR, res.statusText, null, res.status, !opts.quiet);
  }
  if (env.code === ERROR_CODES.ok) return env;

  if (env.code === ERROR_CODES.badCredentials && currentPath() !== LOGIN_PATH) {
    // Spec §4: 102 clears the stored user and reloads to the sign-in page, unless already there.
    session.clear();
    if (!opts.quiet) goToLogin(false);
    throw new ApiError(env.code, env.msg, env.data, res.status, true);
  }
  if (res.status === 401 && token) {
    // Still refused after a refresh: the session is over.
    session.clear();
    if (!opts.quiet) goToLogin();
    throw new ApiError(env.code, env.msg, env.data, res.status, true);
  }

  const tolerated = opts.tolerate?.includes(env.code) ?? false;
  const tell = !tolerated && !opts.silent && !opts.quiet;
  if (tell) notifier().error(env.msg);
  throw new ApiError(env.code, env.msg, env.data, res.status, tell);
}

/** Sends a call and returns its `data`. */
export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return (await requestEnvelope<T>(path, opts)).data;
}

/** For tests: forget module state between cases. */
export function resetClientState(): void {
  serverDownOpen = false;
  leaving = false;
  refreshing = null;
}
