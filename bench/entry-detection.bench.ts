// Entry detection's cost per recorded minute (media/entry.ts, the `entry` job's work without the database):
// a one-minute H.264 clip with moving content is made by ffmpeg at the demo's size and at real camera sizes,
// then detectEntries runs on it 5 times; the median wall time and the time of the pure JS part (frames →
// alerts) are reported. Usage: npm run bench -- entry-detection
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  detectEntries,
  entryAlerts,
  entryDecodeOptions,
  entryHits,
  type EntryRule,
} from '../server/src/media/entry.ts';
import { decodeGrayFrames } from '../server/src/media/motion.ts';
import { demoAreaLinks } from '../server/src/db/seed/demo-data.ts';
import { makeMinuteClipFile } from './lib/video-fixtures.ts';

export interface EntryBenchResult {
  size: string;
  fps: number;
  clipBytes: number;
  medianMs: number;
  jsMedianMs: number;
  alerts: number;
}

/** The demo line camera's seeded area link: an area across the lower middle of the picture. */
const rule: EntryRule = demoAreaLinks['横浜工場 ライン1']![0]!;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** 60 s of testsrc2 (moving shapes and a counter) with a box walking across the lower half every 10 s. */
async function makeMinute(dir: string, width: number, height: number, fps: number): Promise<string> {
  const box = `drawbox=x='mod(t*${width}/10,${width})':y=${Math.round(height * 0.55)}:w=${Math.round(width / 12)}:h=${Math.round(height * 0.4)}:color=white:t=fill`;
  return (await makeMinuteClipFile(dir, { width, height, fps, filter: box })).file;
}

export async function benchEntryDetection(runs = 5): Promise<EntryBenchResult[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-bench-entry-'));
  const results: EntryBenchResult[] = [];
  try {
    for (const [width, height, fps] of [
      [320, 180, 2],
      [1280, 720, 15],
      [1920, 1080, 15],
    ] as const) {
      const file = await makeMinute(dir, width, height, fps);
      const times: number[] = [];
      let alerts = 0;
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        alerts = (await detectEntries(file, [rule]))[0]!.length;
        times.push(performance.now() - start);
      }
      const frames = await decodeGrayFrames(file, entryDecodeOptions);
      const jsTimes: number[] = [];
      for (let i = 0; i < runs; i++) {
        const start = performance.now();
        entryAlerts(entryHits(frames, rule), rule, { fps: entryDecodeOptions.fps });
        jsTimes.push(performance.now() - start);
      }
      results.push({
        size: `${width}x${height}`,
        fps,
        clipBytes: (await fs.stat(file)).size,
        medianMs: Math.round(median(times)),
        jsMedianMs: Math.round(median(jsTimes) * 10) / 10,
        alerts,
      });
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return results;
}
