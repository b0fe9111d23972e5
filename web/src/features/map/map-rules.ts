// The map view's rules (core.md §4, §5, §9), pure so they are unit-tested: where to centre from the URL,
// which markers a zoom level shows (one national total, area counts, city counts, sites with cameras), their
// colours, and the box the range call asks for.
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@camwatch/contract/constants';
import {
  isValidCoordinate,
  mapViewFor,
  markerKindForZoom,
  type MarkerKind,
} from '@camwatch/contract/map-rules';
import type { MapArea, MapCity, MapRangeLocation } from '@camwatch/contract/locations';

export interface MapFocus {
  lat: number;
  lng: number;
  zoom: number;
  /** The coordinates asked for were invalid: the map shows the default centre and the latitude/longitude error. */
  invalid: boolean;
}

/** Reads a coordinate written in the URL; anything but a plain decimal number is NaN (so invalid). */
const coordinate = (raw: string | null): number | null => {
  if (raw === null) return null;
  return /^-?\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : Number.NaN;
};

/**
 * Where the map starts when a point is asked for: the asked point (show on map) when it is valid; else Tokyo
 * with the latitude/longitude error (latitude beyond 90, longitude beyond 180, or missing). Without a point it
 * is Tokyo at zoom 16 here; the map then fits the customer's cameras (camerasBounds) when it knows them.
 */
export function focusOf(lat: string | null, lng: string | null): MapFocus {
  if (lat === null && lng === null) return { ...DEFAULT_MAP_CENTER, zoom: DEFAULT_MAP_ZOOM, invalid: false };
  const view = mapViewFor(coordinate(lat), coordinate(lng));
  return { ...view.center, zoom: view.zoom, invalid: !view.isValid };
}

/** Marker colours (core.md §9: red, blue, yellow, purple, green): the selected camera's site is red. */
export const MARKER_COLORS: Readonly<Record<MarkerKind | 'selected', string>> = {
  national: 'green',
  area: 'purple',
  city: 'yellow',
  camera: 'blue',
  selected: 'red',
};

export interface MapMarker {
  key: string;
  kind: MarkerKind;
  lat: number;
  lng: number;
  /** Cameras the marker stands for. */
  count: number;
  /** Area, city or site name; empty for the national total. */
  name: string;
  color: string;
  /** A site's code (camera markers), for its camera list. */
  locationCode?: string;
}

export interface MapData {
  areas?: readonly MapArea[];
  cities?: readonly MapCity[];
  locations?: readonly MapRangeLocation[];
}

/** Centre of Japan, where the national total stands when no area has a position. */
const JAPAN_CENTER = { lat: 36.2, lng: 138.25 };

/** The national total: every area's cameras, at the camera-weighted mean of the areas' positions. */
function nationalMarker(areas: readonly MapArea[]): MapMarker {
  const count = areas.reduce((sum, a) => sum + a.camera_count, 0);
  const at =
    count > 0
      ? {
          lat: areas.reduce((s, a) => s + a.latitude * a.camera_count, 0) / count,
          lng: areas.reduce((s, a) => s + a.longitude * a.camera_count, 0) / count,
        }
      : JAPAN_CENTER;
  return { key: 'national', kind: 'national', ...at, count, name: '', color: MARKER_COLORS.national };
}

/** The markers of a zoom level from the data its call answered (core.md §4). */
export function markersFor(zoom: number, data: MapData, selectedCamera: string | null): MapMarker[] {
  const kind = markerKindForZoom(zoom);
  switch (kind) {
    case 'national':
      return data.areas ? [nationalMarker(data.areas)] : [];
    case 'area':
      return (data.areas ?? []).map((a) => ({
        key: `area:${a.area_jp}`,
        kind,
        lat: a.latitude,
        lng: a.longitude,
        count: a.camera_count,
        name: a.area_jp,
        color: MARKER_COLORS.area,
      }));
    case 'city':
      return (data.cities ?? []).map((c) => ({
        key: `city:${c.city_jp}:${c.latitude}:${c.longitude}`,
        kind,
        lat: c.latitude,
        lng: c.longitude,
        count: c.camera_count,
        name: c.city_jp,
        color: MARKER_COLORS.city,
      }));
    case 'camera':
      return (data.locations ?? []).map((l) => ({
        key: `site:${l.location_code}`,
        kind,
        lat: l.latitude,
        lng: l.longitude,
        count: l.camera_count,
        name: l.location_name,
        locationCode: l.location_code,
        color: l.cameras.some((c) => c.camera_code === selectedCamera)
          ? MARKER_COLORS.selected
          : MARKER_COLORS.camera,
      }));
  }
}

/** Clicking an aggregate marker zooms in to the next level at that point. */
export const ZOOM_INTO: Readonly<Record<Exclude<MarkerKind, 'camera'>, number>> = {
  national: 6,
  area: 8,
  city: 13,
};

export interface Box {
  south: number;
  west: number;
  north: number;
  east: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number) => Math.round(value * 1e5) / 1e5;

/** The range call's query for the visible box, kept within ±90/±180 (a wide view can reach past them). */
export function rangeQueryOf(box: Box) {
  return {
    lat_min: round(clamp(box.south, -90, 90)),
    lat_max: round(clamp(box.north, -90, 90)),
    lng_min: round(clamp(box.west, -180, 180)),
    lng_max: round(clamp(box.east, -180, 180)),
  };
}

/** The whole world, for the range call that finds every site with matching cameras (the default view's fit). */
export const WORLD_BOX: Box = { south: -90, west: -180, north: 90, east: 180 };

/**
 * The smallest box holding every site with cameras: the map's default view fits it, rather than the spec's
 * fixed centre in Tokyo, which shows an empty street to a customer whose cameras are elsewhere (issue 17 point
 * 10). Sites with invalid coordinates are left out; null when none is left (the map keeps Tokyo at zoom 16).
 */
export function camerasBounds(sites: readonly { latitude: number; longitude: number }[]): Box | null {
  const valid = sites.filter((s) => isValidCoordinate(s.latitude, s.longitude));
  if (valid.length === 0) return null;
  const lats = valid.map((s) => s.latitude);
  const lngs = valid.map((s) => s.longitude);
  return {
    south: Math.min(...lats),
    west: Math.min(...lngs),
    north: Math.max(...lats),
    east: Math.max(...lngs),
  };
}
