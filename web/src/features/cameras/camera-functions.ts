// Which function icons a camera's row shows (core.md §2, §3, §9). Pure.
import { CAMERA_FUNCTIONS, TLT_CAMERA_FUNCTIONS } from '@camwatch/contract/constants';
import { cameraHasLive } from '@camwatch/contract/permissions';

/** In display order: the common functions, then the TLT ones. */
export const listFunctions = [...CAMERA_FUNCTIONS, ...TLT_CAMERA_FUNCTIONS] as const;
export type ListFunction = (typeof listFunctions)[number];

const tltFunctions: readonly ListFunction[] = TLT_CAMERA_FUNCTIONS;

export interface FunctionCamera {
  model_code: string;
  use_motion: boolean;
  use_camera_motion: boolean;
  use_heatmap: boolean;
  use_nolive: boolean;
  use_audio: boolean;
  use_people_counter: boolean;
  use_ptz: boolean;
  use_time_lapse: boolean;
  use_enter_alert: boolean;
  use_person_tracking: boolean;
  use_dewarp: boolean;
  use_operation_analysis: boolean;
}

/** The camera's functions in display order; the TLT ones only in TLT environment modes. */
export function cameraFunctionsOf(camera: FunctionCamera, tltMode: boolean): ListFunction[] {
  const has: Record<ListFunction, boolean> = {
    motion: camera.use_motion || camera.use_camera_motion,
    heatmap: camera.use_heatmap,
    live: cameraHasLive(camera),
    audio: camera.use_audio && cameraHasLive(camera),
    people_counter: camera.use_people_counter,
    ptz: camera.use_ptz && cameraHasLive(camera),
    time_lapse: camera.use_time_lapse,
    enter_alert: camera.use_enter_alert,
    person_tracking: camera.use_person_tracking,
    dewarp: camera.use_dewarp,
    operation_analysis: camera.use_operation_analysis,
  };
  return listFunctions.filter((f) => has[f] && (tltMode || !tltFunctions.includes(f)));
}
