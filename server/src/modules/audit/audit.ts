// Wires the audit log: the recorder other modules call, the reading service, and the hourly retention job.
import type { Db } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { AuditRecorder, type AuditLogger } from './audit-recorder.service.ts';
import {
  AUDIT_RETENTION_EVERY_MS,
  AUDIT_RETENTION_JOB,
  AuditRetentionService,
} from './audit-retention.service.ts';
import { AuditRepository } from './audit.repository.ts';
import { AuditService } from './audit.service.ts';

export function createAudit(deps: { db: Db; jobs: JobQueue; retentionDays: number; logger?: AuditLogger }) {
  const repo = new AuditRepository(deps.db);
  const retention = new AuditRetentionService(repo, deps.retentionDays);
  deps.jobs.handle(AUDIT_RETENTION_JOB, async () => {
    await retention.run();
  });
  deps.jobs.every(AUDIT_RETENTION_JOB, AUDIT_RETENTION_EVERY_MS);
  return {
    recorder: new AuditRecorder(repo, deps.logger),
    reader: new AuditService(repo, deps.retentionDays),
    retention,
  };
}
