// Camera health (issue 22 "Camera health"): one camera's, or the customer's cameras' in order of trouble. Every
// user of the customer sees every camera's (child users share their parent's cameras, as in the camera list); an
// unknown camera or another customer's answers 404 alike.
import type {
  CameraHealth,
  CameraHealthDetail,
  CameraHealthList,
  CameraHealthListQuery,
} from '@camwatch/contract/camera-health';
import type { AuthContext } from '../../http/auth-context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import type { HealthReportRepository, HealthRow } from './health-report.repository.ts';

/** How many of a camera's latest status changes its health shows. */
export const HEALTH_CHANGES_SHOWN = 10;

const iso = (at: Date | null) => (at ? at.toISOString() : null);

/** Down: since the watcher marked it down. Normal: since it came back or was first heard; never heard: null. */
export function statusSince(
  row: Pick<HealthRow, 'watch_status' | 'watch_status_changed_at' | 'first_seen_at'>,
) {
  if (row.watch_status === 'down') return row.watch_status_changed_at;
  if (!row.first_seen_at) return null;
  return row.first_seen_at > row.watch_status_changed_at ? row.first_seen_at : row.watch_status_changed_at;
}

export function healthOf(row: HealthRow): CameraHealth {
  return {
    camera_code: row.code,
    camera_name: row.name,
    location_name: row.location_name,
    watch_status: row.watch_status,
    status_since: iso(statusSince(row)),
    last_seen_at: iso(row.last_seen_at),
    first_seen_at: iso(row.first_seen_at),
    uptime_7d: row.uptime_7d === null ? null : Number(row.uptime_7d),
    uptime_30d: row.uptime_30d === null ? null : Number(row.uptime_30d),
    last_clip_at: iso(row.latest_clip_at),
    oldest_clip_at: iso(row.oldest_clip_at),
    last_still_at: iso(row.latest_thumb_at),
    storage_bytes: Number(row.storage_bytes),
    clip_count: Number(row.clip_count),
    retention_days: row.archive_storing_days,
  };
}

export class HealthReportService {
  constructor(
    private readonly repo: HealthReportRepository,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async camera(auth: AuthContext, code: string): Promise<CameraHealthDetail> {
    const [row] = await this.repo.page(auth.user.customerId, this.now(), { code, limit: 1, offset: 0 });
    if (!row) throw new NotFoundError('camera');
    const changes = await this.repo.changes(row.id, HEALTH_CHANGES_SHOWN);
    return {
      ...healthOf(row),
      changes: changes.map((change) => ({ status: change.status, at: change.at.toISOString() })),
    };
  }

  async list(auth: AuthContext, query: CameraHealthListQuery): Promise<CameraHealthList> {
    const now = this.now();
    const customerId = auth.user.customerId;
    const [rows, counts] = await Promise.all([
      this.repo.page(customerId, now, { limit: query.count, offset: (query.page - 1) * query.count }),
      this.repo.counts(customerId),
    ]);
    return {
      cameras: rows.map(healthOf),
      total: counts.total,
      page: query.page,
      count: query.count,
      down: counts.down,
      at: now.toISOString(),
    };
  }
}
