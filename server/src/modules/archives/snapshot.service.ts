// Still images of a camera between two moments (core.md §3, §7 snapshots): its thumbnails, oldest first,
// as signed image addresses with the minute each was taken. The contract already limits the window to 60
// minutes.
import type { Snapshot, SnapshotsQuery } from '@camwatch/contract/live';
import type { AuthContext } from '../../http/auth-context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { formatInOffset, offsetOf } from './archive-minutes.ts';
import { assertArchiveRight } from './archive.service.ts';
import type { ArchiveRepository } from './archive.repository.ts';
import type { MediaUrls } from './media-urls.ts';

export class SnapshotService {
  constructor(
    private readonly archives: ArchiveRepository,
    private readonly urls: MediaUrls,
  ) {}

  async list(auth: AuthContext, cameraCode: string, query: SnapshotsQuery): Promise<Snapshot[]> {
    assertArchiveRight(auth);
    const camera = await this.archives.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    const rows = await this.archives.thumbnailsBetween(
      camera.id,
      new Date(query.startDatetime),
      new Date(query.endDatetime),
    );
    // Written in the offset the client asked in, like the archive list's start_time.
    const offset = offsetOf(query.startDatetime);
    return rows.map((row) => ({
      imageUrl: this.urls.image(row.blob_key),
      dateTime: formatInOffset(row.start_time.getTime(), offset),
    }));
  }
}
