// The recorded archive of a camera (core.md §3, §4, §7): every minute of a period with whether it was
// recorded and what moved, and the signed address of one minute's video. Both need the archive right;
// a camera or archive of another customer is not found.
import type { ArchiveEntry, ArchivesQuery } from '@camwatch/contract/archives';
import type { AuthContext } from '../../http/auth-context.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { archiveMinutes } from './archive-minutes.ts';
import type { ArchiveRepository } from './archive.repository.ts';
import type { MediaUrls } from './media-urls.ts';

/** Archive ids are clip ids; anything else names no archive. */
const clipIdOf = (archiveId: string): number | null =>
  /^[1-9]\d{0,14}$/.test(archiveId) ? Number(archiveId) : null;

export const archiveVideoPath = (clipId: number) => `/api/archives/${clipId}/video`;

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
    const byMinute = new Map(clips.map((clip) => [Math.floor(clip.start_time.getTime() / 60_000), clip]));
    return minutes.map(({ ms, startTime }) => {
      const clip = byMinute.get(ms / 60_000);
      return {
        archive_id: clip ? String(clip.id) : null,
        start_time: startTime,
        has_data: Boolean(clip),
        data_url: clip ? archiveVideoPath(clip.id) : null,
        motion_state: clip?.motion_state ?? false,
        events: { motionDetect: clip?.motion_events ?? [], peopleCounter: [], enterAlert: [] },
      };
    });
  }

  /** A short-lived signed address of the archive's MP4 (the media route serves it with Range support). */
  async videoUrl(auth: AuthContext, archiveId: string): Promise<string> {
    assertArchiveRight(auth);
    const clipId = clipIdOf(archiveId);
    const clip = clipId === null ? undefined : await this.archives.findClip(auth.user.customerId, clipId);
    if (!clip) throw new NotFoundError('archive');
    return this.urls.video(clip.blob_key);
  }
}
