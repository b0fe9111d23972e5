// The 16-tile multi-video wall in Chromium for 5 minutes (issue 6 point 7): the demo's simulated cameras
// (2 stills/s each) feed the wall's one live poller, which should draw one still per live tile per second
// (core.md §9: 1000 ms ÷ live cameras). Measures received versus expected live updates and the page's CPU
// time from the DevTools protocol (Performance.getMetrics TaskDuration and ScriptDuration).
// Usage: npm run bench -- wall-16            (WALL_BENCH_SECONDS=60 for a shorter run)
import os from 'node:os';
import { launchChromium } from './lib/browser.ts';
import { ensureWebBuild, startServer } from './lib/server-process.ts';
import { report, round1, sleep } from './lib/video-fixtures.ts';

const PORT = 18_190;
const WARMUP_MS = 20_000;

export interface WallBenchResult {
  seconds: number;
  tiles: number;
  liveTiles: number;
  expected: number;
  received: number;
  dropped: number;
  droppedPercent: number;
  requests: number;
  taskSecPerSec: number;
  scriptSecPerSec: number;
  load1: number;
}

type Stats = { requests: number; frames: number; ticks: number; cameras: number };

export async function benchWall16(
  seconds = Number(process.env.WALL_BENCH_SECONDS ?? 300),
): Promise<WallBenchResult> {
  ensureWebBuild(`${os.tmpdir()}/webdist-bench-wall`);
  process.env.SIMULATED_CAMERAS = '1';
  const server = await startServer({ kind: 'embedded' }, PORT);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
    // Logged in through the login call (the cookie lands in the page's context), the web-push offer dismissed.
    await page.addInitScript(
      `localStorage.setItem('camwatch.loggedIn', 'true');` +
        `localStorage.setItem('camwatch.pushDialogExpiresAt', String(Date.now() + 86400000));`,
    );
    const login = await page.request.post(`${server.url}/api/auth/login`, {
      data: { email: 'demo@example.com', password: 'demo1234', appKey: null },
      timeout: 60_000,
    });
    if (login.status() !== 200) throw new Error(`login: ${login.status()}`);
    await page.goto(`${server.url}/list/1?view=multi&division=16`);
    await page.getByTestId('multi-wall').waitFor();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await sleep(WARMUP_MS);

    const sample = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
      // Strings, not functions: this workspace has no DOM types.
      const stats = (await page.evaluate('({ ...window.__wallLiveStats })')) as Stats;
      const frames = (await page.evaluate(
        "[...document.querySelectorAll('[data-testid=wall-live-canvas]')].map((c) => Number(c.dataset.frames ?? 0))",
      )) as number[];
      return {
        task: metric('TaskDuration'),
        script: metric('ScriptDuration'),
        stats,
        frames,
        at: Date.now(),
      };
    };
    const start = await sample();
    await sleep(seconds * 1000);
    const end = await sample();
    const elapsed = (end.at - start.at) / 1000;
    const tiles = await page.getByTestId('wall-tile').count();
    // Live tiles: those that drew during the warm-up (a down camera shows "cannot live" and is not expected).
    const liveTiles = start.frames.filter((n) => n > 0).length;
    const expected = Math.floor(liveTiles * elapsed);
    const received = end.stats.frames - start.stats.frames;
    const dropped = Math.max(0, expected - received);
    const result: WallBenchResult = {
      seconds: Math.round(elapsed),
      tiles,
      liveTiles,
      expected,
      received,
      dropped,
      droppedPercent: round1((dropped / Math.max(1, expected)) * 100),
      requests: end.stats.requests - start.stats.requests,
      taskSecPerSec: Number(((end.task - start.task) / elapsed).toFixed(3)),
      scriptSecPerSec: Number(((end.script - start.script) / elapsed).toFixed(3)),
      load1: round1(os.loadavg()[0] ?? 0),
    };
    report(
      'wall-16',
      ['seconds', 'live tiles', 'expected', 'received', 'dropped %', 'task s/s', 'script s/s'],
      [
        [
          result.seconds,
          result.liveTiles,
          result.expected,
          result.received,
          result.droppedPercent,
          result.taskSecPerSec,
          result.scriptSecPerSec,
        ],
      ],
      result,
    );
    return result;
  } finally {
    await browser.close();
    await server.stop();
  }
}
