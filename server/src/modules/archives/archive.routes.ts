// HTTP for recorded media: GET api/cameras/:camera_code/archives and …/coverage, GET api/archives/:archive_id/video
// (JSON `{ url }` with return_url=t, otherwise a redirect), GET api/archives/:archive_id/motion and
// GET api/cameras/:camera_code/snapshots.
import { archiveMotionCall, archivesCall, archiveVideoCall } from '@camwatch/contract/archives';
import { coverageCall } from '@camwatch/contract/coverage';
import { snapshotsCall } from '@camwatch/contract/live';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { ArchiveService } from './archive.service.ts';
import type { SnapshotService } from './snapshot.service.ts';

/** One recorded hour of a camera watched within this long is one audit event, however many minutes played. */
const ARCHIVE_VIEW_WINDOW_MS = 30 * 60_000;

export function registerArchiveRoutes(
  ctx: ServeContext,
  archives: ArchiveService,
  snapshots: SnapshotService,
): void {
  serve(ctx, archivesCall, async ({ auth, params, query }) => ({
    data: { archives: await archives.list(auth, params.camera_code, query) },
  }));
  serve(ctx, coverageCall, async ({ auth, params, query }) => ({
    data: await archives.coverage(auth, params.camera_code, query),
  }));
  serve(ctx, archiveVideoCall, async ({ auth, params, query, record }, reply) => {
    const { url, cameraCode, startTime } = await archives.videoUrl(auth, params.archive_id);
    const hour = startTime.toISOString().slice(0, 13);
    await record(
      { kind: 'archive_viewed', cameraCode, detail: { recorded_at: startTime.toISOString(), via: 'player' } },
      { scope: `${cameraCode}:${hour}`, windowMs: ARCHIVE_VIEW_WINDOW_MS },
    );
    if (query.return_url === 't') return { url };
    return reply.header('cache-control', 'no-store').redirect(url, 302);
  });
  serve(ctx, archiveMotionCall, async ({ auth, params }) => ({
    data: { frames: await archives.motion(auth, params.archive_id) },
  }));
  serve(ctx, snapshotsCall, async ({ auth, params, query, record }) => {
    const images = await snapshots.list(auth, params.camera_code, query);
    if (images.length > 0)
      await record(
        {
          kind: 'archive_viewed',
          cameraCode: params.camera_code,
          detail: { recorded_at: new Date(query.startDatetime).toISOString(), via: 'snapshots' },
        },
        // A time-lapse asks for a day an hour at a time: one event per camera and day.
        {
          scope: `${params.camera_code}:snapshots:${query.startDatetime.slice(0, 10)}`,
          windowMs: ARCHIVE_VIEW_WINDOW_MS,
        },
      );
    return { data: { images } };
  });
}
