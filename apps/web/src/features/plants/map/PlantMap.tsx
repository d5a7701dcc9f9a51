import type { MapCluster, MapPlant, PlantFilter } from '@heliograph/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { plantApi, plantKeys } from '../../../api/plants';
import { PHONE_QUERY, useMediaQuery } from '../../../kit/useMediaQuery';
import { overviewPath } from '../../../components/plant/overviewPath';
import { useFigureLocale } from '../../../components/plant/useFigureLocale';
import { extentOf, WORLD_REQUEST, type MapFocus, type MapViewRequest } from './mapViewport';
import { OfflineWorldMap } from './OfflineWorldMap';
import { STATUS_COLOR, STATUS_LAYER } from '../../../components/map/statusColors';
import { TileMap } from './TileMap';
import '../plants.css';
import { LoadFailedResult } from '../LoadFailedResult';

/** The side list names at most this many plants in view; the map itself draws them all. */
const LISTED = 200;

/**
 * The map view of My Plants under the list's filters. The server clusters the plants of the visible part of
 * the map at its zoom (plants/mapClusters, issue 11): crowded places are counted bubbles coloured by their
 * most urgent status, a click zooms into one, and single plants are points as before. The map is first
 * framed on where the plants are (one world-wide request), then every settled move or zoom asks for its box.
 * A tile map when the server names a tile URL (the China one when the in-China check says so, spec §4),
 * otherwise — and whenever the tiles do not load — the offline world map that ships with the console.
 * Beside it, the plants and bubbles in view as links and buttons, for the keyboard and screen readers, and
 * a legend with the counts of all plants under the filters.
 */
