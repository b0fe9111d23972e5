// A camera's video settings (issue 20 "camera settings from the server"): resolution, frame rate, bitrate
// cap and live interval. The admin flag is needed to read or change them; a camera that is unknown or
// another customer's answers 404 first, so nothing tells an outsider it exists. A change is sent at once to
// the camera's agent when it is connected, to this node or (REDIS_URL) to another one through the bus; it applies
// it without a restart. An agent offline gets it when it connects (or in its next heartbeat answer).
import type {
  CameraVideoSettings,
  CameraVideoSettingsAnswer,
} from '@camwatch/contract/camera-video-settings';
import type { DeviceConfig } from '@camwatch/contract/device';
import type { AuthContext } from '../../http/auth-context.ts';
import { deviceConfigOf } from '../../ingest/device-config.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import type { CameraVideoSettingsRepository } from './camera-video-settings.repository.ts';

/** The agents' control channels, this node's and (REDIS_URL) the other nodes' (AgentHub). */
export interface AgentConfigSink {
  sendConfig(cameraId: number, config: DeviceConfig): Promise<boolean>;
  isConnectedAnywhere(cameraId: number): Promise<boolean>;
}

type Row = NonNullable<Awaited<ReturnType<CameraVideoSettingsRepository['find']>>>;

const answerOf = (row: Row, agentConnected: boolean): CameraVideoSettingsAnswer => ({
  resolution: `${row.image_rs_width}x${row.image_rs_height}`,
  fps: row.image_fps,
  max_bitrate_kbps: row.video_max_kbps,
  live_interval_sec: row.live_interval,
  agent_connected: agentConnected,
});

export class CameraVideoSettingsService {
  constructor(
    private readonly repo: CameraVideoSettingsRepository,
    private readonly agents: AgentConfigSink,
  ) {}

  private async camera(auth: AuthContext, code: string): Promise<Row> {
    const camera = await this.repo.find(auth.user.customerId, code);
    if (!camera) throw new NotFoundError('camera');
    if (!auth.user.permissions.admin) throw new ForbiddenError();
    return camera;
  }

  async get(auth: AuthContext, code: string): Promise<CameraVideoSettingsAnswer> {
    const camera = await this.camera(auth, code);
    return answerOf(camera, await this.agents.isConnectedAnywhere(camera.id));
  }

  async save(
    auth: AuthContext,
    code: string,
    settings: CameraVideoSettings,
  ): Promise<CameraVideoSettingsAnswer> {
    const camera = await this.camera(auth, code);
    const [width, height] = settings.resolution.split('x').map(Number) as [number, number];
    const saved = await this.repo.update(auth.user.customerId, camera.id, {
      image_rs_width: width,
      image_rs_height: height,
      image_fps: settings.fps,
      video_max_kbps: settings.max_bitrate_kbps,
      live_interval: settings.live_interval_sec,
    });
    if (!saved) throw new NotFoundError('camera');
    const sent = await this.agents.sendConfig(saved.id, deviceConfigOf(saved));
    return answerOf(saved, sent);
  }
}
