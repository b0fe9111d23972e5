// Writes the simulator's ground truth beside the video: one JSON-lines file per UTC minute,
// `<truth dir>/<start_time>.truth.jsonl` (start_time as the API names the minute, e.g.
// `2026-11-21T07:01:00Z`), one line per recorded frame:
//   {"t":<capture ms>,"persons":[{"id":"p3-1-17","box":{"x":..,"y":..,"w":..,"h":..}}],"cars":[…]}
// Boxes are in frame pixels of the recorded resolution, clipped to the frame. The factory scene adds each
// person's wrists ("wrists":{"left":[x,y],"right":[x,y]}, frame pixels) and the work areas with a hand in them
// ("working":["A"]; sim/factory.ts).
import fs from 'node:fs';
import path from 'node:path';
import { formatMinute } from '../recorder/minute.ts';
import type { VisibleActor } from './renderer.ts';

export function truthFileName(timeMs: number): string {
  return `${formatMinute(timeMs)}.truth.jsonl`;
}

export function truthLine(
  timeMs: number,
  persons: VisibleActor[],
  cars: VisibleActor[],
  working?: string[],
): string {
  return `${JSON.stringify({ t: timeMs, persons, cars, ...(working ? { working } : {}) })}\n`;
}

export class TruthWriter {
  private stream: fs.WriteStream | null = null;
  private fileName = '';

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  write(timeMs: number, persons: VisibleActor[], cars: VisibleActor[], working?: string[]): void {
    const name = truthFileName(timeMs);
    if (name !== this.fileName) {
      this.stream?.end();
      this.fileName = name;
      this.stream = fs.createWriteStream(path.join(this.dir, name), { flags: 'a' });
      this.stream.on('error', () => {}); // a full disk must not stop the camera; lines are best effort
    }
    this.stream?.write(truthLine(timeMs, persons, cars, working));
  }

  close(): Promise<void> {
    const stream = this.stream;
    this.stream = null;
    this.fileName = '';
    if (!stream) return Promise.resolve();
    return new Promise((resolve) => stream.end(resolve));
  }
}