export default function PlantMap({ filter }: { filter: PlantFilter }): React.JSX.Element {
  const idBase = useId();
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [tilesFailed, setTilesFailed] = useState(false);
  const filterKey = JSON.stringify(filter);
  /** The view the map last settled on, for the filter it was settled under; null until it is framed. */
  const [view, setView] = useState<{ filterKey: string; request: MapViewRequest } | null>(null);
  const [focus, setFocus] = useState<MapFocus | null>(null);
  const framedFor = useRef<string | null>(null);
  const request = view?.filterKey === filterKey ? view.request : WORLD_REQUEST;

  const points = useQuery({
    queryKey: plantKeys.mapClusters(filter, request),
    queryFn: ({ signal }) => plantApi.mapClusters({ ...filter, ...request }, signal),
    // The last view stays drawn while the next one loads: moving the map never blanks it.
    placeholderData: keepPreviousData,
    refetchInterval: 60_000,
    gcTime: 5 * 60_000,
  });
  const counts = useQuery({
    queryKey: plantKeys.mapCount(filter),
    queryFn: () => plantApi.mapCount(filter),
    refetchInterval: 60_000,
  });
  const config = useQuery({ queryKey: plantKeys.mapConfig, queryFn: plantApi.mapConfig, staleTime: Infinity });
  const china = useQuery({ queryKey: plantKeys.inChina, queryFn: plantApi.inChina, staleTime: Infinity });

  // A new filter frames the map on its plants once the world-wide answer says where they are.
  const worldAnswer = view?.filterKey === filterKey || points.isPlaceholderData ? undefined : points.data;
  useEffect(() => {
    if (!worldAnswer || framedFor.current === filterKey) return;
    framedFor.current = filterKey;
    setFocus((f) => ({ seq: (f?.seq ?? 0) + 1, bounds: extentOf(worldAnswer) }));
  }, [worldAnswer, filterKey]);

  const onView = useCallback(
    (next: MapViewRequest) => {
      // Until the map is framed on the filter's plants, its views are of the old filter's place.
      if (framedFor.current !== filterKey) return;
      setView((v) =>
        v?.filterKey === filterKey && v.request.bbox === next.bbox && v.request.zoom === next.zoom
          ? v
          : { filterKey, request: next },
      );
    },
    [filterKey],
  );
  const zoomInto = useCallback((c: MapCluster) => {
    setFocus((f) => ({ seq: (f?.seq ?? 0) + 1, bounds: c.bounds, minZoom: c.expansionZoom }));
  }, []);

  const tileUrl = china.data?.inChina ? config.data?.tileUrlCn : config.data?.tileUrl;
  const settled = !config.isLoading && !china.isLoading;
  const height = isPhone ? 300 : 560;
  const open = (p: MapPlant) => void navigate(overviewPath(p));

  if (points.isError && !points.data) {
    return <LoadFailedResult title={t('plants.map.loadFailed')} onRetry={() => void points.refetch()} />;
  }
  const answer = points.data ?? { total: 0, clusters: [], plants: [] };
  const byStatus = counts.data;
  const anyPlant = byStatus ? byStatus.all > 0 : answer.total > 0;
  const mapProps = {
    clusters: answer.clusters,
    points: answer.plants,
    total: answer.total,
    focus,
    busy: points.isFetching,
    onOpen: open,
    onCluster: zoomInto,
    onView,
    height,
  };

  return (
    <div className="hg-plant-map" data-testid="plant-map">
      <div className="hg-plant-map-main">
        {!points.data || !settled ? (
          <Skeleton.Node active className="hg-plant-map-skeleton" style={{ height }}>
            <span className="hg-visually-hidden">{t('plants.map.loading')}</span>
          </Skeleton.Node>
        ) : tileUrl && !tilesFailed ? (
          <TileMap
            url={tileUrl}
            attribution={config.data?.attribution ?? ''}
            onUnavailable={() => setTilesFailed(true)}
            {...mapProps}
          />
        ) : (
          <OfflineWorldMap {...mapProps} />
        )}
        {points.isError && points.data ? (
          <Alert
            className="hg-plant-map-alert"
            type="warning"
            showIcon
            title={t('plants.map.viewFailed')}
            action={
              <Button size="small" onClick={() => void points.refetch()}>
                {t('common.retry')}
              </Button>
            }
          />
        ) : null}
        <ul className="hg-plant-map-legend" aria-label={t('plants.map.legend')}>
          {STATUS_LAYER.filter((s) => (byStatus?.[s] ?? 0) > 0 || ['normal', 'warning', 'fault', 'offline'].includes(s))
            .slice()
            .reverse()
            .map((s) => (
              <li key={s}>
                <span className="hg-plant-map-dot" style={{ background: STATUS_COLOR[s] }} aria-hidden="true" />
                {t(`plants.status.${s}`)} <span className="hg-num">{byStatus?.[s] ?? 0}</span>
              </li>
            ))}
        </ul>
        {!tileUrl || tilesFailed ? (
          <p className="hg-plant-map-credit">
            {tilesFailed ? `${t('plants.map.tilesFailed')} ` : ''}
            {t('plants.map.credit')}
          </p>
        ) : null}
      </div>
      <nav className="hg-plant-map-list" aria-label={t('plants.map.listLabel')} data-testid="plant-map-list">
        <h2 className="hg-plant-map-list-title" aria-live="polite">
          {t('plants.map.inView', { n: answer.total.toLocaleString(locale) })}
        </h2>
        {points.data && answer.total === 0 ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={anyPlant ? t('plants.map.noneInView') : t('plants.map.none')}
          />
        ) : (
          <ul>
            {answer.clusters.map((c, i) => (
              <li key={`${c.lat},${c.lon}`}>
                <span className="hg-plant-map-dot" style={{ background: STATUS_COLOR[c.worst] }} aria-hidden="true" />
                {/* The visible words are the button's name (WCAG 2.5.3, label in name); the status and what a
                    click does are its description. */}
                <Button
                  type="link"
                  size="small"
                  className="hg-plant-map-cluster-link"
                  aria-describedby={`${idBase}-cluster-${i}`}
                  onClick={() => zoomInto(c)}
                  data-testid="plant-map-cluster-link"
                >
                  {t('plants.map.clusterShort', { n: c.count.toLocaleString(locale) })}
                </Button>
                <span id={`${idBase}-cluster-${i}`} className="hg-visually-hidden">
                  {t('plants.map.cluster', {
                    n: c.count.toLocaleString(locale),
                    status: t(`plants.status.${c.worst}`),
                  })}
                </span>
              </li>
            ))}
            {answer.plants.slice(0, LISTED).map((p) => (
              <li key={p.id}>
                <span className="hg-plant-map-dot" style={{ background: STATUS_COLOR[p.status] }} aria-hidden="true" />
                <Link to={overviewPath(p)} data-testid="plant-map-link">
                  {p.name}
                </Link>
                <span className="hg-visually-hidden">{t(`plants.status.${p.status}`)}</span>
              </li>
            ))}
          </ul>
        )}
        {answer.plants.length > LISTED ? (
          <p className="hg-plant-map-more">{t('plants.map.more', { n: String(answer.plants.length - LISTED) })}</p>
        ) : null}
      </nav>
    </div>
  );
}
