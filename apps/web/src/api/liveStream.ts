import { refreshAccessToken } from './client';
import { session } from './session';
import { createSseParser, reconnectDelay, type SseEvent } from './sseParser';

/** connecting: first attempt; live: stream open; reconnecting: waiting to try again; off: signed out. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

// The server writes a comment every 25 s: a stream silent for longer than this is dead.
const SILENCE_MS = 60_000;

export interface FollowOptions {
  /** The stream's address (GET, server-sent events). */
  url: string;
  /** Aborting it ends the stream and the loop. */
  signal: AbortSignal;
  /** Every event but `ready`. */
  onEvent: (e: SseEvent) => void;
  onStatus?: (status: LiveStatus) => void;
  /** The stream is open again after a gap: whatever happened meanwhile is for the caller to fetch. */
  onReconnected?: () => void;
  /** The bearer token; undefined ends the loop (signed out). Default: the session's access token. */
  token?: () => string | undefined;
  /** After a 401: renew the token (once per refusal); false ends the loop. Default: the request client's. */
  refresh?: (token: string) => Promise<boolean>;
  /** Backoff between attempts: exponential from `retryBaseMs` up to `retryMaxMs`, jittered. */
  retryBaseMs?: number;
  retryMaxMs?: number;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/**
 * Follows a server-sent-event stream of the API until `signal` aborts or the session ends. EventSource cannot
 * send the Bearer header, so the stream is read with fetch; a 401 refreshes the token through the request
 * client, a stream that goes silent for a minute is given up, and a dropped stream reconnects with jittered
 * exponential backoff, so a server restart brings every console back, not all in the same instant.
 */
export async function followStream(o: FollowOptions): Promise<void> {
  const tokenOf = o.token ?? (() => session.getToken()?.access_token);
  const refresh = o.refresh ?? refreshAccessToken;
  const status = (s: LiveStatus) => o.onStatus?.(s);
  let failures = 0;

  const connectOnce = async (token: string): Promise<'ended' | 'unauthorised'> => {
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    o.signal.addEventListener('abort', abort);
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    const arm = () => {
      clearTimeout(watchdog);
      watchdog = setTimeout(abort, SILENCE_MS);
    };
    try {
      arm();
      const res = await fetch(o.url, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        cache: 'no-store',
        credentials: 'same-origin',
        signal: attempt.signal,
      });
      if (res.status === 401) return 'unauthorised';
      if (!res.ok || !res.body) return 'ended';
      const parser = createSseParser((e) => {
        if (e.event !== 'ready') return o.onEvent(e);
        status('live');
        if (failures > 0) o.onReconnected?.();
        failures = 0;
      });
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        arm();
        parser.push(value);
      }
      return 'ended';
    } catch {
      return 'ended';
    } finally {
      clearTimeout(watchdog);
      o.signal.removeEventListener('abort', abort);
    }
  };

  status('connecting');
  let refreshed = false;
  while (!o.signal.aborted) {
    const token = tokenOf();
    if (!token) return status('off');
    const outcome = await connectOnce(token);
    if (o.signal.aborted) return;
    if (outcome === 'unauthorised' && !refreshed) {
      // One refresh per refusal, shared with the request client; a failed refresh ends the session there.
      refreshed = true;
      if (!(await refresh(token))) return status('off');
      continue;
    }
    refreshed = false;
    failures += 1;
    status('reconnecting');
    await sleep(reconnectDelay(failures, o.retryBaseMs, o.retryMaxMs), o.signal);
  }
}
