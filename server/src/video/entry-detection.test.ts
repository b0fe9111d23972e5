// Entry detection (advanced.md §5 entry detection settings): the pure rule on person tracks (who counts, the
// thresholds, the machine, the vigilant time, a stay over a minute's end), and the machine-running check on a
// real H.264 clip made by ffmpeg in which a box crosses the picture.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../test/helpers/media-fixtures.ts';
import type { NormBox, Track } from '../vision/types.ts';
import {
  decodeMachineFrames,
  entryAlertsFromTracks,
  entryFrameTimes,
  framesNeeded,
  isInsidePolygon,
  machineChangeOf,
  shiftCarry,
  type EntryRule,
  type MachineChange,
} from './entry-detection.ts';

const rect = (x0: number, y0: number, x1: number, y1: number) => [
  { x: x0, y: y0 },
  { x: x1, y: y0 },
  { x: x1, y: y1 },
  { x: x0, y: y1 },
];

const rule: EntryRule = {
  entryArea: rect(0.5, 0.5, 1, 0.9),
  machineArea: null,
  detectionFrameThreshold: 3,
  minimumDetectionSize: 0.2,
  personDetectionThreshold: 0.3,
  runningThreshold: 0.05,
  vigilantTime: 0,
};

const FPS = 5;
/** A person 0.3 tall whose feet stand at (0.75, 0.8): inside the entry area. */
const inside: NormBox = { x: 0.7, y: 0.5, w: 0.1, h: 0.3 };
/** The same person standing left of the area. */
const outside: NormBox = { x: 0.2, y: 0.5, w: 0.1, h: 0.3 };

/**
 * A track seen at the frames of `pattern` (one character a frame at `fps`, from `fromSec`): '1' in the area,
 * '0' outside it, 'p' predicted by the tracker in the area (score 0), '.' not on the track.
 */
function track(pattern: string, { score = 0.8, box = inside, fromSec = 0, fps = FPS, id = 'a' } = {}): Track {
  const points = [...pattern].flatMap((c, k) =>
    c === '.' ? [] : [{ t: fromSec + k / fps, box: c === '0' ? outside : box, score: c === 'p' ? 0 : score }],
  );
  return { id, points, maxScore: score, descriptor: null };
}

const run = (
  tracks: Track[],
  r: Partial<EntryRule> = {},
  o: Partial<Parameters<typeof entryAlertsFromTracks>[2]> = {},
) => entryAlertsFromTracks(tracks, { ...rule, ...r }, { fps: FPS, durationSec: 60, ...o });

describe('advanced.md §5 entry detection: who counts', () => {
  it('isInsidePolygon follows the even-odd rule', () => {
    expect(isInsidePolygon(0.75, 0.7, rule.entryArea)).toBe(true);
    expect(isInsidePolygon(0.25, 0.7, rule.entryArea)).toBe(false);
  });

  it('a person standing in the area raises an alert from the first frame; nothing else does (cars: no person tracks)', () => {
    expect(run([track('.....11111')]).alerts).toEqual([{ startSec: 1, endSec: 1.8, continued: false }]);
    expect(run([]).alerts).toEqual([]);
    expect(run([track('11111'.replaceAll('1', '0'))]).alerts).toEqual([]);
  });

  it('counts the feet: a box over the area whose bottom centre is outside it does not count', () => {
    const above: NormBox = { x: 0.7, y: 0.1, w: 0.1, h: 0.3 }; // feet at y 0.4, above the area
    expect(run([track('11111', { box: above })]).alerts).toEqual([]);
  });

  it('only tracks taken for a person at the person detection threshold', () => {
    const faint = track('11111', { score: 0.25 });
    expect(run([faint]).alerts).toEqual([]);
    expect(run([faint], { personDetectionThreshold: 0.2 }).alerts).toHaveLength(1);
    expect(run([faint], { personDetectionThreshold: 0.25 }).alerts).toHaveLength(1);
  });

  it('ignores people shorter than the minimum detection size', () => {
    const small: NormBox = { x: 0.7, y: 0.65, w: 0.05, h: 0.15 };
    expect(run([track('11111', { box: small })]).alerts).toEqual([]);
    expect(run([track('11111', { box: small })], { minimumDetectionSize: 0.15 }).alerts).toHaveLength(1);
  });

  it('boxes the tracker only predicted after its last detection do not count', () => {
    expect(run([track('1pppp')]).alerts).toEqual([]);
    expect(entryFrameTimes([track('1pppp')], rule)).toEqual([0]);
    expect(entryFrameTimes([track('11ppp')], rule)).toEqual([0, 0.2]);
  });

  it('boxes between two detections count: pictures not looked at while the person was followed', () => {
    // The vision engine looks at a followed person every 1.5 s; in between their boxes are interpolated (score 0).
    expect(entryFrameTimes([track('1pp1p')], rule)).toEqual([0, 0.2, 0.4, 0.6]);
    expect(run([track('1pp1p')]).alerts).toEqual([{ startSec: 0, endSec: 0.6, continued: false }]);
  });

  it('two people in one frame are one frame', () => {
    const times = entryFrameTimes([track('11', { id: 'a' }), track('11', { id: 'b' })], rule);
    expect(times).toEqual([0, 0.2]);
    expect(run([track('11', { id: 'a' }), track('11', { id: 'b' })]).alerts).toEqual([]);
  });

  it('with a machine area, counts only while the machine runs (more than the running threshold changes)', () => {
    // The machine runs during the first second only.
    const change: MachineChange = {
      times: Array.from({ length: 20 }, (_, k) => (k + 1) / FPS),
      fractions: Array.from({ length: 20 }, (_, k) => (k < 5 ? 0.2 : 0.01)),
    };
    const machine = { machineArea: rect(0, 0, 0.2, 0.2) };
    expect(run([track('11111')], machine, { machineChange: change }).alerts).toEqual([
      { startSec: 0, endSec: 0.8, continued: false },
    ]);
    expect(run([track('.........11111')], machine, { machineChange: change }).alerts).toEqual([]);
    expect(
      run([track('.........11111')], { ...machine, runningThreshold: 0.005 }, { machineChange: change })
        .alerts,
    ).toHaveLength(1);
    // No machine change measured: the machine is not known to run.
    expect(run([track('11111')], machine).alerts).toEqual([]);
  });
});

