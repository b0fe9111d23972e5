// The agent's side of the fMP4 live stream: nothing is sent until a stream is wanted; then the init segment
// and the picture since the last keyframe at once, then each fragment; a backed-up or closed channel drops
// fragments up to the next keyframe; `stream on` again (the channel reconnected) starts over from the
// init segment; another ffmpeg run's fragments wait for its own init segment.
import { decodeFmp4Message } from '@camwatch/contract/live-fmp4';
import { describe, expect, it } from 'vitest';
import { FRAGMENT_BACKLOG_BYTES, LiveFragments } from '../src/live/live-fragments.ts';
import { silentLogger } from '../src/logger.ts';

const box = (type: string, tag: number) => {
  const b = Buffer.alloc(12);
  b.writeUInt32BE(12, 0);
  b.write(type, 4, 'latin1');
  b.writeUInt32BE(tag, 8);
  return b;
};
const init = (tag = 0) => ({ kind: 'init' as const, data: box('ftyp', tag) });
const frag = (sequence: number, keyframe = false) => ({
  kind: 'fragment' as const,
  data: box('moof', sequence),
  keyframe,
  sequence,
});

function setup() {
  const sent: string[] = [];
  const sink = {
    open: true,
    bufferedAmount: 0,
    sendBinary(data: Uint8Array) {
      if (!sink.open) return false;
      const message = decodeFmp4Message(data)!;
      const b = Buffer.from(message.data);
      sent.push(`${b.toString('latin1', 4, 8)}:${b.readUInt32BE(8)}${message.keyframe ? 'k' : ''}`);
      return true;
    },
  };
  return { sent, sink, fragments: new LiveFragments({ sink, logger: silentLogger }) };
}

describe('LiveFragments', () => {
  it('sends nothing until wanted, then the init segment and the picture so far, then each fragment', () => {
    const { sent, fragments } = setup();
    fragments.offer(init(), 1);
    fragments.offer(frag(1, true), 1);
    fragments.offer(frag(2), 1);
    expect(sent).toEqual([]);
    fragments.setStreaming(true);
    expect(sent).toEqual(['ftyp:0', 'moof:1k', 'moof:2']);
    fragments.offer(frag(3), 1);
    expect(sent.at(-1)).toBe('moof:3');
    fragments.setStreaming(false);
    fragments.offer(frag(4), 1);
    expect(sent).toHaveLength(4);
  });

  it('drops fragments up to the next keyframe when the channel backs up or is closed', () => {
    const { sent, sink, fragments } = setup();
    fragments.offer(init(), 1);
    fragments.setStreaming(true);
    fragments.offer(frag(1, true), 1);
    sink.bufferedAmount = FRAGMENT_BACKLOG_BYTES + 1;
    fragments.offer(frag(2), 1);
    sink.bufferedAmount = 0;
    fragments.offer(frag(3), 1);
    sink.open = false;
    fragments.offer(frag(4, true), 1);
    sink.open = true;
    fragments.offer(frag(5), 1);
    fragments.offer(frag(6, true), 1);
    expect(sent).toEqual(['ftyp:0', 'moof:1k', 'moof:6k']);
    expect(fragments.counts).toEqual({ sent: 2, dropped: 4 });
  });

  it('starts over from the init segment on `stream on` again; waits for a new run’s init segment', () => {
    const { sent, fragments } = setup();
    fragments.offer(init(), 1);
    fragments.setStreaming(true);
    fragments.offer(frag(1, true), 1);
    fragments.offer(frag(2), 1);
    fragments.setStreaming(true);
    expect(sent).toEqual(['ftyp:0', 'moof:1k', 'moof:2', 'ftyp:0', 'moof:1k', 'moof:2']);
    sent.length = 0;
    fragments.offer(frag(1, true), 2); // a new run, its init segment not seen yet
    fragments.offer(init(9), 2);
    fragments.offer(frag(2), 2);
    fragments.offer(frag(3, true), 2);
    expect(sent).toEqual(['ftyp:9', 'moof:3k']);
  });
});
