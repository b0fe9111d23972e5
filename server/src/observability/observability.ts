// One node's health and metrics, wired from the parts they look at (app.ts for the api role, main.ts for a
// worker's METRICS_PORT): the metrics registry, and the readiness check of the database, the blob store and
// (with REDIS_URL) the bus.
import type { Db } from '../db/database.ts';
import type { AgentHub } from '../realtime/agent-hub.ts';
import type { BlobStore } from '../storage/blob-store.ts';
import { Metrics } from './metrics.ts';
import { ObservabilityRepository } from './observability.repository.ts';
import { checkReadiness, type ReadinessCheck } from './readiness.ts';

/** A key no blob ever has: asking for it proves the store answers (S3: reachable, bucket and keys good). */
const PROBE_KEY = 'readiness/probe.jpg';

export interface ObservabilityParts {
  db: Db;
  blobs: Pick<BlobStore, 'head'>;
  hub: Pick<AgentHub, 'stats'>;
  /** The bus between nodes, when REDIS_URL is set. */
  bus?: { ping(): Promise<unknown>; readonly isConnected: boolean } | null;
}

export function createObservability({ db, blobs, hub, bus }: ObservabilityParts) {
  const repository = new ObservabilityRepository(db);
  const checks: ReadinessCheck[] = [
    { name: 'database', check: () => repository.ping() },
    { name: 'blobs', check: () => blobs.head(PROBE_KEY) },
    ...(bus ? [{ name: 'bus', check: () => bus.ping() }] : []),
  ];
  return {
    metrics: new Metrics({ db, hub, ...(bus ? { bus: () => ({ connected: bus.isConnected }) } : {}) }),
    readiness: () => checkReadiness(checks),
  };
}
