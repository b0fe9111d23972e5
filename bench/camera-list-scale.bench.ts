// The camera list without its in-memory cache (issue 19): GET api/cameras answered from PostgreSQL on every
// request, for a customer of 10,000 cameras and for one of 100,000 in a database of 1,000,000 (ten such
// customers). For each request (first page, the middle page, the last page, a keyword, a tag) it reports:
// - HTTP through the real server with CAMERA_LIST_CACHE_SECONDS=0 (autocannon, 1 connection: one user's
//   latency; 10 connections: the box at saturation), with the server's CPU per request from /proc;
// - the repository in-process, 40 calls each, the current code against a baseline repository taken from
//   another checkout (BASELINE_REPO=/path/to/worktree, optional), both on the same database in the same run;
// - EXPLAIN (ANALYZE, BUFFERS) of every query the current code runs for it.
// Usage: npm run bench -- camera-list-scale   (POSTGRES_ADMIN_URL as for the other benches; SCALES=10k,1M)
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { cameraListQuery } from '@camwatch/contract/cameras';
import type { Db } from '../server/src/db/database.ts';
import type { Database } from '../server/src/db/schema.ts';
import { DEMO_EMAIL } from '../server/src/db/seed/demo-account.ts';
import { toCameraFilter } from '../server/src/modules/cameras/camera-filter.ts';
import { CameraRepository } from '../server/src/modules/cameras/camera.repository.ts';
import {
  BROWSER_ACCEPT_ENCODING,
  cpuMsOf,
  LARGE_SCALE,
  prepareBenchDatabase,
  prepareLargeBenchDatabase,
} from './cameras.bench.ts';
import { demoSession, startServer } from './lib/server-process.ts';

interface ListRequest {
  figure: string;
  /** The query string after `/api/cameras?`. */
  query: string;
}

const requestsFor = (cameras: number): ListRequest[] => {
  const pages = Math.ceil(cameras / 50);
  return [
    { figure: 'first page', query: 'page=1&count=50' },
    { figure: `middle page ${Math.ceil(pages / 2)}`, query: `page=${Math.ceil(pages / 2)}&count=50` },
    { figure: `last page ${pages}`, query: `page=${pages}&count=50` },
    {
      figure: 'keyword "東京 入口" + func[]=live',
      query: `page=1&count=50&func[]=live&keyword=${encodeURIComponent('東京 入口')}`,
    },
    { figure: 'tag filter tags[]=bench-tag-5', query: 'page=1&count=50&tags[]=bench-tag-5' },
  ];
};

type Repository = Pick<CameraRepository, 'listPage'>;
type RepositoryClass = new (db: Db) => Repository;

export interface ScaleRow {
  scale: string;
  figure: string;
  answered: string;
  http: {
    connections: number;
    requestsPerSec: number;
    p50Ms: number;
    p99Ms: number;
    cpuMs: number;
    errors: number;
  }[];
  inProcess: { label: string; p50Ms: number; p99Ms: number }[];
  load: string;
}

const quantile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 100) / 100;

function filterAndPage(query: string) {
  const params = new URLSearchParams(query);
  const raw: Record<string, unknown> = {};
  for (const key of new Set(params.keys()))
    raw[key] = key.endsWith('[]') ? params.getAll(key) : params.get(key);
  const parsed = cameraListQuery.parse(raw);
  return {
    filter: toCameraFilter(parsed, 'normal'),
    page: { offset: (parsed.page - 1) * parsed.count, limit: parsed.count },
  };
}

/** Repository timings (current and baseline) and EXPLAIN of the current code's queries, on the seeded db. */
async function inProcess(
  url: string,
  customerId: number,
  requests: ListRequest[],
  baseline: RepositoryClass | null,
  explain: string[],
): Promise<Map<string, ScaleRow['inProcess']>> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const logged: { sql: string; parameters: readonly unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.level === 'query') logged.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  }) as Db;
  const out = new Map<string, ScaleRow['inProcess']>();
  try {
    const current = new CameraRepository(db);
    for (const request of requests) {
      const { filter, page } = filterAndPage(request.query);
      const versions: [string, Repository][] = [['current', current]];
      if (baseline) versions.push(['baseline', new baseline(db)]);
      // A middle page reached from the page before it: the keyset read from that page's last camera, as
      // the server does with the list cache on (camera-list-marks.ts; the HTTP rows run with it off).
      if (request.figure.startsWith('middle page')) {
        const before = await current.listPage(customerId, filter, {
          offset: page.offset - page.limit,
          limit: page.limit,
        });
        const last = before.rows.at(-1)!;
        const marks = [{ position: page.offset - 1, key: { name: last.camera_name, id: last.id } }];
        versions.push([
          'current, keyset from the page before',
          { listPage: (customer, f, p) => current.listPage(customer, f, p, marks) },
        ]);
      }
      const figures: ScaleRow['inProcess'] = [];
      // Alternating, so all see the same load on the machine.
      const times = new Map<string, number[]>(versions.map(([label]) => [label, []]));
      for (let i = 0; i < 45; i++)
        for (const [label, repository] of versions) {
          const started = performance.now();
          await repository.listPage(customerId, filter, page);
          if (i >= 5) times.get(label)!.push(performance.now() - started);
        }
      for (const [label, list] of times) {
        list.sort((a, b) => a - b);
        figures.push({ label, p50Ms: quantile(list, 0.5), p99Ms: quantile(list, 0.99) });
      }
      out.set(request.figure, figures);
      for (const [label, repository] of versions) {
        logged.length = 0;
        await repository.listPage(customerId, filter, page);
        const queries = [...logged];
        for (const [i, query] of queries.entries()) {
          const plan = await sql
            .raw<{ 'QUERY PLAN': string }>(
              `EXPLAIN (ANALYZE, BUFFERS) ${inline(query.sql, query.parameters)}`,
            )
            .execute(db);
          explain.push(
            `-- ${request.figure}, ${label} code: query ${i + 1} of ${queries.length}`,
            ...plan.rows.map((r) => r['QUERY PLAN']),
            '',
          );
        }
      }
    }
  } finally {
    await db.destroy();
  }
  return out;
}

