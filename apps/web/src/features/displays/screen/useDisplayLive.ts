import type { DisplayTotals } from '@heliograph/shared';
import { useEffect, useRef, useState } from 'react';
import { followStream } from '../../../api/liveStream';
import { session } from '../../../api/session';
import { displayLivePath } from '../api';

/** connecting: first attempt; live: stream open; reconnecting: waiting to try again; revoked: the link is gone. */
export type DisplayLiveStatus = 'connecting' | 'live' | 'reconnecting' | 'revoked';

/**
 * Follows GET /fullscreen/display/:id/live: the display's totals every few seconds, on one stream read with
 * fetch (EventSource cannot send the link's token as a header). A dropped stream (a server restart) reconnects
 * with capped exponential backoff, for as long as the page is open; a revoked link (its `revoked` event, or a
 * 401 for the link's token, which no refresh renews) ends it for good. Nothing accumulates: the hook keeps only
 * the newest totals, and every timer and reader ends with the page.
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
    void followStream({
      url: displayLivePath(id),
      signal: stop.signal,
      token: () => bearer ?? session.getToken()?.access_token,
      // A link's token is renewed by nobody: refused means revoked.
      ...(bearer ? { refresh: () => Promise.resolve(false) } : {}),
      onEvent: (e) => {
        if (e.event === 'totals') {
          try {
            callback.current(JSON.parse(e.data) as DisplayTotals);
          } catch {
            // A malformed event is skipped; the next tick brings fresh totals.
          }
        } else if (e.event === 'revoked') {
          setStatus('revoked');
          stop.abort();
        }
      },
      onStatus: (s) => setStatus(s === 'off' ? 'revoked' : s),
    });
    return () => stop.abort();
  }, [id, bearer]);

  return status;
}
