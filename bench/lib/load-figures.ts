// What an autocannon run says, as the HTTP benches report it (auth-me, cameras, map-range).
import type autocannon from 'autocannon';
import type { DatabaseChoice } from './server-process.ts';

export const databaseLabel = (database: DatabaseChoice): string =>
  database.kind === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL 15';

export interface LoadFigures {
  database: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export const loadFigures = (database: DatabaseChoice, result: autocannon.Result): LoadFigures => ({
  database: databaseLabel(database),
  requestsPerSec: Math.round(result.requests.average),
  p50Ms: result.latency.p50,
  p99Ms: result.latency.p99,
  errors: result.errors,
  non2xx: result.non2xx,
});
