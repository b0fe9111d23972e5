// Issue 22, continuous timeline: zoom keeps the moment under the pointer in place and stays within 10 minutes
// to 7 days; pan stops at now and at the oldest moment shown; pixels and moments convert both ways; ticks fall
// on round local times; buckets are picked so the strip needs at most one per two pixels and asked in aligned
// pages; coverage becomes segments (hidden no-motion minutes count as gaps); a scrub over a gap plays the next
// recording; a selected range is trimmed to its recordings, refused when empty or longer than a download.
import { describe, expect, it } from 'vitest';
import type { Coverage } from '@camwatch/contract/coverage';
import {
  COVERAGE_MAX_BUCKETS,
  coverageBucketCount,
  coverageBucketFor,
  coveragePageMs,
  coveragePages,
} from '@camwatch/contract/coverage-rules';
import {
  clampView,
  coverageSegments,
  initialView,
  MAX_SPAN_MS,
  MIN_SPAN_MS,
  normalizeRange,
  panView,
  playableMoment,
  rangeVerdict,
  ticksFor,
  timeAt,
  viewBounds,
  xOf,
  zoomView,
} from './continuous-timeline-rules.ts';
import { continuousTimelineTexts } from './continuous-timeline-texts.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const NOW = Date.UTC(2026, 10, 26, 12, 0, 0); // on a whole hour in any zone with a whole-hour offset
const bounds = viewBounds(NOW, null);
const iso = (ms: number) => new Date(ms).toISOString();

describe('view: zoom and pan', () => {
  it('zooms around the anchor: the moment under the pointer keeps its place', () => {
    const view = { startMs: NOW - 6 * HOUR, endMs: NOW };
    const anchor = NOW - 2 * HOUR; // two thirds along
    const zoomed = zoomView(view, 0.5, anchor, bounds);
    expect(zoomed.endMs - zoomed.startMs).toBe(3 * HOUR);
    expect(xOf(anchor, 900, zoomed)).toBeCloseTo(xOf(anchor, 900, view));
  });

  it('keeps the span between 10 minutes and 7 days', () => {
    const view = { startMs: NOW - HOUR, endMs: NOW };
    let v = view;
    for (let i = 0; i < 20; i++) v = zoomView(v, 0.5, NOW - 30 * MIN, bounds);
    expect(v.endMs - v.startMs).toBe(MIN_SPAN_MS);
    for (let i = 0; i < 20; i++) v = zoomView(v, 2, NOW - 30 * MIN, bounds);
    expect(v.endMs - v.startMs).toBe(MAX_SPAN_MS);
    expect(v.endMs).toBeLessThanOrEqual(bounds.maxMs);
  });

  it('pans without going past a minute after now or before the oldest moment shown', () => {
    const view = { startMs: NOW - 2 * HOUR, endMs: NOW - HOUR };
    expect(panView(view, 30 * MIN, bounds)).toEqual({ startMs: NOW - 90 * MIN, endMs: NOW - 30 * MIN });
    expect(panView(view, 5 * HOUR, bounds)).toEqual({ startMs: NOW + MIN - HOUR, endMs: NOW + MIN });
    expect(panView(view, -30 * DAY, bounds).startMs).toBe(NOW - 7 * DAY);
    // A camera recording for longer may be looked at further back.
    const older = viewBounds(NOW, NOW - 20 * DAY);
    expect(panView(view, -30 * DAY, older).startMs).toBe(NOW - 20 * DAY);
  });

  it('opens on 6 hours around the playing moment, as far right as now allows', () => {
    expect(initialView(NOW - DAY, bounds)).toEqual({
      startMs: NOW - DAY - 3 * HOUR,
      endMs: NOW - DAY + 3 * HOUR,
    });
    expect(initialView(NOW - 2 * MIN, bounds)).toEqual({ startMs: NOW + MIN - 6 * HOUR, endMs: NOW + MIN });
  });

  it('does not shrink a window moved back into bounds', () => {
    const moved = clampView({ startMs: NOW, endMs: NOW + 2 * HOUR }, bounds);
    expect(moved.endMs - moved.startMs).toBe(2 * HOUR);
  });

  it('converts pixels and moments both ways, clamping pixels to the strip', () => {
    const view = { startMs: NOW - HOUR, endMs: NOW };
    expect(timeAt(450, 900, view)).toBe(NOW - 30 * MIN);
    expect(timeAt(-20, 900, view)).toBe(NOW - HOUR);
    expect(timeAt(2000, 900, view)).toBe(NOW);
    expect(xOf(NOW - 15 * MIN, 900, view)).toBe(675);
  });
});

