// The map's range call at scale (issue 5, core.md §4, §7): GET api/locations/range for the boxes a map shows
// above zoom 12, for the cameras bench's customer of 10,000 cameras at 500 sites (its seeding is reused), on
// PGlite and PostgreSQL. Measured with autocannon, one connection (one map user: the latency a pan or zoom
// waits for) and ten (ten users at once), each for 10 s after a 2 s warm-up, asking for compressed answers
// as a browser does.
// Usage: npm run bench -- map-range   (POSTGRES_ADMIN_URL overrides postgres://postgres@127.0.0.1:5432/postgres)
import os from 'node:os';
import autocannon from 'autocannon';
import { BROWSER_ACCEPT_ENCODING, prepareBenchDatabase } from './cameras.bench.ts';
import { demoSession, startServer, type DatabaseChoice } from './lib/server-process.ts';
import { loadFigures, type LoadFigures } from './lib/load-figures.ts';

export interface MapRangeRow extends LoadFigures {
  figure: string;
  connections: number;
  answered: string;
  load1: number;
}

/** Boxes as the map asks for them (a 1280×700 px view): zoom 13 over central Tokyo, zoom 16 at Tokyo Station. */
export const MAP_RANGE_REQUESTS = [
  {
    figure: 'zoom 13, central Tokyo 0.08° × 0.12°',
    path: '/api/locations/range?lat_min=35.64&lat_max=35.72&lng_min=139.68&lng_max=139.80',
  },
  {
    figure: 'zoom 13, central Tokyo, func[]=ptz',
    path: '/api/locations/range?lat_min=35.64&lat_max=35.72&lng_min=139.68&lng_max=139.80&func[]=ptz',
  },
  {
    figure: 'zoom 16 (the default), Tokyo Station 0.01° × 0.015°',
    path: '/api/locations/range?lat_min=35.676&lat_max=35.686&lng_min=139.760&lng_max=139.775',
  },
] as const;

const describe = (body: { data: { locations: { cameras: unknown[] }[] } }, bytes: number) =>
  `${body.data.locations.length} sites, ${body.data.locations.reduce((n, l) => n + l.cameras.length, 0)} cameras, ${Math.round(bytes / 102.4) / 10} KB`;

export async function benchMapRange(database: DatabaseChoice, seconds = 10): Promise<MapRangeRow[]> {
  process.env.SIMULATED_CAMERAS = '0'; // an API figure: no simulated cameras recording beside it
  const server = await startServer(database, 18_353, { prepare: prepareBenchDatabase });
  try {
    const cookie = await demoSession(server.url);
    const rows: MapRangeRow[] = [];
    for (const request of MAP_RANGE_REQUESTS) {
      const url = `${server.url}${request.path}`;
      const probe = await fetch(url, { headers: { cookie } });
      const text = await probe.text();
      if (probe.status !== 200) throw new Error(`${request.path}: ${probe.status} ${text.slice(0, 300)}`);
      const headers = { cookie, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
      for (const connections of [1, 10]) {
        await autocannon({ url, headers, connections, duration: 2 });
        const result = await autocannon({ url, headers, connections, duration: seconds });
        rows.push({
          figure: request.figure,
          connections,
          ...loadFigures(database, result),
          answered: describe(JSON.parse(text) as never, Buffer.byteLength(text)),
          load1: Math.round(os.loadavg()[0]! * 10) / 10,
        });
      }
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export const mapRangeMarkdown = (r: MapRangeRow) =>
  `| \`GET api/locations/range\`, ${r.figure}, ${r.connections} connection${r.connections > 1 ? 's' : ''} | ${r.database} | ${r.requestsPerSec} req/s | p50 ${r.p50Ms} ms, **p99 ${r.p99Ms} ms** | ${r.answered}; errors ${r.errors}, non-2xx ${r.non2xx}; load ${r.load1} |`;
