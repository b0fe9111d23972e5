import { describe, expect, it } from 'vitest';
import { snapshotsQuery, streamingBody, streamingResultSchema } from './live.ts';

describe('streaming', () => {
  it('core.md §7: mode live with expires', () => {
    expect(streamingBody.parse({ mode: 'live', expires: 43200 })).toEqual({ mode: 'live', expires: 43200 });
  });

  it('core.md §9: live expiry at most 43200 s, archive expiry at most 3600 s', () => {
    expect(streamingBody.safeParse({ mode: 'live', expires: 43201 }).success).toBe(false);
    const onDemand = {
      mode: 'on_demand',
      start_datetime: '2024-05-01T09:00:00+09:00',
      end_datetime: '2024-05-01T09:01:00+09:00',
      expires: 3600,
    };
    expect(streamingBody.safeParse(onDemand).success).toBe(true);
    expect(streamingBody.safeParse({ ...onDemand, expires: 3601 }).success).toBe(false);
  });

  it('core.md §7: on_demand needs start_datetime before end_datetime', () => {
    const body = {
      mode: 'on_demand',
      start_datetime: '2024-05-01T09:01:00Z',
      end_datetime: '2024-05-01T09:00:00Z',
      expires: 60,
    };
    expect(streamingBody.safeParse(body).success).toBe(false);
    expect(streamingBody.safeParse({ mode: 'on_demand', expires: 60 }).success).toBe(false);
  });

  it('core.md §7: the answer is data.url or result failed with data.reason', () => {
    expect(streamingResultSchema.safeParse({ data: { url: 'https://x/a.m3u8' } }).success).toBe(true);
    expect(streamingResultSchema.safeParse({ result: 'failed', data: { reason: 'no_data' } }).success).toBe(
      true,
    );
    expect(streamingResultSchema.safeParse({ result: 'failed', data: { reason: 'other' } }).success).toBe(
      false,
    );
  });
});

describe('snapshots', () => {
  it('core.md §7: startDatetime and endDatetime cover at most the last 60 minutes', () => {
    const q = { startDatetime: '2024-05-01T09:00:00Z', endDatetime: '2024-05-01T10:00:00Z' };
    expect(snapshotsQuery.safeParse(q).success).toBe(true);
    expect(snapshotsQuery.safeParse({ ...q, endDatetime: '2024-05-01T10:00:01Z' }).success).toBe(false);
    expect(snapshotsQuery.safeParse({ ...q, endDatetime: '2024-05-01T08:59:00Z' }).success).toBe(false);
  });
});
