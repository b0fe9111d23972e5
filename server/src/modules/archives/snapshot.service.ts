// Still images of a camera between two moments (core.md §3, §7 snapshots): its thumbnails, oldest first,
// as signed image addresses. The contract already limits the window to 60 minutes.
import type { SnapshotsQuery } from '@camwatch/contract/live';
import type { AuthContext } from '../../http/auth-context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { assertArchiveRight } from './archive.service.ts';
import type { ArchiveRepository } from './archive.repository.ts';
import type { MediaUrls } from './media-urls.ts';

export class SnapshotService {
  constructor(
    private readonly archives: ArchiveRepository,
    private readonly urls: MediaUrls,
  ) {}

  async list(auth: AuthContext, cameraCode: string, query: SnapshotsQuery): Promise<{ imageUrl: string }[]> {
    assertArchiveRight(auth);
    const camera = await this.archives.findCamera(auth.user.customerId, cameraCode);
    if (!camera) throw new NotFoundError('camera');
    const rows = await this.archives.thumbnailsBetween(
      camera.id,
      new Date(query.startDatetime),
      new Date(query.endDatetime),
    );
    return rows.map((row) => ({ imageUrl: this.urls.image(row.blob_key) }));
  }
}
