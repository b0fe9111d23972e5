// Runs analyses in the vision engine's own process (vision-child.ts), started on first use under `nice -n 19`
// (and Linux's idle scheduling class)
// and kept for later requests (loading TensorFlow.js and the model takes a second or two). Requests are answered
// in order; a child that dies fails the requests it held (their jobs are retried) and the next request starts a
// new one. The child is stopped with the server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tsChildArgs, tsChildEnv } from '../lib/ts-child.ts';
import type { AnalysisOptions } from './analysis-options.ts';
import type { AnalysisResult } from './analyze.ts';
import type { TrackerState } from './tracker-state.ts';

export interface VisionRequest {
  id: number;
  file: string;
  options: Partial<AnalysisOptions>;
  idPrefix: string;
  state: TrackerState | null;
  /** Answer every analysed picture's people too (AnalysisResult.pictures). */
  pictures?: boolean;
  ffmpegPath?: string;
  ffprobePath?: string;
}

export type VisionResponse =
  | { id: number; ok: true; result?: AnalysisResult; ready?: boolean }
  | { id: number; ok: false; error: string; decodeError: boolean };

/** The video could not be decoded (zero length, corrupt, no video): analysing it again will not help. */
export class VideoUnreadableError extends Error {}

const CHILD_SCRIPT = fileURLToPath(new URL('./vision-child.ts', import.meta.url));
const CHRT = '/usr/bin/chrt';

export interface VisionRunner {
  analyze(request: Omit<VisionRequest, 'id'>): Promise<AnalysisResult>;
  close(): Promise<void>;
}

export class VisionProcess implements VisionRunner {
  private child: ChildProcess | null = null;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (result: AnalysisResult) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly options: {
      niceness?: number;
      /** false: at the server's own priority (tests on a busy machine, where idle class could starve it). */
      background?: boolean;
    } = {},
  ) {}

  private start(): ChildProcess {
    const background = this.options.background ?? true;
    const niceness = String(background ? (this.options.niceness ?? 19) : 0);
    const command = ['nice', '-n', niceness, process.execPath, ...tsChildArgs(CHILD_SCRIPT)];
    // Linux's idle scheduling class where chrt exists: the analysis runs only on CPU nothing else wants.
    if (background && fs.existsSync(CHRT)) command.unshift(CHRT, '--idle', '0');
    const child = spawn(command[0]!, command.slice(1), {
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: tsChildEnv(),
    });
    child.on('message', (message: VisionResponse) => {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.ok && message.result) waiting.resolve(message.result);
      else if (!message.ok)
        waiting.reject(
          message.decodeError ? new VideoUnreadableError(message.error) : new Error(message.error),
        );
    });
    const failAll = (reason: string) => {
      if (this.child === child) this.child = null;
      for (const [id, waiting] of this.pending) {
        this.pending.delete(id);
        waiting.reject(new Error(`the vision process ${reason}`));
      }
    };
    child.on('exit', (code, signal) => failAll(`ended (${signal ?? code})`));
    child.on('error', (error) => failAll(`could not start: ${error.message}`));
    return child;
  }

  analyze(request: Omit<VisionRequest, 'id'>): Promise<AnalysisResult> {
    this.child ??= this.start();
    const id = this.nextId++;
    const child = this.child;
    return new Promise<AnalysisResult>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      child.send({ ...request, id } satisfies VisionRequest, (error) => {
        if (error && this.pending.delete(id)) reject(error);
      });
    });
  }

  async close(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    });
  }
}
