// The process launcher: programs run in its helper process, and the answers carry exit, output and failures.
import { afterAll, describe, expect, it } from 'vitest';
import { ProcessLauncher } from './launcher.ts';

const launcher = new ProcessLauncher();
afterAll(() => launcher.close());

describe('ProcessLauncher', () => {
  it('answers the exit code and the bytes a program wrote, binary intact', async () => {
    const result = await launcher.run(
      process.execPath,
      [
        '-e',
        'process.stdout.write(Buffer.from([0, 255, 10, 128])); process.stderr.write("warn"); process.exit(3)',
      ],
      { timeoutMs: 10_000 },
    );
    expect(result.exitCode).toBe(3);
    expect([...result.stdout]).toEqual([0, 255, 10, 128]);
    expect(result.stderr.toString()).toBe('warn');
    expect(result.timedOut).toBe(false);
    expect(result.notFound).toBe(false);
  });

  it('runs programs from its own process, not the caller’s', async () => {
    const result = await launcher.run(
      process.execPath,
      ['-e', 'process.stdout.write(String(process.ppid))'],
      {
        timeoutMs: 10_000,
      },
    );
    const parent = Number(result.stdout.toString());
    expect(parent).toBeGreaterThan(0);
    expect(parent).not.toBe(process.pid);
  });

  it('says when a program is missing', async () => {
    const result = await launcher.run('/nonexistent/ffmpeg', [], { timeoutMs: 10_000 });
    expect(result.notFound).toBe(true);
    expect(result.exitCode).not.toBe(0);
  });

  it('kills a program that runs past its timeout and says so', async () => {
    const result = await launcher.run(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], {
      timeoutMs: 300,
    });
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBeNull();
  });

  it('kills a program that writes more than maxBuffer, and it is not a timeout', async () => {
    const result = await launcher.run(
      process.execPath,
      ['-e', 'process.stdout.write(Buffer.alloc(100_000))'],
      { timeoutMs: 10_000, maxBuffer: 1000 },
    );
    expect(result.timedOut).toBe(false);
    expect(result.error).toMatch(/maxBuffer|MAXBUFFER/);
  });

  it('runs several programs at once and answers each its own output', async () => {
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        launcher.run(
          process.execPath,
          ['-e', `setTimeout(() => process.stdout.write("${n}"), ${50 * (5 - n)})`],
          {
            timeoutMs: 10_000,
          },
        ),
      ),
    );
    expect(results.map((r) => r.stdout.toString())).toEqual(['1', '2', '3', '4']);
  });

  it('starts a new helper after close', async () => {
    const own = new ProcessLauncher();
    const first = await own.run(process.execPath, ['-e', 'process.stdout.write(String(process.ppid))'], {
      timeoutMs: 10_000,
    });
    await own.close();
    const second = await own.run(process.execPath, ['-e', 'process.stdout.write(String(process.ppid))'], {
      timeoutMs: 10_000,
    });
    await own.close();
    expect(second.stdout.toString()).not.toBe(first.stdout.toString());
  });
});
