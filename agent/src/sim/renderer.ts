// Renders one simulated frame: the empty world under the light of the hour (cached per brightness),
// seen through the PTZ viewport, the people and cars of that moment, and the clock overlay. A pure
// function of (scene, seed, time, PTZ, light): the same inputs always give the same bytes. It also
// answers the ground truth: where each visible person and car is in the frame.
import type { PtzState } from '@camwatch/contract/device';
import type { SimSourceSpec } from '../source/source-spec.ts';
import { actorsAt, type Actor } from './actors.ts';
import { drawPerson, wristsOf, type PersonPose } from './figure.ts';
import { drawText, GLYPH_HEIGHT, textWidth } from './font.ts';
import { sceneLevel } from './lighting.ts';
import { createRaster, fillEllipse, fillRect, shade, type Raster } from './raster.ts';
import { SCENES, type SceneLayout } from './scenes.ts';
import { viewportOf, WORLD_SCALE, type Viewport } from './viewport.ts';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface VisibleActor {
  id: string;
  box: Box;
  /** The wrists as drawn, frame pixels (the factory's people; the person's own left and right). */
  wrists?: { left: readonly [number, number]; right: readonly [number, number] };
}

export interface RenderView {
  ptz: PtzState;
  isLightOn: boolean;
}

export interface RenderOptions {
  /** Leave out people and cars (the empty scene, for tests and ground-truth checks). */
  withActors?: boolean;
}

export interface RenderedFrame {
  /** RGB24, width×height×3 bytes; a fresh buffer the caller may keep. */
  data: Buffer;
  persons: VisibleActor[];
  cars: VisibleActor[];
  /** Where the clock overlay is drawn. */
  overlay: Box;
  /** Scene brightness used (0..1). */
  level: number;
  /** Work areas with a hand in them (the factory's truth, factory.ts; areas at the home view). */
  working?: string[];
}

/** Brightness steps: the lit world is recomputed only when the level moves to another step. */
const LEVEL_STEPS = 64;

export class SimRenderer {
  private readonly layout: SceneLayout;
  private readonly base: Raster;
  private readonly glow: Raster;
  private readonly litCache = new Map<number, Buffer>();

  constructor(
    private readonly spec: Pick<SimSourceSpec, 'scene' | 'seed' | 'tzOffsetMinutes'>,
    readonly width: number,
    readonly height: number,
  ) {
    this.layout = SCENES[spec.scene];
    this.base = createRaster(width * WORLD_SCALE, height * WORLD_SCALE);
    this.glow = createRaster(width * WORLD_SCALE, height * WORLD_SCALE);
    this.layout.paint(this.base, this.glow, spec.seed);
  }

  render(timeMs: number, view: RenderView, options: RenderOptions = {}): RenderedFrame {
    const level =
      Math.round(sceneLevel(timeMs, this.spec.tzOffsetMinutes, view.isLightOn) * LEVEL_STEPS) / LEVEL_STEPS;
    const frame: Raster = {
      width: this.width,
      height: this.height,
      data: Buffer.allocUnsafe(this.width * this.height * 3),
    };
    const viewport = viewportOf(view.ptz, this.width, this.height);
    this.sampleWorld(this.litWorld(level), viewport, frame);
    const persons: VisibleActor[] = [];
    const cars: VisibleActor[] = [];
    if (options.withActors !== false) {
      const actors = this.layout.actors
        ? this.layout.actors(this.spec.seed, timeMs, this.base.width, this.base.height)
        : actorsAt(this.layout.lanes, this.spec.seed, timeMs, this.base.width, this.base.height);
      for (const actor of actors) {
        const visible = this.drawActor(frame, actor, viewport, level);
        if (visible) (actor.kind === 'person' ? persons : cars).push(visible);
      }
    }
    const overlay = drawClock(frame, timeMs, this.spec.tzOffsetMinutes);
    const working = this.layout.workingAt?.(this.spec.seed, timeMs, this.width, this.height);
    return { data: frame.data, persons, cars, overlay, level, ...(working ? { working } : {}) };
  }

  /** The world in the colours of a brightness level; glowing parts (windows, lamps) stay lit at night. */
  private litWorld(level: number): Buffer {
    const cached = this.litCache.get(level);
    if (cached) return cached;
    const base = this.base.data;
    const glow = this.glow.data;
    const lit = Buffer.allocUnsafe(base.length);
    const dark = 1 - level;
    for (let i = 0; i < base.length; i += 3) {
      const f = level + (glow[i]! / 255) * dark * 0.9;
      lit[i] = Math.min(255, base[i]! * f);
      lit[i + 1] = Math.min(255, base[i + 1]! * f);
      // Night looks a little blue.
      lit[i + 2] = Math.min(255, base[i + 2]! * (f + dark * 0.12));
    }
    if (this.litCache.size >= 4) this.litCache.delete(this.litCache.keys().next().value!);
    this.litCache.set(level, lit);
    return lit;
  }

