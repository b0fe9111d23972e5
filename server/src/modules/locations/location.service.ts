// The map's data (core.md §3, §4, §7): camera counts per area and per city, the sites inside a box with
// their cameras, and one site's cameras. Every call takes the camera list's filters.
import type { CameraFilterQuery } from '@camwatch/contract/cameras';
import type { EnvironmentMode } from '@camwatch/contract/environment';
import type {
  LocationRangeQuery,
  MapArea,
  MapCamera,
  MapCity,
  MapLocationWithCameras,
  MapRangeLocation,
} from '@camwatch/contract/locations';
import type { AuthContext } from '../../http/auth-context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaUrls } from '../archives/media-urls.ts';
import { isFilterActive, toCameraFilter } from '../cameras/camera-filter.ts';
import { toCameraListItem } from '../cameras/camera-list-item.ts';
import type { CameraListRow, CameraRepository } from '../cameras/camera.repository.ts';
import type { LocationRepository } from './location.repository.ts';

interface LocatedSite {
  code: string;
  name: string;
  address: string;
  latitude: number;
  longitude: number;
}

const withCameras = (
  site: LocatedSite,
  rows: CameraListRow[],
  urls: Pick<MediaUrls, 'thumbnail'>,
): MapLocationWithCameras => ({
  location_code: site.code,
  location_name: site.name,
  location_address: site.address,
  latitude: site.latitude,
  longitude: site.longitude,
  camera_count: rows.length,
  cameras: rows.map((row) => toCameraListItem(row, urls)),
});

export class LocationService {
  constructor(
    private readonly locations: LocationRepository,
    private readonly cameras: CameraRepository,
    private readonly environmentMode: EnvironmentMode,
    private readonly urls: Pick<MediaUrls, 'thumbnail'>,
  ) {}

  /** Areas (prefectures) with at least one matching camera at a located site. */
  async areas(auth: AuthContext, query: CameraFilterQuery): Promise<MapArea[]> {
    const filter = toCameraFilter(query, this.environmentMode);
    const rows = await this.locations.countByArea(auth.user.customerId, filter);
    return rows.map(({ area_jp, camera_count, latitude, longitude }) => ({
      area_jp,
      camera_count,
      latitude,
      longitude,
    }));
  }

  /** Cities with at least one matching camera at a located site; one entry per (area, city). */
  async cities(auth: AuthContext, query: CameraFilterQuery): Promise<MapCity[]> {
    const filter = toCameraFilter(query, this.environmentMode);
    const rows = await this.locations.countByCity(auth.user.customerId, filter);
    return rows.map(({ city_jp, camera_count, latitude, longitude }) => ({
      city_jp,
      camera_count,
      latitude,
      longitude,
    }));
  }

  /**
   * Sites inside the box with their matching cameras (code, name, status: what the marker needs; the full
   * list items come with a site's own call). Without a filter every site is shown, even one with no camera
   * (the client says 'no related camera'); with a filter only sites with a matching camera.
   */
  async range(auth: AuthContext, query: LocationRangeQuery): Promise<MapRangeLocation[]> {
    const customerId = auth.user.customerId;
    const filter = toCameraFilter(query, this.environmentMode);
    const box = {
      latMin: query.lat_min,
      latMax: query.lat_max,
      lngMin: query.lng_min,
      lngMax: query.lng_max,
    };
    const [sites, rows] = await Promise.all([
      this.locations.listInBox(customerId, box),
      this.locations.listCamerasInBox(customerId, filter, box),
    ]);
    const bySite = new Map<number, MapCamera[]>();
    for (const { location_id, ...camera } of rows) {
      if (location_id === null) continue;
      const list = bySite.get(location_id);
      if (list) list.push(camera);
      else bySite.set(location_id, [camera]);
    }
    const showEmpty = !isFilterActive(filter);
    const result: MapRangeLocation[] = [];
    for (const site of sites) {
      if (site.latitude === null || site.longitude === null) continue; // never: the box needs both
      const cameras = bySite.get(site.id) ?? [];
      if (cameras.length > 0 || showEmpty)
        result.push({
          location_code: site.code,
          location_name: site.name,
          location_address: site.address,
          latitude: site.latitude,
          longitude: site.longitude,
          camera_count: cameras.length,
          cameras,
        });
    }
    return result;
  }

  /** One site with its matching cameras. A site without coordinates has no marker, so it is not found. */
  async detail(
    auth: AuthContext,
    locationCode: string,
    query: CameraFilterQuery,
  ): Promise<MapLocationWithCameras> {
    const customerId = auth.user.customerId;
    const filter = toCameraFilter(query, this.environmentMode);
    const site = await this.locations.findByCode(customerId, locationCode);
    if (!site || site.latitude === null || site.longitude === null) throw new NotFoundError('location');
    const rows = await this.cameras.listAtLocation(customerId, filter, site.id);
    return withCameras({ ...site, latitude: site.latitude, longitude: site.longitude }, rows, this.urls);
  }
}
