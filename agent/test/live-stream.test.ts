// The live HLS stream's upload rules (issue "Video pipeline" item 9) with a scripted client: segments go up
// in order only while a stream is wanted, numbered from 0 with discontinuity=1 after each (re)start, no
// backlog when uploads fall behind, `stream:false` and a refusal end it, a failed upload is skipped, and
// every segment file is deleted whatever happens to it.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LiveStream, type LiveSegmentFile } from '../src/live/live-stream.ts';
import type { DeviceAnswer } from '../src/upload/device-client.ts';
import { NetworkError } from '../src/upload/device-client.ts';
import { recordingLogger, tempDir, waitFor } from './helpers.ts';

interface Call {
  sequence: number;
  duration_ms: number;
  discontinuity: 0 | 1;
  body: string;
  answer(answer: DeviceAnswer | Error): void;
}

function setup(options: { autoAnswer?: (call: Call) => DeviceAnswer | Error } = {}) {
  const dir = tempDir('live-stream-');
  const calls: Call[] = [];
  const logger = recordingLogger();
  const stream = new LiveStream({
    cameraCode: () => 'CAM0001',
    logger,
    client: {
      putLiveSegment: (_code, sequence, query, data) =>
        new Promise<DeviceAnswer>((resolve, reject) => {
          const call: Call = {
            sequence,
            ...query,
            body: data.toString(),
            answer: (a) => (a instanceof Error ? reject(a) : resolve(a)),
          };
          calls.push(call);
          if (options.autoAnswer) call.answer(options.autoAnswer(call));
        }),
    },
  });
  let n = 0;
  /** Writes a segment file as ffmpeg would and offers it. */
  const close = (run = 1, durationMs = 1_000): LiveSegmentFile => {
    const filePath = path.join(dir, `live-${n}.ts`);
    fs.writeFileSync(filePath, `segment ${n++}`);
    const segment = { filePath, durationMs, run };
    stream.offer(segment);
    return segment;
  };
  const files = () => fs.readdirSync(dir);
  /** Every segment offered so far has been taken in: its upload started, it waits, or it was deleted. */
  const taken = () => stream.taken();
  return { stream, calls, close, files, taken, logger };
}

const ok = (stream = true): DeviceAnswer => ({ status: 200, body: { stream } });
const summary = (calls: Call[]) => calls.map((c) => [c.sequence, c.discontinuity, c.body]);

