// Wires the audit log: the recorder other modules call, the reading service, and the retention behind the
// hourly 'audit-retention' job (registered in job-handlers.ts).
import type { Db } from '../../db/database.ts';
import { AuditRecorder, type AuditLogger } from './audit-recorder.service.ts';
import { AuditRetentionService } from './audit-retention.service.ts';
import { AuditRepository } from './audit.repository.ts';
import { AuditService } from './audit.service.ts';

export function createAudit(deps: { db: Db; retentionDays: number; logger?: AuditLogger }) {
  const repo = new AuditRepository(deps.db);
  const retention = new AuditRetentionService(repo, deps.retentionDays);
  return {
    recorder: new AuditRecorder(repo, deps.logger),
    reader: new AuditService(repo, deps.retentionDays),
    retention,
  };
}