  /** Copies the viewport's part of the world into the frame (nearest neighbour when zoomed). */
  private sampleWorld(world: Buffer, { x0, y0, scale }: Viewport, frame: Raster): void {
    const worldW = this.base.width;
    const worldH = this.base.height;
    const out = frame.data;
    const rowBytes = frame.width * 3;
    if (scale === 1) {
      for (let y = 0; y < frame.height; y++) {
        const src = ((y0 + y) * worldW + x0) * 3;
        world.copy(out, y * rowBytes, src, src + rowBytes);
      }
      return;
    }
    const columns = new Int32Array(frame.width);
    for (let x = 0; x < frame.width; x++) columns[x] = Math.min(worldW - 1, x0 + Math.floor(x / scale)) * 3;
    for (let y = 0; y < frame.height; y++) {
      const row = Math.min(worldH - 1, y0 + Math.floor(y / scale)) * worldW * 3;
      let o = y * rowBytes;
      for (let x = 0; x < frame.width; x++, o += 3) {
        const s = row + columns[x]!;
        out[o] = world[s]!;
        out[o + 1] = world[s + 1]!;
        out[o + 2] = world[s + 2]!;
      }
    }
  }

  /** Draws an actor through the viewport; answers its truth in the frame, or null when it is out of view. */
  private drawActor(
    frame: Raster,
    actor: Actor,
    { x0, y0, scale }: Viewport,
    level: number,
  ): VisibleActor | null {
    const x = (actor.x - x0) * scale;
    const y = (actor.y - y0) * scale;
    const w = actor.w * scale;
    const h = actor.h * scale;
    if (actor.kind === 'person' && actor.look) {
      // A stride or a swinging arm may reach past the actor's nominal box: the truth is what was drawn.
      if (x + w + h * 0.3 <= 0 || x - h * 0.3 >= frame.width || y >= frame.height || y + h <= 0) return null;
      const pose: PersonPose = {
        cx: x + w / 2,
        groundY: y + h,
        height: h,
        direction: actor.direction,
        walkSec: actor.tripSec,
        light: this.lightOn(actor, level),
        ...(actor.standing ? { standing: true } : {}),
        ...(actor.arms ? { arms: actor.arms } : {}),
      };
      const drawn = drawPerson(frame, pose, actor.look);
      if (drawn.x1 <= drawn.x0 || drawn.y1 <= drawn.y0) return null;
      const box = { x: drawn.x0, y: drawn.y0, w: drawn.x1 - drawn.x0, h: drawn.y1 - drawn.y0 };
      if (actor.standing === undefined) return { id: actor.id, box };
      // The near side faces the camera: a person facing right shows their right arm in front.
      const { near, far } = wristsOf(pose, actor.look);
      const wrists = actor.direction > 0 ? { right: near, left: far } : { left: near, right: far };
      return { id: actor.id, box, wrists };
    }
    const left = Math.max(0, Math.round(x));
    const top = Math.max(0, Math.round(y));
    const right = Math.min(frame.width, Math.round(x + w));
    const bottom = Math.min(frame.height, Math.round(y + h));
    if (right <= left || bottom <= top) return null;
    const [main, second] = actor.colors;
    fillRect(frame, x, y + h * 0.4, w, h * 0.45, shade(main, level));
    fillRect(frame, x + w * 0.2, y, w * 0.55, h * 0.42, shade(main, level));
    fillRect(frame, x + w * 0.25, y + h * 0.07, w * 0.45, h * 0.3, shade(second, level));
    fillEllipse(frame, x + w * 0.1, y + h * 0.7, w * 0.18, h * 0.3, [15, 15, 15]);
    fillEllipse(frame, x + w * 0.72, y + h * 0.7, w * 0.18, h * 0.3, [15, 15, 15]);
    return { id: actor.id, box: { x: left, y: top, w: right - left, h: bottom - top } };
  }

  /** The light on a person: the scene's, raised at night by what glows where they stand (a street lamp's pool). */
  private lightOn(actor: Actor, level: number): number {
    if (level >= 1) return level;
    const gx = Math.min(this.glow.width - 1, Math.max(0, Math.round(actor.x + actor.w / 2)));
    const gy = Math.min(this.glow.height - 1, Math.max(0, Math.round(actor.y + actor.h * 0.6)));
    const glow = this.glow.data[(gy * this.glow.width + gx) * 3]! / 255;
    return Math.min(1, level + glow * (1 - level) * 0.9);
  }
}

/** `YYYY/MM/DD HH:mm:ss` of a time in a zone given as an offset from UTC in minutes. */
export function formatClock(timeMs: number, tzOffsetMinutes: number): string {
  const iso = new Date(timeMs + tzOffsetMinutes * 60_000).toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '/')} ${iso.slice(11, 19)}`;
}

/** Draws the clock in the top-right corner on a dark plate (the player's own date and time overlay is at the
 * top left); answers the plate's box. */
function drawClock(frame: Raster, timeMs: number, tzOffsetMinutes: number): Box {
  const text = formatClock(timeMs, tzOffsetMinutes);
  const scale = Math.max(1, Math.floor(frame.height / 240));
  const pad = scale * 2;
  const w = Math.min(frame.width - pad, textWidth(text, scale) + pad * 2);
  const box = {
    x: Math.max(0, frame.width - pad - w),
    y: pad,
    w,
    h: GLYPH_HEIGHT * scale + pad * 2,
  };
  fillRect(frame, box.x, box.y, box.w, box.h, [0, 0, 0]);
  drawText(frame, text, box.x + pad, box.y + pad, scale, [255, 255, 255]);
  return box;
}