describe('LiveStream', () => {
  it('deletes segments unless a stream is wanted, then uploads them in order from 0', async () => {
    const t = setup({ autoAnswer: () => ok() });
    t.close();
    t.close();
    await t.taken();
    expect(t.calls).toHaveLength(0);
    expect(t.files()).toEqual([]);
    t.stream.setStreaming(true);
    for (let i = 1; i <= 3; i++) {
      t.close();
      await waitFor(() => t.calls.length === i);
    }
    expect(summary(t.calls)).toEqual([
      [0, 1, 'segment 2'],
      [1, 0, 'segment 3'],
      [2, 0, 'segment 4'],
    ]);
    expect(t.calls[0]!.duration_ms).toBe(1_000);
    expect(t.files()).toEqual([]);
    await t.stream.stop();
  });

  it('restarts at 0 with discontinuity=1 after a stream request and after an ffmpeg restart', async () => {
    const t = setup({ autoAnswer: () => ok() });
    t.stream.setStreaming(true);
    t.close(1);
    t.close(1);
    await waitFor(() => t.calls.length === 2);
    t.stream.setStreaming(false);
    t.close(1);
    await t.taken();
    t.stream.setStreaming(true);
    t.close(1);
    t.close(1);
    await waitFor(() => t.calls.length === 4);
    t.close(2); // ffmpeg restarted
    t.close(2);
    await waitFor(() => t.calls.length === 6);
    expect(t.calls.map((c) => [c.sequence, c.discontinuity])).toEqual([
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
      [0, 1],
      [1, 0],
    ]);
    await t.stream.stop();
  });

  it('keeps no backlog: while an upload is slow only the newest segment waits, marked discontinuity=1', async () => {
    const t = setup();
    t.stream.setStreaming(true);
    t.close();
    await waitFor(() => t.calls.length === 1);
    for (let i = 0; i < 4; i++) t.close(); // 1..4 close while 0 is still on its way
    await waitFor(() => t.files().length === 0, 5_000, 'segment files read and deleted');
    await t.taken();
    t.calls[0]!.answer(ok());
    await waitFor(() => t.calls.length === 2);
    t.calls[1]!.answer(ok());
    t.close();
    await waitFor(() => t.calls.length === 3);
    t.calls[2]!.answer(ok());
    expect(summary(t.calls)).toEqual([
      [0, 1, 'segment 0'],
      [1, 1, 'segment 4'],
      [2, 0, 'segment 5'],
    ]);
    await t.stream.stop();
  });

  it("stops after the server's stream:false answer and after a stream off message", async () => {
    const t = setup();
    t.stream.setStreaming(true);
    t.close();
    await waitFor(() => t.calls.length === 1);
    t.calls[0]!.answer(ok(false));
    await waitFor(() => !t.stream.isStreaming);
    t.close();
    t.close();
    await t.taken();
    expect(t.calls).toHaveLength(1);
    t.stream.setStreaming(true);
    t.close();
    await waitFor(() => t.calls.length === 2);
    t.close(); // waits behind the upload under way
    await t.taken();
    t.stream.setStreaming(false);
    t.calls[1]!.answer(ok());
    t.close();
    await t.taken();
    expect(summary(t.calls)).toEqual([
      [0, 1, 'segment 0'],
      [0, 1, 'segment 3'],
    ]);
    expect(t.files()).toEqual([]);
    await t.stream.stop();
  });

  it('skips a segment after a network error or a 5xx and goes on with discontinuity=1', async () => {
    const answers = [ok(), new NetworkError('connection refused'), { status: 503, body: null }, ok(), ok()];
    const t = setup({ autoAnswer: () => answers.shift()! });
    t.stream.setStreaming(true);
    for (let i = 1; i <= 5; i++) {
      t.close();
      await waitFor(() => t.calls.length === i);
    }
    expect(t.calls.map((c) => [c.sequence, c.discontinuity])).toEqual([
      [0, 1],
      [1, 0],
      [2, 1],
      [3, 1],
      [4, 0],
    ]);
    expect(t.stream.isStreaming).toBe(true);
    expect(t.logger.lines.filter((l) => l.level === 'warn')).toHaveLength(2);
    await t.stream.stop();
  });

  it('stops on a refusal (4xx), logged once, until the next stream request', async () => {
    const refusal = { status: 403, body: { error: { code: 'forbidden', message: 'no' } } };
    let refuse = true;
    const t = setup({ autoAnswer: () => (refuse ? refusal : ok()) });
    t.stream.setStreaming(true);
    t.close();
    t.close();
    await waitFor(() => !t.stream.isStreaming);
    t.close();
    await t.taken();
    expect(t.calls).toHaveLength(1);
    expect(t.stream.isStreaming).toBe(false);
    expect(t.logger.lines.filter((l) => l.level === 'warn')).toHaveLength(1);
    refuse = false;
    t.stream.setStreaming(true);
    t.close();
    await waitFor(() => t.calls.length === 2);
    expect(t.calls.map((c) => [c.sequence, c.discontinuity])).toEqual([
      [0, 1],
      [0, 1],
    ]);
    await t.stream.stop();
  });

  it('drops segments the server would refuse for their length', async () => {
    const t = setup({ autoAnswer: () => ok() });
    t.stream.setStreaming(true);
    t.close(1, 2_500);
    t.close(1, 1_000);
    await waitFor(() => t.calls.length === 1);
    await t.taken();
    expect(t.calls.map((c) => [c.sequence, c.discontinuity, c.duration_ms])).toEqual([[0, 1, 1_000]]);
    expect(t.files()).toEqual([]);
    await t.stream.stop();
  });

  it('on stop ends the upload under way and deletes what still comes in', async () => {
    const t = setup();
    t.stream.setStreaming(true);
    t.close();
    await waitFor(() => t.calls.length === 1);
    const stopped = t.stream.stop();
    t.calls[0]!.answer(new NetworkError('aborted'));
    t.close();
    await stopped;
    await t.taken();
    expect(t.calls).toHaveLength(1);
    expect(t.files()).toEqual([]);
  });
});
