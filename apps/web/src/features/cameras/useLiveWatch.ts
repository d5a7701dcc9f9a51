import { useEffect, useState, useSyncExternalStore } from 'react';
import type { LiveWatch } from '@heliograph/shared';
import { cameraApi } from './api';
import { renewEveryMs } from './logic';

/** Whether the page is shown: a hidden tab lets go of its streams (the server stops them when nobody watches). */
export function usePageVisible(): boolean {
  return useSyncExternalStore(
    (notify) => {
      document.addEventListener('visibilitychange', notify);
      window.addEventListener('pagehide', notify);
      window.addEventListener('pageshow', notify);
      return () => {
        document.removeEventListener('visibilitychange', notify);
        window.removeEventListener('pagehide', notify);
        window.removeEventListener('pageshow', notify);
      };
    },
    () => document.visibilityState !== 'hidden',
    () => true,
  );
}

export interface LiveHold {
  watch: LiveWatch | null;
  error: unknown;
}

/** After a failed renewal, a fresh hold is asked for this long after. */
const RETRY_MS = 5000;

/**
 * A hold on one channel's live stream while `active`: POST camera/watch, renewed at half its lease with the
 * same viewer id, and POST camera/unwatch when the tile goes (unmount, another page, a hidden tab). `attempt`
 * changes to start over (the tile's retry).
 */
export function useLiveWatch(channelId: string, quality: 'main' | 'sub', active: boolean, attempt: number): LiveHold {
  const [hold, setHold] = useState<LiveHold>({ watch: null, error: null });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let viewerId: string | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const renew = async (): Promise<void> => {
      try {
        const w = await cameraApi.watch(channelId, quality, viewerId);
        if (stopped) {
          void cameraApi.unwatch(channelId, w.viewerId);
          return;
        }
        viewerId = w.viewerId;
        setHold((h) =>
          h.watch?.playlist === w.playlist && h.watch.state === w.state && h.error === null
            ? h
            : { watch: w, error: null },
        );
        timer = setTimeout(() => void renew(), renewEveryMs(w.leaseSeconds));
      } catch (error) {
        if (stopped) return;
        viewerId = undefined;
        setHold({ watch: null, error });
        timer = setTimeout(() => void renew(), RETRY_MS);
      }
    };
    void renew();
    return () => {
      stopped = true;
      clearTimeout(timer);
      if (viewerId) void cameraApi.unwatch(channelId, viewerId);
      setHold({ watch: null, error: null });
    };
  }, [channelId, quality, active, attempt]);
  return hold;
}
