// What an uploaded clip must be (issue "Video pipeline" item 5): an MP4 with exactly one H.264 video stream,
// complete, and as long as the agent says. Pure, so every rule is tested without ffprobe.
import type { ProbeResult } from '../video/probe.ts';

/** How far the file's duration may stray from the agent's duration_ms. */
export const CLIP_DURATION_TOLERANCE_MS = 1_500;

export interface CheckedClip {
  width: number | null;
  height: number | null;
  durationMs: number;
}

export type ClipCheck = { ok: true; clip: CheckedClip } | { ok: false; reason: string };

const fail = (reason: string): ClipCheck => ({ ok: false, reason });

export function checkClip(probe: ProbeResult | null, expectedDurationMs: number): ClipCheck {
  if (!probe) return fail('is not a readable video file (corrupt or not MP4)');
  if (!probe.formatNames.includes('mp4') || probe.majorBrand === 'qt')
    return fail(`must be an MP4 file, not ${probe.majorBrand === 'qt' ? 'QuickTime' : probe.formatNames[0]}`);
  const videos = probe.streams.filter((s) => s.type === 'video');
  const [video] = videos;
  if (!video || videos.length !== 1)
    return fail(`must hold exactly one video stream, found ${videos.length}`);
  if (video.codec !== 'h264') return fail(`video must be H.264, not ${video.codec}`);
  if (
    video.announcedFrames !== null &&
    video.readPackets !== null &&
    video.readPackets < video.announcedFrames
  )
    return fail(
      `is truncated: ${video.readPackets} of ${video.announcedFrames} frames present (incomplete upload?)`,
    );
  if (probe.warnings.some((w) => /partial file|invalid data|moov atom not found/i.test(w)))
    return fail('is corrupt or truncated');
  if (probe.durationMs === null) return fail('has no duration');
  if (Math.abs(probe.durationMs - expectedDurationMs) > CLIP_DURATION_TOLERANCE_MS)
    return fail(
      `lasts ${(probe.durationMs / 1000).toFixed(1)} s, but duration_ms says ${(expectedDurationMs / 1000).toFixed(1)} s`,
    );
  return { ok: true, clip: { width: video.width, height: video.height, durationMs: probe.durationMs } };
}

/** A JPEG starts with SOI + a marker (FF D8 FF) and ends with EOI (FF D9). */
export function isJpeg(data: Buffer): boolean {
  return (
    data.length >= 4 &&
    data[0] === 0xff &&
    data[1] === 0xd8 &&
    data[2] === 0xff &&
    data[data.length - 2] === 0xff &&
    data[data.length - 1] === 0xd9
  );
}
