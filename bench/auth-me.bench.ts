// GET api/auth/me with a session: throughput and latency with autocannon, on PGlite and on PostgreSQL.
// Usage: npm run bench -- auth-me   (POSTGRES_ADMIN_URL overrides postgres://postgres@127.0.0.1:5432/postgres)
import autocannon from 'autocannon';
import { demoSession, startServer, type DatabaseChoice } from './lib/server-process.ts';
import { loadFigures, type LoadFigures } from './lib/load-figures.ts';

export type AuthMeResult = LoadFigures;

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
    return loadFigures(database, result);
  } finally {
    await server.stop();
  }
}

export const postgresAdminUrl = () =>
  process.env.POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
