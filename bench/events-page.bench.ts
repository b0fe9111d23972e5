// The events page at scale (issue 22 "Events page": p99 ≤ 50 ms on PostgreSQL at 1 million events per customer).
// Seeds one customer with 1,000,000 events over 90 days on 1,000 cameras at 50 sites (20 cameras a site), tags of
// 50 and of 200 cameras, and a second customer with 200,000 events (so every read is scoped, not alone in the
// table); kinds as a busy customer has them: motion 60 %, person 20 %, people_pass 14 %, entry 5 %, camera down and
// up 0.5 % each. Then, through the service the route calls (CameraEventService: the filters resolved, the page read
// with its thumbnails, clips and reviewed marks), 200 calls of each page — the first, and a deep keyset page (the
// cursor of the 500,000th event of the filter, or its middle) — with every filter; the unreviewed count; and
// EXPLAIN (ANALYZE, BUFFERS) of every query each runs.
// Usage: npm run bench -- events-page   (POSTGRES_ADMIN_URL as for the other benches; EVENTS=1000000)
import os from 'node:os';
import pg from 'pg';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { eventListQuery } from '@camwatch/contract/events';
import { eventCursorOf } from '@camwatch/contract/events-rules';
import { noPermissions } from '@camwatch/contract/permissions';
import type { Db } from '../server/src/db/database.ts';
import { migrateToLatest } from '../server/src/db/migrate.ts';
import type { Database } from '../server/src/db/schema.ts';
import type { AuthContext } from '../server/src/http/auth-context.ts';
import { MediaUrls } from '../server/src/modules/archives/media-urls.ts';
import { CameraEventRepository } from '../server/src/modules/events/camera-event.repository.ts';
import { CameraEventService } from '../server/src/modules/events/camera-event.service.ts';
import { MediaSigner } from '../server/src/storage/signed-url.ts';

const DB_NAME = 'cw_bench_events';
const CAMERAS = 1_000;
const SITES = 50;
const DAYS = 90;

export interface EventsPageRow {
  figure: string;
  answered: string;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  calls: number;
}

const quantile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 100) / 100;

async function createDatabase(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${DB_NAME}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
}

