// The simulator (issue "Video pipeline" item 5): deterministic frames, a ticking clock overlay, ground
// truth that matches the pixels, PTZ that moves the picture, and a light that brightens the night.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SimRenderer, type Box, type RenderView } from '../src/sim/renderer.ts';
import { SimCamera } from '../src/sim/sim-camera.ts';
import { parseSource, type SimSourceSpec } from '../src/source/source-spec.ts';
import { tempDir, waitFor } from './helpers.ts';

const W = 320;
const H = 180;
const home: RenderView = { ptz: { pan: 0, tilt: 0, zoom: 1 }, isLightOn: false };
/** 12:00 in Tokyo (the simulator's default zone). */
const NOON = Date.UTC(2026, 10, 21, 3, 0, 0);
/** 23:00 in Tokyo. */
const NIGHT = Date.UTC(2026, 10, 21, 14, 0, 0);
const street = parseSource('sim:street?seed=7') as SimSourceSpec;

const meanAbsDiff = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};
const meanLevel = (a: Buffer) => a.reduce((sum, v) => sum + v, 0) / a.length;
const pixelDiffers = (a: Buffer, b: Buffer, x: number, y: number) => {
  const i = (y * W + x) * 3;
  return a[i] !== b[i] || a[i + 1] !== b[i + 1] || a[i + 2] !== b[i + 2];
};
const inside = (box: Box, x: number, y: number) =>
  x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h;

describe('SimRenderer', () => {
  it('renders the same bytes for the same seed and time, whoever renders them', () => {
    const a = new SimRenderer(street, W, H).render(NOON + 1234, home);
    const b = new SimRenderer(street, W, H).render(NOON + 1234, home);
    expect(a.data.length).toBe(W * H * 3);
    expect(a.data.equals(b.data)).toBe(true);
    expect(b.persons).toEqual(a.persons);
  });

  it('differs with another seed', () => {
    const other = parseSource('sim:street?seed=8') as SimSourceSpec;
    expect(
      new SimRenderer(street, W, H)
        .render(NOON, home)
        .data.equals(new SimRenderer(other, W, H).render(NOON, home).data),
    ).toBe(false);
  });

  it('shows the time: the clock overlay changes from one second to the next', () => {
    const renderer = new SimRenderer(street, W, H);
    const a = renderer.render(NOON, home, { withActors: false });
    const b = renderer.render(NOON + 1000, home, { withActors: false });
    let overlayDiffers = 0;
    let elsewhereDiffers = 0;
    for (let y = 0; y < H; y++)
      for (let x = 0; x < W; x++)
        if (pixelDiffers(a.data, b.data, x, y)) {
          if (inside(a.overlay, x, y)) overlayDiffers++;
          else elsewhereDiffers++;
        }
    expect(overlayDiffers).toBeGreaterThan(5);
    expect(elsewhereDiffers).toBe(0);
  });

  it('answers ground-truth boxes exactly where the picture differs from the empty scene', () => {
    const renderer = new SimRenderer(street, W, H);
    let checkedPersons = 0;
    for (let t = NOON; t < NOON + 120_000 && checkedPersons < 3; t += 5_000) {
      const frame = renderer.render(t, home);
      const empty = renderer.render(t, home, { withActors: false });
      const boxes = [...frame.persons, ...frame.cars].map((actor) => actor.box);
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++)
          if (pixelDiffers(frame.data, empty.data, x, y))
            expect(boxes.some((box) => inside(box, x, y)) || inside(frame.overlay, x, y)).toBe(true);
      for (const person of frame.persons) {
        const { box } = person;
        if (box.w * box.h < 40) continue;
        let differing = 0;
        for (let y = box.y; y < box.y + box.h; y++)
          for (let x = box.x; x < box.x + box.w; x++)
            if (pixelDiffers(frame.data, empty.data, x, y)) differing++;
        expect(differing / (box.w * box.h)).toBeGreaterThan(0.4);
        checkedPersons++;
      }
    }
    expect(checkedPersons).toBeGreaterThan(0);
  });

  it('keeps people moving: a person seen now has moved a second later', () => {
    const renderer = new SimRenderer(street, W, H);
    for (let t = NOON; t < NOON + 300_000; t += 5_000) {
      const [person] = renderer
        .render(t, home)
        .persons.filter((p) => p.box.w > 3 && p.box.x > 10 && p.box.x < W - 40);
      if (!person) continue;
      const later = renderer.render(t + 1_000, home).persons.find((p) => p.id === person.id);
      expect(later).toBeDefined();
      expect(later!.box.x).not.toBe(person.box.x);
      return;
    }
    throw new Error('no person in view within five minutes');
  });
});

describe('SimCamera', () => {
  it('moves the picture with a pan and restores it with ptz_home', () => {
    const camera = new SimCamera(street);
    const before = camera.frameAt(NOON, { width: W, height: H }).data;
    expect(camera.movePtz({ pan: 0.6, tilt: 0, zoom: 0 })).toEqual({ pan: 0.6, tilt: 0, zoom: 1 });
    const panned = camera.frameAt(NOON, { width: W, height: H }).data;
    expect(meanAbsDiff(before, panned)).toBeGreaterThan(10);
    camera.movePtz({ pan: 0, tilt: -0.5, zoom: 0.5 });
    expect(camera.ptzState.zoom).toBeGreaterThan(1);
    expect(camera.homePtz()).toEqual({ pan: 0, tilt: 0, zoom: 1 });
    expect(camera.frameAt(NOON, { width: W, height: H }).data.equals(before)).toBe(true);
  });

  it('is dark at night, and its light brightens the picture visibly', () => {
    const camera = new SimCamera(street);
    const day = meanLevel(camera.frameAt(NOON, { width: W, height: H }).data);
    const dark = meanLevel(camera.frameAt(NIGHT, { width: W, height: H }).data);
    camera.setLighting(true);
    const lit = meanLevel(camera.frameAt(NIGHT, { width: W, height: H }).data);
    expect(dark).toBeLessThan(day / 2);
    expect(lit).toBeGreaterThan(dark * 2);
  });

  it('delivers frames on the wall-clock grid and writes their ground truth per minute', async () => {
    const truthDir = tempDir();
    const camera = new SimCamera(street, { truthDir });
    const times: number[] = [];
    camera.start({ width: 160, height: 90, fps: 4 }, (frame, capturedAt) => {
      expect(frame.length).toBe(160 * 90 * 3);
      times.push(capturedAt);
      return true;
    });
    await waitFor(() => times.length >= 4, 5_000, 'frames');
    await camera.close();
    expect(times.every((t) => t % 250 === 0)).toBe(true);
    const files = fs.readdirSync(truthDir);
    expect(files[0]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00Z\.truth\.jsonl$/);
    const lines = files
      .flatMap((file) => fs.readFileSync(path.join(truthDir, file), 'utf8').trim().split('\n'))
      .map((line) => JSON.parse(line) as { t: number; persons: unknown[] });
    expect(lines.map((line) => line.t)).toEqual(times);
    expect(Array.isArray(lines[0]!.persons)).toBe(true);
  });
});
