// Turns a camera row into the contract's list item; shared by the camera list and the map calls.
import type { CameraListItem } from '@camwatch/contract/cameras';
import type { MediaUrls } from '../archives/media-urls.ts';
import type { CameraListRow } from './camera.repository.ts';

const functionFlags = [
  'use_motion',
  'use_camera_motion',
  'use_heatmap',
  'use_nolive',
  'use_audio',
  'use_people_counter',
  'use_ptz',
  'use_time_lapse',
  'use_parking_detect',
  'use_streaming',
  'use_enter_alert',
  'use_person_tracking',
  'use_operation_analysis',
  'use_dewarp',
] as const;

type FunctionFlags = { [K in (typeof functionFlags)[number]]: boolean };

/** The camera's function flags (core.md §3), as both the list item and the detail carry them. */
export function functionFlagsOf(row: FunctionFlags): FunctionFlags {
  const out = {} as FunctionFlags;
  for (const flag of functionFlags) out[flag] = row[flag];
  return out;
}

/**
 * thumb_url is a signed address of the camera's newest thumbnail (stable for ten minutes, so list
 * re-renders hit the browser cache); null until the camera has one, and the client shows its placeholder.
 */
export function toCameraListItem(row: CameraListRow, urls: Pick<MediaUrls, 'thumbnail'>): CameraListItem {
  return {
    camera_code: row.camera_code,
    camera_name: row.camera_name,
    thumb_url: urls.thumbnail(row.id, row.latest_thumb_at),
    location_name: row.location_name,
    location_address: row.location_address,
    location_latitude: row.location_latitude,
    location_longitude: row.location_longitude,
    watch_status: row.watch_status,
    tags: row.tags,
    image_fps: row.image_fps,
    image_fps_default: row.image_fps_default,
    image_rs_width: row.image_rs_width,
    image_rs_height: row.image_rs_height,
    archive_force_raw: row.archive_force_raw,
    model_code: row.model_code,
    ...functionFlagsOf(row),
  };
}
