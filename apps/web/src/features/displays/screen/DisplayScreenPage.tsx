import { DISPLAY_STAGE, ERROR_CODES, isLang, type DisplayTotals } from '@heliograph/shared';
import { changeLanguage, currentLang } from '../../../i18n';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ApiError } from '../../../api/client';
import { displayApi, displayKeys } from '../api';
import { parseTile } from '../displayUrl';
import { PagesBoard, SingleBoard } from './boards';
import { Stage } from './Stage';
import { useDisplayLive } from './useDisplayLive';
import '../displays.css';

// The slower figures (this year, the map, top plants, alarms, the curve) are read again this often.
const REFRESH_MS = 5 * 60_000;
// The live points kept between two reads of the curve: one a tick, five minutes of them at most.
const LIVE_TAIL_MAX = 120;

function Notice({ title, text, testId }: { title: string; text: string; testId: string }): React.JSX.Element {
  return (
    <main className="hg-display-notice" data-testid={testId}>
      <h1>{title}</h1>
      <p>{text}</p>
    </main>
  );
}

/**
 * /large-screen/multione (single page, or rotating pages with ?view=pages) and /large-screen/multitwo (one
 * tile, ?tile=r,c, of a spliced wall): a display on a 1920×1080 stage, outside the shell. With ?token= (a
 * display link) it needs no account; signed in, it uses the session. Live totals every few seconds.
 */
export default function DisplayScreenPage(): React.JSX.Element {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const id = params.get('id') ?? '';
  const token = params.get('token') ?? undefined;
  const spliced = pathname.endsWith('/multitwo');
  const paged = params.get('view') === 'pages';

  // A wall PC has no language switcher: `&lang=he` in its address chooses (saved, one reload).
  const wanted = params.get('lang');
  useEffect(() => {
    if (isLang(wanted) && wanted !== currentLang()) changeLanguage(wanted);
  }, [wanted]);

  useEffect(() => {
    // A wall screen is dark, edge to edge; the console's page colour comes back when it closes.
    document.documentElement.classList.add('hg-display-root');
    return () => document.documentElement.classList.remove('hg-display-root');
  }, []);

  const data = useQuery({
    queryKey: displayKeys.data(id, token ?? ''),
    queryFn: () => displayApi.data(id, token),
    enabled: id !== '',
    refetchInterval: REFRESH_MS,
    refetchIntervalInBackground: true,
    retry: (count, err) =>
      !(err instanceof ApiError && (err.status === 401 || err.code === ERROR_CODES.notFound)) && count < 3,
  });

  const [latest, setLatest] = useState<DisplayTotals | null>(null);
  const [tail, setTail] = useState<{ ts: number; w: number }[]>([]);
  // A new read of the curve includes what the tail held.
  useEffect(() => setTail([]), [data.dataUpdatedAt]);
  const onTotals = useCallback((next: DisplayTotals) => {
    setLatest(next);
    setTail((prev) => [...prev, { ts: next.at, w: next.powerW }].slice(-LIVE_TAIL_MAX));
  }, []);
  const live = useDisplayLive(id, token, onTotals);
  // The alarm list and the plants' colours come with the slower read: an alarm raised or cleared (the live
  // count moved) brings them at once instead of at the next refresh.
  const shownAlarms = data.data?.totals.openAlarms;
  const liveAlarms = latest?.openAlarms;
  const { refetch } = data;
  useEffect(() => {
    if (liveAlarms !== undefined && shownAlarms !== undefined && liveAlarms !== shownAlarms) void refetch();
  }, [liveAlarms, shownAlarms, refetch]);

  const curve = useMemo(() => {
    const base = data.data?.curve ?? [];
    const last = base.at(-1)?.ts ?? 0;
    return [...base, ...tail.filter((p) => p.ts > last)];
  }, [data.data?.curve, tail]);

  const revoked = live === 'revoked' || (data.error instanceof ApiError && data.error.status === 401);
  if (!id)
    return (
      <Notice
        title={t('displays.screen.noDisplay')}
        text={t('displays.screen.noDisplayHint')}
        testId="display-missing"
      />
    );
  if (revoked)
    return (
      <Notice title={t('displays.screen.revoked')} text={t('displays.screen.revokedHint')} testId="display-revoked" />
    );
  if (data.error instanceof ApiError && data.error.code === ERROR_CODES.notFound)
    return <Notice title={t('displays.screen.gone')} text={t('displays.screen.goneHint')} testId="display-missing" />;
  if (!data.data)
    return (
      <main className="hg-display-notice" aria-busy="true" data-testid="display-loading">
        <h1>{data.isError ? t('displays.screen.loadFailed') : t('displays.screen.loading')}</h1>
      </main>
    );

  const shown = data.data;
  const totals = latest && latest.at >= shown.totals.at ? latest : shown.totals;
  const rows = spliced ? shown.display.rows : 1;
  const cols = spliced ? shown.display.cols : 1;
  const tile = parseTile(params.get('tile'), rows, cols);
  const unit = Math.min(rows, cols);
  const props = { data: shown, totals, curve, live, unit };
  return (
    <main className="hg-display-screen" data-testid="display-screen" data-tile={tile.join(',')}>
      <Stage rows={rows} cols={cols} tile={tile}>
        {paged && !spliced ? <PagesBoard {...props} /> : <SingleBoard {...props} />}
      </Stage>
      <span className="hg-visually-hidden">{t('displays.screen.stageHint', DISPLAY_STAGE)}</span>
    </main>
  );
}
