// Retention (a recurring job, hourly): clips, thumbnails and events (the events page) older than their camera's
// archive_storing_days go, in batches so one run never holds a large transaction. Rows are deleted first and their blobs after;
// see recorded-media.repository.ts for why that order.
import type { BlobStore } from '../../storage/blob-store.ts';
import type { RecordedMediaRepository } from './recorded-media.repository.ts';

export const RETENTION_EVERY_MS = 3_600_000;
const BATCH = 500;

export class RetentionService {
  constructor(
    private readonly media: RecordedMediaRepository,
    private readonly blobs: BlobStore,
    private readonly batchSize = BATCH,
  ) {}

  /** Deletes what has outlived its camera's storing days; answers how many clips, thumbnails and events went. */
  async run(now = new Date()): Promise<{ clips: number; thumbnails: number; events: number }> {
    const clips = await this.drain(() => this.media.deleteExpiredClips(now, this.batchSize));
    const thumbnails = await this.drain(() => this.media.deleteExpiredThumbnails(now, this.batchSize));
    let events = 0;
    for (;;) {
      const batch = await this.media.deleteExpiredEvents(now, this.batchSize);
      events += batch;
      if (batch < this.batchSize) break;
    }
    return { clips, thumbnails, events };
  }

  private async drain(deleteBatch: () => Promise<string[]>): Promise<number> {
    let total = 0;
    for (;;) {
      const keys = await deleteBatch();
      await this.blobs.delete(keys);
      total += keys.length;
      if (keys.length < this.batchSize) return total;
    }
  }
}
