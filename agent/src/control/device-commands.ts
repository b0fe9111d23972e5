// Runs a command from the control channel on the camera and words the `result` message: ok with the new
// PTZ state or light, `not_supported` for what the camera cannot do, `failed` for anything else.
import type { DeviceCommand, DeviceToServerMessage } from '@camwatch/contract/device';
import { NotSupportedError, type CameraControls } from './camera-controls.ts';

type ResultMessage = Extract<DeviceToServerMessage, { type: 'result' }>;

export function runCommand(controls: CameraControls, id: string, command: DeviceCommand): ResultMessage {
  try {
    if (command.kind === 'lighting') {
      if (!controls.hasLighting) throw new NotSupportedError('this camera has no light');
      return { type: 'result', id, ok: true, lighting: controls.setLighting(command.on) };
    }
    if (command.kind === 'ptz_home') {
      if (!hasAnyAxis(controls)) throw new NotSupportedError('this camera has no PTZ head');
      return { type: 'result', id, ok: true, ptz: controls.homePtz() };
    }
    const axes = controls.ptzAxes;
    const missing = (['pan', 'tilt', 'zoom'] as const).filter((axis) => command[axis] !== 0 && !axes[axis]);
    if (missing.length > 0) throw new NotSupportedError(`this camera cannot ${missing.join(', ')}`);
    return { type: 'result', id, ok: true, ptz: controls.movePtz(command) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      type: 'result',
      id,
      ok: false,
      error: { code: error instanceof NotSupportedError ? 'not_supported' : 'failed', message },
    };
  }
}

const hasAnyAxis = (controls: CameraControls) =>
  controls.ptzAxes.pan || controls.ptzAxes.tilt || controls.ptzAxes.zoom;
