// Runs a command from the control channel on the camera and words the `result` message: ok with the new
// PTZ state, light, presets or saved preset token; `not_supported` for what the camera cannot do, `failed`
// for anything else (the camera's answer, credentials hidden).
import type { DeviceCommand, DeviceToServerMessage } from '@camwatch/contract/device';
import { redactCredentials } from '../source/source-spec.ts';
import { NotSupportedError, type CameraControls } from './camera-controls.ts';

type ResultMessage = Extract<DeviceToServerMessage, { type: 'result' }>;

export async function runCommand(
  controls: CameraControls,
  id: string,
  command: DeviceCommand,
): Promise<ResultMessage> {
  try {
    await controls.ready?.();
    switch (command.kind) {
      case 'lighting':
        if (!controls.hasLighting) throw new NotSupportedError('this camera has no light');
        return { type: 'result', id, ok: true, lighting: await controls.setLighting(command.on) };
      case 'ptz_home':
        if (!hasAnyAxis(controls)) throw new NotSupportedError('this camera has no PTZ head');
        return { type: 'result', id, ok: true, ptz: await controls.homePtz() };
      case 'ptz_presets':
        return { type: 'result', id, ok: true, presets: await presetsOf(controls).listPresets!() };
      case 'ptz_goto_preset':
        return { type: 'result', id, ok: true, ptz: await presetsOf(controls).gotoPreset!(command.token) };
      case 'ptz_save_preset': {
        const token = await presetsOf(controls).savePreset!(command.name, command.token);
        return { type: 'result', id, ok: true, preset_token: token };
      }
      case 'ptz': {
        const axes = controls.ptzAxes;
        const missing = (['pan', 'tilt', 'zoom'] as const).filter(
          (axis) => command[axis] !== 0 && !axes[axis],
        );
        if (missing.length > 0) throw new NotSupportedError(`this camera cannot ${missing.join(', ')}`);
        return { type: 'result', id, ok: true, ptz: await controls.movePtz(command) };
      }
    }
  } catch (error) {
    const message = redactCredentials(error instanceof Error ? error.message : String(error));
    return {
      type: 'result',
      id,
      ok: false,
      error: { code: error instanceof NotSupportedError ? 'not_supported' : 'failed', message },
    };
  }
}

function presetsOf(controls: CameraControls): CameraControls {
  if (!controls.hasPresets || !controls.listPresets || !controls.gotoPreset || !controls.savePreset)
    throw new NotSupportedError(
      hasAnyAxis(controls) ? 'this camera keeps no PTZ presets' : 'this camera has no PTZ head',
    );
  return controls;
}

const hasAnyAxis = (controls: CameraControls) =>
  controls.ptzAxes.pan || controls.ptzAxes.tilt || controls.ptzAxes.zoom;
