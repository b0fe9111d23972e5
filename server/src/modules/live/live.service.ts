// Live images, PTZ and lighting (core.md §4, §7, §9; advanced.md §6): rights and camera abilities are
// checked here; the agent hub carries the requests to the camera's agent and its stills back.
import { cameraHasLive } from '@camwatch/contract/permissions';
import type { LiveStart } from '@camwatch/contract/live';
import type { PtzBody } from '@camwatch/contract/camera-control';
import type { ExperimentalFeature } from '@camwatch/contract/environment';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { AgentHub, CommandOutcome, Still } from '../../realtime/agent-hub.ts';
import type { LiveCameraRow, LiveRepository } from './live.repository.ts';

/** How long a live image request may wait for a newer frame: under the client's 3 s image timeout. */
export const LIVE_IMAGE_WAIT_MS = 2_500;

const NO_PTZ: CommandOutcome = { ok: false, code: 'not_supported', message: 'This camera has no PTZ.' };

export class LiveService {
  constructor(
    private readonly cameras: LiveRepository,
    private readonly hub: AgentHub,
    private readonly experimentalFeatures: readonly ExperimentalFeature[],
  ) {}

  private async liveCamera(auth: AuthContext, cameraCode: string): Promise<LiveCameraRow> {
    const camera = await this.cameras.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    if (!auth.user.permissions.live) throw new ForbiddenError('You do not have the live right.');
    if (!cameraHasLive(camera)) throw new ForbiddenError('This camera does not support live video.');
    return camera;
  }

  /** Starts (or keeps) live images; the answer's url is the live image address. */
  async start(auth: AuthContext, cameraCode: string): Promise<LiveStart> {
    const camera = await this.liveCamera(auth, cameraCode);
    if (camera.watch_status === 'down')
      throw new DomainError(
        409,
        'conflict',
        'The camera is offline; live video cannot start.',
        'camera_offline',
      );
    this.hub.wantLive(camera.id);
    return { url: `/api/cameras/${encodeURIComponent(camera.code)}/live/image`, isApi: true };
  }

  /** The newest still after `after` (waiting briefly for one), or null when none came. */
  async image(auth: AuthContext, cameraCode: string, after: number | undefined): Promise<Still | null> {
    const camera = await this.liveCamera(auth, cameraCode);
    return this.hub.nextStill(camera.id, after ?? 0, LIVE_IMAGE_WAIT_MS);
  }

  async ptz(auth: AuthContext, cameraCode: string, body: PtzBody): Promise<CommandOutcome> {
    const camera = await this.liveCamera(auth, cameraCode);
    if (!auth.user.permissions.ptz) throw new ForbiddenError('You do not have the PTZ right.');
    if (!camera.use_ptz) return { ok: false, code: 'not_supported', message: 'This camera has no PTZ.' };
    if ('home' in body) return this.hub.command(camera.id, { kind: 'ptz_home' });
    const move = { pan: body.pan ?? 0, tilt: body.tilt ?? 0, zoom: body.zoom ?? 0 };
    const refused = (['pan', 'tilt', 'zoom'] as const).find(
      (axis) => move[axis] !== 0 && !camera[`can_${axis}`],
    );
    if (refused) return { ok: false, code: 'not_supported', message: `This camera cannot ${refused}.` };
    return this.hub.command(camera.id, { kind: 'ptz', ...move });
  }

  /** A camera the caller may steer: live right, live camera, ptz right; null when the camera has no PTZ. */
  private async ptzCamera(auth: AuthContext, cameraCode: string): Promise<LiveCameraRow | null> {
    const camera = await this.liveCamera(auth, cameraCode);
    if (!auth.user.permissions.ptz) throw new ForbiddenError('You do not have the PTZ right.');
    return camera.use_ptz ? camera : null;
  }

  /** The camera's presets, asked of its agent (issue 20). */
  async presets(auth: AuthContext, cameraCode: string): Promise<CommandOutcome> {
    const camera = await this.ptzCamera(auth, cameraCode);
    if (!camera) return NO_PTZ;
    return this.hub.command(camera.id, { kind: 'ptz_presets' });
  }

  async savePreset(
    auth: AuthContext,
    cameraCode: string,
    body: { name: string; token?: string },
  ): Promise<CommandOutcome> {
    const camera = await this.ptzCamera(auth, cameraCode);
    if (!camera) return NO_PTZ;
    return this.hub.command(camera.id, {
      kind: 'ptz_save_preset',
      name: body.name,
      ...(body.token !== undefined ? { token: body.token } : {}),
    });
  }

  async gotoPreset(auth: AuthContext, cameraCode: string, token: string): Promise<CommandOutcome> {
    const camera = await this.ptzCamera(auth, cameraCode);
    if (!camera) return NO_PTZ;
    return this.hub.command(camera.id, { kind: 'ptz_goto_preset', token });
  }

  async lighting(auth: AuthContext, cameraCode: string, on: boolean): Promise<CommandOutcome> {
    const camera = await this.liveCamera(auth, cameraCode);
    if (!auth.user.permissions.lighting || !this.experimentalFeatures.includes('lighting'))
      throw new ForbiddenError('You do not have the lighting right.');
    return this.hub.command(camera.id, { kind: 'lighting', on });
  }

  /** A still from the camera's agent; answers whether anyone still wants live images. */
  putStill(cameraId: number, data: Buffer, capturedAt: number): boolean {
    this.hub.putStill(cameraId, data, capturedAt);
    return this.hub.answersWanted('live', cameraId);
  }
}
