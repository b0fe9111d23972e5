// Draws heat map images off the server's event loop, in one worker thread (heatmap-render-worker.ts) started on
// first use and left idle (not keeping the process alive) between batches. A camera's picture is sent to the
// thread once and named by its key afterwards. If the thread dies, the images it owed fail (the job's attempt
// fails and is retried) and the next image starts a new thread.
import type { Worker } from 'node:worker_threads';
import { startTsWorker } from '../../lib/ts-worker.ts';
import type { HeatmapImageInput } from './heatmap-image.ts';

export interface RenderRequest {
  id: number;
  /** Names the picture; null: no picture (grey). */
  pictureKey: string | null;
  /** The picture's bytes, the first time its key is sent to this thread. */
  picture?: Uint8Array | null;
  cells: readonly number[];
  max: number;
  lines: readonly string[];
}

export type RenderReply = { id: number; png: Uint8Array } | { id: number; error: string };

/** One image to draw: the heat map image's input, with its picture named by a key. */
export interface RenderInput extends Omit<HeatmapImageInput, 'picture'> {
  pictureKey: string | null;
  /** Read only when the thread has not had this key's picture yet. */
  picture: () => Promise<Uint8Array | null>;
}

export class HeatmapRenderer {
  private worker: Worker | null = null;
  private readonly pending = new Map<
    number,
    { resolve: (png: Buffer) => void; reject: (e: Error) => void }
  >();
  private readonly sentPictures = new Set<string>();
  private nextId = 1;
  private posting: Promise<void> = Promise.resolve();

  constructor(private readonly start: () => Worker = defaultWorker) {}

  render(input: RenderInput): Promise<Buffer> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    const sendPicture = input.pictureKey !== null && !this.sentPictures.has(input.pictureKey);
    if (input.pictureKey !== null) this.sentPictures.add(input.pictureKey);
    const done = new Promise<Buffer>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    // Requests leave in the order asked, so the one carrying a picture reaches the thread before those naming it.
    this.posting = this.posting.then(async () => {
      const request: RenderRequest = {
        id,
        pictureKey: input.pictureKey,
        cells: input.cells,
        max: input.max,
        lines: input.lines,
      };
      try {
        if (sendPicture) request.picture = await input.picture();
      } catch (error) {
        if (input.pictureKey !== null) this.sentPictures.delete(input.pictureKey);
        this.settle(id, error instanceof Error ? error : new Error(String(error)));
        return;
      }
      worker.ref();
      worker.postMessage(request);
    });
    return done;
  }

  /** Stops the thread (tests; the process's end stops it anyway). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    await worker?.terminate();
  }

  /** Answers one image (or its failure); the thread lets the process end once nothing is owed. */
  private settle(id: number, result: Buffer | Error): void {
    const waiting = this.pending.get(id);
    if (!waiting) return;
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
    if (result instanceof Error) waiting.reject(result);
    else waiting.resolve(result);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = this.start();
    worker.on('message', (reply: RenderReply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('png' in reply)
        waiting.resolve(Buffer.from(reply.png.buffer, reply.png.byteOffset, reply.png.byteLength));
      else waiting.reject(new Error(`heat map image: ${reply.error}`));
    });
    const lost = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      this.sentPictures.clear();
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`the heat map drawing thread stopped (exit code ${code})`)));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}

const defaultWorker = () => startTsWorker(new URL('./heatmap-render-worker.ts', import.meta.url));
