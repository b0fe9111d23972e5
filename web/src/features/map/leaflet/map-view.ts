// What the rest of the map tab needs to know of Leaflet's view: the zoom (which markers) and the visible box
// (which sites to ask for).
import type L from 'leaflet';
import type { Box } from '../map-rules.ts';

export interface MapView {
  zoom: number;
  box: Box;
}

export function viewOf(map: L.Map): MapView {
  const b = map.getBounds();
  return {
    zoom: map.getZoom(),
    box: { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
  };
}
