// Browsing cameras (core.md §2, §3, §7): the filtered list page with its counts, and one camera's detail.
// Child users share their parent's customer, so they see the same cameras.
import type { z } from 'zod';
import type { cameraListCall } from '@camwatch/contract/cameras';
import { type CameraDetail, type CameraList, type CameraListQuery } from '@camwatch/contract/cameras';
import { motionAreaSchema } from '@camwatch/contract/device';
import type { EnvironmentMode } from '@camwatch/contract/environment';
import type { AuthContext } from '../../http/auth-context.ts';
import { PreparedJson } from '../../http/prepared-json.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { MediaUrls } from '../archives/media-urls.ts';
import { isFilterActive, toCameraFilter } from './camera-filter.ts';
import { CameraListCache } from './camera-list-cache.ts';
import { CameraListMarks } from './camera-list-marks.ts';
import { functionFlagsOf, toCameraListItem } from './camera-list-item.ts';
import type { CameraRepository } from './camera.repository.ts';

/** The stored motion area; one that does not parse (never written by us) counts as none: the whole picture. */
const motionAreaOf = (stored: unknown) => {
  const parsed = motionAreaSchema.safeParse(stored);
  return parsed.success ? parsed.data : [];
};

export class CameraService {
  private readonly listCache: CameraListCache;
  private readonly listMarks = new CameraListMarks();

  constructor(
    private readonly cameras: CameraRepository,
    private readonly environmentMode: EnvironmentMode,
    private readonly urls: Pick<MediaUrls, 'thumbnail'>,
    listCacheMs = 0,
  ) {
    this.listCache = new CameraListCache({ ttlMs: listCacheMs });
  }

  /**
   * One page by name; a page past the end is empty but still carries the total and the down counts. With
   * the list cache on, pages of the unfiltered list leave marks (camera-list-marks.ts) that later pages are
   * read from, while the customer's browse version holds.
   */
  async list(auth: AuthContext, query: CameraListQuery): Promise<CameraList> {
    const filter = toCameraFilter(query, this.environmentMode);
    const customerId = auth.user.customerId;
    const version = auth.customerBrowseVersion;
    const useMarks = this.listCache.enabled && !isFilterActive(filter);
    const offset = (query.page - 1) * query.count;
    const page = await this.cameras.listPage(
      customerId,
      filter,
      { offset, limit: query.count },
      useMarks ? this.listMarks.get(customerId, version) : [],
    );
    const first = page.rows[0];
    const last = page.rows.at(-1);
    if (useMarks && first && last)
      this.listMarks.add(customerId, version, [
        { position: offset, key: { name: first.camera_name, id: first.id } },
        { position: offset + page.rows.length - 1, key: { name: last.camera_name, id: last.id } },
      ]);
    return {
      cameras: page.rows.map((row) => toCameraListItem(row, this.urls)),
      total: page.total,
      watch: { down: page.down, downLocation: page.downLocation },
    };
  }

  /**
   * The whole answer of GET api/cameras as UTF-8 JSON; served from memory while the customer's browse
   * version is unchanged (camera-list-cache.ts).
   *
   * Written with JSON.stringify, not encoded again by the call's response schema: the schema has no
   * transforms, every value comes from a column of the same type (and the enum ones from CHECK constraints),
   * and list items are built in the schema's key order, so zod's encode made the same bytes and only cost
   * 0.3 ms of CPU per uncached answer of 50 cameras. A route test checks that the bytes are what the
   * schema's encode makes of them.
   */
  async listJson(auth: AuthContext, query: CameraListQuery): Promise<PreparedJson> {
    // The filter is checked before the cache is asked, so bad input is refused the same either way.
    const filter = toCameraFilter(query, this.environmentMode);
    const key = `${auth.user.customerId}|${query.page}|${query.count}|${JSON.stringify(filter)}`;
    const version = auth.customerBrowseVersion;
    const kept = this.listCache.get(key, version);
    if (kept !== undefined) return kept;
    const answer: z.output<(typeof cameraListCall.responses)[200]> = { data: await this.list(auth, query) };
    const prepared = PreparedJson.of(answer);
    this.listCache.set(key, version, prepared);
    return prepared;
  }

  async detail(auth: AuthContext, cameraCode: string): Promise<CameraDetail> {
    const row = await this.cameras.findDetail(auth.user.customerId, cameraCode);
    if (!row) throw new NotFoundError('camera');
    return {
      camera_code: row.code,
      camera_name: row.name,
      thumb_url: this.urls.thumbnail(row.id, row.latest_thumb_at),
      customer_name: row.customer_name,
      location_name: row.location_name,
      location_address: row.location_address,
      location_latitude: row.location_latitude,
      location_longitude: row.location_longitude,
      watch_status: row.watch_status,
      tags: row.tags,
      model_code: row.model_code,
      product_name: row.product_name,
      image_fps: row.image_fps,
      image_fps_default: row.image_fps_default,
      image_rs_width: row.image_rs_width,
      image_rs_height: row.image_rs_height,
      image_type: row.image_type,
      archive_force_raw: row.archive_force_raw,
      upload_mode: row.upload_mode,
      live_interval: row.live_interval,
      ...functionFlagsOf(row),
      archive_hide: row.archive_hide,
      archive_storing_days: row.archive_storing_days,
      can_pan: row.can_pan,
      can_tilt: row.can_tilt,
      can_zoom: row.can_zoom,
      timeWeekFrom: row.time_week_from,
      timeWeekTo: row.time_week_to,
      timeSatFrom: row.time_sat_from,
      timeSatTo: row.time_sat_to,
      timeHoliFrom: row.time_holi_from,
      timeHoliTo: row.time_holi_to,
      note: row.note,
      motion_detect_objects: row.motion_detect_objects,
      image_mask_objects: row.image_mask_objects,
      motion_area: motionAreaOf(row.motion_area),
    };
  }
}
