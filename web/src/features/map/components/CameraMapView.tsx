// The camera list's map tab (core.md §2, §4, §5, §8): Leaflet with the configured tiles; markers by zoom
// (national total, area counts, city counts, sites), a collapsible side list of the page's cameras with the
// pager, a detail card with a watch-video button, a marker's camera list, and the weather overlay with its
// legend. Loaded only with the map tab, Leaflet included. Tiles that fail to load (no internet) leave the
// markers and overlays working on a blank background. Without a point asked for, the map opens fitted to the
// sites of the cameras the list shows (Tokyo at zoom 16 only when none has a position).
import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  IconAlertCircleFilled,
  IconCloudStorm,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconVideo,
} from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
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
import {
  camerasBounds,
  focusOf,
  markersFor,
  rangeQueryOf,
  WORLD_BOX,
  ZOOM_INTO,
  type Box as GeoBox,
  type MapMarker,
} from '../map-rules.ts';
import { weatherColor } from '../weather-rules.ts';
import { WeatherDialog } from './WeatherDialog.tsx';
import { WeatherLegend } from './WeatherLegend.tsx';
import classes from './CameraMapView.module.css';

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

interface ViewState {
  zoom: number;
  box: GeoBox;
}

const boxOf = (map: L.Map): GeoBox => {
  const b = map.getBounds();
  return { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() };
};

