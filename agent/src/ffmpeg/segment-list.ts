// Reads the segment muxer's CSV list (`name,start,end` per finished segment) as ffmpeg writes it to a
// pipe. A line appears only after the segment's trailer is written and the file closed, which makes it the
// signal that a clip is complete.

export interface FinishedSegment {
  /** File name as ffmpeg wrote it (no directory). */
  fileName: string;
  startSec: number;
  endSec: number;
}

/** One CSV line of the list; null for anything that is not one. */
export function parseSegmentLine(line: string): FinishedSegment | null {
  const match = /^(.*),(-?[\d.]+),(-?[\d.]+)$/.exec(line.trim());
  if (!match) return null;
  const [, rawName = '', start = '', end = ''] = match;
  // The CSV quotes names holding commas or quotes; ours never do, but read them right anyway.
  const fileName = rawName.startsWith('"') ? rawName.slice(1, -1).replaceAll('""', '"') : rawName;
  const startSec = Number(start);
  const endSec = Number(end);
  if (fileName === '' || !Number.isFinite(startSec) || !Number.isFinite(endSec)) return null;
  return { fileName, startSec, endSec };
}

/** Splits a stream of text into lines; keeps a partial last line until its end arrives. */
export class LineSplitter {
  private rest = '';

  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    return lines.filter((line) => line.trim() !== '');
  }

  /** What is left at the end of the stream. */
  flush(): string[] {
    const last = this.rest;
    this.rest = '';
    return last.trim() === '' ? [] : [last];
  }
}