describe('ticks', () => {
  it('falls on round local times at least 72 px apart, midnights marked as days', () => {
    // 6 hours on 900 px: every hour is 150 px, 30 minutes 75 px.
    const ticks = ticksFor({ startMs: NOW - 6 * HOUR + 60_000, endMs: NOW + 60_000 }, 900);
    expect(ticks.map((t) => new Date(t.ms).getMinutes() % 30)).toEqual(ticks.map(() => 0));
    expect(ticks[1]!.ms - ticks[0]!.ms).toBe(30 * MIN);
    // 3 days on 900 px: every 6 hours, the local midnights marked as days.
    const quarters = ticksFor({ startMs: NOW - 3 * DAY, endMs: NOW }, 900);
    expect(quarters.map((t) => new Date(t.ms).getHours() % 6)).toEqual(quarters.map(() => 0));
    expect(quarters.filter((t) => t.isDay).map((t) => new Date(t.ms).getHours())).toEqual([0, 0, 0]);
    // 7 days on 600 px: only the local midnights remain.
    const days = ticksFor({ startMs: NOW - 7 * DAY, endMs: NOW }, 600);
    expect(days.every((t) => t.isDay && new Date(t.ms).getHours() === 0)).toBe(true);
    expect(days).toHaveLength(7);
  });
});

describe('buckets and pages', () => {
  it('picks the smallest step with at most one bucket per two pixels', () => {
    expect(coverageBucketFor(HOUR, 450)).toBe(60);
    expect(coverageBucketFor(6 * HOUR, 450)).toBe(60);
    expect(coverageBucketFor(24 * HOUR, 450)).toBe(300);
    expect(coverageBucketFor(7 * DAY, 450)).toBe(1800);
    expect(coverageBucketFor(7 * DAY, 10)).toBe(7200);
  });

  it('asks in pages of 360 buckets (7 days at most) aligned to their length, within the call’s limits', () => {
    expect(coveragePageMs(60)).toBe(6 * HOUR);
    expect(coveragePageMs(3600)).toBe(7 * DAY);
    const pages = coveragePages(NOW - 6 * HOUR - MIN, NOW + MIN, 60);
    expect(pages).toHaveLength(3);
    expect(pages.every((p) => p % (6 * HOUR) === 0)).toBe(true);
    for (const step of [60, 120, 300, 600, 900, 1800, 3600, 7200])
      expect(coverageBucketCount(0, coveragePageMs(step), step)).toBeLessThanOrEqual(COVERAGE_MAX_BUCKETS);
  });
});

const answer = (
  buckets: { at: number; sec: number; motion?: number; enter?: number; people?: number }[],
  bucketSec = 60,
  extra: Partial<Coverage> = {},
): Coverage => ({
  from: iso(NOW - DAY),
  to: iso(NOW),
  bucket_sec: bucketSec,
  buckets: buckets.map((b) => ({
    start: iso(b.at),
    recorded_sec: b.sec,
    motion: b.motion ?? 0,
    enter_alert: b.enter ?? 0,
    people: b.people ?? 0,
  })),
  first_recorded: iso(NOW - 2 * DAY),
  last_recorded: iso(NOW - MIN),
  ...extra,
});

describe('segments and scrubbing', () => {
  it('turns buckets into recorded shares with their marks; hidden no-motion minutes count as gaps', () => {
    const coverage = answer([{ at: NOW - 10 * MIN, sec: 600, motion: 2, people: 1 }], 600);
    const [segment] = coverageSegments([coverage], false);
    expect(segment).toEqual({
      startMs: NOW - 10 * MIN,
      endMs: NOW,
      share: 1,
      motion: 2,
      enterAlert: 0,
      people: 1,
    });
    expect(coverageSegments([coverage], true)[0]!.share).toBeCloseTo(0.2);
  });

  it('plays a recorded moment itself, and from a gap the next recording after it', () => {
    const segments = coverageSegments(
      [
        answer([
          { at: NOW - 30 * MIN, sec: 60 },
          { at: NOW - 10 * MIN, sec: 30 },
        ]),
      ],
      false,
    );
    expect(playableMoment(segments, NOW - 30 * MIN + 5_000)).toBe(NOW - 30 * MIN + 5_000);
    expect(playableMoment(segments, NOW - 20 * MIN)).toBe(NOW - 10 * MIN);
    expect(playableMoment(segments, NOW - 5 * MIN)).toBeNull();
  });
});

