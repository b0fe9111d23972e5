// Runs the benchmarks named on the command line (default: all) and prints Markdown rows for docs/benchmarks.md.
import os from 'node:os';
import { benchAuthMe, postgresAdminUrl } from './auth-me.bench.ts';
import { benchCameraList } from './cameras.bench.ts';
import { benchColdStart } from './cold-start.bench.ts';
import { benchWebShell, summarizeWebShell } from './web-shell.bench.ts';

const benches: Record<string, () => Promise<string[]>> = {
  'auth-me': async () => {
    const rows: string[] = [];
    for (const db of [
      { kind: 'embedded' } as const,
      { kind: 'postgres', adminUrl: postgresAdminUrl() } as const,
    ]) {
      const r = await benchAuthMe(db);
      rows.push(
        `| GET api/auth/me, 10 connections, 10 s | ${r.database} | ${r.requestsPerSec} req/s | p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms | errors ${r.errors}, non-2xx ${r.non2xx} |`,
      );
    }
    return rows;
  },
  cameras: async () => {
    const rows: string[] = [];
    for (const db of [
      { kind: 'embedded' } as const,
      { kind: 'postgres', adminUrl: postgresAdminUrl() } as const,
    ]) {
      for (const r of await benchCameraList(db)) {
        rows.push(
          `| ${r.figure}, 10,000 cameras, 10 connections, 10 s | ${r.database} | ${r.requestsPerSec} req/s | p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms | ${r.answered}, ${r.answerKb} KB; errors ${r.errors}, non-2xx ${r.non2xx} |`,
        );
      }
    }
    return rows;
  },
  'web-shell': async () => {
    const r = await benchWebShell();
    const m = summarizeWebShell(r);
    return [
      `| JavaScript for /login (compressed, cold cache, everything on the wire) | — | ${r.loginJsKb} KB | | |`,
      `| JavaScript between login and the first screen | — | ${r.firstScreenJsKb} KB | | |`,
      `| JavaScript for /list/1 opened directly (cold cache, logged in) | — | ${r.firstScreenColdJsKb} KB on the wire | | |`,
      `| Navigation to a usable login form (Chromium, loopback) | PGlite | median ${m.loginFormMedianMs} ms | runs ${r.loginFormMs.join(', ')} ms | |`,
      `| Login click to the camera rows of the first screen | PGlite | median ${m.loginToFirstScreenMedianMs} ms | runs ${r.loginToFirstScreenMs.join(', ')} ms | |`,
    ];
  },
  'cold-start': async () => {
    const r = await benchColdStart();
    return [
      `| Cold start to first 200 from /api/settings/env (empty data dir, migrate + demo seed) | PGlite (embedded) | median ${r.medianMs} ms | runs ${r.runsMs.join(', ')} ms | |`,
    ];
  },
};

const wanted = process.argv.slice(2);
const names = wanted.length > 0 ? wanted : Object.keys(benches);
const unknown = names.filter((n) => !benches[n]);
if (unknown.length > 0) {
  console.error(`unknown bench: ${unknown.join(', ')}; choose from ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
console.log('| figure | database | result | latency / detail | notes |\n|---|---|---|---|---|');
for (const name of names) for (const row of await (benches[name] ?? (async () => []))()) console.log(row);
