import { describe, expect, it } from 'vitest';
import { archiveEntrySchema, archivesQuery } from './archives.ts';

describe('archives query', () => {
  it('core.md §7: period in hours, one of 1, 6, 12, 24', () => {
    const start_date = '2024-05-01T09:00:00+09:00';
    for (const period of ['1', '6', '12', '24'])
      expect(archivesQuery.parse({ start_date, period }).period).toBe(Number(period));
    expect(archivesQuery.safeParse({ start_date, period: '2' }).success).toBe(false);
    expect(archivesQuery.safeParse({ start_date: 'yesterday', period: '1' }).success).toBe(false);
  });
});

describe('archive entry', () => {
  it('core.md §3: events carry motionDetect, peopleCounter with inOut I or O, and enterAlert', () => {
    const entry = {
      archive_id: '42',
      start_time: '2024-05-01T09:00:00+09:00',
      has_data: true,
      data_url: '/api/archives/42/video',
      motion_state: true,
      events: {
        motionDetect: [{ startSec: 3, endSec: 10 }],
        peopleCounter: [{ inOut: 'I', startSec: 5, endSec: 6 }],
        enterAlert: [],
      },
      clip_offset_sec: 0,
    };
    expect(archiveEntrySchema.parse(entry)).toEqual(entry);
    // Where the clip begins in its minute is part of the entry (an agent that started mid-minute).
    expect(archiveEntrySchema.safeParse({ ...entry, clip_offset_sec: 12.5 }).success).toBe(true);
    expect(archiveEntrySchema.safeParse({ ...entry, clip_offset_sec: -1 }).success).toBe(false);
    const badInOut = {
      ...entry,
      events: { ...entry.events, peopleCounter: [{ inOut: 'X', startSec: 1, endSec: 2 }] },
    };
    expect(archiveEntrySchema.safeParse(badInOut).success).toBe(false);
    expect(
      archiveEntrySchema.safeParse({ ...entry, has_data: false, data_url: null, archive_id: null }).success,
    ).toBe(true);
  });
});
