// Camera locations (sites) of a customer, and the map's per-area and per-city camera counts. The counts
// use the camera list's filter condition, so the map counts exactly the cameras the list would show.
import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LocationsTable } from '../../db/schema.ts';
import type { CameraFilter } from '../cameras/camera-filter.ts';
import { cameraFilterCondition, cameraInBox } from '../cameras/camera-filter.query.ts';
import type { GeoBox } from '../cameras/camera-filter.ts';

export class LocationRepository {
  constructor(private readonly db: Db) {}

  insert(location: Insertable<LocationsTable>) {
    return this.db.insertInto('locations').values(location).returningAll().executeTakeFirstOrThrow();
  }

  findByCode(customerId: number, code: string) {
    return this.db
      .selectFrom('locations')
      .selectAll()
      .where('customer_id', '=', customerId)
      .where('code', '=', code)
      .executeTakeFirst();
  }

  listByCustomer(customerId: number) {
    return this.db
      .selectFrom('locations')
      .selectAll()
      .where('customer_id', '=', customerId)
      .orderBy('id')
      .execute();
  }

  /** Locations with coordinates inside the box, by name. */
  listInBox(customerId: number, box: GeoBox) {
    return this.db
      .selectFrom('locations')
      .select(['id', 'code', 'name', 'address', 'latitude', 'longitude'])
      .where('customer_id', '=', customerId)
      .where('latitude', '>=', box.latMin)
      .where('latitude', '<=', box.latMax)
      .where('longitude', '>=', box.lngMin)
      .where('longitude', '<=', box.lngMax)
      .orderBy('name')
      .orderBy('id')
      .execute();
  }

  /**
   * The matching cameras at the customer's sites inside the box, by name: only what a site's marker needs,
   * read from the covering index and the camera rows of those sites (the range call at map zoom above 12).
   */
  listCamerasInBox(customerId: number, filter: CameraFilter, box: GeoBox) {
    return this.db
      .selectFrom('cameras as c')
      .select(['c.location_id', 'c.code as camera_code', 'c.name as camera_name', 'c.watch_status'])
      .where(cameraFilterCondition(customerId, filter))
      .where(cameraInBox(customerId, box))
      .orderBy('c.name')
      .orderBy('c.id')
      .execute();
  }

  /** Each located site (coordinates known) with how many of its cameras match the filter; none: left out. */
  private matchingPerLocation(customerId: number, filter: CameraFilter) {
    return this.db
      .selectFrom('locations as l')
      .innerJoin('cameras as c', 'c.location_id', 'l.id')
      .select((eb) => ['l.area_jp', 'l.city_jp', 'l.latitude', 'l.longitude', eb.fn.countAll().as('cameras')])
      .where('l.customer_id', '=', customerId)
      .where('l.latitude', 'is not', null)
      .where('l.longitude', 'is not', null)
      .where(cameraFilterCondition(customerId, filter))
      .groupBy('l.id');
  }

  /** Per area: matching cameras, and the mean position of the area's sites that have one. */
  async countByArea(customerId: number, filter: CameraFilter) {
    const rows = await this.db
      .selectFrom(this.matchingPerLocation(customerId, filter).as('m'))
      .select((eb) => [
        'm.area_jp',
        sql<number>`sum(m.cameras)::integer`.as('camera_count'),
        eb.fn.avg<number>('m.latitude').as('latitude'),
        eb.fn.avg<number>('m.longitude').as('longitude'),
      ])
      .groupBy('m.area_jp')
      .orderBy('m.area_jp')
      .execute();
    return rows.map((r) => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
  }

  /** Per city (within its area, as city names repeat across prefectures), like countByArea. */
  async countByCity(customerId: number, filter: CameraFilter) {
    const rows = await this.db
      .selectFrom(this.matchingPerLocation(customerId, filter).as('m'))
      .select((eb) => [
        'm.area_jp',
        'm.city_jp',
        sql<number>`sum(m.cameras)::integer`.as('camera_count'),
        eb.fn.avg<number>('m.latitude').as('latitude'),
        eb.fn.avg<number>('m.longitude').as('longitude'),
      ])
      .groupBy(['m.area_jp', 'm.city_jp'])
      .orderBy('m.area_jp')
      .orderBy('m.city_jp')
      .execute();
    return rows.map((r) => ({ ...r, latitude: Number(r.latitude), longitude: Number(r.longitude) }));
  }
}
