import { useEffect, useRef, useState } from 'react';
import { refreshAccessToken } from '../../api/client';
import { livePlantPath } from '../../api/plants';
import { session } from '../../api/session';
import { createSseParser, reconnectDelay } from './sseParser';

/** connecting: first attempt; live: stream open; reconnecting: waiting to try again; off: signed out. */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off';

// The server writes a comment every 25 s: a stream silent for longer than this is dead.
const SILENCE_MS = 60_000;
// Several uploads committed together arrive as a burst of events: one refetch for the lot.
const COALESCE_MS = 400;

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
 * Follows GET /api/v1/live/plant/:id (server-sent events). EventSource cannot send the Bearer header, so the
 * stream is read with fetch; a 401 refreshes the token through the request client, and a dropped stream
 * reconnects with exponential backoff. `onPlant` runs (coalesced) on every `plant` event.
 */
export function usePlantLive(plantId: string | undefined, onPlant: () => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const callback = useRef(onPlant);
  useEffect(() => {
    callback.current = onPlant;
  }, [onPlant]);

  useEffect(() => {
    if (!plantId) return;
    const stop = new AbortController();
    let pending: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    const notify = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        callback.current();
      }, COALESCE_MS);
    };

    const connectOnce = async (token: string): Promise<'ended' | 'unauthorised'> => {
      const attempt = new AbortController();
      const abort = () => attempt.abort();
      stop.signal.addEventListener('abort', abort);
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      const arm = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(abort, SILENCE_MS);
      };
      try {
        arm();
        const res = await fetch(livePlantPath(plantId), {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          credentials: 'same-origin',
          signal: attempt.signal,
        });
        if (res.status === 401) return 'unauthorised';
        if (!res.ok || !res.body) return 'ended';
        const parser = createSseParser((e) => {
          if (e.event === 'ready') {
            setStatus('live');
            // Back after a gap: whatever arrived meanwhile is fetched now.
            if (failures > 0) notify();
            failures = 0;
          } else if (e.event === 'plant') notify();
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
        stop.signal.removeEventListener('abort', abort);
      }
    };

    const run = async () => {
      let refreshed = false;
      while (!stop.signal.aborted) {
        const token = session.getToken()?.access_token;
        if (!token) {
          setStatus('off');
          return;
        }
        const outcome = await connectOnce(token);
        if (stop.signal.aborted) return;
        if (outcome === 'unauthorised' && !refreshed) {
          // One refresh per refusal, shared with the request client; a failed refresh ends the session there.
          refreshed = true;
          if (!(await refreshAccessToken(token))) {
            setStatus('off');
            return;
          }
          continue;
        }
        refreshed = false;
        failures += 1;
        setStatus('reconnecting');
        await sleep(reconnectDelay(failures), stop.signal);
      }
    };
    setStatus('connecting');
    void run();
    return () => {
      stop.abort();
      clearTimeout(pending);
    };
  }, [plantId]);

  return status;
}
