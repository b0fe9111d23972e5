// startAgent: one camera agent, for the CLI and for embedding (the server runs its demo cameras in-process).
// Learns its camera from the server, then runs the recording pipeline (one ffmpeg), the store-and-forward
// uploader, live stills, the live HLS stream, minute thumbnails, the control channel and the heartbeat, and
// wires them together.
import path from 'node:path';
import type { DeviceConfig, DeviceToServerMessage, ServerToDeviceMessage } from '@camwatch/contract/device';
import { FIXED_CAMERA, type CameraControls } from './control/camera-controls.ts';
import { OnvifCamera } from './control/onvif-camera.ts';
import { ControlChannel, controlChannelUrl } from './control/control-channel.ts';
import { fetchDeviceState } from './control/device-self.ts';
import { runCommand } from './control/device-commands.ts';
import { Heartbeat, type DeviceState } from './control/heartbeat.ts';
import type { FrameFormat } from './ffmpeg/ffmpeg-args.ts';
import { LiveStills } from './live/live-stills.ts';
import { LiveFragments } from './live/live-fragments.ts';
import { LiveStream } from './live/live-stream.ts';
import { MinuteThumbnails } from './live/minute-thumbnails.ts';
import { silentLogger, withFields, type Logger } from './logger.ts';
import { RecordingPipeline } from './recorder/pipeline.ts';
import { SimCamera } from './sim/sim-camera.ts';
import { parseSource, type SourceKind } from './source/source-spec.ts';
import { Spool } from './spool/spool.ts';
import type { BackoffPolicy } from './upload/backoff.ts';
import { ClipUploader } from './upload/clip-uploader.ts';
import { DeviceClient } from './upload/device-client.ts';
import { AGENT_VERSION } from './version.ts';

export interface AgentOptions {
  /** The CamWatch server, e.g. `http://127.0.0.1:3000`, or a comma list of a cluster's nodes (tried in turn). */
  server: string;
  /** The camera's device token (`cwd_…`). */
  token: string;
  /** `sim:street`, `rtsp://…`, `onvif://…`, `http://…` (MJPEG), a file path, `/dev/video0`. */
  source: string;
  /** Spool folder; default `./data/agent-spool/<camera_code>`. */
  spoolDir?: string;
  /** Spool bound in MiB; default 2048. */
  spoolMaxMb?: number;
  /** Where a simulated camera writes ground truth; none without it. */
  truthDir?: string;
  /** Seed of a simulated camera (a `?seed=` in the source wins); default 1. */
  seed?: number;
  logger?: Logger;
  // ---- for tests ----
  /** Segment length in seconds; the product uses 60 (one clip per wall-clock minute). */
  segmentSeconds?: number;
  heartbeatIntervalMs?: number;
  /** Retry delays of uploads, reconnects and ffmpeg restarts; default 1 s doubling to 30 s. */
  backoff?: BackoffPolicy;
  ffmpegPath?: string;
  ffprobePath?: string;
  /** Thumbnail width in pixels; default 320. */
  thumbnailWidth?: number;
  /**
   * Caps on what is recorded whatever the server's configuration says (the embedded demo runs 14 simulated
   * cameras on 2 cores). The picture is scaled down keeping its aspect ratio.
   */
  limits?: RecordingLimits;
}

export interface RecordingLimits {
  maxWidth?: number;
  maxHeight?: number;
  maxFps?: number;
}

export interface AgentHandle {
  readonly cameraCode: string;
  readonly sourceKind: SourceKind;
  readonly spoolDir: string;
  /** The configuration the agent records with now. */
  config(): DeviceConfig;
  isLive(): boolean;
  /** Whether live HLS segments are being uploaded (a stream is wanted and the server took the last one). */
  isStreaming(): boolean;
  /** Live segments taken in (uploaded or deleted) and live uploads started since the agent started. */
  liveSegmentCounts(): { segmentsTaken: number; uploadsStarted: number };
  /** The simulated camera (PTZ, light, frames), when the source is `sim:`. */
  readonly sim: SimCamera | null;
  /** Stops ffmpeg (the last clip is closed into the spool, never half-written), the uploads and the channel. */
  stop(): Promise<void>;
}

export const DEFAULT_SPOOL_MAX_MB = 2048;

