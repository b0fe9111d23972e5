// Spawn stall: how long the server's event loop stands still while the clips of a minute are probed and
// motion-decoded. Starting a program forks the caller, and the fork copies the page tables of everything the
// caller holds: the embedded server holds about 530 MB (RSS of the e2e demo server with PGlite, 13 cameras).
// This process holds as much (touched memory), then starts the programs of one minute of 13 cameras (a
// probe and a motion decode per clip, 26 runs at once) two ways in the same run:
//   - direct: node:child_process from this process (what the server did before the launcher);
//   - launcher: through server/src/video/launcher.ts's small helper process (what it does now).
// The event loop's delay is sampled every millisecond: the worst delay and the summed delay over 5 ms say
// what a request arriving at that moment waits.
// Usage: npm run bench -- spawn-stall   (HOLD_MB=<n> changes the memory held; default 530)
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ProcessLauncher } from '../server/src/video/launcher.ts';
import { probeArgs } from '../server/src/video/probe.ts';
import { makeMinuteClipFile, report, round1, tempDir } from './lib/video-fixtures.ts';

const ROUNDS = 5;
const RUNS_PER_ROUND = 26;

export interface SpawnStallResult {
  holdMb: number;
  rounds: number;
  runsPerRound: number;
  direct: { worstMs: number; stalledMsPerRound: number };
  launcher: { worstMs: number; stalledMsPerRound: number };
  load1: number;
}

/** Samples the loop every millisecond while work() runs: the worst gap, and the sum of gaps past 5 ms. */
async function loopDelay(work: () => Promise<void>): Promise<{ worstMs: number; stalledMs: number }> {
  let worst = 0;
  let stalled = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const gap = now - last - 1;
    last = now;
    worst = Math.max(worst, gap);
    if (gap > 5) stalled += gap;
  }, 1);
  await work();
  clearInterval(timer);
  return { worstMs: worst, stalledMs: stalled };
}

function ffprobeDirect(file: string): Promise<void> {
  return new Promise((resolve) => {
    execFile('ffprobe', probeArgs(file), () => resolve());
  });
}

export async function benchSpawnStall(): Promise<SpawnStallResult> {
  const holdMb = Number(process.env.HOLD_MB ?? 530);
  const held: Buffer[] = [];
  for (let i = 0; i < holdMb; i++) held.push(Buffer.alloc(1 << 20, i & 0xff));
  const dir = await tempDir('spawn-stall');
  const { file } = await makeMinuteClipFile(dir, { width: 480, height: 270, fps: 2 });
  const launcher = new ProcessLauncher();
  // Warm up: the launcher's helper starts (one fork of this process), ffprobe is in the page cache.
  await launcher.run('ffprobe', probeArgs(file), { timeoutMs: 30_000 });
  await ffprobeDirect(file);

  const direct = { worst: 0, stalled: 0 };
  const viaLauncher = { worst: 0, stalled: 0 };
  for (let round = 0; round < ROUNDS; round++) {
    const a = await loopDelay(async () => {
      await Promise.all(Array.from({ length: RUNS_PER_ROUND }, () => ffprobeDirect(file)));
    });
    direct.worst = Math.max(direct.worst, a.worstMs);
    direct.stalled += a.stalledMs;
    const b = await loopDelay(async () => {
      await Promise.all(
        Array.from({ length: RUNS_PER_ROUND }, () =>
          launcher.run('ffprobe', probeArgs(file), { timeoutMs: 30_000 }),
        ),
      );
    });
    viaLauncher.worst = Math.max(viaLauncher.worst, b.worstMs);
    viaLauncher.stalled += b.stalledMs;
  }
  await launcher.close();
  held.length = 0;
  await fs.rm(dir, { recursive: true, force: true });
  const result: SpawnStallResult = {
    holdMb,
    rounds: ROUNDS,
    runsPerRound: RUNS_PER_ROUND,
    direct: { worstMs: round1(direct.worst), stalledMsPerRound: round1(direct.stalled / ROUNDS) },
    launcher: { worstMs: round1(viaLauncher.worst), stalledMsPerRound: round1(viaLauncher.stalled / ROUNDS) },
    load1: round1(os.loadavg()[0]!),
  };
  report(
    `spawn-stall (${path.basename(file)}, ${holdMb} MB held, ${RUNS_PER_ROUND} runs x ${ROUNDS} rounds)`,
    ['how', 'worst loop delay ms', 'stalled ms per round'],
    [
      ['direct', result.direct.worstMs, result.direct.stalledMsPerRound],
      ['launcher', result.launcher.worstMs, result.launcher.stalledMsPerRound],
    ],
    result,
  );
  return result;
}
