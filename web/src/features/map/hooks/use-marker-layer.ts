// The markers on the map (core.md §5): a round label with the count, coloured by its cameras' state, each a
// keyboard-reachable button named for what it stands for. Aggregates (national, area, city) zoom in to the next
// level; a site opens its camera list. The layer is replaced whenever the markers change.
import L from 'leaflet';
import { useEffect } from 'react';
import { ZOOM_INTO, type MapMarker } from '../map-rules.ts';
import classes from '../components/CameraMapView.module.css';
import '../map-texts.ts';

type Translate = (key: string, values?: Record<string, string | number>) => string;

export function markerLabel(marker: MapMarker, t: Translate): string {
  switch (marker.kind) {
    case 'national':
      return t('map.marker.national', { count: marker.count });
    case 'area':
    case 'city':
      return t('map.marker.aggregate', { name: marker.name, count: marker.count });
    case 'camera':
      return t('map.marker.site', { name: marker.name, count: marker.count });
  }
}

function addMarker(
  layer: L.LayerGroup,
  map: L.Map,
  marker: MapMarker,
  label: string,
  onSite: (code: string | null) => void,
) {
  const icon = L.divIcon({
    className: classes.markerIcon,
    html: `<span class="${classes.marker}" style="background:${marker.color}">${marker.count}</span>`,
    iconSize: [34, 34],
    iconAnchor: [17, 17],
  });
  const m = L.marker([marker.lat, marker.lng], { icon, title: label, keyboard: true, riseOnHover: true });
  m.on('click', () => {
    if (marker.kind === 'camera') onSite(marker.locationCode ?? null);
    else map.setView([marker.lat, marker.lng], ZOOM_INTO[marker.kind]);
  });
  m.addTo(layer);
  const element = m.getElement();
  if (!element) return;
  element.setAttribute('role', 'button');
  element.setAttribute('aria-label', label);
  element.dataset.testid = 'map-marker';
  element.dataset.kind = marker.kind;
  element.dataset.color = marker.color;
  element.dataset.count = String(marker.count);
}

export function useMarkerLayer(
  map: L.Map | null,
  markers: readonly MapMarker[],
  onOpenSite: (locationCode: string | null) => void,
  t: Translate,
): void {
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    for (const marker of markers) addMarker(layer, map, marker, markerLabel(marker, t), onOpenSite);
    return () => {
      layer.remove();
    };
  }, [map, markers, onOpenSite, t]);
}