/** A customer with its sites, cameras, tags and `events` events spread over DAYS days before `now`. */
async function seedCustomer(db: Db, code: string, events: number, now: Date) {
  const customer = await db
    .insertInto('customers')
    .values({ code, name: code })
    .returning('id')
    .executeTakeFirstOrThrow();
  const c = customer.id;
  await sql`INSERT INTO locations (customer_id, code, name, latitude, longitude)
    SELECT ${c}, ${code} || '-site-' || s, 'Site ' || s, 35 + s / 1000.0, 139 + s / 1000.0
    FROM generate_series(1, ${SITES}) s`.execute(db);
  await sql`INSERT INTO cameras (customer_id, location_id, code, name)
    SELECT ${c}, l.id, ${code} || '-cam-' || n, 'Camera ' || lpad(n::text, 4, '0')
    FROM generate_series(1, ${CAMERAS}) n
    JOIN locations l ON l.customer_id = ${c} AND l.code = ${code} || '-site-' || (1 + (n - 1) % ${SITES})`.execute(
    db,
  );
  // tag-50: every 20th camera; tag-200: every 5th (more cameras than a page query's branches).
  for (const [name, every] of [
    ['tag-50', 20],
    ['tag-200', 5],
  ] as const) {
    const tag = await db
      .insertInto('tags')
      .values({ customer_id: c, code: `${code}-${name}`, name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO camera_tags (camera_id, tag_id)
      SELECT id, ${tag.id} FROM cameras WHERE customer_id = ${c} AND (substring(code from '[0-9]+$')::int % ${every}) = 0`.execute(
      db,
    );
  }
  // Events in time order (ids follow time, as written live), kinds by share, cameras spread evenly.
  await sql`INSERT INTO camera_events (customer_id, camera_id, kind, at, ends_at, clip_id, detail)
    SELECT ${c}, cam.id,
      CASE WHEN r < 0.60 THEN 'motion' WHEN r < 0.80 THEN 'person' WHEN r < 0.94 THEN 'people_pass'
           WHEN r < 0.99 THEN 'entry' WHEN r < 0.995 THEN 'camera_down' ELSE 'camera_up' END,
      date_trunc('milliseconds', ${now}::timestamptz - (${DAYS} * interval '1 day') * (1 - g::float8 / ${events})),
      NULL, NULL, '{}'::jsonb
    FROM (SELECT g, random() AS r, 1 + (g::bigint * 7919) % ${CAMERAS} AS n FROM generate_series(1, ${events}) g) x
    JOIN cameras cam ON cam.customer_id = ${c} AND cam.code = ${code} || '-cam-' || x.n
    ORDER BY g`.execute(db);
  const user = await db
    .insertInto('users')
    .values({ customer_id: c, email: `${code}@bench.example`, name: code, password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { customerId: c, userId: user.id };
}

/** The query with its parameters written in (numbers, strings, dates, arrays), for EXPLAIN. */
function inline(text: string, parameters: readonly unknown[]): string {
  const literal = (value: unknown): string => {
    if (typeof value === 'number') return String(value);
    if (value instanceof Date) return `'${value.toISOString()}'`;
    if (Array.isArray(value)) return `'{${value.map(String).join(',')}}'`;
    return `'${String(value).replaceAll("'", "''")}'`;
  };
  return text.replace(/\$(\d+)/g, (_, n: string) => literal(parameters[Number(n) - 1]));
}

export async function benchEventsPage(adminUrl: string, events = 1_000_000) {
  const url = await createDatabase(adminUrl);
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const logged: { sql: string; parameters: readonly unknown[] }[] = [];
  let logging = false;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (logging && event.level === 'query')
        logged.push({ sql: event.query.sql, parameters: event.query.parameters });
    },
  }) as Db;
  const explain: string[] = [];
  const rows: EventsPageRow[] = [];
  try {
    await migrateToLatest(db);
    const now = new Date();
    const seedStarted = performance.now();
    const { customerId, userId } = await seedCustomer(db, 'bench', events, now);
    await seedCustomer(db, 'other', Math.round(events / 5), now);
    // The user reviewed everything up to a month ago at once, and 1,000 events one by one since.
    await sql`INSERT INTO event_review_marks (user_id, reviewed_through)
      SELECT ${userId}, max(id) FROM camera_events WHERE customer_id = ${customerId} AND at < ${now}::timestamptz - interval '30 days'`.execute(
      db,
    );
    await sql`INSERT INTO event_reviews (user_id, event_id)
      SELECT ${userId}, id FROM camera_events WHERE customer_id = ${customerId} AND at >= ${now}::timestamptz - interval '30 days'
      ORDER BY id LIMIT 1000`.execute(db);
    await sql`ANALYZE`.execute(db);
    const seeded = ((performance.now() - seedStarted) / 1000).toFixed(0);
    const total = await db
      .selectFrom('camera_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customerId)
      .executeTakeFirstOrThrow();
    explain.push(
      `## ${Number(total.n).toLocaleString('en')} events of one customer (seeded in ${seeded} s)`,
      '',
    );

    const signer = new MediaSigner(Buffer.from('bench-secret-bench-secret-bench-secret'), 600_000);
    const service = new CameraEventService(new CameraEventRepository(db), new MediaUrls(signer, 600_000));
    const auth = {
      sessionId: 1,
      user: {
        id: userId,
        customerId,
        parentUserId: null,
        email: 'bench@bench.example',
        name: 'bench',
        permissions: { ...noPermissions, archive: true, live: true },
        devauthEnabled: false,
      },
      customerBrowseVersion: 0,
      info: {} as AuthContext['info'],
    } as AuthContext;

    const oneDay = {
      from: new Date(now.getTime() - 10 * 86_400_000).toISOString(),
      to: new Date(now.getTime() - 9 * 86_400_000).toISOString(),
    };
    const requests: { figure: string; query: Record<string, unknown> }[] = [
      { figure: 'no filter', query: {} },
      { figure: 'kind camera_down (0.5 %)', query: { 'kind[]': ['camera_down'] } },
      { figure: 'kinds person + entry', query: { 'kind[]': ['person', 'entry'] } },
      { figure: 'one camera', query: { 'camera[]': ['bench-cam-500'] } },
      {
        figure: 'one camera, kind camera_up',
        query: { 'camera[]': ['bench-cam-500'], 'kind[]': ['camera_up'] },
      },
      { figure: 'site (20 cameras)', query: { location: 'bench-site-7' } },
      { figure: 'site + kind person', query: { location: 'bench-site-7', 'kind[]': ['person'] } },
      { figure: 'tag of 50 cameras', query: { tag: 'bench-tag-50' } },
      { figure: 'tag of 200 cameras', query: { tag: 'bench-tag-200' } },
      { figure: 'tag of 200 cameras + kind entry', query: { tag: 'bench-tag-200', 'kind[]': ['entry'] } },
      { figure: 'one day + kind entry', query: { ...oneDay, 'kind[]': ['entry'] } },
      {
        figure: 'timeline: one camera, one day, 100',
        query: { 'camera[]': ['bench-cam-500'], ...oneDay, limit: '100' },
      },
    ];

    const measure = async (figure: string, call: () => Promise<string>) => {
      let answered = '';
      for (let i = 0; i < 10; i++) answered = await call();
      const times: number[] = [];
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        await call();
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      rows.push({
        figure,
        answered,
        p50Ms: quantile(times, 0.5),
        p99Ms: quantile(times, 0.99),
        maxMs: Math.round(times.at(-1)! * 100) / 100,
        calls: times.length,
      });
      logging = true;
      logged.length = 0;
      await call();
      logging = false;
      for (const [i, query] of [...logged].entries()) {
        const plan = await sql
          .raw<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${inline(query.sql, query.parameters)}`)
          .execute(db);
        explain.push(
          `-- ${figure}: query ${i + 1} of ${logged.length}`,
          ...plan.rows.map((r) => r['QUERY PLAN']),
          '',
        );
      }
    };

    for (const request of requests) {
      const query = eventListQuery.parse(request.query);
      await measure(`${request.figure}, first page`, async () => {
        const page = await service.list(auth, query);
        return `${page.events.length} events`;
      });
      // The deep page: after the 500,000th event of the filter (or its middle, when it has fewer).
      const deep = await depthOf(db, customerId, query, (count) => Math.min(500_000, Math.floor(count / 2)));
      if (!deep.cursor || deep.at < 2) continue;
      const cursor = deep.cursor;
      await measure(
        `${request.figure}, keyset page after event ${deep.at.toLocaleString('en')} of ${deep.count.toLocaleString('en')}`,
        async () => {
          const page = await service.list(auth, { ...query, cursor });
          return `${page.events.length} events`;
        },
      );
    }
    await measure('unreviewed count (capped at 100)', async () =>
      String(await service.unreviewedCount(auth)),
    );
    await sql`UPDATE event_review_marks SET reviewed_through = (SELECT max(id) FROM camera_events) WHERE user_id = ${userId}`.execute(
      db,
    );
    await measure('unreviewed count, all reviewed', async () => String(await service.unreviewedCount(auth)));
  } finally {
    await db.destroy();
  }
  return {
    rows,
    explain,
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' '),
  };
}

type ParsedQuery = ReturnType<typeof eventListQuery.parse>;

/** The customer's events the filter matches, in plain SQL (the bench's own answer key, not the code measured). */
function matching(db: Db, customerId: number, query: ParsedQuery) {
  let q = db
    .selectFrom('camera_events as e')
    .innerJoin('cameras as c', 'c.id', 'e.camera_id')
    .where('e.customer_id', '=', customerId);
  if (query['camera[]'].length > 0) q = q.where('c.code', 'in', query['camera[]']);
  if (query['kind[]'].length > 0) q = q.where('e.kind', 'in', query['kind[]']);
  if (query.location) {
    const location = query.location;
    q = q.where('c.location_id', '=', (eb) =>
      eb.selectFrom('locations').select('id').where('code', '=', location),
    );
  }
  if (query.tag) {
    const tag = query.tag;
    q = q.where('c.id', 'in', (eb) =>
      eb
        .selectFrom('camera_tags as ct')
        .innerJoin('tags as t', 't.id', 'ct.tag_id')
        .select('ct.camera_id')
        .where('t.code', '=', tag),
    );
  }
  if (query.from) q = q.where('e.at', '>=', new Date(query.from));
  if (query.to) q = q.where('e.at', '<', new Date(query.to));
  return q;
}

/** How many events the filter matches, and the cursor after the `depth`-th of them (newest first). */
async function depthOf(db: Db, customerId: number, query: ParsedQuery, depth: (count: number) => number) {
  const { n } = await matching(db, customerId, query)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const count = Number(n);
  const at = depth(count);
  const row = await matching(db, customerId, query)
    .select(['e.at', 'e.id'])
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .offset(Math.max(0, at - 1))
    .limit(1)
    .executeTakeFirst();
  return { count, at, cursor: row ? eventCursorOf(row.at.getTime(), row.id) : null };
}

/** Markdown rows for docs/benchmarks.md. */
export const eventsPageRows = (result: Awaited<ReturnType<typeof benchEventsPage>>): string[] => [
  '| request (service call: filters resolved, page with thumbnails, clips, reviewed marks) | answered | p50 | p99 | max | load |',
  '|---|---|---|---|---|---|',
  ...result.rows.map(
    (r) => `| ${r.figure} | ${r.answered} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${r.maxMs} ms | ${result.load} |`,
  ),
];
