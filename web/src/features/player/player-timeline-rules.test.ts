import { describe, expect, it } from 'vitest';
import type { ArchiveEntry, EventSpan } from '@camwatch/contract/archives';
import { formatDateTime } from '../../lib/format.ts';
import {
  eventSpans,
  futureHourToRefetch,
  initialVolume,
  isControllerShown,
  liveModeOf,
  mergeArchives,
  nextPeriodStart,
  periodLines,
  periodStartOf,
  playableArchives,
  playSpeedsForUserAgent,
  setVolume,
  timelineCells,
  toggleMute,
} from './player-rules.ts';
import { containedRect, motionBoxesAt, playingWallClock, polygonPoints } from './video-info-rules.ts';

const MIN = 60_000;
const base = new Date(2024, 4, 1, 9, 0, 0).getTime();

function entry(minute: number, has: boolean, extra: Partial<ArchiveEntry> = {}): ArchiveEntry {
  return {
    archive_id: has ? String(minute + 1) : null,
    start_time: new Date(base + minute * MIN).toISOString(),
    has_data: has,
    data_url: has ? `/api/archives/${minute + 1}/video` : null,
    motion_state: false,
    events: { motionDetect: [], peopleCounter: [], enterAlert: [] },
    clip_offset_sec: 0,
    ...extra,
  };
}
const motion = (spans: EventSpan[]) => ({
  motion_state: true,
  events: { motionDetect: spans, peopleCounter: [], enterAlert: [] },
});
const camera = {
  use_motion: true,
  use_people_counter: false,
  use_enter_alert: false,
  archive_hide: [] as string[],
};

describe('archive display periods (core.md §9, advanced.md §9: 1H 10 lines, 6H 6 lines, 24H 12 lines)', () => {
  it('divides each period into its lines', () => {
    expect(periodLines(1)).toEqual({ lines: 10, minutesPerLine: 6 });
    expect(periodLines(6)).toEqual({ lines: 6, minutesPerLine: 60 });
    expect(periodLines(24)).toEqual({ lines: 12, minutesPerLine: 120 });
  });
  it('starts a period at its hour, its quarter day or its day, and steps by the period', () => {
    const at = new Date(2024, 4, 1, 14, 37).getTime();
    expect(periodStartOf(at, 1)).toBe(new Date(2024, 4, 1, 14).getTime());
    expect(periodStartOf(at, 6)).toBe(new Date(2024, 4, 1, 12).getTime());
    expect(periodStartOf(at, 24)).toBe(new Date(2024, 4, 1).getTime());
    expect(nextPeriodStart(new Date(2024, 4, 1, 18).getTime(), 6)).toBe(new Date(2024, 4, 2).getTime());
    expect(nextPeriodStart(new Date(2024, 4, 1).getTime(), 24, -1)).toBe(new Date(2024, 3, 30).getTime());
    expect(nextPeriodStart(new Date(2024, 4, 1, 9).getTime(), 1)).toBe(new Date(2024, 4, 1, 10).getTime());
  });
});

describe('event marker filter (core.md §4, advanced.md §4)', () => {
  const spans = {
    motionDetect: [{ startSec: 10, endSec: 12 }],
    peopleCounter: [{ startSec: 5, endSec: 6, inOut: 'I' as const }],
    enterAlert: [{ startSec: 30, endSec: 31 }],
  };
  const minute = entry(0, true, { motion_state: true, events: spans });
  it('shows the chosen kind, or every kind for all', () => {
    expect(eventSpans(minute, 'motionDetect')).toEqual(spans.motionDetect);
    expect(eventSpans(minute, 'peopleCounter')).toEqual(spans.peopleCounter);
    expect(eventSpans(minute, 'all').map((s) => s.startSec)).toEqual([5, 10, 30]);
  });
  it('motionDetect is the default filter; it falls back to all when the camera lacks the feature', () => {
    const [withMotion] = timelineCells([minute], camera, 'motionDetect', base);
    expect(withMotion!.markers).toEqual(spans.motionDetect);
    const [noCounter] = timelineCells([minute], camera, 'peopleCounter', base);
    expect(noCounter!.markers).toHaveLength(3);
    const counting = { ...camera, use_people_counter: true };
    expect(timelineCells([minute], counting, 'peopleCounter', base)[0]!.markers).toEqual(spans.peopleCounter);
  });
});

