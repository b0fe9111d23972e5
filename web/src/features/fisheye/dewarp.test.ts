import { describe, expect, it } from 'vitest';
import {
  MAX_ZOOM,
  MIN_ZOOM,
  clampPitch,
  clampZoom,
  displayState,
  fieldOfView,
  fisheyePoint,
  fisheyeRadius,
  initialView,
  radiusInPicture,
  renderIntervalMs,
  viewRay,
  zoomAfterWheel,
} from './dewarp.ts';

describe('advanced.md §9 fisheye radius by resolution', () => {
  it('follows the calibration table', () => {
    const table: [number, number, number][] = [
      [1280, 720, 426],
      [1920, 1080, 587],
      [720, 720, 330],
      [1200, 1200, 560],
      [1280, 1280, 600],
      [1440, 1440, 680],
      [1920, 1920, 890],
    ];
    for (const [w, h, r] of table) expect(fisheyeRadius(w, h)).toBe(r);
  });
  it('scales the default resolution’s radius for an unlisted one', () => {
    expect(fisheyeRadius(640, 360)).toBeCloseTo(213);
    expect(fisheyeRadius(0, 0)).toBe(426);
  });
  it('scales the radius to the picture actually received, keeping the circle inside it', () => {
    expect(radiusInPicture({ width: 1280, height: 1280 }, { width: 320, height: 320 })).toBe(150);
    // A 16:9 still of a square camera: the shorter scale wins.
    expect(radiusInPicture({ width: 1280, height: 1280 }, { width: 320, height: 180 })).toBeCloseTo(84.375);
    // An unknown camera resolution (0) is read as the default 1280x720.
    expect(radiusInPicture({ width: 0, height: 0 }, { width: 640, height: 360 })).toBe(213);
  });
});

describe('advanced.md §9 zoom 0.3-0.85 by wheel, step 0.005', () => {
  it('clamps the zoom to its range', () => {
    expect(clampZoom(0.1)).toBe(MIN_ZOOM);
    expect(clampZoom(2)).toBe(MAX_ZOOM);
    expect(clampZoom(0.5)).toBe(0.5);
  });
  it('moves by 0.005 per step: wheel up zooms in, down zooms out', () => {
    expect(zoomAfterWheel(0.5, -10)).toBe(0.505);
    expect(zoomAfterWheel(0.5, 10)).toBe(0.495);
    expect(zoomAfterWheel(0.3, -100)).toBe(0.35);
    expect(zoomAfterWheel(0.84, -100)).toBe(0.85);
    expect(zoomAfterWheel(0.31, 100)).toBe(0.3);
  });
  it('advanced.md §4 display state is normal at or below the minimum zoom, otherwise fisheye', () => {
    expect(displayState(0.3)).toBe('normal');
    expect(displayState(0.2)).toBe('normal');
    expect(displayState(0.305)).toBe('fisheye');
    expect(displayState(0.85)).toBe('fisheye');
  });
  it('narrows the field of view as the zoom grows', () => {
    expect(fieldOfView(0.3)).toBeGreaterThan(fieldOfView(0.5));
    expect(fieldOfView(0.85)).toBeCloseTo(0.15 * Math.PI);
  });
});

describe('advanced.md §9 render interval 1000/fps but at most 200 ms', () => {
  it('renders at the frame rate, never slower than every 200 ms', () => {
    expect(renderIntervalMs(10)).toBe(100);
    expect(renderIntervalMs(30)).toBeCloseTo(33.33, 1);
    expect(renderIntervalMs(2)).toBe(200);
    expect(renderIntervalMs(0)).toBe(200);
  });
});

describe('advanced.md §9 dewarp projection', () => {
  const picture = { width: 1280, height: 1280 };
  it('opens at the minimum zoom with pitch 1.5', () => {
    expect(initialView(16 / 9)).toEqual({ yaw: 0, pitch: 1.5, zoom: 0.3, aspect: 16 / 9 });
  });
  it('looking along the axis lands on the picture’s centre', () => {
    const ray = viewRay(0, 0, { yaw: 0, pitch: 0, zoom: 0.5, aspect: 1 });
    expect(ray[2]).toBeCloseTo(1);
    const point = fisheyePoint(ray, picture, 600);
    expect(point.x).toBeCloseTo(640);
    expect(point.y).toBeCloseTo(640);
  });
  it('looking at the horizon lands on the image circle', () => {
    const ray = viewRay(0, 0, { yaw: 0, pitch: Math.PI / 2, zoom: 0.5, aspect: 1 });
    const point = fisheyePoint(ray, picture, 600);
    expect(Math.hypot(point.x - 640, point.y - 640)).toBeCloseTo(600);
    expect(point.y).toBeCloseTo(40); // pitched "up" the picture
  });
  it('the initial pitch 1.5 looks near the rim (86° off the axis)', () => {
    const ray = viewRay(0, 0, { yaw: 0, pitch: 1.5, zoom: 0.5, aspect: 1 });
    const point = fisheyePoint(ray, picture, 600);
    expect(Math.hypot(point.x - 640, point.y - 640)).toBeCloseTo((600 * 1.5) / (Math.PI / 2));
  });
  it('yaw turns the view around the centre', () => {
    const view = { yaw: Math.PI / 2, pitch: 1, zoom: 0.5, aspect: 1 };
    const point = fisheyePoint(viewRay(0, 0, view), picture, 600);
    const r = (600 * 1) / (Math.PI / 2);
    expect(point.x).toBeCloseTo(640 + r);
    expect(point.y).toBeCloseTo(640);
  });
  it('a larger zoom covers a smaller part of the picture', () => {
    const spread = (zoom: number) => {
      const view = { yaw: 0, pitch: 0, zoom, aspect: 1 };
      const a = fisheyePoint(viewRay(-1, 0, view), picture, 600);
      const b = fisheyePoint(viewRay(1, 0, view), picture, 600);
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    expect(spread(0.8)).toBeLessThan(spread(0.4));
  });
  it('keeps the pitch between the axis and the horizon', () => {
    expect(clampPitch(-1)).toBe(0);
    expect(clampPitch(3)).toBeCloseTo(Math.PI / 2);
  });
});
