// Camera browsing at scale: GET api/cameras (filters + keyword) and GET api/locations/range with a customer
// of 10,000 cameras at 500 sites with 200 tags, on PGlite and on PostgreSQL, measured with autocannon.
// Usage: npm run bench -- cameras   (POSTGRES_ADMIN_URL overrides postgres://postgres@127.0.0.1:5432/postgres)
import fs from 'node:fs';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Db } from '../server/src/db/database.ts';
import { DEMO_EMAIL } from '../server/src/db/seed/demo-account.ts';
import { seedDemo } from '../server/src/db/seed/demo-seed.ts';
import { demoSession, startServer, type DatabaseChoice } from './lib/server-process.ts';
import { loadFigures, type LoadFigures } from './lib/load-figures.ts';

export const BENCH_SCALE = { cameras: 10_000, locations: 500, tags: 200 } as const;

/** Cities per area with a rough centre; sites scatter around them so the map has dense and sparse parts. */
const AREAS: { area: string; cities: string[]; lat: number; lng: number; weight: number }[] = [
  {
    area: '東京都',
    cities: ['千代田区', '中央区', '港区', '新宿区', '渋谷区', '品川区'],
    lat: 35.68,
    lng: 139.74,
    weight: 8,
  },
  { area: '神奈川県', cities: ['横浜市', '川崎市', '相模原市'], lat: 35.45, lng: 139.6, weight: 4 },
  { area: '埼玉県', cities: ['さいたま市', '川口市'], lat: 35.86, lng: 139.65, weight: 3 },
  { area: '千葉県', cities: ['千葉市', '船橋市'], lat: 35.6, lng: 140.12, weight: 3 },
  { area: '大阪府', cities: ['大阪市', '堺市', '中央区'], lat: 34.69, lng: 135.5, weight: 5 },
  { area: '愛知県', cities: ['名古屋市', '豊田市'], lat: 35.18, lng: 136.9, weight: 4 },
  { area: '福岡県', cities: ['福岡市', '北九州市'], lat: 33.59, lng: 130.4, weight: 3 },
  { area: '北海道', cities: ['札幌市', '旭川市'], lat: 43.06, lng: 141.35, weight: 2 },
  { area: '宮城県', cities: ['仙台市'], lat: 38.27, lng: 140.87, weight: 2 },
  { area: '広島県', cities: ['広島市', '福山市'], lat: 34.39, lng: 132.46, weight: 2 },
  { area: '京都府', cities: ['京都市'], lat: 35.01, lng: 135.77, weight: 2 },
  { area: '沖縄県', cities: ['那覇市'], lat: 26.21, lng: 127.68, weight: 1 },
];
const SITE_KINDS = ['店', '倉庫', '工場', '事務所', 'センター', 'Store', 'Depot'];
const CAMERA_KINDS = [
  '入口',
  'レジ',
  '駐車場',
  '通路',
  'バックヤード',
  '搬入口',
  'Entrance',
  'Gate',
  'Lobby',
  'Office',
];
const TAG_KINDS = ['フロア', 'エリア', 'Zone', 'Group', '屋外', '屋内', 'Night', '重要', 'Team', '点検'];

/** A deterministic pseudo-random sequence, so every run seeds the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface BenchScale {
  cameras: number;
  locations: number;
  tags: number;
}

/**
 * Adds the bench's sites, cameras and tags to a customer: one multi-row insert per table, the cameras and
 * links generated inside the database. Codes start with `${prefix}-` (unique per customer: codes are unique
 * in the whole database) so the inserts can find them. With `quiet`, the rows are written with the
 * database's triggers off (session_replication_role = replica: the browse-version bumps and the foreign-key
 * checks, a trigger call per row) so that a million cameras take seconds; the data is generated consistent.
 * The caller then runs VACUUM ANALYZE once.
 */
