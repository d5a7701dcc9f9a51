import { useEffect, useRef, useState } from 'react';
import { followStream, type LiveStatus } from '../../api/liveStream';
import { livePlantPath } from '../../api/plants';

export type { LiveStatus } from '../../api/liveStream';

// Several uploads committed together arrive as a burst of events: one refetch for the lot.
const COALESCE_MS = 400;

/**
 * Follows GET /api/v1/live/plant/:id (server-sent events): `onPlant` runs (coalesced) on every `plant` event,
 * and once more after a reconnection for whatever arrived during the gap.
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
    const notify = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = undefined;
        callback.current();
      }, COALESCE_MS);
    };
    void followStream({
      url: livePlantPath(plantId),
      signal: stop.signal,
      onEvent: (e) => {
        if (e.event === 'plant') notify();
      },
      onReconnected: notify,
      onStatus: setStatus,
    });
    return () => {
      stop.abort();
      clearTimeout(pending);
    };
  }, [plantId]);

  return status;
}
