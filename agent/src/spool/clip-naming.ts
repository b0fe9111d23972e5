// How clips are named in the spool, and their sidecar. Documented for tests and operators:
//
//   <spool>/20261121T070100Z-00000.mp4    the clip: its minute (UTC, compact) and offset_ms, 5 digits
//   <spool>/20261121T070100Z-00000.json   its sidecar: {"start_time":"2026-11-21T07:01:00Z",
//                                          "duration_ms":60000,"offset_ms":0,"sha256":"<64 hex>"}
//   <spool>/rejected/…                    clips the server refused (4xx), kept for a person to look at
//   <spool>/.recording/                   segments ffmpeg is still writing (never uploaded)
//
// Names sort oldest first. The sidecar is written before the clip is renamed into place, so a `.mp4` in
// the spool is always complete. A clip put there by hand may come without a sidecar, and may also be
// named just `20261121T070100Z.mp4` (offset 0): the uploader then reads duration and checksum itself.
import { formatMinute, minuteStartOf, parseCompactTime, formatCompactTime } from '../recorder/minute.ts';

export interface ClipSidecar {
  start_time: string;
  duration_ms: number;
  offset_ms: number;
  sha256: string;
}

export const REJECTED_DIR = 'rejected';
export const RECORDING_DIR = '.recording';

/** The base name (no extension) of a clip of the minute starting at `minuteMs`, begun offsetMs into it. */
export function clipBaseName(minuteMs: number, offsetMs: number): string {
  return `${formatCompactTime(minuteStartOf(minuteMs))}-${String(offsetMs).padStart(5, '0')}`;
}

/** What a clip's name says: its minute and offset; null for a file that is not a spooled clip. */
export function parseClipName(fileName: string): { start_time: string; offset_ms: number } | null {
  const match = /^(\d{8}T\d{6}Z)(?:-(\d{1,5}))?\.mp4$/.exec(fileName);
  if (!match) return null;
  const time = parseCompactTime(match[1]!);
  if (time === null || time % 60_000 !== 0) return null;
  const offset = match[2] === undefined ? 0 : Number(match[2]);
  if (offset >= 60_000) return null;
  return { start_time: formatMinute(time), offset_ms: offset };
}

/** Reads a sidecar's JSON; null when it is not a valid one. */
export function parseSidecar(text: string): ClipSidecar | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { start_time, duration_ms, offset_ms, sha256 } = value as Record<string, unknown>;
  if (typeof start_time !== 'string' || Number.isNaN(Date.parse(start_time))) return null;
  if (typeof duration_ms !== 'number' || !Number.isInteger(duration_ms) || duration_ms <= 0) return null;
  if (typeof offset_ms !== 'number' || !Number.isInteger(offset_ms) || offset_ms < 0) return null;
  if (typeof sha256 !== 'string' || !/^[0-9a-f]{64}$/.test(sha256)) return null;
  return { start_time, duration_ms, offset_ms, sha256 };
}
