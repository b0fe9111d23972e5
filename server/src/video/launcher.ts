// Runs ffmpeg and ffprobe for the server from a small helper process (launcher-child.ts), started on first use.
//
// Why: starting a program forks the calling process, and the fork copies its page tables. The server holds the
// embedded database (about a gigabyte), so each start froze its event loop for 60-100 ms; with a probe and a
// motion decode for every clip of every camera, the minute's uploads froze it for seconds and every request of
// that moment waited (bench/spawn-stall.ts measures it). The helper is small, so its fork costs a few
// milliseconds and the server only exchanges messages with it.
//
// A helper that dies fails the runs it held (their jobs are retried) and the next run starts a new one. The
// helper leaves with the server: closeLauncher() at shutdown, and it exits by itself when the server is gone.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { tsChildArgs, tsChildEnv } from '../lib/ts-child.ts';

export interface RunOptions {
  /** Killed after this long; the result says timedOut. */
  timeoutMs: number;
  /** The most stdout (and stderr) bytes kept; a program that writes more is killed. */
  maxBuffer?: number;
  /** Run at this niceness (background work: motion decoding, joining downloads). */
  background?: number;
}

export interface RunResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: Buffer;
  timedOut: boolean;
  /** The program is not there (ENOENT). */
  notFound: boolean;
  /** Why it did not end normally (spawn error, output over maxBuffer, timeout), else null. */
  error: string | null;
}

export interface LaunchRequest {
  id: number;
  file: string;
  args: string[];
  timeoutMs: number;
  maxBuffer: number;
  background?: number;
}

export type LaunchResponse = Omit<RunResult, 'stdout' | 'stderr'> & {
  id: number;
  stdout: Uint8Array;
  stderr: Uint8Array;
};

const CHILD_SCRIPT = fileURLToPath(new URL('./launcher-child.ts', import.meta.url));
const DEFAULT_MAX_BUFFER = 16 * 1024 * 1024;

const toBuffer = (data: Uint8Array) => Buffer.from(data.buffer, data.byteOffset, data.byteLength);

export class ProcessLauncher {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (result: RunResult) => void; reject: (error: Error) => void }
  >();

  private start(): ChildProcess {
    const child = spawn(process.execPath, tsChildArgs(CHILD_SCRIPT), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      serialization: 'advanced',
      env: tsChildEnv(),
    });
    child.on('message', (message: LaunchResponse) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      this.idleWhenDone(child);
      waiting.resolve({ ...message, stdout: toBuffer(message.stdout), stderr: toBuffer(message.stderr) });
    });
    const failAll = (reason: string) => {
      if (this.child === child) this.child = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(new Error(`the process launcher ${reason}`));
      }
    };
    child.on('exit', (code, signal) => failAll(`ended (${signal ?? code})`));
    child.on('error', (error) => failAll(`could not start: ${error.message}`));
    return child;
  }

  /** Runs file with args and answers how it ended and what it wrote; rejects only when the helper fails. */
  run(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
    this.child ??= this.start();
    const child = this.child;
    // Held open while runs are out: an idle helper never keeps a CLI command or a test process alive.
    child.ref();
    child.channel?.ref();
    const id = this.nextId++;
    const request: LaunchRequest = {
      id,
      file,
      args: [...args],
      timeoutMs: options.timeoutMs,
      maxBuffer: options.maxBuffer ?? DEFAULT_MAX_BUFFER,
      background: options.background,
    };
    return new Promise<RunResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send(request, (error) => {
        if (error && this.pending.delete(id)) {
          this.idleWhenDone(child);
          reject(error);
        }
      });
    });
  }

  private idleWhenDone(child: ChildProcess): void {
    if (this.pending.size > 0) return;
    child.unref();
    child.channel?.unref();
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    child.ref(); // an idle helper is unreferenced: without this nothing would wait for its exit
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.disconnect();
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  }
}

let shared: ProcessLauncher | null = null;

/** Runs a program through the server's one launcher (started on first use). */
export function runProgram(file: string, args: readonly string[], options: RunOptions): Promise<RunResult> {
  shared ??= new ProcessLauncher();
  return shared.run(file, args, options);
}

/** Stops the shared launcher (server shutdown); a later run starts a new one. */
export async function closeLauncher(): Promise<void> {
  const launcher = shared;
  shared = null;
  await launcher?.close();
}

/** The tail of a failed run's error output, or why it failed, for an error message. */
export function failureText(result: RunResult): string {
  return (
    result.stderr.toString('utf8').trim().slice(-500) ||
    result.error ||
    `exit ${result.signal ?? result.exitCode}`
  );
}