describe('advanced.md §5 entry detection: alerts from the frames', () => {
  it('raises an alert only after the detection frame threshold of frames (gaps of two frames bridged)', () => {
    expect(run([track('11')]).alerts).toEqual([]);
    expect(run([track('111')]).alerts).toEqual([{ startSec: 0, endSec: 0.4, continued: false }]);
    expect(run([track('1001')]).alerts).toEqual([]);
    expect(run([track('1001001')]).alerts).toEqual([{ startSec: 0, endSec: 1.2, continued: false }]);
    expect(run([track('110001100000111')]).alerts).toHaveLength(1);
    expect(run([track('11100001110')]).alerts).toEqual([
      { startSec: 0, endSec: 0.4, continued: false },
      { startSec: 1.4, endSec: 1.8, continued: false },
    ]);
  });

  it('the threshold is a time: at 2 frames a second, 3 frames of 5 a second (0.6 s) take 2 frames', () => {
    expect(framesNeeded(3, 5)).toBe(3);
    expect(framesNeeded(3, 2)).toBe(2);
    expect(framesNeeded(1, 2)).toBe(1);
    expect(framesNeeded(10, 2)).toBe(4);
    expect(run([track('11', { fps: 2 })], {}, { fps: 2 }).alerts).toEqual([
      { startSec: 0, endSec: 0.5, continued: false },
    ]);
    expect(run([track('1', { fps: 2 })], {}, { fps: 2 }).alerts).toEqual([]);
  });

  it('continues the previous alert within the vigilant time instead of raising another', () => {
    const twoStays = [track(`111${'0'.repeat(20)}111`)];
    expect(run(twoStays).alerts).toHaveLength(2);
    expect(run(twoStays, { vigilantTime: 5 }).alerts).toEqual([{ startSec: 0, endSec: 5, continued: false }]);
    expect(run(twoStays, { vigilantTime: 3 }).alerts).toHaveLength(2);
  });

  it('shifts by the clip offset and stays inside the minute', () => {
    expect(run([track('111')], {}, { offsetSec: 59.5, durationSec: 0.5 }).alerts).toEqual([
      { startSec: 59.5, endSec: 59.9, continued: false },
    ]);
    expect(run([track('1111111')], {}, { offsetSec: 59.5, durationSec: 2 }).alerts[0]!.endSec).toBe(60);
  });
});

