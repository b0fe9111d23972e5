// Motion detection of recorded clips as a background job: the ingest side calls enqueueFor(clipId) once a
// clip is stored; the 'motion' job decodes the clip (video/motion.ts) inside the camera's detection
// area and stores motion_state and motion_events. A camera without motion detection gets
// motion_state false without decoding anything. When motion is found, `onMotion` hears of it (motion
// notifications).
import { motionAreaSchema, type MotionArea } from '@camwatch/contract/device';
import type { JobQueue } from '../../jobs/queue.ts';
import { analyseMotion } from '../../video/motion.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withBlobFile } from '../../storage/blob-file.ts';
import type { RecordedMediaRepository } from './recorded-media.repository.ts';

export const MOTION_JOB = 'motion';

/** A stored area that does not parse (never written by us) counts as none: the whole picture. */
const areaOf = (stored: unknown): MotionArea | null => {
  const parsed = motionAreaSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
};

/** Motion found in a stored clip: its camera, minute, piece offset and first moving second. */
export interface ClipMotion {
  cameraId: number;
  startTime: Date;
  offsetMs: number;
  firstSec: number;
}

export class MotionService {
  constructor(
    private readonly media: RecordedMediaRepository,
    private readonly blobs: BlobStore,
    private readonly jobs: Pick<JobQueue, 'enqueue'>,
    private readonly onMotion?: (motion: ClipMotion) => Promise<unknown>,
  ) {}

  /** Queues motion detection of a stored clip (once: a clip already waiting is not queued twice). */
  enqueueFor(clipId: number): Promise<number | null> {
    return this.jobs.enqueue(MOTION_JOB, { clipId }, { dedupeKey: `motion:${clipId}` });
  }

  /** The job: looks at the clip and stores what moved. A clip deleted meanwhile is nothing to do. */
  async analyse(clipId: number): Promise<void> {
    const clip = await this.media.findForMotion(clipId);
    if (!clip) return;
    if (!clip.use_motion) {
      await this.media.saveMotion(clip.id, []);
      return;
    }
    const { spans, frames } = await withBlobFile(this.blobs, clip.blob_key, (file) =>
      analyseMotion(file, areaOf(clip.motion_area), { offsetMs: clip.offset_ms }),
    );
    await this.media.saveMotion(clip.id, spans, frames);
    const first = spans[0];
    if (first && this.onMotion)
      await this.onMotion({
        cameraId: clip.camera_id,
        startTime: clip.start_time,
        offsetMs: clip.offset_ms,
        firstSec: first.startSec,
      });
  }
}
