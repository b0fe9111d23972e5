// GET api/auth/me with a session: throughput and latency with autocannon, on PGlite and on PostgreSQL.
// Usage: npm run bench -- auth-me   (POSTGRES_ADMIN_URL overrides postgres://postgres@127.0.0.1:5432/postgres)
import autocannon from 'autocannon';
import { demoSession, startServer, type DatabaseChoice } from './lib/server-process.ts';

export interface AuthMeResult {
  database: string;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function benchAuthMe(
  database: DatabaseChoice,
  seconds = 10,
  connections = 10,
): Promise<AuthMeResult> {
  const server = await startServer(database, 18_080);
  try {
    const cookie = await demoSession(server.url);
    // Warm-up so JIT and caches settle before measuring.
    await autocannon({ url: `${server.url}/api/auth/me`, headers: { cookie }, connections, duration: 2 });
    const result = await autocannon({
      url: `${server.url}/api/auth/me`,
      headers: { cookie },
      connections,
      duration: seconds,
    });
    return {
      database: database.kind === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL 15',
      requestsPerSec: Math.round(result.requests.average),
      p50Ms: result.latency.p50,
      p99Ms: result.latency.p99,
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    await server.stop();
  }
}

export const postgresAdminUrl = () =>
  process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
