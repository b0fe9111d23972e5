// The shape of the camera's picture until the picture itself has loaded (16:9 when the camera does not say).
import type { CameraDetail } from '@camwatch/contract/cameras';

export const pictureAspectRatio = (
  camera: Pick<CameraDetail, 'image_rs_width' | 'image_rs_height'>,
): number =>
  camera.image_rs_width > 0 && camera.image_rs_height > 0
    ? camera.image_rs_width / camera.image_rs_height
    : 16 / 9;
