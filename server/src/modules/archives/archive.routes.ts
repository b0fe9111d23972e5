// HTTP for recorded media: GET api/cameras/:camera_code/archives, GET api/archives/:archive_id/video
// (JSON `{ url }` with return_url=t, otherwise a redirect), GET api/archives/:archive_id/motion and
// GET api/cameras/:camera_code/snapshots.
import { archiveMotionCall, archivesCall, archiveVideoCall } from '@camwatch/contract/archives';
import { snapshotsCall } from '@camwatch/contract/live';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { ArchiveService } from './archive.service.ts';
import type { SnapshotService } from './snapshot.service.ts';

export function registerArchiveRoutes(
  ctx: ServeContext,
  archives: ArchiveService,
  snapshots: SnapshotService,
): void {
  serve(ctx, archivesCall, async ({ auth, params, query }) => ({
    data: { archives: await archives.list(auth, params.camera_code, query) },
  }));
  serve(ctx, archiveVideoCall, async ({ auth, params, query }, reply) => {
    const url = await archives.videoUrl(auth, params.archive_id);
    if (query.return_url === 't') return { url };
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });
  serve(ctx, archiveMotionCall, async ({ auth, params }) => ({
    data: { frames: await archives.motion(auth, params.archive_id) },
  }));
  serve(ctx, snapshotsCall, async ({ auth, params, query }) => ({
    data: { images: await snapshots.list(auth, params.camera_code, query) },
  }));
}
