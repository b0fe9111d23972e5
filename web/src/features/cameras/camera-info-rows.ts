// The rows of the camera information dialog (core.md §2, advanced.md §2): every item of the camera detail,
// worded with the rate and surveillance-time rules of camera-rate.ts; 'none' where a value is empty.
import type { CameraDetail } from '@camwatch/contract/cameras';
import { frameRate, surveillanceTime } from '@camwatch/contract/camera-rate';
import { t, type TranslationValues } from '../../lib/i18n.ts';

const trimFps = (fps: number) => String(Math.round(fps * 100) / 100);

/** Label and value of each row; a value with several lines is an array. */
export function cameraInfoRows(camera: CameraDetail): [string, string | string[]][] {
  const k = (key: string, values?: TranslationValues) => t(`cameras.infoDialog.${key}`, values);
  const none = k('none');
  const rate = frameRate(camera);
  const rateText =
    rate.kind === 'fps'
      ? k('rates.fps', { fps: trimFps(rate.fps) })
      : rate.kind === 'variable_fps'
        ? k('rates.variable_fps', { min: trimFps(rate.min), max: trimFps(rate.max) })
        : rate.kind === 'interval_minutes'
          ? k('rates.interval_minutes', { minutes: rate.minutes })
          : k('rates.camera_setting');
  const yesNo = (value: boolean) => (value ? k('yes') : k('no'));
  const period = (from: number | null, to: number | null) => {
    const time = surveillanceTime(from, to);
    if (!time) return none;
    return k(time.endsNextDay ? 'periodNextDay' : 'period', { from: time.from, to: time.to });
  };
  const objects = camera.motion_detect_objects;
  return [
    [k('cameraName'), camera.camera_name],
    [k('company'), camera.customer_name || none],
    [k('place'), camera.location_name || none],
    [k('address'), camera.location_address || none],
    [k('product'), camera.product_name || none],
    [k('resolution'), `${camera.image_rs_width} × ${camera.image_rs_height}`],
    [k('uploadMode'), k(`uploadModes.${camera.upload_mode}`)],
    [k('rate'), rateText],
    [
      k('ptz'),
      `${k('pan')}: ${yesNo(camera.can_pan)} / ${k('tilt')}: ${yesNo(camera.can_tilt)} / ${k('zoom')}: ${yesNo(camera.can_zoom)}`,
    ],
    [
      k('surveillance'),
      [
        `${k('weekday')}: ${period(camera.timeWeekFrom, camera.timeWeekTo)}`,
        `${k('saturday')}: ${period(camera.timeSatFrom, camera.timeSatTo)}`,
        `${k('holiday')}: ${period(camera.timeHoliFrom, camera.timeHoliTo)}`,
      ],
    ],
    [k('storageDays'), k('days', { count: camera.archive_storing_days })],
    [
      k('objectDetection'),
      objects.length === 0
        ? none
        : objects
            .map((o) => k('threshold', { name: k(`objectClasses.${o.class}`), threshold: o.threshold }))
            .join(', '),
    ],
    [
      k('imageMask'),
      camera.image_mask_objects.length === 0
        ? none
        : k('maskCount', { count: camera.image_mask_objects.length }),
    ],
    [k('remarks'), camera.note.trim() || none],
  ];
}