export async function seedBenchCameras(
  db: Db,
  customerId: number,
  scale: BenchScale = BENCH_SCALE,
  prefix = 'bench',
  quiet = false,
): Promise<void> {
  const next = random(42);
  const weighted = AREAS.flatMap((a) => Array.from({ length: a.weight }, () => a));
  const sites = Array.from({ length: scale.locations }, (_, i) => {
    const area = weighted[i % weighted.length] ?? AREAS[0]!;
    const city = area.cities[Math.floor(next() * area.cities.length)] ?? area.cities[0]!;
    return {
      customer_id: customerId,
      code: `${prefix}-loc-${i}`,
      name: `${city}${SITE_KINDS[i % SITE_KINDS.length]} ${i}`,
      address: `${area.area}${city}${1 + (i % 9)}-${1 + (i % 20)}`,
      latitude: area.lat + (next() - 0.5) * 0.4,
      longitude: area.lng + (next() - 0.5) * 0.5,
      area_jp: area.area,
      city_jp: city,
    };
  });
  const like = `${prefix}-%`;
  // Camera numbers keep at least 5 digits (the 10,000-camera names stay as they were) and never get cut.
  const digits = Math.max(5, String(scale.cameras - 1).length);
  const kinds = sql.raw(`ARRAY[${CAMERA_KINDS.map((k) => `'${k}'`).join(', ')}]`);
  await db.transaction().execute(async (trx) => {
    if (quiet) await sql`SET LOCAL session_replication_role = replica`.execute(trx);
    for (let i = 0; i < sites.length; i += 5_000)
      await trx
        .insertInto('locations')
        .values(sites.slice(i, i + 5_000))
        .execute();
    await trx
      .insertInto('tags')
      .values(
        Array.from({ length: scale.tags }, (_, i) => ({
          customer_id: customerId,
          code: `${prefix}-tag-${i}`,
          name: `${TAG_KINDS[i % TAG_KINDS.length]} ${i}`,
        })),
      )
      .execute();
    await sql`
      INSERT INTO cameras (customer_id, location_id, code, name, model_code, watch_status, use_motion, use_heatmap,
                           use_audio, use_people_counter, use_ptz, use_time_lapse, use_nolive, use_streaming)
      SELECT ${customerId}, l.id, ${`${prefix}-cam-`} || g,
             (${kinds})[1 + g % ${CAMERA_KINDS.length}] || ' ' || lpad(g::text, ${digits}, '0'),
             CASE WHEN g % 50 = 0 THEN 'L21' ELSE 'CW-BOX2' END,
             CASE WHEN g % 47 = 0 THEN 'down' ELSE 'normal' END,
             g % 2 = 0, g % 5 = 0, g % 3 = 0, g % 11 = 0, g % 7 = 0, g % 13 = 0, g % 50 = 0, true
      FROM generate_series(0, ${scale.cameras - 1}) AS g
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM locations
            WHERE customer_id = ${customerId} AND code LIKE ${like}) AS l
        ON l.k = g % ${scale.locations}
    `.execute(trx);
    // About two thirds of the cameras carry two tags (two different ones: 6k + 3 is odd, the tag counts even).
    await sql`
      INSERT INTO camera_tags (camera_id, tag_id)
      SELECT c.id, t.id
      FROM (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM cameras
            WHERE customer_id = ${customerId} AND code LIKE ${like}) AS c
      CROSS JOIN LATERAL (VALUES (c.k % ${scale.tags}), ((c.k * 7 + 3) % ${scale.tags})) AS v(k)
      JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM tags
            WHERE customer_id = ${customerId} AND code LIKE ${like}) AS t
        ON t.k = v.k
      WHERE c.k % 3 <> 0
    `.execute(trx);
  });
  // As autovacuum leaves a settled table: statistics, and the visibility map index-only scans rely on.
  if (!quiet) await sql`VACUUM ANALYZE`.execute(db);
}

/** Seeds the demo account on a migrated database and gives its customer the bench's cameras. */
export async function prepareBenchDatabase(db: Db): Promise<void> {
  await seedDemo(db);
  const demo = await db
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  await seedBenchCameras(db, demo.customer_id);
}

/** The large bench: one customer of 100,000 cameras in a database of 1,000,000 (ten such customers). */
export const LARGE_SCALE = { cameras: 100_000, locations: 5_000, tags: 2_000, customers: 10 } as const;

/**
 * The demo account's customer with LARGE_SCALE's cameras, and nine more customers of the same size, so
 * every query has to find its customer's tenth of a million cameras. Seeded in SQL with the triggers off.
 */
