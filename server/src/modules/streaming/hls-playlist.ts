// The text of HLS media playlists (RFC 8216): a VOD playlist of recorded clips and a live sliding window.
import type { VodClipPlan } from './vod-plan.ts';
import { vodSegmentName } from './vod-plan.ts';

export const HLS_CONTENT_TYPE = 'application/vnd.apple.mpegurl';
/**
 * Agents cut live segments every second (a keyframe each second), so the live target duration is 1 s; a
 * longer segment (at most LIVE_SEGMENT_MAX_MS) raises it while it is in the window. Players hold back a few
 * target durations, so declaring 2 s for 1 s segments would double the latency.
 */
export const LIVE_TARGET_DURATION_SEC = 1;

/** The smallest target duration every segment fits (RFC 8216 §4.3.3.1: rounded durations must not exceed it). */
export const liveTargetDuration = (segments: readonly { durationMs: number }[]): number =>
  Math.max(LIVE_TARGET_DURATION_SEC, ...segments.map((s) => Math.round(s.durationMs / 1000)));

const extinf = (seconds: number) => `#EXTINF:${seconds.toFixed(3)},`;

/** The whole recorded period: ENDLIST, a program date time per clip, a discontinuity at every gap. */
export function vodPlaylist(plan: readonly VodClipPlan[]): string {
  const durations = plan.flatMap((clip) => clip.segments.map((s) => s.durationSec));
  const target = Math.max(1, Math.ceil(Math.max(0, ...durations)));
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-PLAYLIST-TYPE:VOD',
    `#EXT-X-TARGETDURATION:${target}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
  ];
  for (const clip of plan) {
    if (clip.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    const first = clip.segments[0];
    if (first) lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(first.wallStartMs).toISOString()}`);
    for (const segment of clip.segments) lines.push(extinf(segment.durationSec), vodSegmentName(segment));
  }
  lines.push('#EXT-X-ENDLIST');
  return `${lines.join('\n')}\n`;
}

export interface LiveWindowSegment {
  sequence: number;
  durationMs: number;
  discontinuity: boolean;
}

export interface LiveWindow {
  /** Media sequence of the first segment (or of the next one when there is none yet). */
  mediaSequence: number;
  /** Discontinuities up to and including the first segment of the window. */
  discontinuitySequence: number;
  segments: LiveWindowSegment[];
}

/** A sliding window without ENDLIST; a window without segments is still a valid (empty) playlist. */
export function livePlaylist(window: LiveWindow): string {
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${liveTargetDuration(window.segments)}`,
    `#EXT-X-MEDIA-SEQUENCE:${window.mediaSequence}`,
    `#EXT-X-DISCONTINUITY-SEQUENCE:${window.discontinuitySequence}`,
  ];
  window.segments.forEach((segment, i) => {
    // The first segment's discontinuity is already counted in the discontinuity sequence.
    if (i > 0 && segment.discontinuity) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(extinf(segment.durationMs / 1000), `${segment.sequence}.ts`);
  });
  return `${lines.join('\n')}\n`;
}