describe('selected ranges', () => {
  it('covers whole minutes in either drag direction, never past now', () => {
    expect(normalizeRange(NOW - 5 * MIN + 20_000, NOW - 10 * MIN - 5_000, NOW)).toEqual({
      startMs: NOW - 11 * MIN,
      endMs: NOW - 4 * MIN,
    });
    expect(normalizeRange(NOW - MIN, NOW + HOUR, NOW)).toEqual({ startMs: NOW - MIN, endMs: NOW });
    expect(normalizeRange(NOW - 3 * MIN, NOW - 3 * MIN, NOW).endMs).toBe(NOW - 2 * MIN);
  });

  it('trims to the recordings and counts the recorded minutes', () => {
    const range = { startMs: NOW - HOUR, endMs: NOW - 10 * MIN };
    const verdict = rangeVerdict(
      range,
      answer([
        { at: NOW - 40 * MIN, sec: 60 },
        { at: NOW - 20 * MIN, sec: 30 },
      ]),
    );
    expect(verdict).toEqual({
      kind: 'ok',
      range: { startMs: NOW - 40 * MIN, endMs: NOW - 19 * MIN },
      isTrimmed: true,
      recordedMin: 2,
      spanMin: 21,
      isPartial: true,
    });
    // A first clip begun 20 s into its minute is not worth a note.
    const late = rangeVerdict(
      { startMs: NOW - 3 * MIN, endMs: NOW - MIN },
      answer([
        { at: NOW - 3 * MIN, sec: 40 },
        { at: NOW - 2 * MIN, sec: 60 },
      ]),
    );
    expect(late).toMatchObject({ kind: 'ok', isTrimmed: false, isPartial: false });
  });

  it('says when nothing was recorded, and whether the range lies before the first or after the last recording', () => {
    const before = rangeVerdict({ startMs: NOW - 5 * DAY, endMs: NOW - 4 * DAY }, answer([], 600));
    expect(before).toMatchObject({ kind: 'nothing', beforeFirst: true, afterLast: false });
    const gap = rangeVerdict({ startMs: NOW - DAY, endMs: NOW - DAY + HOUR }, answer([]));
    expect(gap).toMatchObject({ kind: 'nothing', beforeFirst: false, afterLast: false });
    const after = rangeVerdict(
      { startMs: NOW - 30 * MIN, endMs: NOW },
      answer([], 60, { last_recorded: iso(NOW - HOUR) }),
    );
    expect(after).toMatchObject({ kind: 'nothing', afterLast: true });
    const never = rangeVerdict(
      { startMs: NOW - HOUR, endMs: NOW },
      answer([], 60, { first_recorded: null, last_recorded: null }),
    );
    expect(never).toMatchObject({ kind: 'nothing', beforeFirst: true });
  });

  it('refuses recordings spanning more than a download allows (24 hours)', () => {
    const range = { startMs: NOW - 3 * DAY, endMs: NOW };
    const verdict = rangeVerdict(
      range,
      answer(
        [
          { at: NOW - 2 * DAY, sec: 1800 },
          { at: NOW - HOUR, sec: 1800 },
        ],
        1800,
      ),
    );
    expect(verdict).toMatchObject({ kind: 'tooLong', hours: 48 });
  });
});

describe('texts', () => {
  const keys = (node: object, prefix = ''): string[] =>
    Object.entries(node).flatMap(([key, value]) =>
      typeof value === 'object' && value !== null
        ? keys(value as object, `${prefix}${key}.`)
        : [`${prefix}${key}`],
    );
  it('has the same keys in Japanese and English', () => {
    expect(keys(continuousTimelineTexts.en).sort()).toEqual(keys(continuousTimelineTexts.ja).sort());
  });
});
