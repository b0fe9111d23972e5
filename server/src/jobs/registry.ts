// Which background jobs exist and who runs them. Every kind declared here must have exactly one handler
// before a worker starts (Immich's rule): a kind with none would pile up unrun, one with two is a bug.

/**
 * Every kind of job the main queue carries. Add a kind here (or to one of the lists below for the other
 * queues), then register its handler, and its period if it recurs, in job-handlers.ts.
 */
export const jobKinds = [
  'motion',
  'entry',
  'retention',
  'download',
  'download-expiry',
  'heatmap-download',
  'audit-retention',
  'maintenance',
] as const;
export type JobKind = (typeof jobKinds)[number];

/**
 * The vision engine's per-clip jobs run on a queue of their own (services.ts): a clip's analysis takes seconds
 * of CPU, and a camera-minute of them arrives every minute, so on the main queue they would hold motion
 * detection and downloads back behind them.
 */
export const visionJobKinds = ['vision'] as const;

/**
 * Analysis jobs (person tracking, operation analysis; modules/analysis-jobs) have their queue too: one analysis is
 * minutes of the engine's work, which must hold back neither the main queue nor the per-clip vision jobs.
 */
export const analysisJobKinds = ['analysis', 'analysis-sweep'] as const;

/**
 * Web push delivery has its queue too (modules/push/push.ts): a long ffmpeg job must never hold a push back.
 * 'push-send' jobs are also written by the database trigger of migration 0006.
 */
export const pushJobKinds = ['push-send', 'push-cleanup'] as const;

export interface JobContext {
  id: number;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** When the job became due (enqueued, or its retry's time): now minus this is how long it waited. */
  dueAt?: Date;
}

export type JobHandler = (payload: Record<string, unknown>, context: JobContext) => Promise<void>;

export class JobRegistry {
  private readonly handlers = new Map<string, JobHandler>();

  constructor(readonly kinds: readonly string[] = jobKinds) {}

  register(kind: string, handler: JobHandler): void {
    if (!this.kinds.includes(kind)) throw new Error(`unknown job kind "${kind}"`);
    if (this.handlers.has(kind)) throw new Error(`job kind "${kind}" has two handlers`);
    this.handlers.set(kind, handler);
  }

  isKnown(kind: string): boolean {
    return this.kinds.includes(kind);
  }

  handlerOf(kind: string): JobHandler | undefined {
    return this.handlers.get(kind);
  }

  /** Throws unless every declared kind has its handler; called when a worker starts. */
  assertComplete(): void {
    const missing = this.kinds.filter((kind) => !this.handlers.has(kind));
    if (missing.length > 0) throw new Error(`job kinds without a handler: ${missing.join(', ')}`);
  }
}