export default function CameraMapView({ conditions, cameras, pager, focus }: CameraMapViewProps) {
  const { t } = useTranslation();
  const { mapTileUrl, mapAttribution } = useEnvSettings();
  const initial = useMemo(() => focusOf(focus.lat, focus.lng), [focus.lat, focus.lng]);
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markerLayerRef = useRef<L.LayerGroup | null>(null);
  const weatherLayerRef = useRef<L.GeoJSON | null>(null);
  const [view, setView] = useState<ViewState | null>(null);
  const [selected, setSelected] = useState<string | null>(focus.camera);
  const [latLngError, setLatLngError] = useState(initial.invalid);
  const [openLocation, setOpenLocation] = useState<string | null>(null);
  const [isListOpen, setListOpen] = useState(true);
  const [isWeatherOpen, setWeatherOpen] = useState(false);
  const [weather, setWeather] = useState<{ overlay: WeatherFeatureCollection; label: string } | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  // No point asked for: the first view fits every site with matching cameras, once they are known.
  const [isFitting, setFitting] = useState(focus.lat === null && focus.lng === null);
  const allSites = useMapRange(conditions, isFitting ? rangeQueryOf(WORLD_BOX) : null, isFitting);

  // The map itself: made once; its zoom and box drive which markers are asked for.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: [initial.lat, initial.lng],
      zoom: initial.zoom,
      zoomControl: false,
      keyboard: true,
      worldCopyJump: false,
      attributionControl: false,
    });
    L.control.attribution({ position: 'bottomleft' }).addTo(map);
    L.control
      .zoom({ position: 'topleft', zoomInTitle: t('map.zoomIn'), zoomOutTitle: t('map.zoomOut') })
      .addTo(map);
    // Without the tile server (offline, blocked) the map still works on a plain background; say so once.
    L.tileLayer(mapTileUrl, { attribution: mapAttribution, maxZoom: 19 })
      .once('tileerror', () => setTilesFailed(true))
      .addTo(map);
    markerLayerRef.current = L.layerGroup().addTo(map);
    const update = () => setView({ zoom: map.getZoom(), box: boxOf(map) });
    map.on('moveend', update);
    // A view to be fitted asks for no markers at the starting point first.
    if (!isFitting) update();
    container.setAttribute('aria-label', t('map.label'));
    mapRef.current = map;
    return () => {
      map.remove();
      mapRef.current = null;
    };
    // Made once per mount; later focus changes move the map (below).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The sites are known (or could not be): fit them, or stay at the start, and let the markers come.
  useEffect(() => {
    const map = mapRef.current;
    if (!isFitting || !map || allSites.isPending) return;
    const box = allSites.data ? camerasBounds(allSites.data) : null;
    setFitting(false);
    if (box)
      map.fitBounds(
        [
          [box.south, box.west],
          [box.north, box.east],
        ],
        { padding: [48, 48], maxZoom: DEFAULT_MAP_ZOOM, animate: false },
      );
    // fitBounds ends in moveend (update); so does nothing moving, when the view already was the box.
    setView({ zoom: map.getZoom(), box: boxOf(map) });
  }, [isFitting, allSites.isPending, allSites.data]);

  // A new point asked for (show on map while the map is open) moves the map there.
  const firstFocus = useRef(true);
  useEffect(() => {
    if (firstFocus.current) {
      firstFocus.current = false;
      return;
    }
    mapRef.current?.setView([initial.lat, initial.lng], initial.zoom);
    setLatLngError(initial.invalid);
    setSelected(focus.camera);
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

  // Markers: a round label with the count; aggregates zoom in, sites open their camera list.
  useEffect(() => {
    const layer = markerLayerRef.current;
    const map = mapRef.current;
    if (!layer || !map) return;
    layer.clearLayers();
    for (const marker of markers) {
      const label = markerLabel(marker, t);
      const icon = L.divIcon({
        className: classes.markerIcon,
        html: `<span class="${classes.marker}" style="background:${marker.color}">${marker.count}</span>`,
        iconSize: [34, 34],
        iconAnchor: [17, 17],
      });
      const m = L.marker([marker.lat, marker.lng], { icon, title: label, keyboard: true, riseOnHover: true });
      m.on('click', () => {
        if (marker.kind === 'camera') setOpenLocation(marker.locationCode ?? null);
        else map.setView([marker.lat, marker.lng], ZOOM_INTO[marker.kind]);
      });
      m.addTo(layer);
      const element = m.getElement();
      if (element) {
        element.setAttribute('role', 'button');
        element.setAttribute('aria-label', label);
        element.dataset.testid = 'map-marker';
        element.dataset.kind = marker.kind;
        element.dataset.color = marker.color;
        element.dataset.count = String(marker.count);
      }
    }
  }, [markers, t]);

  // The weather overlay: one polygon per warning, most severe on top (the server's order).
  useEffect(() => {
    const map = mapRef.current;
    weatherLayerRef.current?.remove();
    weatherLayerRef.current = null;
    if (!map || !weather) return;
    weatherLayerRef.current = L.geoJSON(weather.overlay, {
      style: (feature) => {
        const color = weatherColor(feature?.properties.category);
        return { color, fillColor: color, fillOpacity: 0.3, weight: 1, opacity: 0.8 };
      },
      onEachFeature: (feature, layer) => {
        const p = feature.properties;
        layer.bindTooltip(
          `${p.area_name}: ${t(`map.subtypes.${p.subtype}`)}${t(`map.categorySuffix.${p.category}`)}`,
          { sticky: true },
        );
      },
    }).addTo(map);
  }, [weather, t]);

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
    const map = mapRef.current;
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
          {tilesFailed && (
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
          <Paper
            withBorder
            className={classes.side}
            id="map-side-list"
            component="section"
            aria-label={t('map.sideList')}
          >
            <ScrollArea className={classes.sideScroll}>
              <Stack gap={0} component="ul" className={classes.plainList}>
                {cameras.map((camera) => (
                  <li key={camera.camera_code}>
                    <UnstyledButton
                      className={classes.sideItem}
                      data-active={camera.camera_code === selected || undefined}
                      aria-current={camera.camera_code === selected ? 'true' : undefined}
                      onClick={() => showCamera(camera)}
                    >
                      <Group gap={6} wrap="nowrap">
                        {camera.watch_status === 'down' && (
                          <IconAlertCircleFilled
                            size={14}
                            color="var(--mantine-color-red-6)"
                            aria-label={t('cameras.down')}
                          />
                        )}
                        <Box style={{ minWidth: 0 }}>
                          <Text size="sm" fw={500} truncate>
                            {camera.camera_name}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {camera.location_name || t('cameras.noLocation')}
                          </Text>
                        </Box>
                      </Group>
                    </UnstyledButton>
                  </li>
                ))}
              </Stack>
            </ScrollArea>
            <Box p={4}>{pager}</Box>
          </Paper>
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
              <Card
                withBorder
                shadow="sm"
                padding="sm"
                data-testid="location-cameras"
                component="section"
                aria-label={t('map.locationCameras')}
              >
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text fw={600} size="sm" truncate>
                    {location.data?.location_name ?? t('map.locationCameras')}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('common.close')}
                    onClick={() => setOpenLocation(null)}
                  />
                </Group>
                {location.isPending ? (
                  <Loader size="xs" />
                ) : location.isError ? (
                  <Text size="sm" c="red">
                    {t('messages.communicationFailed')}
                  </Text>
                ) : location.data.cameras.length === 0 ? (
                  <Text size="sm">{t('messages.noRelatedCamera')}</Text>
                ) : (
                  <Stack gap={2} component="ul" className={classes.plainList}>
                    {location.data.cameras.map((camera) => (
                      <li key={camera.camera_code}>
                        <UnstyledButton
                          className={classes.sideItem}
                          data-active={camera.camera_code === selected || undefined}
                          onClick={() => setSelected(camera.camera_code)}
                        >
                          <Text size="sm">{camera.camera_name}</Text>
                        </UnstyledButton>
                      </li>
                    ))}
                  </Stack>
                )}
              </Card>
            )}
            {selectedCamera && (
              <Card
                withBorder
                shadow="sm"
                padding="sm"
                data-testid="camera-card"
                component="section"
                aria-label={t('map.cameraCard')}
              >
                <Group justify="space-between" wrap="nowrap" mb={4}>
                  <Text fw={600} size="sm" truncate>
                    {selectedCamera.camera_name}
                  </Text>
                  <CloseButton size="sm" aria-label={t('common.close')} onClick={() => setSelected(null)} />
                </Group>
                <Text size="xs">{selectedCamera.location_name}</Text>
                <Text size="xs" c="dimmed">
                  {selectedCamera.location_address}
                </Text>
                {selectedCamera.watch_status === 'down' && (
                  <Badge color="red" size="xs" mt={4}>
                    {t('cameras.down')}
                  </Badge>
                )}
                <Button
                  component={Link}
                  to={`/detail/${encodeURIComponent(selectedCamera.camera_code)}`}
                  size="xs"
                  mt="xs"
                  leftSection={<IconVideo size={14} aria-hidden />}
                >
                  {t('map.watchVideo')}
                </Button>
              </Card>
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

function markerLabel(
  marker: MapMarker,
  t: (key: string, values?: Record<string, string | number>) => string,
) {
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
