// What a camera can be told to do besides recording: move its PTZ head, recall and save presets, switch
// its light. The simulator can move and light; an ONVIF camera moves and keeps presets (onvif-camera.ts);
// a camera ffmpeg reads by itself can do none of it. Real cameras answer over the network, so each call
// may be asynchronous.
import type { PtzPreset, PtzState } from '@camwatch/contract/device';

export interface PtzStep {
  pan: number;
  tilt: number;
  zoom: number;
}

export interface CameraControls {
  readonly ptzAxes: { pan: boolean; tilt: boolean; zoom: boolean };
  readonly hasLighting: boolean;
  /** Whether the camera keeps PTZ presets. */
  readonly hasPresets?: boolean;
  /** Reaches the camera when its abilities are learnt from it (ONVIF); before every command. */
  ready?(): Promise<void>;
  movePtz(step: PtzStep): PtzState | Promise<PtzState>;
  homePtz(): PtzState | Promise<PtzState>;
  setLighting(isOn: boolean): boolean | Promise<boolean>;
  listPresets?(): Promise<PtzPreset[]>;
  /** Moves to a preset; where the camera looks afterwards. */
  gotoPreset?(token: string): Promise<PtzState>;
  /** Saves the current position as a preset (over `token` when given); the preset's token. */
  savePreset?(name: string, token?: string): Promise<string>;
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
