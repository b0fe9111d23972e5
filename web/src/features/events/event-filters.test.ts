// The events page's rules (issue 22): filters kept in the address and the query they make, the keyboard's moves,
// the recording's address, the hover preview's window, and marks applied to loaded pages.
import { describe, expect, it } from 'vitest';
import { unreviewedBadge } from '@camwatch/contract/events-rules';
import { nextLocalMidnight, parseDateInput, toOffsetIso } from '../../lib/local-time.ts';
import {
  EMPTY_EVENT_FILTERS,
  eventFiltersFromSearch,
  eventFiltersToSearch,
  eventRecordingPath,
  eventsQueryOf,
  listKeyOf,
  movedIndex,
  previewWindow,
  withMarks,
} from './event-filters.ts';

describe('filters in the address', () => {
  it('round-trips every filter and drops what is not one', () => {
    const search = new URLSearchParams(
      'camera=cam-1&tag=t1&site=loc-1&kind=person&kind=fire&kind=motion&from=2026-11-01&to=2026-13-40',
    );
    const filters = eventFiltersFromSearch(search);
    expect(filters).toEqual({
      camera: 'cam-1',
      tag: 't1',
      site: 'loc-1',
      // In the order of the kinds, unknown ones left out.
      kinds: ['motion', 'person'],
      from: '2026-11-01',
      to: '',
    });
    expect(eventFiltersFromSearch(eventFiltersToSearch(filters))).toEqual(filters);
    expect(eventFiltersToSearch(EMPTY_EVENT_FILTERS).toString()).toBe('');
  });

  it('makes the call’s query: whole local days, the last one included', () => {
    const built = eventsQueryOf({
      ...EMPTY_EVENT_FILTERS,
      camera: 'cam-1',
      site: 'loc-1',
      kinds: ['entry'],
      from: '2026-11-01',
      to: '2026-11-02',
    });
    expect(built).toEqual({
      query: {
        camera: ['cam-1'],
        location: 'loc-1',
        kind: ['entry'],
        from: toOffsetIso(parseDateInput('2026-11-01')),
        to: toOffsetIso(nextLocalMidnight(parseDateInput('2026-11-02'))),
      },
    });
    expect(eventsQueryOf(EMPTY_EVENT_FILTERS)).toEqual({ query: {} });
    expect(eventsQueryOf({ ...EMPTY_EVENT_FILTERS, from: '2026-11-03', to: '2026-11-02' })).toEqual({
      problem: 'toBeforeFrom',
    });
  });
});

describe('keyboard', () => {
  it('maps j/k, the arrows, Enter, r, Home and End', () => {
    expect(['j', 'ArrowDown', 'k', 'ArrowUp', 'Enter', 'r', 'Home', 'End', 'x'].map(listKeyOf)).toEqual([
      'next',
      'next',
      'previous',
      'previous',
      'open',
      'review',
      'first',
      'last',
      null,
    ]);
  });

  it('moves within the list and stops at its ends', () => {
    expect(movedIndex(-1, 'next', 5)).toBe(0);
    expect(movedIndex(-1, 'previous', 5)).toBe(0);
    expect(movedIndex(2, 'next', 5)).toBe(3);
    expect(movedIndex(4, 'next', 5)).toBe(4);
    expect(movedIndex(0, 'previous', 5)).toBe(0);
    expect(movedIndex(3, 'first', 5)).toBe(0);
    expect(movedIndex(0, 'last', 5)).toBe(4);
    expect(movedIndex(-1, 'next', 0)).toBe(-1);
  });
});

describe('opening and previewing an event', () => {
  it('opens the detail page at the event’s moment', () => {
    expect(eventRecordingPath('cam 1', '2026-11-01T00:00:05.250Z')).toBe(
      '/detail/cam%201?date=2026-11-01T00%3A00%3A05.250Z',
    );
  });

  it('previews a few seconds from the event, within the clip', () => {
    expect(previewWindow(12.5, 60)).toEqual({ start: 12.5, end: 16.5 });
    expect(previewWindow(58, 60)).toEqual({ start: 56, end: 60 });
    expect(previewWindow(3, 2)).toEqual({ start: 0, end: 2 });
    expect(previewWindow(7, Number.NaN)).toEqual({ start: 7, end: 11 });
  });
});

describe('reviewed marks', () => {
  const page = {
    next_cursor: null,
    events: [
      { id: '12', reviewed: false },
      { id: '9', reviewed: false },
      { id: '7', reviewed: true },
      { id: '3', reviewed: false },
    ],
  };

  it('marks the events named, or every event up to one (by id, as the server does)', () => {
    expect(withMarks(page, { ids: ['9'] }).events.map((e) => e.reviewed)).toEqual([false, true, true, false]);
    expect(withMarks(page, { through_id: '9' }).events.map((e) => e.reviewed)).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('shows the count as the navigation does: nothing, the number, or 99+', () => {
    expect([0, 1, 99, 100].map(unreviewedBadge)).toEqual([null, '1', '99', '99+']);
  });
});
