// The camera list's map tab (core.md §2, §4, §5, §8): Leaflet with the configured tiles; markers by zoom
// (national total, area counts, city counts, sites), a collapsible side list of the page's cameras with the
// pager, a detail card with a watch-video button, a marker's camera list, and the weather overlay with its
// legend. Loaded only with the map tab, Leaflet included. Tiles that fail to load (no internet) leave the
// markers and overlays working on a blank background. Without a point asked for, the map opens fitted to the
// sites of the cameras the list shows (Tokyo at zoom 16 only when none has a position). Leaflet itself is
// driven from hooks/ (the map, the first fit, markers, weather) and leaflet/ (tiles, view); this file composes.
import 'leaflet/dist/leaflet.css';
import { Alert, Box, Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  IconCloudStorm,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { CameraListItem } from '@camwatch/contract/cameras';
import { DEFAULT_MAP_CENTER, DEFAULT_MAP_ZOOM } from '@camwatch/contract/constants';
import { isValidCoordinate, markerKindForZoom } from '@camwatch/contract/map-rules';
import type { WeatherFeatureCollection } from '@camwatch/contract/weather';
import { useEnvSettings } from '../../../lib/env-settings.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import {
  useMapAreas,
  useMapCities,
  useMapLocation,
  useMapRange,
  type MapConditions,
} from '../api/get-map-data.ts';
import { useFitToSites } from '../hooks/use-fit-to-sites.ts';
import { useLeafletMap } from '../hooks/use-leaflet-map.ts';
import { useMarkerLayer } from '../hooks/use-marker-layer.ts';
import { useWeatherLayer } from '../hooks/use-weather-layer.ts';
import { focusOf, markersFor, rangeQueryOf } from '../map-rules.ts';
import { LocationCamerasCard } from './LocationCamerasCard.tsx';
import { MapSideList } from './MapSideList.tsx';
import { SelectedCameraCard } from './SelectedCameraCard.tsx';
import { WeatherDialog } from './WeatherDialog.tsx';
import { WeatherLegend } from './WeatherLegend.tsx';
import classes from './CameraMapView.module.css';
import '../map-texts.ts';

export interface CameraMapViewProps {
  /** The list's conditions: the map shows the same cameras as the list. */
  conditions: MapConditions;
  /** The list page's cameras, for the side list. */
  cameras: readonly CameraListItem[];
  /** The list's pager, under the side list. */
  pager: ReactNode;
  /** From the URL: the point to centre on (raw text, checked here) and the selected camera (show on map). */
  focus: { lat: string | null; lng: string | null; camera: string | null };
}

