// Map rules: which markers a zoom level shows, and falling back to Tokyo for bad coordinates (core.md §4, §5, §9).
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM, MAP_ZOOM_THRESHOLDS } from './constants.ts';

export type MarkerKind = 'national' | 'area' | 'city' | 'camera';

/** Up to 5 one national total; 6-7 area counts; 8-12 city counts; above 12 individual cameras. */
export function markerKindForZoom(zoom: number): MarkerKind {
  if (zoom <= MAP_ZOOM_THRESHOLDS.national) return 'national';
  if (zoom <= MAP_ZOOM_THRESHOLDS.area) return 'area';
  if (zoom <= MAP_ZOOM_THRESHOLDS.city) return 'city';
  return 'camera';
}

/** Latitude beyond ±90 or longitude beyond ±180 (or missing) is invalid. */
export const isValidCoordinate = (lat: number | null | undefined, lng: number | null | undefined): boolean =>
  lat != null &&
  lng != null &&
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180;

export interface MapView {
  center: { lat: number; lng: number };
  zoom: number;
  /** False when the given coordinates were invalid: the client shows the latitude/longitude problem error. */
  isValid: boolean;
}

/** Where to centre the map: the given point, or the default centre in Tokyo at zoom 16 when it is invalid. */
export function mapViewFor(
  lat: number | null | undefined,
  lng: number | null | undefined,
  zoom: number = DEFAULT_MAP_ZOOM,
): MapView {
  if (lat != null && lng != null && isValidCoordinate(lat, lng))
    return { center: { lat, lng }, zoom, isValid: true };
  return { center: { ...DEFAULT_MAP_CENTER }, zoom: DEFAULT_MAP_ZOOM, isValid: false };
}

/** The weather dialog's type choice: every warning category, or one of them (core.md §9). */
export const WEATHER_TYPES = ['all', 'special_warning', 'warning', 'advisory'] as const;
export type WeatherType = (typeof WEATHER_TYPES)[number];
