import type { MapPlant } from '@heliograph/shared';
import type { Map as LeafletMap, LayerGroup } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCapacity, formatEnergy } from '../../../components/plant/figures';
import { useFigureLocale } from '../../../components/plant/useFigureLocale';
import { observeResize } from '../../../components/observeResize';
import { STATUS_COLOR, STATUS_LAYER } from './statusColors';

/** Spec §9: the map service's script is loaded on demand, 500 ms after it is wanted. */
export const MAP_SCRIPT_DELAY_MS = 500;
/** Tiles that fail before one loads: the service is unreachable, the offline map takes over. */
const FAILED_TILES_BEFORE_FALLBACK = 4;

type Leaflet = typeof import('leaflet');

/**
 * Plants on a tile map (Leaflet) from the configured URL template. Leaflet and its stylesheet are a chunk
 * of their own, fetched after the spec's delay; when the tiles do not come, `onUnavailable` lets the page
 * fall back to the offline world map.
 */
export function TileMap({
  url,
  attribution,
  points,
  onOpen,
  onUnavailable,
  height,
}: {
  url: string;
  attribution: string;
  points: readonly MapPlant[];
  onOpen: (plant: MapPlant) => void;
  onUnavailable: () => void;
  height: number;
}): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const box = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<Leaflet | null>(null);
  const map = useRef<LeafletMap | null>(null);
  const layer = useRef<LayerGroup | null>(null);
  const callbacks = useRef({ onOpen, onUnavailable });
  callbacks.current = { onOpen, onUnavailable };

  useEffect(() => {
    let alive = true;
    const timer = window.setTimeout(() => {
      void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')])
        .then(([mod]) => alive && setLeaflet((mod as { default?: Leaflet }).default ?? (mod as Leaflet)))
        .catch(() => alive && callbacks.current.onUnavailable());
    }, MAP_SCRIPT_DELAY_MS);
    return () => {
      alive = false;
      window.clearTimeout(timer);
    };
  }, []);

  useEffect(() => {
    const el = box.current;
    if (!leaflet || !el) return;
    const m = leaflet.map(el, { worldCopyJump: true, zoomControl: true }).setView([25, 10], 2);
    let loaded = false;
    let failed = 0;
    leaflet
      .tileLayer(url, { attribution, maxZoom: 18 })
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        failed += 1;
        if (!loaded && failed >= FAILED_TILES_BEFORE_FALLBACK) callbacks.current.onUnavailable();
      })
      .addTo(m);
    map.current = m;
    layer.current = leaflet.layerGroup().addTo(m);
    return observeResize(
      el,
      () => m.invalidateSize(),
      () => {
        m.remove();
        map.current = null;
        layer.current = null;
      },
    );
  }, [leaflet, url, attribution]);

  useEffect(() => {
    const m = map.current;
    const group = layer.current;
    if (!leaflet || !m || !group) return;
    group.clearLayers();
    const ordered = [...points].sort((a, b) => STATUS_LAYER.indexOf(a.status) - STATUS_LAYER.indexOf(b.status));
    for (const p of ordered) {
      const marker = leaflet.circleMarker([p.lat, p.lon], {
        radius: 7,
        color: '#fff',
        weight: 1.5,
        fillColor: STATUS_COLOR[p.status],
        fillOpacity: 1,
      });
      const tip = document.createElement('div');
      const name = document.createElement('strong');
      name.textContent = p.name;
      tip.append(
        name,
        document.createElement('br'),
        t(`plants.status.${p.status}`),
        document.createElement('br'),
        `${t('plants.capacity')}: ${formatCapacity(p.capacityKw, locale)}`,
        document.createElement('br'),
        `${t('plants.todayEnergy')}: ${formatEnergy(p.todayKwh, locale)}`,
      );
      marker.bindTooltip(tip).on('click', () => callbacks.current.onOpen(p));
      group.addLayer(marker);
    }
    if (points.length > 0) {
      m.fitBounds(leaflet.latLngBounds(points.map((p) => [p.lat, p.lon] as [number, number])), {
        padding: [32, 32],
        maxZoom: 12,
      });
    }
  }, [leaflet, points, t, locale]);

  return (
    <div
      ref={box}
      className="hg-plant-map-canvas hg-plant-map-tiles"
      style={{ height }}
      role="region"
      aria-label={t('plants.map.label', { n: String(points.length) })}
      aria-busy={!leaflet || undefined}
      data-testid="plant-map-tiles"
      data-points={points.length}
      dir="ltr"
    />
  );
}
