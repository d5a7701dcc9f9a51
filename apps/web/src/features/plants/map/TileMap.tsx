import type { MapCluster, MapPlant } from '@heliograph/shared';
import type { Map as LeafletMap, LayerGroup } from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCapacity, formatEnergy } from '../../../components/plant/figures';
import { useFigureLocale } from '../../../components/plant/useFigureLocale';
import { observeResize } from '../../../components/observeResize';
import {
  bubbleSize,
  nearestCopy,
  VIEW_DEBOUNCE_MS,
  viewRequest,
  type MapFocus,
  type MapViewRequest,
} from './mapViewport';
import { STATUS_COLOR, STATUS_LAYER } from '../../../components/map/statusColors';

/** Spec §9: the map service's script is loaded on demand, 500 ms after it is wanted. */
export const MAP_SCRIPT_DELAY_MS = 500;
/** Tiles that fail before one loads: the service is unreachable, the offline map takes over. */
const FAILED_TILES_BEFORE_FALLBACK = 4;
const MAX_ZOOM = 18;

type Leaflet = typeof import('leaflet');

/** What both maps draw and report: the server's clusters and single plants of the view, and its moves. */
export interface MapLayerProps {
  clusters: readonly MapCluster[];
  points: readonly MapPlant[];
  /** Plants in view (clusters' and single ones). */
  total: number;
  focus: MapFocus | null;
  /** A newer view is loading. */
  busy: boolean;
  onOpen: (plant: MapPlant) => void;
  onCluster: (cluster: MapCluster) => void;
  onView: (view: MapViewRequest) => void;
  height: number;
}

/**
 * Plants on a tile map (Leaflet) from the configured URL template. Leaflet and its stylesheet are a chunk
 * of their own, fetched after the spec's delay; when the tiles do not come, `onUnavailable` lets the page
 * fall back to the offline world map. Every settled move or zoom reports the visible box (debounced).
 */
export function TileMap({
  url,
  attribution,
  clusters,
  points,
  total,
  focus,
  busy,
  onOpen,
  onCluster,
  onView,
  onUnavailable,
  height,
}: MapLayerProps & {
  url: string;
  attribution: string;
  onUnavailable: () => void;
}): React.JSX.Element {
  const { t } = useTranslation();
  const locale = useFigureLocale();
  const box = useRef<HTMLDivElement>(null);
  const [leaflet, setLeaflet] = useState<Leaflet | null>(null);
  const [map, setMap] = useState<LeafletMap | null>(null);
  const layer = useRef<LayerGroup | null>(null);
  const callbacks = useRef({ onOpen, onUnavailable, onCluster, onView });
  callbacks.current = { onOpen, onUnavailable, onCluster, onView };
  /** Reports the settled view (debounced); also called after a focus, which may not move the map at all. */
  const report = useRef<() => void>(() => undefined);

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
      .tileLayer(url, { attribution, maxZoom: MAX_ZOOM })
      .on('tileload', () => {
        loaded = true;
      })
      .on('tileerror', () => {
        failed += 1;
        if (!loaded && failed >= FAILED_TILES_BEFORE_FALLBACK) callbacks.current.onUnavailable();
      })
      .addTo(m);
    layer.current = leaflet.layerGroup().addTo(m);
    // A drag or a zoom animation fires moveend once it settles; the debounce folds a quick series into one.
    let timer = 0;
    report.current = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        const b = m.getBounds();
        callbacks.current.onView(
          viewRequest(
            { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
            m.getSize().x,
            m.getZoom(),
          ),
        );
      }, VIEW_DEBOUNCE_MS);
    };
    m.on('moveend', () => report.current());
    setMap(m);
    return observeResize(
      el,
      () => m.invalidateSize(),
      () => {
        window.clearTimeout(timer);
        m.remove();
        setMap(null);
        layer.current = null;
      },
    );
  }, [leaflet, url, attribution]);

  // Framing on the filter's plants, or zooming into a cluster.
  useEffect(() => {
    if (!leaflet || !map || !focus) return;
    const b = focus.bounds;
    if (!b) {
      map.setView([25, 10], 2);
    } else if (focus.minZoom === undefined) {
      map.fitBounds(leaflet.latLngBounds([b.south, b.west], [b.north, b.east]), { padding: [32, 32], maxZoom: 12 });
    } else {
      const bounds = leaflet.latLngBounds([b.south, b.west], [b.north, b.east]);
      const fit = map.getBoundsZoom(bounds.pad(0.2));
      map.setView(bounds.getCenter(), Math.min(MAX_ZOOM, Math.max(focus.minZoom, fit)));
    }
    report.current();
  }, [leaflet, map, focus]);

  useEffect(() => {
    const group = layer.current;
    if (!leaflet || !map || !group) return;
    group.clearLayers();
    const centre = map.getCenter().lng;
    const ordered = [...points].sort((a, b) => STATUS_LAYER.indexOf(a.status) - STATUS_LAYER.indexOf(b.status));
    for (const p of ordered) {
      const marker = leaflet.circleMarker([p.lat, nearestCopy(p.lon, centre)], {
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
    for (const c of clusters) {
      const size = bubbleSize(c.count);
      const label = t('plants.map.cluster', {
        n: c.count.toLocaleString(locale),
        status: t(`plants.status.${c.worst}`),
      });
      const bubble = document.createElement('span');
      bubble.className = 'hg-plant-map-bubble';
      bubble.style.background = STATUS_COLOR[c.worst];
      bubble.style.width = bubble.style.height = `${size}px`;
      bubble.textContent = c.count.toLocaleString(locale);
      const marker = leaflet.marker([c.lat, nearestCopy(c.lon, centre)], {
        icon: leaflet.divIcon({ html: bubble, className: 'hg-plant-map-bubble-icon', iconSize: [size, size] }),
        title: label,
        keyboard: true,
        // Bubbles above single plants, the most urgent on top where they overlap.
        zIndexOffset: 1000 * (STATUS_LAYER.indexOf(c.worst) + 1),
      });
      marker.on('click', () => callbacks.current.onCluster(c));
      marker.on('add', () => {
        const el = marker.getElement();
        el?.setAttribute('role', 'button');
        el?.setAttribute('aria-label', label);
      });
      group.addLayer(marker);
    }
  }, [leaflet, map, points, clusters, t, locale]);

  return (
    <div
      ref={box}
      className="hg-plant-map-canvas hg-plant-map-tiles"
      style={{ height }}
      role="region"
      aria-label={t('plants.map.label', { n: total.toLocaleString(locale) })}
      aria-busy={!leaflet || busy || undefined}
      data-testid="plant-map-tiles"
      data-points={points.length}
      data-clusters={clusters.length}
      data-total={total}
      dir="ltr"
    />
  );
}
