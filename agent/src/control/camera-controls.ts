// What a camera can be told to do besides recording: move its PTZ head, switch its light. The simulator
// can do both; a real camera behind ffmpeg can do neither (the agent does not speak ONVIF).
import type { PtzState } from '@camwatch/contract/device';

export interface PtzStep {
  pan: number;
  tilt: number;
  zoom: number;
}

export interface CameraControls {
  readonly ptzAxes: { pan: boolean; tilt: boolean; zoom: boolean };
  readonly hasLighting: boolean;
  movePtz(step: PtzStep): PtzState;
  homePtz(): PtzState;
  setLighting(isOn: boolean): boolean;
}

export class NotSupportedError extends Error {}

/** A camera without PTZ or light. */
export const FIXED_CAMERA: CameraControls = {
  ptzAxes: { pan: false, tilt: false, zoom: false },
  hasLighting: false,
  movePtz: () => {
    throw new NotSupportedError('this camera has no PTZ head');
  },
  homePtz: () => {
    throw new NotSupportedError('this camera has no PTZ head');
  },
  setLighting: () => {
    throw new NotSupportedError('this camera has no light');
  },
};
