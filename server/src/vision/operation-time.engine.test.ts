// The vision engine on the simulator's factory line (issue 15): the real MoveNet detector finds the workers and
// their wrists where the simulator drew them, and the engine's analysed pictures, measured by the operation
// analysis rules with the demo's areas and the default setting, give the true work sessions of a recorded clip.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_OPERATION_DETECTION_SETTING } from '@camwatch/contract/operation-analysis-rules';
import { factoryWorkAreas, factoryWorkIntervals } from '../../../agent/src/sim/factory.ts';
import { SimRenderer, type RenderView } from '../../../agent/src/sim/renderer.ts';
import { DEMO_FACTORY_LINE, demoOperationAreas } from '../db/seed/demo-analytics.ts';
import { DEMO_LIMITS, demoSceneOf } from '../sim/embedded-agents.ts';
import { analyzeVideo } from './analyze.ts';
import {
  handInArea,
  LEFT_WRIST,
  measureOperationTime,
  RIGHT_WRIST,
  type AnalysedPicture,
} from './operation-time.ts';
import { PersonDetector } from './person-detector.ts';

const W = DEMO_LIMITS.maxWidth;
const H = DEMO_LIMITS.maxHeight;
const FPS = DEMO_LIMITS.maxFps;
const SEED = 7;
const home: RenderView = { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false };
/** 12:00 in Tokyo (the simulator's default zone). */
const NOON = Date.UTC(2026, 10, 21, 3, 0, 0);
const areas = demoOperationAreas[DEMO_FACTORY_LINE]!;
const setting = DEFAULT_OPERATION_DETECTION_SETTING;

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-operation-engine-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const iou = (a: { x: number; y: number; w: number; h: number }, b: typeof a) => {
  const ix = Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x));
  const iy = Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  return (ix * iy) / (a.w * a.h + b.w * b.h - ix * iy);
};

/** Encodes frames as an agent records them (H.264, a keyframe a second). */
async function encode(frames: Buffer[], file: string): Promise<void> {
  const ffmpeg = spawn(
    'ffmpeg',
    [
      ...['-v', 'error', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24', '-s', `${W}x${H}`, '-r', String(FPS)],
      ...['-i', 'pipe:0', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-g', String(FPS)],
      file,
    ],
    { stdio: ['pipe', 'ignore', 'inherit'] },
  );
  const done = new Promise<void>((resolve, reject) =>
    ffmpeg.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ffmpeg ${code}`)))),
  );
  ffmpeg.stdin.end(Buffer.concat(frames));
  await done;
}

describe('the vision engine on the factory line', () => {
  it('is what the demo line camera records, with the scene’s work areas as its operation areas', () => {
    expect(demoSceneOf(DEMO_FACTORY_LINE, 3)).toBe('factory');
    expect(['street', 'shop']).toContain(demoSceneOf('渋谷店 入口', 3));
    expect(areas.map((a) => a.points)).toEqual(factoryWorkAreas(W, H).map((a) => a.points));
  });

  it('finds both workers and the wrists of the hands in the trays where they were drawn', async () => {
    const detector = await PersonDetector.load({ precision: 'float' }); // as the operation analysis asks
    const renderer = new SimRenderer({ scene: 'factory', seed: SEED, tzOffsetMinutes: 540 }, W, H);
    // Moments with nobody, one and both workers reaching into their trays (seed 7: see the intervals).
    const moments = [0, 6, 12, 15];
    let handsChecked = 0;
    for (const s of moments) {
      const frame = renderer.render(NOON + s * 1000, home);
      const found = await detector.detect({ width: W, height: H, data: frame.data });
      for (const person of frame.persons) {
        const truth = { x: person.box.x / W, y: person.box.y / H, w: person.box.w / W, h: person.box.h / H };
        const match = found.find((d) => iou(d.box, truth) >= 0.6);
        expect(match, `${person.id} at ${s} s`).toBeDefined();
        const area = areas[Number(person.id.slice(1))]!;
        const working = frame.working!.includes(person.id === 'w0' ? 'A' : 'B');
        // The rules on the detector's answer agree with the truth: a hand in the tray or not.
        expect(handInArea([match!], area.points, setting), `${person.id} at ${s} s`).toBe(working);
        if (!working) continue;
        // Each drawn wrist has a detected wrist within a tenth of the worker's height (the truth's left and right).
        for (const [side, k] of [
          ['left', LEFT_WRIST],
          ['right', RIGHT_WRIST],
        ] as const) {
          const [tx, ty] = person.wrists![side];
          const [kx, ky, score] = match!.keypoints![k]!;
          expect(score).toBeGreaterThanOrEqual(setting.keypointDetectionThreshold);
          expect(Math.hypot(kx * W - tx, ky * H - ty)).toBeLessThan(person.box.h * 0.1);
          handsChecked++;
        }
      }
    }
    expect(handsChecked).toBeGreaterThanOrEqual(8);
  }, 120_000);

  it('measures the work sessions of a recorded clip within a second of the truth', async () => {
    const seconds = 20;
    const renderer = new SimRenderer({ scene: 'factory', seed: SEED, tzOffsetMinutes: 540 }, W, H);
    const frames = Array.from(
      { length: seconds * FPS },
      (_, i) => renderer.render(NOON + (i * 1000) / FPS, home).data,
    );
    const file = path.join(dir, 'factory.mp4');
    await encode(frames, file);
    const pictures: AnalysedPicture[] = [];
    await analyzeVideo(
      file,
      { refreshSeconds: 0 },
      { idPrefix: 't-', onFrame: (frame, detections) => pictures.push({ t: frame.t, detections }) },
    );
    expect(pictures).toHaveLength(seconds * FPS);
    const measured = measureOperationTime(pictures, areas, setting, { periodSec: seconds });
    const truth = factoryWorkIntervals(SEED, NOON, NOON + seconds * 1000, W, H);
    for (const [k, id] of (['A', 'B'] as const).entries()) {
      const trueSessions = truth[id].map(([a, b]) => ({
        startSec: (a - NOON) / 1000,
        endSec: (b - NOON) / 1000,
      }));
      expect(trueSessions.length).toBeGreaterThan(0);
      const { sessions, workingSec } = measured.areas[k]!;
      expect(sessions, id).toHaveLength(trueSessions.length);
      for (const [i, session] of sessions.entries()) {
        expect(Math.abs(session.startSec - trueSessions[i]!.startSec), id).toBeLessThanOrEqual(1);
        expect(Math.abs(session.endSec - trueSessions[i]!.endSec), id).toBeLessThanOrEqual(1);
      }
      const trueSec = trueSessions.reduce((sum, s) => sum + s.endSec - s.startSec, 0);
      expect(Math.abs(workingSec - trueSec), id).toBeLessThanOrEqual(1.5);
    }
  }, 180_000);
});
