import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MESSAGE_COUNT_KEY } from '../../api/auth';
import { routeUrl } from '../../api/call';
import { refreshAccessToken } from '../../api/client';
import { session } from '../../api/session';
import { noticeKeys } from './api';

// The server writes a comment every 25 s: a stream silent for longer than this is dead.
const SILENCE_MS = 60_000;
// A burst (a region going offline posts many alarms) becomes one refetch; a bulletin to everyone wakes every
// open console at once, so each waits a random part of a few seconds instead of all asking in the same instant.
const COALESCE_MS = 500;
const SPREAD_MS = 2_500;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

/** The event names of a chunk of an event stream, with the unfinished last line kept for the next chunk. */
export function eventNames(buffer: string): { names: string[]; rest: string } {
  const lines = buffer.split(/\r\n|\n|\r/);
  const rest = lines.pop() ?? '';
  const names = lines.filter((l) => l.startsWith('event:')).map((l) => l.slice(6).trim());
  return { names, rest };
}

/**
 * Follows GET /api/v1/live/messages (server-sent events) while signed in: every `messages` event refetches the
 * badge's count and whatever of the notice centre is on screen, so a new alarm or bulletin shows without a
 * reload. EventSource cannot send the Bearer header, so the stream is read with fetch; a 401 refreshes the
 * token once, a dropped stream reconnects with backoff, and the 5-minute poll (MessageBadge) remains the fallback.
 */
export function useMessagesLive(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = new AbortController();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (pending) return;
      pending = setTimeout(
        () => {
          pending = undefined;
          void queryClient.invalidateQueries({ queryKey: MESSAGE_COUNT_KEY });
          void queryClient.invalidateQueries({ queryKey: noticeKeys.all });
        },
        COALESCE_MS + Math.random() * SPREAD_MS,
      );
    };

    const connectOnce = async (token: string, reconnected: boolean): Promise<'ended' | 'unauthorised'> => {
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
        const res = await fetch(routeUrl('GET /live/messages'), {
          headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
          cache: 'no-store',
          credentials: 'same-origin',
          signal: attempt.signal,
        });
        if (res.status === 401) return 'unauthorised';
        if (!res.ok || !res.body) return 'ended';
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          arm();
          const { names, rest } = eventNames(buffer + value);
          buffer = rest;
          // Back after a gap: whatever arrived meanwhile is fetched once the stream is open again.
          if (names.includes('messages') || (reconnected && names.includes('ready'))) refresh();
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
      let failures = 0;
      let refreshed = false;
      while (!stop.signal.aborted) {
        const token = session.getToken()?.access_token;
        if (!token) return;
        const outcome = await connectOnce(token, failures > 0);
        if (stop.signal.aborted) return;
        if (outcome === 'unauthorised' && !refreshed) {
          refreshed = true;
          if (!(await refreshAccessToken(token))) return;
          continue;
        }
        refreshed = false;
        failures += 1;
        const delay = Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** Math.min(failures - 1, 5));
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, delay * (0.5 + Math.random() / 2));
          stop.signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    };
    void run();
    return () => {
      stop.abort();
      clearTimeout(pending);
    };
  }, [queryClient]);
}
