// Cold start: spawn the server on an empty data dir (migrate, seed the demo, listen) to the first 200 from
// /api/settings/env. Usage: npm run bench -- cold-start
import { startServer } from './lib/server-process.ts';

export async function benchColdStart(runs = 3): Promise<{ runsMs: number[]; medianMs: number }> {
  const runsMs: number[] = [];
  for (let i = 0; i < runs; i++) {
    const server = await startServer({ kind: 'embedded' }, 18_081);
    runsMs.push(Math.round(server.readyMs));
    await server.stop();
  }
  const sorted = [...runsMs].sort((a, b) => a - b);
  return { runsMs, medianMs: sorted[Math.floor(sorted.length / 2)] ?? 0 };
}