export async function startAgent(options: AgentOptions): Promise<AgentHandle> {
  const source = parseSource(options.source, options.seed ?? 1);
  const baseLogger = options.logger ?? silentLogger;
  const client = new DeviceClient(options.server, options.token);
  const initial = await fetchDeviceState(client, baseLogger, options.backoff).catch((error: unknown) => {
    client.close();
    throw error;
  });
  let config = initial.config;
  const cameraCode = () => config.camera_code;
  const logger = withFields(baseLogger, { camera: config.camera_code });
  const spoolDir = path.resolve(options.spoolDir ?? path.join('data', 'agent-spool', config.camera_code));
  const spool = new Spool({
    dir: spoolDir,
    maxBytes: (options.spoolMaxMb ?? DEFAULT_SPOOL_MAX_MB) * 1024 * 1024,
    logger,
    ffprobePath: options.ffprobePath,
  });
  await spool.open();

  const sim = source.kind === 'sim' ? new SimCamera(source, { truthDir: options.truthDir }) : null;
  // An ONVIF camera tells its abilities once it answers: the server hears them again then.
  let sayHello = () => {};
  const onvifCamera = source.kind === 'onvif' ? new OnvifCamera(source, logger, () => sayHello()) : null;
  const controls: CameraControls = sim ?? onvifCamera ?? FIXED_CAMERA;
  const uploader = new ClipUploader({ spool, client, cameraCode, logger, backoff: options.backoff });
  const stills = new LiveStills({ client, cameraCode, logger });
  const stream = new LiveStream({ client, cameraCode, logger });
  const thumbnails = new MinuteThumbnails({ client, cameraCode, logger });
  const pipeline = new RecordingPipeline({
    source,
    spool,
    logger,
    ffmpegPath: options.ffmpegPath ?? 'ffmpeg',
    ffprobePath: options.ffprobePath ?? 'ffprobe',
    segmentSeconds: options.segmentSeconds ?? 60,
    thumbnailWidth: options.thumbnailWidth ?? 320,
    feeder: sim ?? undefined,
    resolveSource: onvifCamera ? () => onvifCamera.streamSource() : undefined,
    backoff: options.backoff,
    onStill: (jpeg, capturedAt) => stills.offer(jpeg, capturedAt),
    onThumbnail: (jpeg, capturedAt) => thumbnails.offer(jpeg, capturedAt),
    onLiveSegment: (segment) => stream.offer(segment),
    onLiveFragment: (piece, run) => fragments.offer(piece, run),
  });

  // Configuration changes are applied one after another.
  let applying: Promise<void> = Promise.resolve();
  const applyConfig = (next: DeviceConfig) => {
    if (next.camera_code !== config.camera_code)
      logger.warn('the server sent another camera code; keeping ours', { received: next.camera_code });
    config = { ...next, camera_code: config.camera_code };
    stills.setTiming(config.live_interval_sec, config.fps);
    applying = applying.then(() => pipeline.apply(formatOf(config, options.limits)));
    return applying;
  };
  const applyState = (state: DeviceState) => {
    void applyConfig(state.config);
    stills.setLive(state.live);
    if (state.stream !== undefined) {
      stream.setStreaming(state.stream);
      // The fMP4 stream follows the control channel's messages only (it travels on that channel).
      if (!state.stream) fragments.setStreaming(false);
    }
  };

  const hello = (): DeviceToServerMessage => ({
    type: 'hello',
    agent_version: AGENT_VERSION,
    source_kind: source.kind,
    ptz: controls.ptzAxes,
    lighting: controls.hasLighting,
  });
  const channel = new ControlChannel({
    // The agent's current server, the next one after a failure (--server a,b: upload/server-list.ts).
    url: () => controlChannelUrl(client.server, config.camera_code),
    onDown: (url) => client.serverFailed(url),
    token: options.token,
    logger,
    hello,
    backoff: options.backoff,
    onMessage: (message: ServerToDeviceMessage) => {
      if (message.type === 'config') void applyConfig(message.config);
      else if (message.type === 'live') stills.setLive(message.on);
      else if (message.type === 'stream') {
        stream.setStreaming(message.on);
        fragments.setStreaming(message.on);
      } else if (message.type === 'command') {
        const { id, command } = message;
        void runCommand(controls, id, command).then((result) => {
          if (result.ok) logger.info('command', { kind: command.kind, ok: true });
          else logger.warn('command failed', { kind: command.kind, ...result.error });
          channel.send(result);
        });
      }
    },
  });
  sayHello = () => void channel.send(hello());
  const fragments = new LiveFragments({ sink: channel, logger });
  const heartbeat = new Heartbeat({
    intervalMs: options.heartbeatIntervalMs,
    channel,
    client,
    cameraCode,
    spoolStats: () => spool.stats(),
    identity: { agent_version: AGENT_VERSION, source_kind: source.kind },
    startedAt: Date.now(),
    logger,
    onDeviceState: applyState,
  });

  uploader.start();
  applyState(initial);
  await applying;
  channel.start();
  heartbeat.start();
  logger.info('agent started', { source_kind: source.kind, spool: spoolDir, version: AGENT_VERSION });

  let stopping: Promise<void> | null = null;
  return {
    cameraCode: config.camera_code,
    sourceKind: source.kind,
    spoolDir,
    sim,
    config: () => config,
    isLive: () => stills.isLive,
    isStreaming: () => stream.isStreaming,
    liveSegmentCounts: () => stream.counts,
    stop: () =>
      (stopping ??= (async () => {
        await heartbeat.stop();
        await channel.stop();
        await applying;
        await pipeline.stop();
        await stream.stop();
        await thumbnails.stop();
        await uploader.stop();
        await sim?.close();
        client.close();
        logger.info('agent stopped');
      })()),
  };
}

/**
 * What to record: the configuration within the limits, at least 1 fps (a keyframe every second), even
 * sizes, and the bitrate cap. A change reaches the recorder at the next minute (RecordingPipeline.apply);
 * the live interval (LiveStills.setTiming) at once.
 */
export function formatOf(config: DeviceConfig, limits: RecordingLimits = {}): FrameFormat {
  const scale = Math.min(
    1,
    (limits.maxWidth ?? Infinity) / config.width,
    (limits.maxHeight ?? Infinity) / config.height,
  );
  const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);
  return {
    width: even(config.width * scale),
    height: even(config.height * scale),
    fps: Math.max(1, Math.min(config.fps, limits.maxFps ?? Infinity)),
    maxBitrateKbps: config.max_bitrate_kbps ?? null,
  };
}
