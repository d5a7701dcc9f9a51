import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { MESSAGE_COUNT_KEY } from '../../api/auth';
import { routeUrl } from '../../api/call';
import { followStream } from '../../api/liveStream';
import { noticeKeys } from './api';

// A burst (a region going offline posts many alarms) becomes one refetch; a bulletin to everyone wakes every
// open console at once, so each waits a random part of a few seconds instead of all asking in the same instant.
const COALESCE_MS = 500;
const SPREAD_MS = 2_500;

/**
 * Follows GET /api/v1/live/messages (server-sent events) while signed in: every `messages` event refetches the
 * badge's count and whatever of the notice centre is on screen, so a new alarm or bulletin shows without a
 * reload; the 5-minute poll (MessageBadge) remains the fallback while the stream is down.
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
    void followStream({
      url: routeUrl('GET /live/messages'),
      signal: stop.signal,
      onEvent: (e) => {
        if (e.event === 'messages') refresh();
      },
      onReconnected: refresh,
      retryBaseMs: 2_000,
      retryMaxMs: 60_000,
    });
    return () => {
      stop.abort();
      clearTimeout(pending);
    };
  }, [queryClient]);
}
