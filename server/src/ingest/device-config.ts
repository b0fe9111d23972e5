// The configuration an agent records with, built from its cameras row. Pure.
import { motionAreaSchema, type DeviceConfig, type MotionArea } from '@camwatch/contract/device';

export interface CameraSettingsRow {
  code: string;
  image_fps: number;
  image_rs_width: number;
  image_rs_height: number;
  live_interval: number;
  video_max_kbps: number | null;
  motion_area: unknown;
  can_pan: boolean;
  can_tilt: boolean;
  can_zoom: boolean;
}

/** The stored motion area, or [] (the whole picture) when none is set or what is stored is not valid. */
export function motionAreaOf(stored: unknown): MotionArea {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  const parsed = motionAreaSchema.safeParse(value);
  return parsed.success ? parsed.data : [];
}

export function deviceConfigOf(row: CameraSettingsRow): DeviceConfig {
  return {
    camera_code: row.code,
    fps: row.image_fps,
    width: row.image_rs_width,
    height: row.image_rs_height,
    live_interval_sec: row.live_interval,
    max_bitrate_kbps: row.video_max_kbps,
    motion_area: motionAreaOf(row.motion_area),
    can_pan: row.can_pan,
    can_tilt: row.can_tilt,
    can_zoom: row.can_zoom,
  };
}