/** The query with its parameters written in (numbers and strings only), for EXPLAIN. */
function inline(text: string, parameters: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`;
  });
}

export async function benchCameraListScale(
  adminUrl: string,
  scales: string[] = ['10k', '1M'],
  seconds = 5,
): Promise<{ rows: ScaleRow[]; explain: string[] }> {
  const baselineRepo = process.env.BASELINE_REPO;
  const baseline = baselineRepo
    ? (
        (await import(path.join(baselineRepo, 'server/src/modules/cameras/camera.repository.ts'))) as {
          CameraRepository: RepositoryClass;
        }
      ).CameraRepository
    : null;
  const rows: ScaleRow[] = [];
  const explain: string[] = [];
  for (const scale of scales) {
    const large = scale === '1M';
    const cameras = large ? LARGE_SCALE.cameras : 10_000;
    const label = large ? '100,000 cameras of 1,000,000' : '10,000 cameras';
    const requests = requestsFor(cameras);
    let repository = new Map<string, ScaleRow['inProcess']>();
    const previous = process.env.CAMERA_LIST_CACHE_SECONDS;
    process.env.CAMERA_LIST_CACHE_SECONDS = '0';
    process.env.SIMULATED_CAMERAS = '0';
    const seedStarted = performance.now();
    const server = await startServer({ kind: 'postgres', adminUrl }, 18_087, {
      prepare: async (db) => {
        await (large ? prepareLargeBenchDatabase(db) : prepareBenchDatabase(db));
        const seeded = ((performance.now() - seedStarted) / 1000).toFixed(0);
        explain.push(`## ${label} (seeded in ${seeded} s)`, '');
        const { rows: name } = await sql<{ db: string }>`SELECT current_database() AS db`.execute(db);
        const url = new URL(adminUrl);
        url.pathname = `/${name[0]!.db}`;
        const demo = await db
          .selectFrom('users')
          .select('customer_id')
          .where('email', '=', DEMO_EMAIL)
          .executeTakeFirstOrThrow();
        repository = await inProcess(url.toString(), demo.customer_id, requests, baseline, explain);
      },
    });
    if (previous === undefined) delete process.env.CAMERA_LIST_CACHE_SECONDS;
    else process.env.CAMERA_LIST_CACHE_SECONDS = previous;
    const pid = server.process.pid!;
    try {
      const cookie = await demoSession(server.url);
      const headers = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
      for (const request of requests) {
        const url = `${server.url}/api/cameras?${request.query}`;
        const probe = await fetch(url, { headers: { cookie } });
        const body = (await probe.json()) as { data: { cameras: unknown[]; total: number } };
        if (probe.status !== 200) throw new Error(`${url}: ${probe.status}`);
        if (request.query === 'page=1&count=50' && body.data.total < cameras)
          throw new Error(`the list's total is ${body.data.total}, seeded ${cameras} cameras`);
        const http: ScaleRow['http'] = [];
        for (const connections of [1, 10]) {
          await autocannon({ url, headers, connections, duration: 1 });
          const cpuBefore = cpuMsOf(pid);
          const result = await autocannon({ url, headers, connections, duration: seconds });
          const cpuMs = cpuMsOf(pid) - cpuBefore;
          http.push({
            connections,
            requestsPerSec: Math.round(result.requests.average),
            p50Ms: result.latency.p50,
            p99Ms: result.latency.p99,
            cpuMs: Math.round((cpuMs / Math.max(1, result.requests.total)) * 100) / 100,
            errors: result.errors + result.non2xx,
          });
        }
        rows.push({
          scale: label,
          figure: request.figure,
          answered: `${body.data.cameras.length} of ${body.data.total}`,
          http,
          inProcess: repository.get(request.figure) ?? [],
          load: os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join(' '),
        });
      }
    } finally {
      await server.stop();
    }
  }
  return { rows, explain };
}

export const cameraListScaleRows = (rows: ScaleRow[]): string[] =>
  rows.map((r) => {
    const http = r.http
      .map(
        (h) =>
          `${h.connections} conn: p50 ${h.p50Ms} / p99 ${h.p99Ms} ms, ${h.requestsPerSec} req/s, CPU ${h.cpuMs} ms/req${h.errors ? `, ${h.errors} errors` : ''}`,
      )
      .join('; ');
    const repo = r.inProcess.map((p) => `${p.label} p50 ${p.p50Ms} / p99 ${p.p99Ms} ms`).join(', ');
    return `| ${r.scale} | ${r.figure} | ${r.answered} | ${http} | ${repo} | ${r.load} |`;
  });
