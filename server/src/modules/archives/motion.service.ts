// Motion detection of recorded clips as a background job: the ingest side calls enqueueFor(clipId) once a
// clip is stored; the 'motion' job decodes the clip (video/motion.ts) inside the camera's detection
// area and stores motion_state and motion_events. A camera without motion detection gets
// motion_state false without decoding anything. When motion is found, `onMotion` hears of it (motion
// notifications).
import { motionAreaSchema, type MotionArea } from '@camwatch/contract/device';
import type { JobQueue } from '../../jobs/queue.ts';
import { analyseMotion, defaultMotionOptions, keyframeMotionOptions } from '../../video/motion.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withBlobFile } from '../../storage/blob-file.ts';
import type { RecordedMediaRepository } from './recorded-media.repository.ts';

export const MOTION_JOB = 'motion';

/**
 * How the queue keeps up when clips come faster than they can be decoded (one worker, one core; a clip a
 * minute per camera): a clip that waited up to MOTION_FULL_WITHIN_MS is decoded whole (5 frames a second);
 * one that waited longer, keyframes only (one a second, about a third of the CPU); one that waited past
 * MOTION_GIVE_UP_AFTER_MS is not analysed at all (motion_state stays null, "not looked at"), so the backlog, and
 * how late a motion alert can come, stay bounded whatever the load.
 */
export const MOTION_FULL_WITHIN_MS = 20_000;
export const MOTION_GIVE_UP_AFTER_MS = 120_000;

export type MotionPass = 'full' | 'keyframes' | 'skipped';

/** The pass for a job that waited this long. */
export function motionPassFor(waitedMs: number): MotionPass {
  if (waitedMs > MOTION_GIVE_UP_AFTER_MS) return 'skipped';
  return waitedMs > MOTION_FULL_WITHIN_MS ? 'keyframes' : 'full';
}

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

  /** Clips by the pass they got since this process started (the log's and the bench's figures). */
  readonly passes: Record<MotionPass, number> = { full: 0, keyframes: 0, skipped: 0 };

  /**
   * The job: looks at the clip and stores what moved; `waitedMs` (how long the job waited in the queue) picks
   * the pass (motionPassFor). A clip deleted meanwhile is nothing to do. Answers the pass taken.
   */
  async analyse(clipId: number, { waitedMs = 0 }: { waitedMs?: number } = {}): Promise<MotionPass> {
    const pass = motionPassFor(waitedMs);
    const clip = await this.media.findForMotion(clipId);
    if (!clip) return pass;
    // A camera without motion detection costs no decoding: answered however late.
    if (!clip.use_motion) {
      await this.media.saveMotion(clip, []);
      return pass;
    }
    this.passes[pass]++;
    if (pass === 'skipped') return pass;
    const options = pass === 'full' ? defaultMotionOptions : keyframeMotionOptions;
    const { spans, frames } = await withBlobFile(this.blobs, clip.blob_key, (file) =>
      analyseMotion(file, areaOf(clip.motion_area), { offsetMs: clip.offset_ms, options }),
    );
    await this.media.saveMotion(clip, spans, frames);
    const first = spans[0];
    if (first && this.onMotion)
      await this.onMotion({
        cameraId: clip.camera_id,
        startTime: clip.start_time,
        offsetMs: clip.offset_ms,
        firstSec: first.startSec,
      });
    return pass;
  }
}
