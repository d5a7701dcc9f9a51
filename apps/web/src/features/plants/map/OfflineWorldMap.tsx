import type { MapPlant } from '@heliograph/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCapacity, formatEnergy } from '../../../components/plant/figures';
import { useFigureLocale } from '../../../components/plant/useFigureLocale';
import { observeResize } from '../../../components/observeResize';
import { init, type ECharts, type MapOption } from './mapEcharts';
import { initialView } from './mapView';
import { STATUS_COLOR, STATUS_LAYER } from './statusColors';
import { ensureWorldMap, WORLD_MAP } from './worldMap';

const esc = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Plants on the built-in world map (ECharts geo): coloured by status, zoom and pan, a click opens one. */
export function OfflineWorldMap({
  points,
  onOpen,
  height,
}: {
  points: readonly MapPlant[];
  onOpen: (plant: MapPlant) => void;
  height: number;
}): React.JSX.Element {
  const { t, i18n } = useTranslation();
  const locale = useFigureLocale();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);
  /** The plants the view was last framed on. */
  const framed = useRef('');
  const open = useRef(onOpen);
  open.current = onOpen;

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
      const plant = (e.data as { plant?: MapPlant } | undefined)?.plant;
      if (plant) open.current(plant);
    });
    return observeResize(
      el,
      () => instance.resize(),
      () => {
        instance.dispose();
        chart.current = null;
        framed.current = '';
      },
    );
  }, [ready, i18n.language]);

  const option = useMemo<MapOption>(() => {
    return {
      tooltip: {
        trigger: 'item',
        confine: true,
        formatter: (p) => {
          const plant = (p as { data?: { plant?: MapPlant } }).data?.plant;
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
        scaleLimit: { min: 1, max: 40 },
        itemStyle: { areaColor: '#eef1f6', borderColor: '#c9cfdb', borderWidth: 0.6 },
        emphasis: { disabled: true },
        select: { disabled: true },
        silent: true,
      },
      series: STATUS_LAYER.map((status) => ({
        id: status,
        name: t(`plants.status.${status}`),
        type: 'scatter' as const,
        coordinateSystem: 'geo',
        symbolSize: 11,
        cursor: 'pointer',
        itemStyle: { color: STATUS_COLOR[status], borderColor: '#fff', borderWidth: 1.5 },
        emphasis: { scale: 1.5 },
        data: points.filter((p) => p.status === status).map((p) => ({ name: p.name, value: [p.lon, p.lat], plant: p })),
      })),
    };
  }, [points, t, locale]);

  // The view is framed when the set of plants changes (a new filter), not on every refresh of their
  // figures, so a refresh does not undo the person's zoom and pan.
  useEffect(() => {
    const instance = chart.current;
    const el = box.current;
    if (!instance || !el) return;
    const ids = points.map((p) => p.id).join(',');
    if (framed.current !== ids) {
      framed.current = ids;
      const bounds = initialView(points, el.clientWidth > 0 ? el.clientHeight / el.clientWidth : 0.5);
      // Framing replaces the geo component, which also drops any zoom or pan the person made before.
      instance.setOption(
        { ...option, geo: { ...option.geo, boundingCoords: bounds, zoom: 1 } },
        { replaceMerge: ['series', 'geo'] },
      );
    } else {
      instance.setOption(option, { replaceMerge: ['series'] });
    }
  }, [option, points, ready]);

  return (
    <div
      ref={box}
      className="hg-plant-map-canvas"
      style={{ height }}
      role="img"
      aria-label={t('plants.map.label', { n: String(points.length) })}
      data-testid="plant-map-offline"
      data-points={points.length}
    />
  );
}
