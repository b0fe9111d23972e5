// The vision engine as a background job (docs/vision.md): each stored clip of a camera with an analytic that
// needs people (the people counter, the heat map; entry detection in TLT modes) gets a 'vision' job at background priority.
// The job runs the engine in its own process (vision-process.ts) on the clip, starting from the tracker state
// the camera's previous clip ended with, stores the tracks (replacing any earlier run's, so a job run again
// after a killed worker never leaves two results), then hands the tracks to the analytics that read them.
// A clip that is not a readable video fails its job at once with the reason, without retries.
import type { EnvironmentMode } from '@camwatch/contract/environment';
import { isTltMode } from '@camwatch/contract/environment';
import type { JobQueue } from '../../jobs/queue.ts';
import { PermanentJobError } from '../../jobs/queue.ts';
import type { BlobStore } from '../../storage/blob-store.ts';
import { withBlobFile } from '../../storage/blob-file.ts';
import { encodeTracks } from '../../vision/track-codec.ts';
import type { TrackerState } from '../../vision/tracker-state.ts';
import type { Track } from '../../vision/types.ts';
import { VideoUnreadableError, type VisionRunner } from '../../vision/vision-process.ts';
import { visionAnalysisOptions } from '../../vision/vision-settings.ts';
import { personEvents } from '../events/camera-events.ts';
import type { VisionRepository } from './vision.repository.ts';

export const VISION_JOB = 'vision';

/** A clip the engine has analysed, as the analytics that read its tracks see it. */
export interface AnalysedClip {
  id: number;
  cameraId: number;
  customerId: number;
  /** The clip's minute. */
  startTime: Date;
  /** Recording began this many ms into the minute (track times are already seconds of the minute). */
  offsetMs: number;
  durationMs: number;
  blobKey: string;
  usePeopleCounter: boolean;
  useEnterAlert: boolean;
  useHeatmap: boolean;
}

/**
 * An analytic fed with each analysed clip's tracks (track point times in seconds of the clip's minute). It gets
 * what it handed on from the camera's previous clip (null when there is none, or it was not analysed) and answers
 * what to hand on to the next (JSON). It must be idempotent: a clip may be analysed again.
 */
export interface TracksConsumer {
  name: string;
  consume(clip: AnalysedClip, tracks: Track[], previous: unknown): Promise<unknown>;
}

/**
 * Whether a camera's clips need the engine: a people counter with its setting saved, the heat map, or entry
 * detection (TLT).
 */
export function needsVision(
  camera: {
    use_people_counter: boolean;
    has_counter_setting: boolean | number;
    use_enter_alert: boolean;
    use_heatmap: boolean;
  },
  environmentMode: EnvironmentMode,
): boolean {
  return (
    (camera.use_people_counter && Boolean(camera.has_counter_setting)) ||
    camera.use_heatmap ||
    (isTltMode(environmentMode) && camera.use_enter_alert)
  );
}

const isTrackerState = (value: unknown): value is TrackerState =>
  typeof value === 'object' && value !== null && Array.isArray((value as { tracks?: unknown }).tracks);

export class VisionService {
  private readonly consumers: TracksConsumer[] = [];

  constructor(
    private readonly repo: VisionRepository,
    private readonly deps: {
      blobs: BlobStore;
      jobs: Pick<JobQueue, 'enqueue'>;
      runner: VisionRunner;
      environmentMode: EnvironmentMode;
      ffmpegPath?: string;
      ffprobePath?: string;
    },
  ) {}

  /** Adds an analytic that reads each analysed clip's tracks (people counter, entry detection). */
  onTracks(consumer: TracksConsumer): void {
    this.consumers.push(consumer);
  }

  /** Queues the engine on a stored clip; at most 3 attempts (a dead vision process is worth a retry). */
  enqueueFor(clipId: number): Promise<number | null> {
    return this.deps.jobs.enqueue(VISION_JOB, { clipId }, { dedupeKey: `vision:${clipId}`, maxAttempts: 3 });
  }

  /** The job. A clip deleted meanwhile, or of a camera without an analytic that needs people, is nothing to do. */
  async analyse(clipId: number): Promise<void> {
    const row = await this.repo.findClip(clipId);
    if (!row || !needsVision(row, this.deps.environmentMode)) return;
    const clip: AnalysedClip = {
      id: row.id,
      cameraId: row.camera_id,
      customerId: row.customer_id,
      startTime: row.start_time,
      offsetMs: row.offset_ms,
      durationMs: row.duration_ms,
      blobKey: row.blob_key,
      usePeopleCounter: row.use_people_counter,
      useEnterAlert: isTltMode(this.deps.environmentMode) && row.use_enter_alert,
      useHeatmap: row.use_heatmap,
    };
    const previous = await this.repo.previousState(row.camera_id, row.start_time, row.offset_ms);
    const previousEnd = previous?.endState;
    const previousAnalytics =
      typeof previous?.analyticState === 'object' && previous.analyticState !== null
        ? (previous.analyticState as Record<string, unknown>)
        : {};
    const idPrefix = `${Math.floor(row.start_time.getTime() / 60_000).toString(36)}${row.offset_ms > 0 ? `.${row.offset_ms}` : ''}-`;
    let result;
    try {
      result = await withBlobFile(this.deps.blobs, row.blob_key, (file) =>
        this.deps.runner.analyze({
          file,
          options: visionAnalysisOptions(),
          idPrefix,
          state: isTrackerState(previousEnd) ? previousEnd : null,
          ffmpegPath: this.deps.ffmpegPath,
          ffprobePath: this.deps.ffprobePath,
        }),
      );
    } catch (error) {
      if (error instanceof VideoUnreadableError)
        throw new PermanentJobError(`clip ${clipId} is not a readable video: ${error.message}`);
      throw error;
    }
    // Times of the minute, as the archive's events are.
    const shift = row.offset_ms / 1000;
    const tracks = result.tracks.map((track) => ({
      ...track,
      points: track.points.map((point) => ({ ...point, t: point.t + shift })),
    }));
    await this.repo.saveTracks(
      row,
      {
        tracks: encodeTracks(tracks),
        endState: result.state,
        frames: result.frames,
        detectedFrames: result.detectedFrames,
        cpuMs: Math.round(result.cpuSeconds * 1000),
      },
      // The people this analysis started tracking are the events page's person events.
      personEvents(row.start_time, tracks, idPrefix),
    );
    const handedOn: Record<string, unknown> = {};
    for (const consumer of this.consumers)
      handedOn[consumer.name] = await consumer.consume(
        clip,
        tracks,
        previousAnalytics[consumer.name] ?? null,
      );
    await this.repo.saveAnalyticState(row.id, handedOn);
  }
}
