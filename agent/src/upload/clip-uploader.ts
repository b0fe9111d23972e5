// Store-and-forward: sends spooled clips to the server oldest first, one at a time. A clip leaves the
// spool only after a 200 (stored new, or a duplicate the server already had: uploads are idempotent by
// camera and minute, so a retry after a lost answer is harmless). Network errors, 5xx and answers about
// the agent rather than the clip (401, 403, 404, 408, 429) are retried with backoff up to 30 s; any other
// 4xx means the server refuses this clip, which goes to rejected/ with a log line.
import type { Logger } from '../logger.ts';
import { ClipMetaError, type Spool, type SpooledClip } from '../spool/spool.ts';
import { backoffDelay, DEFAULT_BACKOFF, sleep, type BackoffPolicy } from './backoff.ts';
import { describeAnswer, type DeviceAnswer, type DeviceClient } from './device-client.ts';

/** What to do with a clip after the server's answer. */
export type UploadOutcome = 'stored' | 'rejected' | 'retry';

/** Statuses about the agent or the moment, not about the clip: try again later. */
const RETRY_STATUSES = new Set([401, 403, 404, 408, 425, 429]);

export function outcomeOf(status: number): UploadOutcome {
  if (status === 200) return 'stored';
  if (status >= 400 && status < 500 && !RETRY_STATUSES.has(status)) return 'rejected';
  return 'retry';
}

export interface ClipUploaderOptions {
  spool: Spool;
  client: Pick<DeviceClient, 'putClip'>;
  cameraCode: () => string;
  logger: Logger;
  backoff?: BackoffPolicy;
}

export class ClipUploader {
  /** Aborted when stopping begins: ends waiting and backoff. */
  private readonly halt = new AbortController();
  /** Aborted when the grace for an upload in flight is over. */
  private readonly abortUpload = new AbortController();
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private unsubscribe: (() => void) | null = null;
  private failures = 0;

  constructor(private readonly options: ClipUploaderOptions) {}

  start(): void {
    this.unsubscribe = this.options.spool.onAdded(() => this.notify());
    this.loop = this.run();
  }

  /** A new clip may be waiting. */
  notify(): void {
    this.wake?.();
  }

  /** Stops; an upload in flight may finish within `graceMs`, else it is abandoned (the clip stays). */
  async stop(graceMs = 3_000): Promise<void> {
    this.unsubscribe?.();
    this.halt.abort();
    this.wake?.();
    const timer = setTimeout(() => this.abortUpload.abort(), graceMs);
    await this.loop;
    clearTimeout(timer);
    this.abortUpload.abort();
  }

  private async run(): Promise<void> {
    const signal = this.halt.signal;
    while (!signal.aborted) {
      const [clip] = await this.options.spool.list().catch(() => []);
      if (!clip) {
        await new Promise<void>((resolve) => {
          if (signal.aborted) return resolve();
          // Every way out removes the others, so an idle agent does not pile up abort listeners.
          const done = () => {
            clearTimeout(timer);
            signal.removeEventListener('abort', done);
            resolve();
          };
          this.wake = done;
          signal.addEventListener('abort', done, { once: true });
          // A periodic look as well: clips may be put into the spool by hand.
          const timer = setTimeout(done, 10_000);
          timer.unref();
        });
        this.wake = null;
        continue;
      }
      const outcome = await this.upload(clip, this.abortUpload.signal);
      if (outcome === 'retry' && !signal.aborted) {
        this.failures += 1;
        await sleep(backoffDelay(this.failures, this.options.backoff ?? DEFAULT_BACKOFF), signal);
      } else {
        this.failures = 0;
      }
    }
  }

  private async upload(clip: SpooledClip, signal: AbortSignal): Promise<UploadOutcome> {
    const { spool, logger } = this.options;
    let answer: DeviceAnswer;
    let meta;
    try {
      meta = await spool.meta(clip);
      answer = await this.options.client.putClip(
        this.options.cameraCode(),
        meta,
        clip.path,
        clip.bytes,
        signal,
      );
    } catch (error) {
      if (signal.aborted) return 'retry';
      if (error instanceof ClipMetaError) {
        logger.warn('clip cannot be uploaded: moved to rejected/', {
          clip: clip.name,
          reason: error.message,
        });
        await spool.reject(clip);
        return 'rejected';
      }
      logger.warn('clip upload failed, will retry', { clip: clip.name, reason: (error as Error).message });
      return 'retry';
    }
    const outcome = outcomeOf(answer.status);
    if (outcome === 'stored') {
      await spool.remove(clip);
      const stored = (answer.body as { clip?: { stored?: string } } | null)?.clip?.stored;
      logger.info('clip uploaded', {
        clip: clip.name,
        start_time: meta.start_time,
        stored,
        bytes: clip.bytes,
      });
    } else if (outcome === 'rejected') {
      await spool.reject(clip);
      logger.error('server refused the clip: moved to rejected/', {
        clip: clip.name,
        answer: describeAnswer(answer),
      });
    } else {
      logger.warn('clip upload not accepted yet, will retry', {
        clip: clip.name,
        answer: describeAnswer(answer),
      });
    }
    return outcome;
  }
}
