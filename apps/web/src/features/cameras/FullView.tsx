import { ArrowLeftOutlined, ArrowRightOutlined, HistoryOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HlsVideo } from './hlsPlayer';
import { StateTag, useLiveChannel } from './LiveTile';
import type { ChannelTile } from './logic';

/** One channel over the whole window, in its main stream; Back or Escape returns to the grid. */
export function FullView({
  tile,
  onBack,
  playbackPath,
  rtl,
}: {
  tile: ChannelTile;
  onBack: () => void;
  playbackPath: string;
  rtl: boolean;
}): React.JSX.Element {
  const { t } = useTranslation();
  const live = useLiveChannel(tile, 'main', true);
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    back.current?.focus();
    const onKey = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onBack]);
  return (
    <div className="hg-cam-full" role="dialog" aria-modal="true" aria-label={tile.label} data-testid="camera-full">
      <div className="hg-cam-full-bar">
        <Button
          ref={back}
          icon={rtl ? <ArrowRightOutlined /> : <ArrowLeftOutlined />}
          onClick={onBack}
          data-testid="camera-full-back"
        >
          {t('cameras.full.back')}
        </Button>
        <h2 className="hg-cam-full-title">{tile.label}</h2>
        <StateTag state={live.state} />
        <span className="hg-cam-full-actions">
          <Button icon={<ReloadOutlined />} onClick={live.retry}>
            {t('cameras.tile.retry')}
          </Button>
          <Link to={playbackPath}>
            <HistoryOutlined /> {t('cameras.playback.open')}
          </Link>
        </span>
      </div>
      <div className="hg-cam-full-picture">
        <HlsVideo
          playlist={live.playlist}
          label={tile.label}
          onStatus={live.onStatus}
          className="hg-cam-video"
          testId="camera-full-video"
        />
        {live.starting ? (
          <div className="hg-cam-overlay" aria-hidden="true">
            <Spin size="large" />
          </div>
        ) : null}
        {live.problem ? (
          <div className="hg-cam-overlay hg-cam-problem" role="status">
            {live.problem}
          </div>
        ) : null}
      </div>
      <p className="hg-cam-full-hint">{t('cameras.full.hint')}</p>
    </div>
  );
}