describe('advanced.md §5 entry detection over a minute boundary', () => {
  /** Frames 59.0..59.8 of minute N−1, in the area. */
  const lastSecond = track('11111', { fromSec: 59 });

  it('a stay across the boundary is one alert: the next clip continues it without a new one', () => {
    const first = run([lastSecond]);
    expect(first.alerts).toEqual([{ startSec: 59, endSec: 59.8, continued: false }]);
    expect(first.carry).toEqual({
      lastAlertEndSec: 59.8,
      stay: { firstSec: 59, lastSec: 59.8, frames: 5, alerted: true },
    });
    // JSON round trip, as stored with the clip.
    const carry = shiftCarry(JSON.parse(JSON.stringify(first.carry)), 60);
    const second = run([track('1111111111')], {}, { carry });
    expect(second.alerts).toEqual([{ startSec: 0, endSec: 1.8, continued: true }]);
    expect(second.carry.stay).toBeNull();
    expect(second.carry.lastAlertEndSec).toBeCloseTo(1.8, 6);
    // Without the carry it would be a new alert.
    expect(run([track('1111111111')]).alerts).toEqual([{ startSec: 0, endSec: 1.8, continued: false }]);
  });

  it('a stay too short in either minute alone raises one alert when it goes on into the next', () => {
    const first = run([track('11', { fromSec: 59.6 })]);
    expect(first.alerts).toEqual([]);
    expect(first.carry.stay).toMatchObject({ firstSec: 59.6, frames: 2, alerted: false });
    expect(first.carry.stay!.lastSec).toBeCloseTo(59.8, 6);
    const second = run([track('1')], {}, { carry: shiftCarry(first.carry, 60) });
    expect(second.alerts).toEqual([{ startSec: 0, endSec: 0, continued: false }]);
  });

  it('a stay that ended before the clip’s end is not carried; the vigilant time is', () => {
    const first = run([track('111', { fromSec: 55 })], { vigilantTime: 10 });
    expect(first.carry).toEqual({ lastAlertEndSec: 55.4, stay: null });
    const carry = shiftCarry(first.carry, 60);
    // A new stay 3 s into the next minute, 7.6 s after the alert: within 10 s, so it continues it.
    const within = run([track('111', { fromSec: 3 })], { vigilantTime: 10 }, { carry });
    expect(within.alerts).toEqual([{ startSec: 0, endSec: 3.4, continued: true }]);
    const beyond = run([track('111', { fromSec: 3 })], { vigilantTime: 5 }, { carry });
    expect(beyond.alerts).toEqual([{ startSec: 3, endSec: 3.4, continued: false }]);
  });

  it('a carried stay not seen again at the start of the next clip ends there', () => {
    const carry = shiftCarry(run([lastSecond]).carry, 60);
    const later = run([track('111', { fromSec: 20 })], {}, { carry });
    expect(later.alerts).toEqual([{ startSec: 20, endSec: 20.4, continued: false }]);
  });

  it('an old alert end is dropped from the carry', () => {
    const quiet = run([], {}, { carry: { lastAlertEndSec: -590, stay: null } });
    expect(quiet.carry.lastAlertEndSec).toBeNull();
  });
});

describe('advanced.md §5 the machine-running check on a recorded clip', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-entry-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('the machine area changes while the box crosses it, and a corner where nothing moves does not', async () => {
    // A white box a third of the picture tall crosses the middle band from left to right during seconds 2..8.
    const moving = path.join(dir, 'moving.mp4');
    await fs.writeFile(moving, await makeClip({ seconds: 10, scene: 'moving', motionFrom: 2, motionTo: 8 }));
    const frames = await decodeMachineFrames(moving);
    expect(frames.length).toBeGreaterThanOrEqual(48);
    const band = machineChangeOf(frames, rect(0, 0.3, 1, 0.7));
    const corner = machineChangeOf(frames, rect(0, 0, 0.2, 0.2));
    const at = (change: MachineChange, t: number) => change.fractions[change.times.findIndex((x) => x >= t)]!;
    expect(at(band, 5)).toBeGreaterThan(0.02);
    expect(at(band, 1)).toBe(0);
    expect(Math.max(...corner.fractions)).toBe(0);
    // A person in the area counts while the band "machine" runs, never with the still corner as the machine.
    const person = track('1'.repeat(50));
    const withBand = run(
      [person],
      { machineArea: rect(0, 0.3, 1, 0.7), runningThreshold: 0.02 },
      { machineChange: band },
    );
    expect(withBand.alerts).toHaveLength(1);
    expect(withBand.alerts[0]!.startSec).toBeGreaterThan(1.8);
    expect(withBand.alerts[0]!.endSec).toBeLessThan(8.5);
    expect(run([person], { machineArea: rect(0, 0, 0.2, 0.2) }, { machineChange: corner }).alerts).toEqual(
      [],
    );
  });
});
