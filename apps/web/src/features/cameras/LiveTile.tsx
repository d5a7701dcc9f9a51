import { ExpandOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Spin, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CameraState } from '@heliograph/shared';
import { ApiError } from '../../api/client';
import { HlsVideo, type PlayerStatus } from './hlsPlayer';
import { isPlayable, stateColor, type ChannelTile } from './logic';
import { useLiveWatch } from './useLiveWatch';

/** What a tile or the full-screen view shows over its video, if anything: a reason or a spinner. */
export function useLiveChannel(
  tile: ChannelTile,
  quality: 'main' | 'sub',
  active: boolean,
): {
  playlist: string | null;
  state: CameraState;
  problem: string | null;
  starting: boolean;
  onStatus: (s: PlayerStatus) => void;
  retry: () => void;
} {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [player, setPlayer] = useState<PlayerStatus>('loading');
  const { watch, error } = useLiveWatch(tile.channelId, quality, active, attempt);
  const state = watch?.state ?? tile.state;
  const playlist = watch && isPlayable(watch.state) ? watch.playlist : null;
  let problem: string | null = null;
  if (error) problem = error instanceof ApiError && error.code > 0 ? error.message : t('cameras.tile.failed');
  else if (watch && !isPlayable(watch.state)) problem = t(`cameras.state.${watch.state}`);
  else if (playlist && player === 'error') problem = t('cameras.tile.noVideo');
  return {
    playlist,
    state,
    problem,
    starting: problem === null && (playlist === null || player === 'loading'),
    onStatus: setPlayer,
    retry: () => {
      setPlayer('loading');
      setAttempt((n) => n + 1);
    },
  };
}

/** A camera state as a coloured tag. */
export function StateTag({ state, testId }: { state: CameraState; testId?: string }): React.JSX.Element {
  const { t } = useTranslation();
  return (
    <Tag color={stateColor(state)} data-testid={testId} className="hg-cam-state">
      {t(`cameras.state.${state}`)}
    </Tag>
  );
}

/**
 * One tile of the grid: the channel's sub stream, its name and state, a retry, and the way to full screen (double
 * click, Enter on the focused picture, or the button) and to its recordings.
 */
export function LiveTile({
  tile,
  active,
  onOpen,
  playbackPath,
}: {
  tile: ChannelTile;
  active: boolean;
  onOpen: () => void;
  playbackPath: string;
}): React.JSX.Element {
  const { t } = useTranslation();
  const live = useLiveChannel(tile, 'sub', active);
  return (
    <figure className="hg-cam-tile" data-testid="camera-tile" data-channel={tile.channelId}>
      <div
        className="hg-cam-picture"
        role="button"
        tabIndex={0}
        aria-label={t('cameras.tile.open', { name: tile.label })}
        onDoubleClick={onOpen}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            onOpen();
          }
        }}
      >
        <HlsVideo
          playlist={live.playlist}
          label={tile.label}
          onStatus={live.onStatus}
          className="hg-cam-video"
          testId="camera-video"
        />
        {live.starting ? (
          <div className="hg-cam-overlay" aria-hidden="true">
            <Spin />
          </div>
        ) : null}
        {live.problem ? (
          <div className="hg-cam-overlay hg-cam-problem" role="status" data-testid="camera-tile-problem">
            {live.problem}
          </div>
        ) : null}
      </div>
      <figcaption className="hg-cam-caption">
        <span className="hg-cam-name" title={tile.label}>
          {tile.label}
        </span>
        <StateTag state={live.state} testId="camera-tile-state" />
        <span className="hg-cam-actions">
          <Tooltip title={t('cameras.tile.retry')}>
            <Button
              size="small"
              type="text"
              icon={<ReloadOutlined />}
              aria-label={t('cameras.tile.retryName', { name: tile.label })}
              onClick={live.retry}
              data-testid="camera-tile-retry"
            />
          </Tooltip>
          <Tooltip title={t('cameras.playback.open')}>
            <Link
              to={playbackPath}
              aria-label={t('cameras.playback.openName', { name: tile.label })}
              className="hg-cam-link"
            >
              <HistoryOutlined />
            </Link>
          </Tooltip>
          <Tooltip title={t('cameras.tile.fullScreen')}>
            <Button
              size="small"
              type="text"
              icon={<ExpandOutlined />}
              aria-label={t('cameras.tile.open', { name: tile.label })}
              onClick={onOpen}
              data-testid="camera-tile-full"
            />
          </Tooltip>
        </span>
      </figcaption>
    </figure>
  );
}
