import { useEffect, useRef } from 'react';
import type { HlsConfig } from 'hls.js';
import { refreshAccessToken } from '../../api/client';
import { session } from '../../api/session';
import { tokenNeedsRenewal } from './logic';

/**
 * One HLS player: hls.js, loaded on first use (its own chunk, not in the main bundle), fetching the playlist
 * and segments below /api/v1 with the caller's bearer token, as every API call sends it.
 */

type HlsClass = typeof import('hls.js').default;
let hlsModule: Promise<HlsClass> | null = null;
export function loadHls(): Promise<HlsClass> {
  hlsModule ??= import('hls.js/light').then((m) => m.default);
  return hlsModule;
}

/** The session's access token, renewed first when it is about to end (hls.js cannot answer a 401 itself). */
async function bearer(): Promise<string | undefined> {
  const token = session.getToken()?.access_token;
  if (!token) return undefined;
  if (!tokenNeedsRenewal(token, Date.now())) return token;
  return (await refreshAccessToken(token)) ?? undefined;
}

const retry = (maxNumRetry: number) => ({ maxNumRetry, retryDelayMs: 1000, maxRetryDelayMs: 4000 });

/** A live stream's first playlist can lag its start by a few seconds (ffmpeg writes the first segments). */
const CONFIG: Partial<HlsConfig> = {
  xhrSetup: async (xhr, url) => {
    const token = await bearer();
    xhr.open('GET', url, true);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
  },
  liveSyncDurationCount: 2,
  backBufferLength: 30,
  manifestLoadPolicy: {
    default: { maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 20_000, timeoutRetry: retry(3), errorRetry: retry(10) },
  },
  playlistLoadPolicy: {
    default: { maxTimeToFirstByteMs: 10_000, maxLoadTimeMs: 20_000, timeoutRetry: retry(3), errorRetry: retry(6) },
  },
};

export type PlayerStatus = 'loading' | 'playing' | 'error' | 'ended';

/** Plays `playlist` (a path below /api/v1) in a muted inline <video>; null stops it. */
export function HlsVideo({
  playlist,
  label,
  onStatus,
  onTime,
  className,
  testId,
}: {
  playlist: string | null;
  label: string;
  onStatus: (s: PlayerStatus) => void;
  onTime?: (seconds: number) => void;
  className?: string;
  testId?: string;
}): React.JSX.Element {
  const video = useRef<HTMLVideoElement>(null);
  const status = useRef(onStatus);
  status.current = onStatus;
  const time = useRef(onTime);
  time.current = onTime;

  useEffect(() => {
    const el = video.current;
    if (!el || !playlist) return;
    let cancelled = false;
    let hls: InstanceType<HlsClass> | null = null;
    let mediaRecoveries = 0;
    status.current('loading');
    const onPlaying = (): void => status.current('playing');
    const onWaiting = (): void => status.current('loading');
    const onEnded = (): void => status.current('ended');
    const onTimeUpdate = (): void => time.current?.(el.currentTime);
    el.addEventListener('playing', onPlaying);
    el.addEventListener('waiting', onWaiting);
    el.addEventListener('ended', onEnded);
    el.addEventListener('timeupdate', onTimeUpdate);
    void loadHls()
      .then((Hls) => {
        if (cancelled) return;
        if (!Hls.isSupported()) {
          status.current('error');
          return;
        }
        const player = new Hls(CONFIG);
        hls = player;
        player.on(Hls.Events.MANIFEST_PARSED, () => {
          el.muted = true;
          void el.play().catch(() => undefined);
        });
        player.on(Hls.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          // A decoding hiccup is recovered in place, twice; anything else is the tile's to retry.
          if (data.type === Hls.ErrorTypes.MEDIA_ERROR && mediaRecoveries < 2) {
            mediaRecoveries++;
            player.recoverMediaError();
            return;
          }
          status.current('error');
        });
        player.loadSource(`/api/v1/${playlist}`);
        player.attachMedia(el);
      })
      .catch(() => {
        if (!cancelled) status.current('error');
      });
    return () => {
      cancelled = true;
      el.removeEventListener('playing', onPlaying);
      el.removeEventListener('waiting', onWaiting);
      el.removeEventListener('ended', onEnded);
      el.removeEventListener('timeupdate', onTimeUpdate);
      hls?.destroy();
      el.removeAttribute('src');
    };
  }, [playlist]);

  return (
    <video
      ref={video}
      className={className}
      data-testid={testId}
      aria-label={label}
      muted
      playsInline
      autoPlay
      disablePictureInPicture
    />
  );
}
