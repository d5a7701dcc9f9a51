import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Empty, Pagination, Segmented, Skeleton } from 'antd';
import type { CameraRow } from '@heliograph/shared';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { plantApi, plantKeys } from '../../api/plants';
import { PRODUCT_NAME } from '../../kit/brand';
import { usePermissions } from '../../kit/permissions';
import { useDisplay } from '../../components/chart/useDisplay';
import { overviewPath } from '../../components/plant/overviewPath';
import { PlantNotLoaded } from '../../components/plant/PlantNotLoaded';
import { cameraApi, cameraKeys } from './api';
import { CameraForm } from './CameraForm';
import { CameraManager } from './CameraManager';
import { FullView } from './FullView';
import { LiveTile } from './LiveTile';
import {
  channelTiles,
  clampPage,
  GRID_SIZES,
  GRID_STORAGE_KEY,
  gridColumns,
  pageCount,
  pageOf,
  parseGridSize,
  playbackPath,
  tilesOnPage,
  type GridSize,
} from './logic';
import { usePageVisible } from './useLiveWatch';
import './cameras.css';

function readGrid(): GridSize {
  try {
    return parseGridSize(localStorage.getItem(GRID_STORAGE_KEY));
  } catch {
    return parseGridSize(null);
  }
}

/**
 * plants/cameras/:id — a plant's cameras live (issue 18 point 2): a grid of 1, 4 or 9 tiles of the channels'
 * sub streams with a pager, one channel full screen in its main stream (?full=<channel>, so Back leaves it), and
 * for camera.edit the cameras themselves (a drawer beside the grid).
 */
export default function CamerasPage(): React.JSX.Element {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const display = useDisplay();
  const { held } = usePermissions();
  const canEdit = held.has('camera.edit');
  const visible = usePageVisible();
  const [params, setParams] = useSearchParams();
  const [grid, setGrid] = useState<GridSize>(readGrid);
  const [managing, setManaging] = useState(false);
  const [editing, setEditing] = useState<{ row: CameraRow | null } | null>(null);

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
  const tiles = useMemo(() => channelTiles(cameras.data?.rows ?? []), [cameras.data]);
  const page = clampPage(Number(params.get('page') ?? 1), tiles.length, grid);
  const fullId = params.get('full');
  const full = fullId ? tiles.find((tile) => tile.channelId === fullId) : undefined;

  const name = summary.data?.name;
  useEffect(() => {
    if (name) document.title = `${name} · ${t('page.plantCameras')} · ${PRODUCT_NAME}`;
  }, [name, t]);

  const chooseGrid = (size: GridSize): void => {
    setGrid(size);
    try {
      localStorage.setItem(GRID_STORAGE_KEY, String(size));
    } catch {
      // A browser that keeps nothing still shows the chosen grid for this visit.
    }
    // Stay on the page holding the first tile shown now.
    const first = tilesOnPage(tiles, grid, page)[0];
    setParams(first ? { page: String(pageOf(tiles, first.channelId, size)) } : {}, { replace: true });
  };
  const openFull = (channelId: string): void => setParams({ page: String(page), full: channelId });
  const closeFull = useCallback((): void => {
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('full');
      return next;
    });
  }, [setParams]);

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
  const shown = tilesOnPage(tiles, grid, page);
  const columns = gridColumns(grid, display.compact);

  return (
    <div className="hg-cam-page" data-testid="plant-cameras">
      <header className="hg-cam-header">
        <Breadcrumb
          items={[
            { title: <Link to="/plants">{t('page.plants')}</Link> },
            { title: <Link to={overviewPath(plant)}>{plant.name}</Link> },
            { title: t('page.plantCameras') },
          ]}
        />
        <div className="hg-cam-title-row">
          <h1 className="hg-cam-title">{t('cameras.title', { name: plant.name })}</h1>
          <div className="hg-cam-toolbar">
            {tiles.length > 0 ? (
              <Segmented<GridSize>
                aria-label={t('cameras.grid.label')}
                value={grid}
                onChange={chooseGrid}
                options={GRID_SIZES.map((s) => ({ value: s, label: t('cameras.grid.size', { n: s }) }))}
                data-testid="camera-grid-size"
              />
            ) : null}
            {canEdit ? (
              <Button icon={<SettingOutlined />} onClick={() => setManaging(true)} data-testid="camera-manage">
                {t('cameras.manage.open')}
              </Button>
            ) : null}
          </div>
        </div>
      </header>

      {cameras.isPending ? (
        <div aria-busy="true" className="hg-cam-grid" style={{ ['--hg-cam-cols' as string]: columns }}>
          {Array.from({ length: Math.min(grid, 4) }, (_, i) => (
            <Skeleton.Node key={i} active className="hg-cam-skeleton">
              <span />
            </Skeleton.Node>
          ))}
        </div>
      ) : cameras.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('cameras.loadFailed')}
          action={<Button onClick={() => void cameras.refetch()}>{t('common.retry')}</Button>}
        />
      ) : tiles.length === 0 ? (
        <div className="hg-page-card">
          <Empty description={t('cameras.empty.title')} data-testid="cameras-empty">
            <p className="hg-cam-empty-hint">{canEdit ? t('cameras.empty.hintEdit') : t('cameras.empty.hint')}</p>
            {canEdit ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ row: null })}
                data-testid="camera-add-first"
              >
                {t('cameras.add')}
              </Button>
            ) : null}
          </Empty>
        </div>
      ) : (
        <>
          <section
            className="hg-cam-grid"
            style={{ ['--hg-cam-cols' as string]: columns }}
            aria-label={t('cameras.grid.region', { page, pages: pageCount(tiles.length, grid) })}
            data-testid="camera-grid"
          >
            {shown.map((tile) => (
              <LiveTile
                key={tile.channelId}
                tile={tile}
                // The grid lets go of its streams while one channel is full screen or the tab is hidden.
                active={visible && !full}
                onOpen={() => openFull(tile.channelId)}
                playbackPath={playbackPath(plant.id, tile.channelId)}
              />
            ))}
          </section>
          {tiles.length > grid ? (
            <Pagination
              className="hg-cam-pager"
              current={page}
              pageSize={grid}
              total={tiles.length}
              showSizeChanger={false}
              simple={display.compact}
              onChange={(p) => setParams({ page: String(p) })}
              data-testid="camera-pager"
            />
          ) : null}
        </>
      )}

      {full ? (
        <FullView
          key={full.channelId}
          tile={full}
          onBack={closeFull}
          playbackPath={playbackPath(plant.id, full.channelId)}
          rtl={display.rtl}
        />
      ) : null}
      {canEdit ? (
        <>
          <CameraManager
            cameras={cameras.data?.rows ?? []}
            open={managing}
            onClose={() => setManaging(false)}
            onAdd={() => setEditing({ row: null })}
            onEdit={(row) => setEditing({ row })}
            phone={display.compact}
          />
          <CameraForm
            plantId={plant.id}
            row={editing?.row ?? null}
            open={editing !== null}
            onClose={() => setEditing(null)}
          />
        </>
      ) : null}
    </div>
  );
}
