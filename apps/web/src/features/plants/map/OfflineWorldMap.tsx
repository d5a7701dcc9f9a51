import type { MapCluster, MapPlant } from '@heliograph/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCapacity, formatEnergy } from '../../../components/plant/figures';
import { useFigureLocale } from '../../../components/plant/useFigureLocale';
import { observeResize } from '../../../components/observeResize';
import { init, type ECharts, type MapOption } from '../../../components/map/mapEcharts';
import { initialView, zoomedView, type Bounds } from './mapView';
import { bubbleSize, VIEW_DEBOUNCE_MS, viewRequest } from './mapViewport';
import { STATUS_COLOR, STATUS_LAYER } from '../../../components/map/statusColors';
import type { MapLayerProps } from './TileMap';
import { ensureWorldMap, WORLD_MAP } from '../../../components/map/worldMap';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Item {
  plant?: MapPlant;
  cluster?: MapCluster;
}

/**
 * Plants on the built-in world map (ECharts geo): single plants coloured by status, crowded places as counted
 * bubbles; zoom and pan, a click opens a plant or zooms into a bubble. Every settled roam reports the
 * visible box (debounced).
 */
export function OfflineWorldMap({
  clusters,
  points,
  total,
  focus,
  busy,
  onOpen,
  onCluster,
  onView,
  height,
}: MapLayerProps): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const locale = useFigureLocale();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);
  /** The focus the view was last framed on. */
  const framed = useRef<number | null>(null);
  const callbacks = useRef({ onOpen, onCluster, onView });
  callbacks.current = { onOpen, onCluster, onView };
  const report = useRef<() => void>(() => undefined);

  useEffect(() => {
    let alive = true;
    void ensureWorldMap().then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!ready || !el) return;
    const instance = init(el, null, { renderer: 'canvas', locale: i18n.language === 'cn' ? 'ZH' : 'EN' });
    chart.current = instance;
    instance.on('click', (e) => {
      const item = e.data as Item | undefined;
      if (item?.plant) callbacks.current.onOpen(item.plant);
      else if (item?.cluster) callbacks.current.onCluster(item.cluster);
    });
    let timer = 0;
    // The box in view, read from the geo component's corners once a roam (or a reframing) settles.
    report.current = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const w = el.clientWidth;
        const h = el.clientHeight;
        if (w === 0 || h === 0 || instance.isDisposed()) return;
        const [west, north] = instance.convertFromPixel({ geoIndex: 0 }, [0, 0]) as number[];
        const [east, south] = instance.convertFromPixel({ geoIndex: 0 }, [w, h]) as number[];
        if ([west, north, east, south].some((v) => v === undefined || !Number.isFinite(v))) return;
        callbacks.current.onView(
          viewRequest({ west: west ?? -180, south: south ?? -90, east: east ?? 180, north: north ?? 90 }, w),
        );
      }, VIEW_DEBOUNCE_MS);
    };
    instance.on('georoam', () => report.current());
    return observeResize(
      el,
      () => {
        instance.resize();
        report.current();
      },
      () => {
        window.clearTimeout(timer);
        instance.dispose();
        chart.current = null;
        framed.current = null;
      },
    );
  }, [ready, i18n.language]);

  const option = useMemo<MapOption>(() => {
    return {
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (p) => {
          const { plant, cluster } = (p as { data?: Item }).data ?? {};
          if (cluster) {
            const lines = STATUS_LAYER.slice()
              .reverse()
              .filter((s) => cluster.counts[s] > 0)
              .map((s) => `${esc(t(`plants.status.${s}`))}: ${cluster.counts[s].toLocaleString(locale)}`);
            return `<strong>${esc(t('plants.map.clusterShort', { n: cluster.count.toLocaleString(locale) }))}</strong><br/>${lines.join('<br/>')}`;
          }
          if (!plant) return '';
          return `<strong>${esc(plant.name)}</strong><br/>${esc(t(`plants.status.${plant.status}`))}<br/>${esc(
            t('plants.capacity'),
          )}: ${formatCapacity(plant.capacityKw, locale)}<br/>${esc(t('plants.todayEnergy'))}: ${formatEnergy(
            plant.todayKwh,
            locale,
          )}`;
        },
      },
      geo: {
        map: WORLD_MAP,
        roam: true,
        // The framed region fills the box; initialView has already given it the box's shape.
        left: 0,
        right: 0,
        top: 0,
        bottom: 0,
        aspectScale: 0.75,
        // Far enough in to open any cluster (the country outlines are coarse there, the points exact).
        scaleLimit: { min: 1, max: 4000 },
        itemStyle: { areaColor: '#eef1f6', borderColor: '#c9cfdb', borderWidth: 0.6 },
        emphasis: { disabled: true },
        select: { disabled: true },
        silent: true,
      },
      series: [
        ...STATUS_LAYER.map((status) => ({
          id: status,
          name: t(`plants.status.${status}`),
          type: 'scatter' as const,
          coordinateSystem: 'geo',
          symbolSize: 11,
          cursor: 'pointer',
          itemStyle: { color: STATUS_COLOR[status], borderColor: '#fff', borderWidth: 1.5 },
          emphasis: { scale: 1.5 },
          data: points
            .filter((p) => p.status === status)
            .map((p) => ({ name: p.name, value: [p.lon, p.lat], plant: p })),
        })),
        {
          id: 'clusters',
          name: t('plants.map.legend'),
          type: 'scatter' as const,
          coordinateSystem: 'geo',
          cursor: 'pointer',
          z: 3,
          label: {
            show: true,
            position: 'inside' as const,
            color: '#fff',
            fontWeight: 600,
            fontSize: 12,
            formatter: (p: { data?: unknown }) =>
              (p.data as Item | undefined)?.cluster?.count.toLocaleString(locale) ?? '',
          },
          emphasis: { scale: 1.1 },
          // The most urgent bubbles drawn last, on top.
          data: [...clusters]
            .sort((a, b) => STATUS_LAYER.indexOf(a.worst) - STATUS_LAYER.indexOf(b.worst))
            .map((c) => ({
              name: t('plants.map.cluster', {
                n: c.count.toLocaleString(locale),
                status: t(`plants.status.${c.worst}`),
              }),
              value: [c.lon, c.lat],
              symbolSize: bubbleSize(c.count),
              itemStyle: { color: STATUS_COLOR[c.worst], borderColor: '#fff', borderWidth: 2, opacity: 0.92 },
              cluster: c,
            })),
        },
      ],
    };
  }, [points, clusters, t, locale]);

  // The view is framed when a focus comes (a new filter's plants, a click on a bubble), not on every answer,
  // so new data for the view never undoes the person's zoom and pan.
  useEffect(() => {
    const instance = chart.current;
    const el = box.current;
    if (!instance || !el) return;
    if (focus && framed.current !== focus.seq) {
      framed.current = focus.seq;
      const aspect = el.clientWidth > 0 ? el.clientHeight / el.clientWidth : 0.5;
      const b = focus.bounds;
      const bounds: Bounds = !b
        ? initialView([], aspect)
        : focus.minZoom === undefined
          ? initialView(
              [
                { lat: b.south, lon: b.west },
                { lat: b.north, lon: b.east },
              ],
              aspect,
            )
          : zoomedView(b, focus.minZoom, el.clientWidth, aspect);
      // Framing replaces the geo component, which also drops any zoom or pan the person made before.
      instance.setOption(
        { ...option, geo: { ...option.geo, boundingCoords: bounds, zoom: 1 } },
        { replaceMerge: ['series', 'geo'] },
      );
      report.current();
    } else {
      instance.setOption(option, { replaceMerge: ['series'] });
    }
  }, [option, focus, ready]);

  return (
    <div
      ref={box}
      className="hg-plant-map-canvas"
      style={{ height }}
      role="img"
      aria-label={t('plants.map.label', { n: total.toLocaleString(locale) })}
      aria-busy={busy || undefined}
      data-testid="plant-map-offline"
      data-points={points.length}
      data-clusters={clusters.length}
      data-total={total}
    />
  );
}
