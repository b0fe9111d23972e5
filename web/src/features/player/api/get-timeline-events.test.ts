import { afterEach, describe, expect, it, vi } from 'vitest';
import { getTimelineEvents } from './get-timeline-events.ts';

describe("the continuous timeline's events call", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for one camera and the strip’s kinds by the keys the server reads (camera[], kind[])', async () => {
    const urls: string[] = [];
    vi.stubGlobal('fetch', (url: string) => {
      urls.push(url);
      return Promise.resolve(
        new Response(JSON.stringify({ data: { events: [], next_cursor: null } }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    await getTimelineEvents('cam-1', Date.UTC(2026, 10, 26, 0), Date.UTC(2026, 10, 26, 1));
    expect(urls).toHaveLength(1);
    const search = new URL(urls[0]!, 'http://localhost').searchParams;
    // A key sent as `camera[][]` is ignored by the server, which then answers every camera's events.
    expect(search.getAll('camera[]')).toEqual(['cam-1']);
    expect(search.getAll('kind[]')).toEqual(['person', 'camera_down', 'camera_up']);
    expect([...search.keys()].some((key) => key.endsWith('[][]'))).toBe(false);
  });
});
