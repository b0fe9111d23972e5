// The simulated camera: renders frames on the wall-clock frame grid (frame n at n × 1000/fps ms since
// the epoch) and hands them to the recorder like a real camera's sensor would, keeps its PTZ head and
// light and its PTZ presets (in memory, as long as the agent runs), and writes the ground truth of every
// frame it delivers.
import type { PtzPreset, PtzState } from '@camwatch/contract/device';
import { NotSupportedError, type CameraControls, type PtzStep } from '../control/camera-controls.ts';
import type { FrameFormat } from '../ffmpeg/ffmpeg-args.ts';
import type { FrameFeeder, FrameSink } from '../recorder/frame-feeder.ts';
import type { SimSourceSpec } from '../source/source-spec.ts';
import { SimRenderer, type RenderedFrame } from './renderer.ts';
import { TruthWriter } from './truth-writer.ts';
import { HOME_PTZ, movePtz } from './viewport.ts';

/** As many presets as a small PTZ camera keeps. */
export const MAX_SIM_PRESETS = 32;

export interface SimCameraOptions {
  /** Where ground truth goes; none written without it. */
  truthDir?: string;
}

export class SimCamera implements FrameFeeder, CameraControls {
  readonly ptzAxes = { pan: true, tilt: true, zoom: true };
  readonly hasLighting = true;
  readonly hasPresets = true;
  private ptz: PtzState = HOME_PTZ;
  private readonly presets = new Map<string, { name: string; ptz: PtzState }>();
  private nextPresetNumber = 1;
  private isLightOn = false;
  private renderer: SimRenderer | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly truth: TruthWriter | null;

  constructor(
    private readonly spec: SimSourceSpec,
    options: SimCameraOptions = {},
  ) {
    this.truth = options.truthDir ? new TruthWriter(options.truthDir) : null;
  }

  /** The frame at a moment with the camera's current PTZ and light (deterministic). */
  frameAt(timeMs: number, format: Pick<FrameFormat, 'width' | 'height'>): RenderedFrame {
    return this.rendererFor(format).render(timeMs, { ptz: this.ptz, isLightOn: this.isLightOn });
  }

  start(format: FrameFormat, sink: FrameSink): void {
    this.stop();
    const period = 1000 / format.fps;
    let next = Math.ceil(Date.now() / period) * period;
    const tick = () => {
      const capturedAt = Math.round(next);
      const frame = this.frameAt(capturedAt, format);
      if (sink(frame.data, capturedAt))
        this.truth?.write(capturedAt, frame.persons, frame.cars, frame.working);
      // Frames missed while busy are skipped, as a real sensor would: the grid stays on the wall clock.
      next = Math.max(next + period, Math.ceil(Date.now() / period) * period);
      this.timer = setTimeout(tick, Math.max(0, next - Date.now()));
    };
    this.timer = setTimeout(tick, Math.max(0, next - Date.now()));
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stops and closes the ground-truth file. */
  async close(): Promise<void> {
    this.stop();
    await this.truth?.close();
  }

  get ptzState(): PtzState {
    return this.ptz;
  }

  get lighting(): boolean {
    return this.isLightOn;
  }

  movePtz(step: PtzStep): PtzState {
    this.ptz = movePtz(this.ptz, step);
    return this.ptz;
  }

  homePtz(): PtzState {
    this.ptz = HOME_PTZ;
    return this.ptz;
  }

  listPresets(): Promise<PtzPreset[]> {
    return Promise.resolve([...this.presets].map(([token, preset]) => ({ token, name: preset.name })));
  }

  gotoPreset(token: string): Promise<PtzState> {
    const preset = this.presets.get(token);
    if (!preset) return Promise.reject(new Error('the camera has no such preset'));
    this.ptz = preset.ptz;
    return Promise.resolve(this.ptz);
  }

  savePreset(name: string, token?: string): Promise<string> {
    if (token !== undefined && !this.presets.has(token))
      return Promise.reject(new Error('the camera has no such preset'));
    if (token === undefined && this.presets.size >= MAX_SIM_PRESETS)
      return Promise.reject(new NotSupportedError(`the camera keeps at most ${MAX_SIM_PRESETS} presets`));
    const saved = token ?? String(this.nextPresetNumber++);
    this.presets.set(saved, { name, ptz: this.ptz });
    return Promise.resolve(saved);
  }

  setLighting(isOn: boolean): boolean {
    this.isLightOn = isOn;
    return this.isLightOn;
  }

  private rendererFor({ width, height }: Pick<FrameFormat, 'width' | 'height'>): SimRenderer {
    if (this.renderer?.width !== width || this.renderer.height !== height)
      this.renderer = new SimRenderer(this.spec, width, height);
    return this.renderer;
  }
}
