// Wires the recorded-media side: signed media addresses, the archive and snapshot calls, and the services
// behind the motion and retention jobs (their handlers are registered in job-handlers.ts).
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import type { MediaSigner } from '../../storage/signed-url.ts';
import { ArchiveRepository } from './archive.repository.ts';
import { ArchiveService } from './archive.service.ts';
import { MediaUrls } from './media-urls.ts';
import { MotionService, type ClipMotion } from './motion.service.ts';
import { RecordedMediaRepository } from './recorded-media.repository.ts';
import { RetentionService } from './retention.service.ts';
import { SnapshotService } from './snapshot.service.ts';

export function createRecordedMedia(deps: {
  db: Db;
  blobs: BlobStore;
  mediaSigner: MediaSigner;
  /** MEDIA_URL_TTL_SECONDS in ms. */
  urlTtlMs: number;
  jobs: JobQueue;
  /** Hears of motion found in a new clip (motion notifications). */
  onMotion?: (motion: ClipMotion) => Promise<unknown>;
}) {
  const mediaUrls = new MediaUrls(deps.mediaSigner, deps.urlTtlMs);
  const archiveRepository = new ArchiveRepository(deps.db);
  const recordedMedia = new RecordedMediaRepository(deps.db);
  const motion = new MotionService(recordedMedia, deps.blobs, deps.jobs, deps.onMotion);
  const retention = new RetentionService(recordedMedia, deps.blobs);
  return {
    mediaUrls,
    archives: new ArchiveService(archiveRepository, mediaUrls),
    snapshots: new SnapshotService(archiveRepository, mediaUrls),
    motion,
    retention,
  };
}
