import type { DisplayPlant } from '@heliograph/shared';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { init, type ECharts, type MapOption } from '../../../components/map/mapEcharts';
import { STATUS_COLOR, STATUS_LAYER } from '../../../components/map/statusColors';
import { ensureWorldMap, WORLD_MAP } from '../../../components/map/worldMap';
import { observeResize } from '../../../components/observeResize';

/** The box around the plants, with a margin, so a regional fleet fills the map rather than a dot on the world. */
function frame(plants: readonly DisplayPlant[]): { center: [number, number]; zoom: number } {
  if (plants.length === 0) return { center: [10, 20], zoom: 1 };
  const lons = plants.map((p) => p.longitude);
  const lats = plants.map((p) => p.latitude);
  const west = Math.min(...lons);
  const east = Math.max(...lons);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const span = Math.max(east - west, (north - south) * 1.6, 4);
  return { center: [(west + east) / 2, (south + north) / 2], zoom: Math.min(40, Math.max(1, 300 / span)) };
}

/**
 * The display's plants on the offline world map (the plant list's map data and colours, components/map),
 * coloured by status; statuses that need attention are drawn on top. No interaction: a wall screen is looked
 * at, not clicked.
 */
export function FleetMap({ plants, unit }: { plants: readonly DisplayPlant[]; unit: number }): React.JSX.Element {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const [ready, setReady] = useState(false);

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
    const instance = init(el, null, { renderer: 'canvas' });
    chart.current = instance;
    return observeResize(
      el,
      () => instance.resize(),
      () => {
        instance.dispose();
        chart.current = null;
      },
    );
  }, [ready]);

  const framed = useMemo(() => frame(plants), [plants]);
  const option = useMemo<MapOption>(
    () => ({
      animation: false,
      geo: {
        map: WORLD_MAP,
        roam: false,
        silent: true,
        center: framed.center,
        zoom: framed.zoom,
        itemStyle: { areaColor: '#1b2840', borderColor: '#3a4d6d', borderWidth: 1 },
        emphasis: { disabled: true },
      },
      series: STATUS_LAYER.map((status) => ({
        id: status,
        type: 'scatter',
        coordinateSystem: 'geo',
        silent: true,
        symbolSize: 14 * unit,
        itemStyle: { color: STATUS_COLOR[status], borderColor: '#0b1220', borderWidth: 2 * unit },
        data: plants.filter((p) => p.status === status).map((p) => [p.longitude, p.latitude]),
      })),
    }),
    [plants, framed, unit],
  );

  useEffect(() => {
    chart.current?.setOption(option, { replaceMerge: ['series'] });
  }, [option, ready]);

  return (
    <div
      ref={box}
      className="hg-display-map"
      role="img"
      aria-label={t('displays.screen.mapLabel', { n: plants.length })}
      data-testid="display-map"
      data-points={plants.length}
    />
  );
}
