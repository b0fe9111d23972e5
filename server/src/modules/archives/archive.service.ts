// The recorded archive of a camera (core.md §3, §4, §7): every minute of a period with whether it was
// recorded and what moved, and the signed address of one minute's video. Both need the archive right;
// a camera or archive of another customer is not found.
import type {
  ArchiveEntry,
  ArchivesQuery,
  MotionFrame,
  PeopleCounterEvent,
} from '@camwatch/contract/archives';
import type { Coverage, CoverageQuery } from '@camwatch/contract/coverage';
import type { AuthContext } from '../../http/auth-context.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { archiveMinutes, formatInOffset, minutePieces, offsetOf } from './archive-minutes.ts';
import type { ArchiveRepository } from './archive.repository.ts';
import { coverageBuckets } from './coverage.ts';
import type { MediaUrls } from './media-urls.ts';

/** Archive ids are clip ids; anything else names no archive. */
const clipIdOf = (archiveId: string): number | null =>
  /^[1-9]\d{0,14}$/.test(archiveId) ? Number(archiveId) : null;

export const archiveVideoPath = (clipId: number) => `/api/archives/${clipId}/video`;

/**
 * The people counter's passes by minute (ms of its start) as archive events; a pass that began in the minute
 * before starts at 0 on this minute's seek bar.
 */
export function peopleCounterEvents(
  rows: readonly { clip_minute: Date; in_out: 'I' | 'O'; start_sec: number; end_sec: number }[],
): Map<number, PeopleCounterEvent[]> {
  const byMinute = new Map<number, PeopleCounterEvent[]>();
  for (const row of rows) {
    const key = row.clip_minute.getTime();
    const events = byMinute.get(key) ?? [];
    events.push({ inOut: row.in_out, startSec: Math.max(0, row.start_sec), endSec: row.end_sec });
    byMinute.set(key, events);
  }
  return byMinute;
}

export function assertArchiveRight(auth: AuthContext): void {
  if (!auth.user.permissions.archive) throw new ForbiddenError();
}

export class ArchiveService {
  constructor(
    private readonly archives: ArchiveRepository,
    private readonly urls: MediaUrls,
  ) {}

  /**
   * Every minute of [start_date, start_date + period), oldest first; start_time is written in the offset
   * of start_date. motion_state is false until the motion job has looked at the clip.
   */
  async list(auth: AuthContext, cameraCode: string, query: ArchivesQuery): Promise<ArchiveEntry[]> {
    assertArchiveRight(auth);
    const camera = await this.archives.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    const { fromMs, toMs, minutes } = archiveMinutes(query.start_date, query.period);
    const clips = await this.archives.clipsBetween(camera.id, new Date(fromMs), new Date(toMs));
    const byMinute = minutePieces(clips);
    const passes = peopleCounterEvents(
      await this.archives.peoplePassesBetween(camera.id, new Date(fromMs), new Date(toMs)),
    );
    return minutes.map(({ ms, startTime }) => {
      const minute = byMinute.get(ms);
      return {
        archive_id: minute ? String(minute.main.id) : null,
        start_time: startTime,
        has_data: Boolean(minute),
        data_url: minute ? archiveVideoPath(minute.main.id) : null,
        motion_state: minute?.motionState ?? false,
        events: {
          motionDetect: minute?.motionDetect ?? [],
          peopleCounter: passes.get(ms) ?? [],
          enterAlert: minute?.enterAlert ?? [],
        },
        clip_offset_sec: minute ? minute.main.offset_ms / 1000 : 0,
      };
    });
  }

  /**
   * What the camera recorded over [from, to) in buckets of whole minutes from `from` (rounded down to its
   * minute), gaps left out, with its first and last recorded minute; times in the offset of `from`.
   */
  async coverage(auth: AuthContext, cameraCode: string, query: CoverageQuery): Promise<Coverage> {
    assertArchiveRight(auth);
    const camera = await this.archives.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    const fromMs = Math.floor(Date.parse(query.from) / 60_000) * 60_000;
    const toMs = Date.parse(query.to);
    const [from, to] = [new Date(fromMs), new Date(toMs)];
    const [clips, entries, passes, bounds] = await Promise.all([
      this.archives.coverageBetween(camera.id, from, to, query.bucket),
      this.archives.entryMinutesBetween(camera.id, from, to, query.bucket),
      this.archives.peoplePassCountsBetween(camera.id, from, to, query.bucket),
      this.archives.recordedBounds(camera.id),
    ]);
    const offset = offsetOf(query.from);
    const written = (date: Date | null) => (date ? formatInOffset(date.getTime(), offset) : null);
    return {
      from: formatInOffset(fromMs, offset),
      to: formatInOffset(toMs, offset),
      bucket_sec: query.bucket,
      buckets: coverageBuckets({ fromMs, toMs, bucketSec: query.bucket, offset, clips, entries, passes }),
      first_recorded: written(bounds.first),
      last_recorded: written(bounds.last),
    };
  }

  /** The boxes of each moving frame of one archive minute (its main clip), oldest first. */
  async motion(auth: AuthContext, archiveId: string): Promise<MotionFrame[]> {
    assertArchiveRight(auth);
    const clipId = clipIdOf(archiveId);
    const clip =
      clipId === null ? undefined : await this.archives.findClipMotion(auth.user.customerId, clipId);
    if (!clip) throw new NotFoundError('archive');
    return clip.motion_boxes;
  }

  /**
   * A short-lived signed address of the archive's MP4 (the media route serves it with Range support), with
   * the camera and minute it shows (for the audit log).
   */
  async videoUrl(
    auth: AuthContext,
    archiveId: string,
  ): Promise<{ url: string; cameraCode: string; startTime: Date }> {
    assertArchiveRight(auth);
    const clipId = clipIdOf(archiveId);
    const clip = clipId === null ? undefined : await this.archives.findClip(auth.user.customerId, clipId);
    if (!clip) throw new NotFoundError('archive');
    return { url: this.urls.video(clip.blob_key), cameraCode: clip.camera_code, startTime: clip.start_time };
  }
}
