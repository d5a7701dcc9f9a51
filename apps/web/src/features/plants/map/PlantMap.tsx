import type { MapPlant, PlantFilter } from '@heliograph/shared';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { plantApi, plantKeys } from '../../../api/plants';
import { PHONE_QUERY, useMediaQuery } from '../../../kit/useMediaQuery';
import { overviewPath } from '../../../components/plant/overviewPath';
import { OfflineWorldMap } from './OfflineWorldMap';
import { STATUS_COLOR, STATUS_LAYER } from './statusColors';
import { TileMap } from './TileMap';
import '../plants.css';
import { LoadFailedResult } from '../LoadFailedResult';

/** The side list names at most this many plants; the map itself draws them all. */
const LISTED = 200;

/**
 * The map view of My Plants: every plant under the list's filters as a point coloured by status. A tile map
 * when the server names a tile URL (the China one when the in-China check says so, spec §4), otherwise —
 * and whenever the tiles do not load — the offline world map that ships with the console. Beside it, the
 * same plants as links, for the keyboard and screen readers, and a legend with counts.
 */
export default function PlantMap({ filter }: { filter: PlantFilter }): React.JSX.Element {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [tilesFailed, setTilesFailed] = useState(false);

  const points = useQuery({
    queryKey: plantKeys.map(filter),
    queryFn: () => plantApi.map(filter),
    refetchInterval: 60_000,
    gcTime: 30 * 60_000,
  });
  const config = useQuery({ queryKey: plantKeys.mapConfig, queryFn: plantApi.mapConfig, staleTime: Infinity });
  const china = useQuery({ queryKey: plantKeys.inChina, queryFn: plantApi.inChina, staleTime: Infinity });

  const tileUrl = china.data?.inChina ? config.data?.tileUrlCn : config.data?.tileUrl;
  const settled = !config.isLoading && !china.isLoading;
  const height = isPhone ? 300 : 560;
  const open = (p: MapPlant) => void navigate(overviewPath(p));

  if (points.isError && !points.data) {
    return <LoadFailedResult title={t('plants.map.loadFailed')} onRetry={() => void points.refetch()} />;
  }
  const rows = points.data ?? [];
  const counts = new Map<string, number>();
  for (const p of rows) counts.set(p.status, (counts.get(p.status) ?? 0) + 1);

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
            points={rows}
            onOpen={open}
            onUnavailable={() => setTilesFailed(true)}
            height={height}
          />
        ) : (
          <OfflineWorldMap points={rows} onOpen={open} height={height} />
        )}
        <ul className="hg-plant-map-legend" aria-label={t('plants.map.legend')}>
          {STATUS_LAYER.filter((s) => counts.has(s) || ['normal', 'warning', 'fault', 'offline'].includes(s))
            .slice()
            .reverse()
            .map((s) => (
              <li key={s}>
                <span className="hg-plant-map-dot" style={{ background: STATUS_COLOR[s] }} aria-hidden="true" />
                {t(`plants.status.${s}`)} <span className="hg-num">{counts.get(s) ?? 0}</span>
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
        <h2 className="hg-plant-map-list-title">{t('plants.map.listTitle', { n: String(rows.length) })}</h2>
        {points.data && rows.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('plants.map.none')} />
        ) : (
          <ul>
            {rows.slice(0, LISTED).map((p) => (
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
        {rows.length > LISTED ? (
          <p className="hg-plant-map-more">{t('plants.map.more', { n: String(rows.length - LISTED) })}</p>
        ) : null}
      </nav>
    </div>
  );
}