describe('timeline cells: hidden and future archives (core.md §4)', () => {
  it('hides recordings without motion when archive_hide has no_motion and the camera uses motion', () => {
    const list = [entry(0, true), entry(1, true, motion([{ startSec: 1, endSec: 2 }])), entry(2, false)];
    const hiding = { ...camera, archive_hide: ['no_motion'] };
    const now = base + 3 * 60 * MIN; // long after: nothing is future
    expect(timelineCells(list, hiding, 'motionDetect', now).map((c) => c.state)).toEqual([
      'hidden',
      'data',
      'noData',
    ]);
    expect(timelineCells(list, { ...hiding, use_motion: false }, 'all', now).map((c) => c.state)).toEqual([
      'data',
      'data',
      'noData',
    ]);
    // Playback skips hidden minutes.
    expect(playableArchives(list, hiding).map((a) => a.has_data)).toEqual([false, true, false]);
    expect(playableArchives(list, camera)).toEqual(list);
  });

  it('marks minutes without data in the last 30 minutes and after the last recording as future', () => {
    const list = Array.from({ length: 60 }, (_, m) => entry(m, m < 40 && m !== 20));
    const now = base + 45 * MIN;
    const states = timelineCells(list, camera, 'motionDetect', now).map((c) => c.state);
    expect(states[20]).toBe('noData'); // a later minute has data
    expect(states[39]).toBe('data');
    // Up to the minute being recorded (45): future; the minutes that have not begun are blank, not future.
    expect(states.slice(40, 46).every((s) => s === 'future')).toBe(true);
    expect(states.slice(46).every((s) => s === 'upcoming')).toBe(true);
    // Older than 30 minutes: no data, not future.
    expect(timelineCells(list, camera, 'motionDetect', base + 80 * MIN)[45]!.state).toBe('noData');
  });

  it('24H of today: the later hours are upcoming, only the last 30 minutes are future (core.md §4)', () => {
    // The day from 09:00; recorded until 11:58, now 12:00:30 (issue 17 point 8).
    const day = Array.from({ length: 24 * 60 }, (_, m) => entry(m, m < 179));
    const states = timelineCells(day, camera, 'motionDetect', base + 180 * MIN + 30_000).map((c) => c.state);
    expect(states.slice(0, 179).every((s) => s === 'data')).toBe(true);
    expect(states.slice(179, 181)).toEqual(['future', 'future']);
    expect(states.slice(181).every((s) => s === 'upcoming')).toBe(true);
    expect(states.filter((s) => s === 'future')).toHaveLength(2);
  });

  it('re-fetches the hour of the first future archive, and merges the new minutes in', () => {
    const list = Array.from({ length: 120 }, (_, m) => entry(m, m < 65));
    expect(futureHourToRefetch(list, base + 70 * MIN)).toBe(base + 60 * MIN);
    expect(futureHourToRefetch(list, base + 200 * MIN)).toBeNull();
    const update = Array.from({ length: 60 }, (_, m) => entry(60 + m, 60 + m < 67));
    const merged = mergeArchives(list, update);
    expect(merged.filter((a) => a.has_data)).toHaveLength(67);
    expect(merged[10]).toBe(list[10]); // untouched entries keep their identity
    expect(mergeArchives(list, list.slice(60))).toBe(list); // nothing new: the same list
  });
});

