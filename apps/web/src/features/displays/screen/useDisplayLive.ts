import type { DisplayTotals } from '@heliograph/shared';
import { useEffect, useRef, useState } from 'react';
import { refreshAccessToken } from '../../../api/client';
import { session } from '../../../api/session';
import { createSseParser, reconnectDelay } from '../../plant-overview';
import { displayLivePath } from '../api';

/** connecting: first attempt; live: stream open; reconnecting: waiting to try again; revoked: the link is gone. */
export type DisplayLiveStatus = 'connecting' | 'live' | 'reconnecting' | 'revoked';

// The server writes a comment every 25 s and totals every few seconds: a stream silent for longer is dead.
const SILENCE_MS = 60_000;

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/**
 * Follows GET /fullscreen/display/:id/live: the display's totals every few seconds, on one stream read with
 * fetch (EventSource cannot send the link's token as a header). A dropped stream (a server restart) reconnects
 * with capped exponential backoff, for as long as the page is open; a revoked link ends it for good. Nothing
 * accumulates: the hook keeps only the newest totals, and every timer and reader ends with the page.
 */
export function useDisplayLive(
  id: string,
  bearer: string | undefined,
  onTotals: (t: DisplayTotals) => void,
): DisplayLiveStatus {
  const [status, setStatus] = useState<DisplayLiveStatus>('connecting');
  const callback = useRef(onTotals);
  useEffect(() => {
    callback.current = onTotals;
  }, [onTotals]);

  useEffect(() => {
    const stop = new AbortController();
    let failures = 0;

    const connectOnce = async (token: string | undefined): Promise<'ended' | 'unauthorised' | 'revoked'> => {
      const attempt = new AbortController();
      const abort = () => attempt.abort();
      stop.signal.addEventListener('abort', abort);
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(abort, SILENCE_MS);
      };
      let revoked = false;
      try {
        arm();
        const res = await fetch(displayLivePath(id), {
          headers: { Accept: 'text/event-stream', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          cache: 'no-store',
          credentials: 'same-origin',
          signal: attempt.signal,
        });
        if (res.status === 401) return 'unauthorised';
        if (!res.ok || !res.body) return 'ended';
        const parser = createSseParser((e) => {
          if (e.event === 'ready') {
            setStatus('live');
            failures = 0;
          } else if (e.event === 'totals') {
            try {
              callback.current(JSON.parse(e.data) as DisplayTotals);
            } catch {
              // A malformed event is skipped; the next tick brings fresh totals.
            }
          } else if (e.event === 'revoked') revoked = true;
        });
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          arm();
          parser.push(value);
        }
        return revoked ? 'revoked' : 'ended';
      } catch {
        return 'ended';
      } finally {
        clearTimeout(watchdog);
        stop.signal.removeEventListener('abort', abort);
      }
    };

    const run = async () => {
      let refreshed = false;
      while (!stop.signal.aborted) {
        const token = bearer ?? session.getToken()?.access_token;
        const outcome = await connectOnce(token);
        if (stop.signal.aborted) return;
        if (outcome === 'revoked' || (outcome === 'unauthorised' && bearer)) {
          setStatus('revoked');
          return;
        }
        if (outcome === 'unauthorised' && token && !refreshed) {
          refreshed = true;
          if (await refreshAccessToken(token)) continue;
        }
        refreshed = false;
        failures += 1;
        setStatus('reconnecting');
        await sleep(reconnectDelay(failures), stop.signal);
      }
    };
    setStatus('connecting');
    void run();
    return () => stop.abort();
  }, [id, bearer]);

  return status;
}
