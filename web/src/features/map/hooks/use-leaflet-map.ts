// The Leaflet map of the map tab (core.md §5): made once per mount in the given element, with the zoom
// buttons (named in the screen's language), the attribution, keyboard moves and the configured tiles. Its view
// (zoom and box) is state, updated after every move, and drives which markers are asked for.
import L from 'leaflet';
import { useEffect, useState, type RefObject } from 'react';
import { viewOf, type MapView } from '../leaflet/map-view.ts';
import { addTileLayer } from '../leaflet/tile-layer.ts';

export interface LeafletMapOptions {
  center: { lat: number; lng: number };
  zoom: number;
  tiles: { url: string; attribution: string };
  /** The map's accessible name and its zoom buttons' titles. */
  texts: { label: string; zoomIn: string; zoomOut: string };
  /** The first view is fitted later (to the sites): report no view at the starting point. */
  isFirstViewDeferred: boolean;
}

export interface LeafletMap {
  map: L.Map | null;
  view: MapView | null;
  /** Reads the view again (after a move that may not end in moveend). */
  refreshView: () => void;
  hasTilesFailed: boolean;
}

export function useLeafletMap(
  containerRef: RefObject<HTMLDivElement | null>,
  options: LeafletMapOptions,
): LeafletMap {
  const [map, setMap] = useState<L.Map | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const [hasTilesFailed, setTilesFailed] = useState(false);

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const { center, zoom, tiles, texts } = options;
    const created = L.map(container, {
      center: [center.lat, center.lng],
      zoom,
      zoomControl: false,
      keyboard: true,
      worldCopyJump: false,
      attributionControl: false,
    });
    L.control.attribution({ position: 'bottomleft' }).addTo(created);
    L.control
      .zoom({ position: 'topleft', zoomInTitle: texts.zoomIn, zoomOutTitle: texts.zoomOut })
      .addTo(created);
    addTileLayer(created, tiles, () => setTilesFailed(true));
    created.on('moveend', () => setView(viewOf(created)));
    if (!options.isFirstViewDeferred) setView(viewOf(created));
    container.setAttribute('aria-label', texts.label);
    setMap(created);
    return () => {
      created.remove();
      setMap(null);
    };
    // Made once per mount; later changes move the map through `map`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return { map, view, refreshView: () => map && setView(viewOf(map)), hasTilesFailed };
}
