// Starts the real server as a child process (as `npm start` does) on a fresh data dir or PostgreSQL database.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Db } from '../../server/src/db/database.ts';
import { migrateToLatest } from '../../server/src/db/migrate.ts';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Makes sure the web app is built (as `npm start` does) in WEB_DIST_DIR, or in `defaultDir` when that is unset,
 * and points the servers started afterwards at it. For the benches that drive the app in Chromium.
 */
export function ensureWebBuild(defaultDir: string): void {
  const webDist = process.env.WEB_DIST_DIR ?? defaultDir;
  const build = spawnSync(process.execPath, ['scripts/ensure-web-build.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, WEB_DIST_DIR: webDist },
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('web build failed');
  process.env.WEB_DIST_DIR = webDist;
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  /** Milliseconds from spawn to the first 200 from /api/settings/env. */
  readyMs: number;
  /** The server's PostgreSQL database, when it runs on one (to read what it stored). */
  databaseUrl?: string;
  stop: () => Promise<void>;
}

export type DatabaseChoice = { kind: 'embedded' } | { kind: 'postgres'; adminUrl: string };

/** A new, empty database on the PostgreSQL server of adminUrl; `drop` removes it. */
export async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `camwatch_bench_${Date.now()}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

/**
 * A migrated database of its own for a bench that drives the services in-process (no server): embedded in a
 * temporary folder, or a new database on the PostgreSQL server. `close` removes it.
 */
export async function openFreshDatabase(
  database: DatabaseChoice,
  label: string,
): Promise<{ db: Db; dataDir: string; close: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `camwatch-bench-${label}-`));
  const created = database.kind === 'postgres' ? await createDatabase(database.adminUrl) : null;
  const db = created
    ? openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 })
    : openDatabase({ kind: 'embedded', dir: path.join(dataDir, 'db') });
  await migrateToLatest(db);
  return {
    db,
    dataDir,
    close: async () => {
      await db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
      await created?.drop();
    },
  };
}

export interface StartOptions {
  /** Fills the fresh database (migrated by then) and the data folder before the server starts. */
  prepare?: (db: Db, dataDir: string) => Promise<void>;
}

export async function startServer(
  database: DatabaseChoice,
  port: number,
  options: StartOptions = {},
): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'camwatch-bench-'));
  const pgDb = database.kind === 'postgres' ? await createDatabase(database.adminUrl) : null;
  if (options.prepare) {
    const db = pgDb
      ? openDatabase({ kind: 'postgres', url: pgDb.url, poolSize: 2 })
      : openDatabase({ kind: 'embedded', dir: path.join(dataDir, 'db') });
    try {
      await migrateToLatest(db);
      await options.prepare(db, dataDir);
    } finally {
      await db.destroy();
    }
  }
  const started = performance.now();
  // BENCH_NODE_ARGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
      ...(pgDb ? { DATABASE_URL: pgDb.url, SEED_DEMO: '1' } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/settings/env`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 25));
  }
  const readyMs = performance.now() - started;
  return {
    url,
    process: child,
    readyMs,
    databaseUrl: pgDb?.url,
    stop: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Logs in as the demo user and answers the session cookie. */
export async function demoSession(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'demo1234' }),
  });
  if (res.status !== 200) throw new Error(`demo login failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('cw_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0] ?? '';
}
