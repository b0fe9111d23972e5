// The thumbnail of each minute: the first small JPEG captured in a minute is uploaded as that minute's
// thumbnail (PUT thumbnails/:start_time; a later upload replaces it). A failed upload is retried a few
// times; a thumbnail is not worth more.
import type { Logger } from '../logger.ts';
import { formatMinute, minuteStartOf } from '../recorder/minute.ts';
import { sleep } from '../upload/backoff.ts';
import { describeAnswer, type DeviceClient } from '../upload/device-client.ts';

/** The minute a picture starts, when it is the first of a minute after `lastMinute`; otherwise null. */
export function newMinuteOf(lastMinute: number | null, capturedAt: number): number | null {
  const minute = minuteStartOf(capturedAt);
  return lastMinute === null || minute > lastMinute ? minute : null;
}

export interface MinuteThumbnailsOptions {
  client: Pick<DeviceClient, 'putThumbnail'>;
  cameraCode: () => string;
  logger: Logger;
  attempts?: number;
  retryDelayMs?: number;
}

export class MinuteThumbnails {
  private lastMinute: number | null = null;
  private readonly stopper = new AbortController();
  private readonly uploads = new Set<Promise<void>>();

  constructor(private readonly options: MinuteThumbnailsOptions) {}

  offer(jpeg: Buffer, capturedAt: number): void {
    const minute = newMinuteOf(this.lastMinute, capturedAt);
    if (minute === null || this.stopper.signal.aborted) return;
    this.lastMinute = minute;
    const upload = this.upload(formatMinute(minute), jpeg).finally(() => this.uploads.delete(upload));
    this.uploads.add(upload);
  }

  async stop(): Promise<void> {
    this.stopper.abort();
    await Promise.all(this.uploads);
  }

  private async upload(startTime: string, jpeg: Buffer): Promise<void> {
    const { attempts = 3, retryDelayMs = 5_000, logger } = this.options;
    const signal = this.stopper.signal;
    for (let attempt = 1; attempt <= attempts && !signal.aborted; attempt++) {
      try {
        const answer = await this.options.client.putThumbnail(
          this.options.cameraCode(),
          startTime,
          jpeg,
          signal,
        );
        if (answer.status === 200) return;
        logger.warn('thumbnail refused', { start_time: startTime, answer: describeAnswer(answer) });
        if (answer.status < 500) return;
      } catch (error) {
        if (signal.aborted) return;
        logger.warn('thumbnail upload failed', {
          start_time: startTime,
          attempt,
          reason: (error as Error).message,
        });
      }
      await sleep(retryDelayMs * attempt, signal);
    }
  }
}
