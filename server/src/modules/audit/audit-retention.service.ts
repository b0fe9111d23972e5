// Audit retention (a recurring job, hourly): events older than AUDIT_RETENTION_DAYS go, in batches so one run
// never holds a large transaction. The same period for every customer.
import type { AuditRepository } from './audit.repository.ts';

export const AUDIT_RETENTION_EVERY_MS = 3_600_000;
const BATCH = 1000;

export class AuditRetentionService {
  constructor(
    private readonly repo: AuditRepository,
    private readonly retentionDays: number,
    private readonly batchSize = BATCH,
  ) {}

  /** Deletes the events older than the retention period; answers how many went. */
  async run(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.retentionDays * 86_400_000);
    let total = 0;
    for (;;) {
      const deleted = await this.repo.deleteOlderThan(before, this.batchSize);
      total += deleted;
      if (deleted < this.batchSize) return total;
    }
  }
}
