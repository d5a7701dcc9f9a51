import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, DatePicker, Empty, Segmented, Select, Skeleton, Space, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { addDays, dayRange, localDay } from '@heliograph/shared';
import { plantApi, plantKeys } from '../../api/plants';
import { PRODUCT_NAME } from '../../kit/brand';
import { useDisplay } from '../../components/chart/useDisplay';
import { overviewPath } from '../../components/plant/overviewPath';
import { PlantNotLoaded } from '../../components/plant/PlantNotLoaded';
import { cameraApi, cameraKeys } from './api';
import { HlsVideo, type PlayerStatus } from './hlsPlayer';
import {
  channelTiles,
  placeSpans,
  playbackPath,
  playbackPlaylist,
  playFrom,
  recordedAt,
  timelineMarks,
  timelineWindow,
  type TimelineZoom,
} from './logic';
import { Timeline } from './Timeline';
import './cameras.css';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * plants/cameras/:id/playback/:channelId — a channel's recordings by time (issue 18 point 3): a day of the plant's
 * own calendar (?day=), its recorded stretches on a bar, and a player from the point clicked, with the recorded
 * time under it.
 */
export default function PlaybackPage(): React.JSX.Element {
  const { id = '', channelId = '' } = useParams();
  const { t } = useTranslation();
  const display = useDisplay();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const summary = useQuery({
    queryKey: plantKeys.summary(id),
    queryFn: () => plantApi.summary(id),
    enabled: id !== '',
  });
  const cameras = useQuery({
    queryKey: cameraKeys.plant(id),
    queryFn: () => cameraApi.ofPlant(id),
    enabled: id !== '',
  });
  const tz = summary.data?.timezone ?? 'UTC';
  const today = localDay(Date.now(), tz);
  const asked = params.get('day') ?? '';
  const day = DAY.test(asked) && asked <= today ? asked : today;
  const [dayStart, dayEnd] = dayRange(day, tz);
  const recordings = useQuery({
    queryKey: cameraKeys.recordings(channelId, dayStart, dayEnd),
    queryFn: () => cameraApi.recordings(channelId, dayStart, dayEnd),
    enabled: channelId !== '' && summary.isSuccess,
    // Today's recording grows while it is watched.
    refetchInterval: day === today ? 30_000 : false,
  });
  const blocks = useMemo(
    () => placeSpans(recordings.data ?? [], dayStart, dayEnd),
    [recordings.data, dayStart, dayEnd],
  );
  const [cursor, setCursor] = useState<number | null>(null);
  const [playing, setPlaying] = useState<{ from: number; seconds: number } | null>(null);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  const [played, setPlayed] = useState(0);
  const [nothing, setNothing] = useState(false);
  const [zoom, setZoom] = useState<TimelineZoom>('day');

  // A new day or channel starts with the cursor on its latest recording, nothing playing.
  useEffect(() => {
    setCursor(null);
    setPlaying(null);
    setNothing(false);
  }, [day, channelId]);
  const at = cursor ?? blocks.at(-1)?.from ?? dayStart;
  const [winStart, winEnd] = timelineWindow(zoom, at, dayStart, dayEnd);
  const winBlocks = useMemo(
    () => (zoom === 'day' ? blocks : placeSpans(recordings.data ?? [], winStart, winEnd)),
    [zoom, blocks, recordings.data, winStart, winEnd],
  );

  const tiles = useMemo(() => channelTiles(cameras.data?.rows ?? []), [cameras.data]);
  const tile = tiles.find((x) => x.channelId === channelId);
  const name = summary.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${t('page.cameraPlayback')} · ${PRODUCT_NAME}`;
  }, [name, t]);

  const clock = useMemo(
    () =>
      new Intl.DateTimeFormat(display.locale, {
        timeZone: tz,
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h23',
      }),
    [display.locale, tz],
  );
  const format = (ms: number): string => clock.format(ms);

  if (summary.isPending) {
    return (
      <div className="hg-cam-page" aria-busy="true">
        <Skeleton active paragraph={{ rows: 8 }} />
      </div>
    );
  }
  if (summary.isError) {
    return <PlantNotLoaded texts="cameras" testId="cameras-not-found" onRetry={() => void summary.refetch()} />;
  }
  const plant = summary.data;
  const play = (point: number): void => {
    const next = playFrom(point, blocks);
    setNothing(next === null);
    setPlayed(0);
    setStatus('loading');
    setPlaying(next);
  };
  const setDay = (d: string): void => setParams(d === today ? {} : { day: d }, { replace: true });
  const playlist = playing ? playbackPlaylist(channelId, playing.from, playing.seconds) : null;
  const now = playing ? recordedAt(playing.from, played) : null;

  return (
    <div className="hg-cam-page" data-testid="camera-playback">
      <header className="hg-cam-header">
        <Breadcrumb
          items={[
            { title: <Link to="/plants">{t('page.plants')}</Link> },
            { title: <Link to={overviewPath(plant)}>{plant.name}</Link> },
            { title: <Link to={`/plants/cameras/${encodeURIComponent(plant.id)}`}>{t('page.plantCameras')}</Link> },
            { title: t('page.cameraPlayback') },
          ]}
        />
        <div className="hg-cam-title-row">
          <h1 className="hg-cam-title">{t('cameras.playback.title', { name: tile?.label ?? '' })}</h1>
          <Space wrap className="hg-cam-toolbar">
            <Select
              aria-label={t('cameras.playback.channel')}
              value={channelId}
              loading={cameras.isPending}
              className="hg-cam-channel-select"
              options={tiles.map((x) => ({ value: x.channelId, label: x.label }))}
              onChange={(next: string) =>
                void navigate(playbackPath(plant.id, next) + (day === today ? '' : `?day=${day}`))
              }
              data-testid="camera-playback-channel"
            />
            <Space.Compact>
              <Button
                icon={display.rtl ? <RightOutlined /> : <LeftOutlined />}
                aria-label={t('cameras.playback.dayBefore')}
                onClick={() => setDay(addDays(day, -1))}
              />
              <DatePicker
                allowClear={false}
                value={dayjs(day)}
                aria-label={t('cameras.playback.day')}
                disabledDate={(d: Dayjs) => d.format('YYYY-MM-DD') > today}
                onChange={(d: Dayjs | null) => d && setDay(d.format('YYYY-MM-DD'))}
                data-testid="camera-playback-day"
              />
              <Button
                icon={display.rtl ? <LeftOutlined /> : <RightOutlined />}
                aria-label={t('cameras.playback.dayAfter')}
                disabled={day >= today}
                onClick={() => setDay(addDays(day, 1))}
              />
            </Space.Compact>
          </Space>
        </div>
      </header>

      <section className="hg-page-card hg-cam-playback" aria-label={t('cameras.playback.player')}>
        <div className="hg-cam-playback-picture">
          {playlist ? (
            <HlsVideo
              playlist={playlist}
              label={t('cameras.playback.title', { name: tile?.label ?? '' })}
              onStatus={setStatus}
              onTime={setPlayed}
              className="hg-cam-video"
              testId="camera-playback-video"
            />
          ) : (
            <div className="hg-cam-overlay hg-cam-idle">
              {nothing ? t('cameras.playback.nothingAfter') : t('cameras.playback.pick')}
            </div>
          )}
          {playlist && status === 'loading' ? (
            <div className="hg-cam-overlay" aria-hidden="true">
              <Spin size="large" />
            </div>
          ) : null}
          {playlist && status === 'error' ? (
            <div className="hg-cam-overlay hg-cam-problem" role="status">
              {t('cameras.playback.failed')}
            </div>
          ) : null}
        </div>
        <p className="hg-cam-recorded" aria-live="polite" data-testid="camera-recorded-at">
          {now !== null
            ? `${status === 'ended' ? t('cameras.playback.ended', { time: format(now) }) : t('cameras.playback.at', { time: format(now) })} · ${tz}`
            : ' '}
        </p>
        {recordings.isError ? (
          <Alert
            type="error"
            showIcon
            message={t('cameras.playback.loadFailed')}
            action={<Button onClick={() => void recordings.refetch()}>{t('common.retry')}</Button>}
          />
        ) : recordings.isPending ? (
          <Skeleton.Input active block />
        ) : (
          <>
            <div className="hg-cam-zoom">
              <Segmented<TimelineZoom>
                size="small"
                aria-label={t('cameras.playback.zoom')}
                value={zoom}
                onChange={setZoom}
                options={[
                  { value: 'day', label: t('cameras.playback.zoomDay') },
                  { value: 'hour', label: t('cameras.playback.zoomHour') },
                ]}
                data-testid="camera-timeline-zoom"
              />
            </div>
            <Timeline
              dayStart={dayStart}
              dayEnd={dayEnd}
              start={winStart}
              end={winEnd}
              marks={timelineMarks(winStart, winEnd, zoom, display.compact)}
              blocks={winBlocks}
              cursor={at}
              playhead={now}
              rtl={display.rtl}
              format={format}
              onCursor={setCursor}
              onPlay={play}
            />
            <p className="hg-page-hint">{t('cameras.playback.keys')}</p>
            {blocks.length === 0 ? (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('cameras.playback.none')}
                data-testid="camera-playback-none"
              />
            ) : (
              <ul className="hg-cam-spans" aria-label={t('cameras.playback.spans')}>
                {blocks.map((b) => (
                  <li key={b.from}>
                    <Button
                      size="small"
                      onClick={() => {
                        setCursor(b.from);
                        play(b.from);
                      }}
                      data-testid="camera-span-play"
                    >
                      <bdi dir="ltr">{`${format(b.from)} – ${format(b.to)}`}</bdi>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </section>
    </div>
  );
}
