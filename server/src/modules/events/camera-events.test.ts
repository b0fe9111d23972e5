// The finders' results as events, and which index ranges a page reads for its filters (issue 22).
import { describe, expect, it } from 'vitest';
import { CAMERA_EVENT_KINDS } from '@camwatch/contract/events-rules';
import {
  MAX_PAGE_BRANCHES,
  entryEvents,
  motionEvents,
  passEvents,
  personEvents,
  planEventPage,
} from './camera-events.ts';

const minute = new Date('2026-05-01T09:00:00Z');
const at = (sec: number) => new Date(minute.getTime() + sec * 1000);
const ALL = CAMERA_EVENT_KINDS.length;

describe('events of a clip', () => {
  it('a minute with motion is one event from the first movement to the end of the last', () => {
    expect(motionEvents(minute, [])).toEqual([]);
    expect(
      motionEvents(minute, [
        { startSec: 3.2, endSec: 4 },
        { startSec: 40, endSec: 51.0004 },
      ]),
    ).toEqual([{ at: at(3.2), endsAt: at(51), detail: { movements: 2 } }]);
  });

  it('an entry alert continuing the previous minute is not a new event', () => {
    expect(
      entryEvents(minute, [
        { startSec: 0, endSec: 3, areaName: 'A', continued: true },
        { startSec: 12, endSec: 20, areaName: 'B' },
      ]),
    ).toEqual([{ at: at(12), endsAt: at(20), detail: { area_name: 'B' } }]);
  });

  it('a person is an event in the clip whose analysis started tracking them', () => {
    const point = (t: number) => ({ t, box: { x: 0, y: 0, w: 0.1, h: 0.2 }, score: 0.9 });
    const tracks = [
      { id: 'abc-1', points: [point(2), point(9)], maxScore: 0.9, descriptor: null },
      { id: 'abb-4', points: [point(0), point(5)], maxScore: 0.9, descriptor: null }, // carried on
      { id: 'abc-2', points: [], maxScore: 0.9, descriptor: null },
      { id: 'abc.5000-1', points: [point(6)], maxScore: 0.9, descriptor: null }, // another piece's
    ];
    expect(personEvents(minute, tracks, 'abc-')).toEqual([{ at: at(2), endsAt: at(9), detail: {} }]);
  });

  it('a pass begins where it began, possibly in the minute before', () => {
    expect(passEvents(minute, [{ inOut: 'I', startSec: -1.5, endSec: 2, isStaff: false }])).toEqual([
      { at: at(-1.5), endsAt: at(2), detail: { in_out: 'I', is_staff: false } },
    ]);
  });
});

describe('planEventPage', () => {
  it('reads the customer index without filters, one branch per kind for some kinds', () => {
    expect(planEventPage(null, null, ALL)).toEqual({ kind: 'customer', cameraIds: null, kinds: null });
    expect(planEventPage(null, [...CAMERA_EVENT_KINDS], ALL)).toEqual({
      kind: 'customer',
      cameraIds: null,
      kinds: null,
    });
    expect(planEventPage(null, ['motion', 'entry'], ALL)).toMatchObject({
      kind: 'branches',
      branches: [
        { cameraId: null, kind: 'motion' },
        { cameraId: null, kind: 'entry' },
      ],
    });
  });

  it('reads each camera (and kind) while the branches stay few, filters the rows beyond', () => {
    expect(planEventPage([1, 2], ['person'], ALL)).toMatchObject({
      kind: 'branches',
      branches: [
        { cameraId: 1, kind: 'person' },
        { cameraId: 2, kind: 'person' },
      ],
    });
    const many = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(planEventPage(many, ['person', 'motion', 'entry', 'camera_up'], ALL)).toMatchObject({
      kind: 'branches',
      kinds: ['person', 'motion', 'entry', 'camera_up'],
    });
    const tooMany = Array.from({ length: MAX_PAGE_BRANCHES + 1 }, (_, i) => i + 1);
    expect(planEventPage(tooMany, null, ALL)).toEqual({ kind: 'customer', cameraIds: tooMany, kinds: null });
    expect(planEventPage(tooMany, ['motion'], ALL)).toEqual({
      kind: 'branches',
      branches: [{ cameraId: null, kind: 'motion' }],
      cameraIds: tooMany,
      kinds: null,
    });
  });
});