describe('controller (core.md §4, §9)', () => {
  it('shows for 3 s after a mouse move, and while hovered, focused within or a menu is open', () => {
    const idle = { isHovered: false, hasFocusWithin: false, isMenuOpen: false };
    expect(isControllerShown({ ...idle, msSinceActivity: 2999 })).toBe(true);
    expect(isControllerShown({ ...idle, msSinceActivity: 3000 })).toBe(false);
    expect(isControllerShown({ ...idle, msSinceActivity: 10_000, isHovered: true })).toBe(true);
    expect(isControllerShown({ ...idle, msSinceActivity: 10_000, hasFocusWithin: true })).toBe(true);
    expect(isControllerShown({ ...idle, msSinceActivity: 10_000, isMenuOpen: true })).toBe(true);
  });

  it('cycles speeds 1, 2, 4, 8, 12; Edge and Safari skip 2x (by user agent)', () => {
    const chrome =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
    const edge = `${chrome} Edg/130.0.2849.68`;
    const safari =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
    const firefox = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';
    const iosChrome =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/130.0.6723.90 Mobile/15E148 Safari/604.1';
    expect(playSpeedsForUserAgent(chrome)).toEqual([1, 2, 4, 8, 12]);
    expect(playSpeedsForUserAgent(firefox)).toEqual([1, 2, 4, 8, 12]);
    expect(playSpeedsForUserAgent(iosChrome)).toEqual([1, 2, 4, 8, 12]);
    expect(playSpeedsForUserAgent(chrome.replace('Chrome/', 'HeadlessChrome/'))).toEqual([1, 2, 4, 8, 12]);
    expect(playSpeedsForUserAgent(edge)).toEqual([1, 4, 8, 12]);
    expect(playSpeedsForUserAgent(safari)).toEqual([1, 4, 8, 12]);
  });

  it('starts at volume 0.5; mute restores the previous volume, also after the slider went to 0', () => {
    expect(initialVolume).toEqual({ volume: 0.5, isMuted: false, previous: 0.5 });
    const louder = setVolume(initialVolume, 0.8);
    const muted = toggleMute(louder);
    expect(muted.isMuted).toBe(true);
    expect(toggleMute(muted)).toEqual({ volume: 0.8, isMuted: false, previous: 0.8 });
    // Slider down to 0 reads as muted; unmuting goes back to the last audible volume, not silence.
    const silent = setVolume(louder, 0);
    expect(silent).toEqual({ volume: 0, isMuted: true, previous: 0.8 });
    expect(toggleMute(silent)).toEqual({ volume: 0.8, isMuted: false, previous: 0.8 });
    // Moving the slider while muted unmutes at that volume.
    expect(setVolume(muted, 0.3)).toEqual({ volume: 0.3, isMuted: false, previous: 0.3 });
    expect(setVolume(initialVolume, 0.30000000000000004).volume).toBe(0.3);
  });
});

describe('video info (core.md §2)', () => {
  it('writes the playing clip’s wall-clock time as YYYY-MM-DD HH:mm:ss (core.md §9)', () => {
    expect(formatDateTime(playingWallClock(base, 12.7))).toBe('2024-05-01 09:00:12');
    expect(formatDateTime(playingWallClock(base + 59 * MIN, 59.9))).toBe('2024-05-01 09:59:59');
    // A clip that began 49 s into its minute (an agent started mid-minute): its 9th second is 09:00:58.
    expect(formatDateTime(playingWallClock(base, 9.2, 49))).toBe('2024-05-01 09:00:58');
  });

  it('scales the motion area to the displayed video rectangle (object-fit: contain)', () => {
    // A 16:9 video in a 4:3 box: letterboxed top and bottom.
    const rect = containedRect(800, 600, 1280, 720);
    expect(rect).toEqual({ x: 0, y: 75, width: 800, height: 450 });
    expect(containedRect(1000, 450, 1280, 720)).toEqual({ x: 100, y: 0, width: 800, height: 450 });
    expect(
      polygonPoints(
        [
          { x: 0, y: 0 },
          { x: 1, y: 0.5 },
        ],
        rect,
      ),
    ).toBe('0,75 800,300');
  });

  it('shows the boxes of the analysed frame at the playing position, only while it is recent', () => {
    const frames = [
      { sec: 10, boxes: [{ x: 0.1, y: 0.1, w: 0.2, h: 0.2 }] },
      { sec: 10.2, boxes: [{ x: 0.2, y: 0.1, w: 0.2, h: 0.2 }] },
    ];
    expect(motionBoxesAt(frames, 9.5)).toEqual([]);
    expect(motionBoxesAt(frames, 10.1)).toEqual(frames[0]!.boxes);
    expect(motionBoxesAt(frames, 10.3)).toEqual(frames[1]!.boxes);
    expect(motionBoxesAt(frames, 11)).toEqual([]);
  });
});

describe('live mode (core.md §3, §4; advanced.md §4)', () => {
  it('plays HLS for streaming cameras, images otherwise, nothing for L21 and no-live cameras', () => {
    const cam = { use_streaming: false, use_nolive: false, model_code: 'CW-BOX2' };
    expect(liveModeOf(cam)).toBe('images');
    expect(liveModeOf({ ...cam, use_streaming: true })).toBe('hls');
    expect(liveModeOf({ ...cam, use_nolive: true, use_streaming: true })).toBe('unsupported');
    expect(liveModeOf({ ...cam, model_code: 'L21' })).toBe('unsupported');
  });
});
