import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LivePoller, type LivePollerDeps, type LiveTileState } from './live-poller.ts';

class Refused extends Error {}

function setup(codes: string[], overrides: Partial<LivePollerDeps> = {}) {
  const asked: string[] = [];
  const drawn: string[] = [];
  const states = new Map<string, LiveTileState>();
  const starts: string[] = [];
  let frame = 0;
  const deps: LivePollerDeps = {
    startLive: async (code) => {
      starts.push(code);
      return { url: `/api/cameras/${code}/live/image`, isApi: true };
    },
    fetchImage: async (url) => {
      asked.push(url.split('/')[3]!);
      return { kind: 'frame', blob: new Blob(['x']), frameTime: ++frame };
    },
    isRefusal: (error) => error instanceof Refused,
    onFrame: async (code) => {
      drawn.push(code);
      return true;
    },
    onState: (code, state) => states.set(code, state),
    now: () => Date.now(),
    ...overrides,
  };
  const poller = new LivePoller(codes, deps);
  return { poller, asked, drawn, states, starts };
}

describe('core.md §9 the wall’s live update interval: 1000 ms ÷ live cameras, one shared poller', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('ticks every 250 ms for 4 cameras and asks each camera once a second, in turn', async () => {
    const { poller, asked, drawn, states } = setup(['a', 'b', 'c', 'd']);
    expect(poller.intervalMs).toBe(250);
    poller.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['a', 'b', 'c', 'd']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['a', 'b', 'c', 'd', 'a', 'b', 'c', 'd']);
    expect(drawn).toHaveLength(8);
    expect(states.get('c')).toBe('playing');
    expect(poller.stats.frames).toBe(8);
    poller.stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(asked).toHaveLength(8);
  });

  it('pause stops asking and drawing, live stays started; resume asks again in turn', async () => {
    const { poller, asked, drawn, starts } = setup(['a', 'b']);
    poller.start();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['a', 'b']);
    poller.pause();
    await vi.advanceTimersByTimeAsync(5000);
    expect(asked).toEqual(['a', 'b']);
    expect(drawn).toHaveLength(2);
    expect(starts).toEqual(['a', 'b']);
    poller.resume();
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toEqual(['a', 'b', 'a', 'b']);
    expect(drawn).toHaveLength(4);
    poller.stop();
  });

  it('core.md §4 a refused start shows cannot live and that camera is skipped', async () => {
    const { poller, asked, states } = setup(['a', 'b'], {
      startLive: async (code) => {
        if (code === 'b') throw new Refused();
        return { url: `/api/cameras/${code}/live/image`, isApi: true };
      },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(2000);
    expect(states.get('b')).toBe('cannotLive');
    expect(asked.every((code) => code === 'a')).toBe(true);
    expect(asked.length).toBe(4);
    poller.stop();
  });

  it('never has two requests in flight for one camera', async () => {
    let open = 0;
    let maxOpen = 0;
    const { poller } = setup(['a'], {
      fetchImage: async () => {
        open++;
        maxOpen = Math.max(maxOpen, open);
        await new Promise((resolve) => setTimeout(resolve, 2500)); // the server's long wait
        open--;
        return { kind: 'none' };
      },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(6000);
    expect(maxOpen).toBe(1);
    poller.stop();
  });

  it('core.md §7 renews live every 60 s', async () => {
    const { poller, starts } = setup(['a', 'b']);
    poller.start();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(starts.filter((code) => code === 'a')).toHaveLength(2);
    poller.stop();
  });

  it('core.md §8 waits a growing delay after failed images', async () => {
    const { poller, asked } = setup(['a'], {
      fetchImage: async (url) => {
        asked.push(url);
        throw new Error('no answer');
      },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(1000); // asked at 1 s, then waits 1 s
    await vi.advanceTimersByTimeAsync(1000); // asked at 2 s, then waits 1.5 s
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(asked).toHaveLength(3);
    poller.stop();
  });

  it('issue 17: starts that keep failing (5xx, no answer) say cannot live, and the tile plays once live starts', async () => {
    let isDown = true;
    const { poller, states, starts } = setup(['a'], {
      startLive: async (code) => {
        starts.push(code);
        if (isDown) throw new Error('HTTP 500');
        return { url: `/api/cameras/${code}/live/image`, isApi: true };
      },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(states.get('a')).not.toBe('cannotLive');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(states.get('a')).toBe('cannotLive');
    isDown = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(states.get('a')).toBe('playing');
    poller.stop();
  });

  it('issue 17: live that brings no picture for 60 s says cannot live, and plays when pictures come back', async () => {
    let hasPictures = false;
    let frame = 0;
    const { poller, states } = setup(['a'], {
      fetchImage: async () => {
        await new Promise((resolve) => setTimeout(resolve, 2500)); // the server's long wait, then nothing newer
        return hasPictures ? { kind: 'frame', blob: new Blob(['x']), frameTime: ++frame } : { kind: 'none' };
      },
    });
    poller.start();
    await vi.advanceTimersByTimeAsync(55_000);
    expect(states.get('a')).toBeUndefined(); // still loading
    await vi.advanceTimersByTimeAsync(10_000);
    expect(states.get('a')).toBe('cannotLive');
    hasPictures = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(states.get('a')).toBe('playing');
    poller.stop();
  });
});
