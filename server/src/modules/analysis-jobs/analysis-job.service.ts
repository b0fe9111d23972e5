// The rules every kind of analysis request shares (advanced.md §4, §5, §8): the period (end after start, at most
// 3 hours, not in the future; 400 on the field), the customer's running analyses (at most ANALYSIS_RUNNING_MAX;
// the spec's "maximum number of requests" as 429), the job row and its queue job; and the answer's shape. The
// camera, its feature, the TLT mode and the rights are the kind's service's to check first (404 / 403).
import {
  ANALYSIS_RUNNING_MAX,
  analysisPeriodProblem,
  type AnalysisJob,
  type AnalysisKind,
} from '@camwatch/contract/analysis-jobs';
import type { AuthContext } from '../../http/auth-context.ts';
import { DomainError, FieldErrors, NotFoundError } from '../../lib/errors.ts';
import type { AnalysisJobRepository } from './analysis-job.repository.ts';

type JobRow = NonNullable<Awaited<ReturnType<AnalysisJobRepository['find']>>>;

export function toAnalysisJob(row: JobRow): AnalysisJob {
  return {
    id: String(row.id),
    kind: row.kind,
    camera_code: row.camera_code,
    camera_name: row.camera_name,
    start: row.period_start.toISOString(),
    end: row.period_end.toISOString(),
    state: row.state,
    clips_done: row.clips_done,
    clips_total: row.clips_total,
    error: row.error,
    requested_by: row.requested_by_name,
    requested_at: row.created_at.toISOString(),
    finished_at: row.finished_at?.toISOString() ?? null,
  };
}

/** How many analyses a list answers. */
const LIST_LIMIT = 100;

export class AnalysisJobService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: {
      jobs: AnalysisJobRepository;
      enqueue: (analysisId: number) => Promise<void>;
      now?: () => Date;
    },
  ) {
    this.now = deps.now ?? (() => new Date());
  }

  /** Asks for an analysis of the (already checked) camera with these settings; answers the new job. */
  async request(
    auth: AuthContext,
    kind: AnalysisKind,
    camera: { id: number },
    period: { start: string; end: string },
    settings: unknown,
  ): Promise<AnalysisJob> {
    const start = new Date(period.start);
    const end = new Date(period.end);
    const problem = analysisPeriodProblem(start.getTime(), end.getTime(), this.now().getTime());
    if (problem) throw FieldErrors.of(problem.field, problem.message, problem.reason);
    if ((await this.deps.jobs.countRunning(auth.user.customerId)) >= ANALYSIS_RUNNING_MAX)
      throw new DomainError(
        429,
        'too_many_requests',
        'The maximum number of requests has been reached. Please wait for a while and try again.',
        'limit_reached',
      );
    const id = await this.deps.jobs.insert({
      customerId: auth.user.customerId,
      cameraId: camera.id,
      kind,
      start,
      end,
      settings,
      requestedBy: auth.user.id,
    });
    await this.deps.enqueue(id);
    return this.get(auth, kind, String(id));
  }

  async list(auth: AuthContext, kind: AnalysisKind, cameraId?: number): Promise<AnalysisJob[]> {
    const rows = await this.deps.jobs.list(auth.user.customerId, kind, { cameraId, limit: LIST_LIMIT });
    return rows.map(toAnalysisJob);
  }

  /** The customer's analysis of the kind, or 404. */
  async row(auth: AuthContext, kind: AnalysisKind, id: string): Promise<JobRow> {
    const row = await this.deps.jobs.find(auth.user.customerId, kind, Number(id));
    if (!row) throw new NotFoundError('analysis');
    return row;
  }

  async get(auth: AuthContext, kind: AnalysisKind, id: string): Promise<AnalysisJob> {
    return toAnalysisJob(await this.row(auth, kind, id));
  }

  /** The stored results of a completed job (null before). */
  resultOf(row: JobRow): Promise<unknown> {
    return row.state === 'completed' ? this.deps.jobs.resultOf(row.id) : Promise.resolve(null);
  }
}