export default function CameraMapView({ conditions, cameras, pager, focus }: CameraMapViewProps) {
  const { t } = useTranslation();
  const { mapTileUrl, mapAttribution } = useEnvSettings();
  const initial = useMemo(() => focusOf(focus.lat, focus.lng), [focus.lat, focus.lng]);
  const containerRef = useRef<HTMLDivElement>(null);
  const [selected, setSelected] = useState<string | null>(focus.camera);
  const [latLngError, setLatLngError] = useState(initial.invalid);
  const [openLocation, setOpenLocation] = useState<string | null>(null);
  const [isListOpen, setListOpen] = useState(true);
  const [isWeatherOpen, setWeatherOpen] = useState(false);
  const [weather, setWeather] = useState<{ overlay: WeatherFeatureCollection; label: string } | null>(null);
  // No point asked for: the first view fits every site with matching cameras, once they are known.
  const isFitWanted = focus.lat === null && focus.lng === null;
  const { map, view, refreshView, hasTilesFailed } = useLeafletMap(containerRef, {
    center: initial,
    zoom: initial.zoom,
    tiles: { url: mapTileUrl, attribution: mapAttribution },
    texts: { label: t('map.label'), zoomIn: t('map.zoomIn'), zoomOut: t('map.zoomOut') },
    isFirstViewDeferred: isFitWanted,
  });
  useFitToSites(map, conditions, isFitWanted, refreshView);

  // A new point asked for (show on map while the map is open) moves the map there.
  const firstFocus = useRef(true);
  useEffect(() => {
    if (firstFocus.current) {
      firstFocus.current = false;
      return;
    }
    map?.setView([initial.lat, initial.lng], initial.zoom);
    setLatLngError(initial.invalid);
    setSelected(focus.camera);
    // Only a new point moves the map, not the map's arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [initial, focus.camera]);

  const kind = view ? markerKindForZoom(view.zoom) : null;
  const box = view && kind === 'camera' ? rangeQueryOf(view.box) : null;
  const areas = useMapAreas(conditions, kind === 'national' || kind === 'area');
  const cities = useMapCities(conditions, kind === 'city');
  const range = useMapRange(conditions, box, kind === 'camera');
  const location = useMapLocation(conditions, openLocation);
  const markers = useMemo(
    () =>
      view
        ? markersFor(
            view.zoom,
            { areas: areas.data, cities: cities.data, locations: kind === 'camera' ? range.data : undefined },
            selected,
          )
        : [],
    [view, kind, areas.data, cities.data, range.data, selected],
  );
  useMarkerLayer(map, markers, setOpenLocation, t);
  useWeatherLayer(map, weather?.overlay ?? null, t);

  const known = useMemo(() => {
    const all = new Map<string, CameraListItem>();
    for (const c of location.data?.cameras ?? []) all.set(c.camera_code, c);
    for (const c of cameras) all.set(c.camera_code, c);
    return all;
  }, [location.data, cameras]);
  const selectedCamera = selected ? (known.get(selected) ?? null) : null;

  /** Selects a camera and shows its site at camera level; a camera without a valid position: the error. */
  const showCamera = (camera: CameraListItem) => {
    setSelected(camera.camera_code);
    const { location_latitude: lat, location_longitude: lng } = camera;
    if (lat != null && lng != null && isValidCoordinate(lat, lng)) {
      setLatLngError(false);
      map?.setView([lat, lng], Math.max(map.getZoom(), DEFAULT_MAP_ZOOM));
    } else {
      setLatLngError(true);
      map?.setView([DEFAULT_MAP_CENTER.lat, DEFAULT_MAP_CENTER.lng], DEFAULT_MAP_ZOOM);
    }
  };

  const loading = areas.isFetching || cities.isFetching || range.isFetching;
  return (
    <Stack gap="xs" data-testid="camera-map">
      {latLngError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setLatLngError(false)}
        >
          {t('messages.latLngProblem')}
        </Alert>
      )}
      <Group justify="space-between" gap="xs">
        <Button
          size="xs"
          variant="default"
          aria-expanded={isListOpen}
          aria-controls="map-side-list"
          leftSection={
            isListOpen ? (
              <IconLayoutSidebarLeftCollapse size={16} aria-hidden />
            ) : (
              <IconLayoutSidebarLeftExpand size={16} aria-hidden />
            )
          }
          onClick={() => setListOpen(!isListOpen)}
        >
          {isListOpen ? t('map.hideList') : t('map.showList')}
        </Button>
        <Group gap="xs">
          {hasTilesFailed && (
            <Text size="xs" c="dimmed" data-testid="tiles-failed">
              {t('map.tilesFailed')}
            </Text>
          )}
          {loading && <Loader size="xs" aria-label={t('map.loading')} />}
          {view && (
            <Text size="xs" c="dimmed" data-testid="map-zoom">
              {t('map.zoomLevel', { zoom: view.zoom })}
            </Text>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCloudStorm size={16} aria-hidden />}
            onClick={() => setWeatherOpen(true)}
          >
            {t('map.weather.open')}
          </Button>
        </Group>
      </Group>
      <Box className={classes.layout}>
        {isListOpen && (
          <MapSideList
            id="map-side-list"
            cameras={cameras}
            selected={selected}
            onShow={showCamera}
            pager={pager}
          />
        )}
        <Box className={classes.mapWrap}>
          <div ref={containerRef} className={classes.map} data-testid="leaflet-map" />
          {weather && (
            <WeatherLegend
              label={weather.label}
              onClear={() => setWeather(null)}
              className={classes.legend}
            />
          )}
          <Stack className={classes.panels} gap="xs">
            {openLocation && (
              <LocationCamerasCard
                location={location}
                selected={selected}
                onSelect={setSelected}
                onClose={() => setOpenLocation(null)}
              />
            )}
            {selectedCamera && (
              <SelectedCameraCard camera={selectedCamera} onClose={() => setSelected(null)} />
            )}
          </Stack>
        </Box>
      </Box>
      <WeatherDialog
        opened={isWeatherOpen}
        onClose={() => setWeatherOpen(false)}
        onLoaded={(overlay, asked) =>
          setWeather({
            overlay,
            label: `${asked.date} ${asked.time} · ${t(`map.weather.types.${asked.type}`)}`,
          })
        }
      />
    </Stack>
  );
}