export async function prepareLargeBenchDatabase(db: Db): Promise<void> {
  await seedDemo(db);
  const demo = await db
    .selectFrom('users')
    .select('customer_id')
    .where('email', '=', DEMO_EMAIL)
    .executeTakeFirstOrThrow();
  const scale = { cameras: LARGE_SCALE.cameras, locations: LARGE_SCALE.locations, tags: LARGE_SCALE.tags };
  // Other customers first, so the demo customer's rows are the newest (as in a long-lived database).
  for (let k = 1; k < LARGE_SCALE.customers; k++) {
    const other = await db
      .insertInto('customers')
      .values({ code: `bench-large-${k}`, name: `Bench customer ${k}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await seedBenchCameras(db, other.id, scale, `bench${k}`, true);
  }
  await seedBenchCameras(db, demo.customer_id, scale, 'bench', true);
  // The triggers were off: the customers' camera counts (migration 0025) are set as the migration does.
  await sql`UPDATE customers cu SET camera_count = (SELECT count(*) FROM cameras c WHERE c.customer_id = cu.id)`.execute(
    db,
  );
  await sql`VACUUM ANALYZE`.execute(db);
}

export interface CameraBenchRow extends LoadFigures {
  figure: string;
  /** Size of one answer, to show what was measured. */
  answerKb: number;
  /** Bytes sent per answer, headers included, as the client asked (compressed or not). */
  wireKb: number;
  /** The Accept-Encoding the load generator sent ('none' for no header). */
  acceptEncoding: string;
  /** What the answer held, e.g. "50 of 402 cameras". */
  answered: string;
  /** CPU time of the server process per request (user + system, from /proc), less sensitive to load. */
  serverCpuMsPerRequest: number;
  /** Whether the server kept camera-list answers in memory (CAMERA_LIST_CACHE_SECONDS). */
  listCache: boolean;
}

/** CPU time (user + system) a process has used, in ms, from /proc (Linux). */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in USER_HZ (100)
}

/** The requests measured: the list with typical filters and a two-word keyword, and a zoom-13 map box. */
export const CAMERA_BENCH_REQUESTS = [
  {
    figure: 'GET api/cameras, func[]=live + keyword "東京 入口", page 1 of 50',
    path: `/api/cameras?page=1&count=50&func[]=live&keyword=${encodeURIComponent('東京 入口')}`,
    describe: (body: { data: { cameras: unknown[]; total: number } }) =>
      `${body.data.cameras.length} of ${body.data.total} cameras`,
  },
  {
    figure: 'GET api/cameras, no filter, page 3 of 50',
    path: '/api/cameras?page=3&count=50',
    describe: (body: { data: { cameras: unknown[]; total: number } }) =>
      `${body.data.cameras.length} of ${body.data.total} cameras`,
  },
  {
    figure: 'GET api/locations/range, central Tokyo box 0.08° × 0.12° (map zoom 13)',
    path: '/api/locations/range?lat_min=35.64&lat_max=35.72&lng_min=139.68&lng_max=139.80',
    describe: (body: { data: { locations: { cameras: unknown[] }[] } }) =>
      `${body.data.locations.length} sites, ${body.data.locations.reduce((n, l) => n + l.cameras.length, 0)} cameras`,
  },
] as const;

/** What Chromium sends: every browser asks for compressed answers. */
export const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

export async function benchCameraList(
  database: DatabaseChoice,
  seconds = 10,
  connections = 10,
  listCache = true,
  /** Accept-Encoding headers to measure each request with; '' for none (uncompressed answers). */
  acceptEncodings: readonly string[] = [BROWSER_ACCEPT_ENCODING],
): Promise<CameraBenchRow[]> {
  // The list cache is on by default; off measures every request reading the database.
  const previous = process.env.CAMERA_LIST_CACHE_SECONDS;
  process.env.CAMERA_LIST_CACHE_SECONDS = listCache ? '5' : '0';
  process.env.SIMULATED_CAMERAS = '0';
  const server = await startServer(database, 18_083, { prepare: prepareBenchDatabase });
  if (previous === undefined) delete process.env.CAMERA_LIST_CACHE_SECONDS;
  else process.env.CAMERA_LIST_CACHE_SECONDS = previous;
  const pid = server.process.pid!;
  try {
    const cookie = await demoSession(server.url);
    const rows: CameraBenchRow[] = [];
    for (const request of CAMERA_BENCH_REQUESTS)
      for (const acceptEncoding of acceptEncodings) {
        const url = `${server.url}${request.path}`;
        const headers: Record<string, string> = { cookie };
        if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
        const probe = await fetch(url, { headers: { cookie } });
        const text = await probe.text();
        if (probe.status !== 200) throw new Error(`${request.path}: ${probe.status} ${text.slice(0, 300)}`);
        // Warm-up so JIT, plans and caches settle before measuring.
        await autocannon({ url, headers, connections, duration: 2 });
        const cpuBefore = cpuMsOf(pid);
        const result = await autocannon({ url, headers, connections, duration: seconds });
        const cpuMs = cpuMsOf(pid) - cpuBefore;
        rows.push({
          figure: request.figure,
          ...loadFigures(database, result),
          answerKb: Math.round(Buffer.byteLength(text) / 102.4) / 10,
          // Bytes on the wire per answer, headers included (compressed when asked for).
          wireKb: Math.round(result.throughput.total / Math.max(1, result.requests.total) / 102.4) / 10,
          acceptEncoding: acceptEncoding || 'none',
          answered: request.describe(JSON.parse(text) as never),
          serverCpuMsPerRequest: Math.round((cpuMs / Math.max(1, result.requests.total)) * 100) / 100,
          listCache,
        });
      }
    return rows;
  } finally {
    await server.stop();
  }
}
