import { Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { init, registerWorldMap, WORLD_MAP, type ECharts, type MapOption } from './mapSetup';

const COORD_DECIMALS = 6;
const round = (v: number) => Number(v.toFixed(COORD_DECIMALS));

function option(point: [number, number] | null): MapOption {
  return {
    geo: {
      map: WORLD_MAP,
      roam: true,
      // Antarctica left below the frame: the map uses the box's width for the inhabited world.
      boundingCoords: [
        [-180, 84],
        [180, -58],
      ],
      left: 8,
      right: 8,
      top: 8,
      bottom: 8,
      scaleLimit: { min: 1, max: 40 },
      itemStyle: { areaColor: '#e8eef7', borderColor: '#9fb3cf', borderWidth: 0.5 },
      emphasis: { disabled: true },
      select: { disabled: true },
      silent: true,
      ...(point ? { center: point } : {}),
    },
    series: [
      {
        id: 'pin',
        type: 'scatter',
        coordinateSystem: 'geo',
        symbol: 'pin',
        symbolSize: 30,
        itemStyle: { color: '#e8590c' },
        data: point ? [point] : [],
        silent: true,
      },
    ],
  };
}

/**
 * Click anywhere on the world map to set the plant's point; drag and wheel to move and zoom. The latitude
 * and longitude inputs beside it are the keyboard and screen-reader way to the same values.
 */
export default function MapPicker({
  latitude,
  longitude,
  onPick,
}: {
  latitude: number | null;
  longitude: number | null;
  onPick: (latitude: number, longitude: number) => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;
  const [ready, setReady] = useState(false);
  const valid = latitude !== null && longitude !== null && Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180;
  const point: [number, number] | null = valid ? [longitude, latitude] : null;

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void registerWorldMap().then(() => {
      const el = box.current;
      if (disposed || !el) return;
      const instance = init(el, null, { renderer: 'canvas' });
      chart.current = instance;
      instance.setOption(option(null));
      instance.getZr().on('click', (e: { offsetX: number; offsetY: number }) => {
        const at = instance.convertFromPixel({ geoIndex: 0 }, [e.offsetX, e.offsetY]) as number[] | undefined;
        if (!at || at.length < 2) return;
        const [lng, lat] = at as [number, number];
        if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return;
        pick.current(round(lat), round(lng));
      });
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(el);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  const lng = point?.[0];
  const lat = point?.[1];
  useEffect(() => {
    if (!ready) return;
    const p: [number, number] | null = lng !== undefined && lat !== undefined ? [lng, lat] : null;
    chart.current?.setOption({ series: [{ id: 'pin', data: p ? [p] : [] }] });
  }, [ready, lng, lat]);

  return (
    <div className="hg-pf-map-wrap">
      <div
        ref={box}
        className="hg-pf-map"
        role="application"
        aria-label={t('plantForm.map.label')}
        data-testid="pf-map"
      />
      {!ready && (
        <div className="hg-pf-map-loading">
          <Spin aria-label={t('plantForm.map.loading')} />
        </div>
      )}
      <p className="hg-pf-hint">{t('plantForm.map.hint')}</p>
    </div>
  );
}
