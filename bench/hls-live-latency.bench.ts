// HLS live latency, glass to glass: a real agent (simulated camera, 320x180 5 fps, real ffmpeg) streams its
// 1 s MPEG-TS segments to the server; headless Chromium plays the signed live playlist with hls.js. Every
// ~500 ms the page draws the video's current frame to a canvas and notes Date.now(); the frame's capture time
// is found by matching the picture against the simulator's own renderings on the 5 fps wall-clock grid (the
// simulator is deterministic in the frame's time). Latency = draw time − capture time; one machine clock.
// The same measure for the low-latency fMP4 stream (transport 'fmp4'): the page runs the web app's own
// LiveFmp4Player (web/src/features/player/live-fmp4-player.ts, its types stripped) on the stream's
// WebSocket; then a crowd of viewers of the one camera (4 and 16) is measured too.
// Usage: npm run bench -- hls-live-latency | fmp4-live-latency (HLS_BENCH_DEBUG=/tmp/x writes each sample's
// match to /tmp/x-*.json)
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import ts from 'typescript';
import { startAgent } from '../agent/src/index.ts';
import type { SimCamera } from '../agent/src/sim/sim-camera.ts';
import { chromiumLaunchOptions } from '../e2e/support/chromium.ts';
import { greyFromRgb, matchFrame } from './lib/frame-match.ts';
import { repoRoot, startServer } from './lib/server-process.ts';
import {
  createBenchTenant,
  login,
  percentile,
  report,
  round1,
  sleep,
  tempDir,
  type BenchTenant,
} from './lib/video-fixtures.ts';

/** Away from the other benches' ports (18_080, 18_181…18_184). */
const PORT = 18_186;
const WIDTH = 320;
const HEIGHT = 180;
const FPS = 5;
const PERIOD_MS = 1000 / FPS;
/** How far back a shown frame may have been captured. */
const CANDIDATE_WINDOW_MS = 12_000;
const HLS_CONFIG = {
  liveSyncDurationCount: 2,
  liveMaxLatencyDurationCount: 5,
  maxLiveSyncPlaybackRate: 1.2,
  lowLatencyMode: false,
};

export interface ViewerResult {
  samples: number;
  rejected: number;
  rejectedWhy: Record<string, number>;
  p50Ms: number;
  p95Ms: number;
  minMs: number;
  maxMs: number;
  /** POST streaming → the page's first `playing` event / first presented frame. */
  toPlayingMs: number;
  toFirstFrameMs: number;
  /** hls.js's own estimate (playlist edge − currentTime) and its target, medians over the samples. */
  hlsLatencyP50Ms: number;
  hlsTargetLatencyMs: number;
  targetDurationSec: number;
  stalls: number;
  hlsErrors: string[];
  /** Consecutive samples that showed the same frame (the picture froze for ≥ 500 ms). */
  repeatedFrames: number;
  measuredSec: number;
  loadDuring: number[];
}

export type LiveTransport = 'hls' | 'fmp4';

export interface CrowdResult {
  viewers: number;
  /** Of those, viewers that only receive the stream (WebSockets counting bytes, no decoding): the server's fan-out
   * to `viewers` without `viewers` Chromium pages decoding on the bench's own two cores. 0: all are pages. */
  socketViewers: number;
  /** The socket viewers' longest wait between two messages, ms. */
  socketMaxGapMs: number;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  /** The worst viewer's p95. */
  worstP95Ms: number;
  stalls: number;
  /** Streaming call → first frame, the slowest of the viewers that joined. */
  slowestFirstFrameMs: number;
}

export interface HlsLiveLatencyResult {
  transport: LiveTransport;
  h264: boolean;
  hlsVersion: string;
  /** The viewer that asked for the stream (the agent starts uploading at its request). */
  first: ViewerResult;
  /** A second viewer opening the stream while it runs (the playlist then already lists 6 segments). */
  joiner: ViewerResult;
  /** Several viewers of the one camera at once (fmp4 only). */
  crowds: CrowdResult[];
  load1: number;
}

interface PageSample {
  at: number;
  grey: string;
  currentTime: number;
  latency: number | null;
  targetLatency: number | null;
  playbackRate: number;
}

interface PageState {
  playingAt: number;
  firstFrameAt: number;
  stalls: number;
  errors: string[];
  targetDuration: number;
}

/** The page's own code (no DOM types in the bench's tsconfig, so it is a string). */
const pageScript = `
const state = { samples: [], playingAt: 0, firstFrameAt: 0, stalls: 0, errors: [], targetDuration: 0 };
window.benchState = state;
window.benchStart = (url, config) => {
  const video = document.querySelector('video');
  const hls = new Hls(config);
  window.benchHls = hls;
  hls.on(Hls.Events.ERROR, (_e, d) => state.errors.push(Date.now() + ' ' + d.type + ' ' + d.details + (d.fatal ? ' FATAL' : '')));
  hls.on(Hls.Events.LEVEL_LOADED, (_e, d) => { state.targetDuration = d.details.targetduration; });
  hls.on(Hls.Events.MANIFEST_PARSED, () => video.play().catch((e) => state.errors.push('play: ' + e)));
  video.addEventListener('playing', () => { if (!state.playingAt) state.playingAt = Date.now(); });
  video.addEventListener('waiting', () => { if (state.playingAt) state.stalls++; });
  video.requestVideoFrameCallback(() => { state.firstFrameAt = Date.now(); });
  hls.loadSource(url);
  hls.attachMedia(video);
};
window.benchStartFmp4 = (url) => {
  const video = document.querySelector('video');
  const player = new Fmp4.LiveFmp4Player(video, url, (s, reason) => state.errors.push(Date.now() + ' ' + s + ' ' + (reason || '')));
  window.benchPlayer = player;
  video.addEventListener('playing', () => { if (!state.playingAt) state.playingAt = Date.now(); });
  video.addEventListener('waiting', () => {
    if (!state.playingAt) return;
    state.stalls++;
    const b = video.buffered;
    state.errors.push(Date.now() + ' waiting at ' + video.currentTime.toFixed(3) + ', buffered to ' + (b.length ? b.end(b.length - 1).toFixed(3) : '-') + (video.seeking ? ' (seeking)' : ''));
  });
  video.requestVideoFrameCallback(() => { state.firstFrameAt = Date.now(); });
  player.start();
};
const playerLatency = () => window.benchHls
  ? { latency: window.benchHls.latency, targetLatency: window.benchHls.targetLatency }
  : { latency: window.benchPlayer.stats.lagSec, targetLatency: window.benchPlayer.stats.targetLagSec };
window.benchSample = (intervalMs, width, height) => {
  const video = document.querySelector('video');
  const canvas = document.querySelector('canvas');
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  const grey = new Uint8Array(width * height);
  setInterval(() => {
    const at = Date.now();
    ctx.drawImage(video, 0, 0, width, height);
    const rgba = ctx.getImageData(0, 0, width, height).data;
    for (let i = 0; i < grey.length; i++)
      grey[i] = (rgba[4 * i] * 77 + rgba[4 * i + 1] * 150 + rgba[4 * i + 2] * 29) >> 8;
    let text = '';
    for (let i = 0; i < grey.length; i += 0x8000) text += String.fromCharCode(...grey.subarray(i, i + 0x8000));
    state.samples.push({
      at,
      grey: btoa(text),
      currentTime: video.currentTime,
      ...playerLatency(),
      playbackRate: video.playbackRate,
    });
  }, intervalMs);
};
window.benchTake = () => state.samples.splice(0);
`;

const pageHtml = `<!doctype html><html><body>
<video muted autoplay playsinline width="${WIDTH}" height="${HEIGHT}"></video>
<canvas width="${WIDTH}" height="${HEIGHT}"></canvas>
</body></html>`;

interface Viewer {
  page: Page;
  calledAt: number;
  started: PageState;
  samples: PageSample[];
  loadDuring: number[];
}

/**
 * The web app's fMP4 player as one script for the page (window.Fmp4): the module imports nothing, so its types
 * are stripped and its exports become the properties of one object.
 */
async function fmp4PlayerScript(): Promise<string> {
  const source = await fs.readFile(
    path.join(repoRoot, 'web/src/features/player/live-fmp4-player.ts'),
    'utf8',
  );
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.CommonJS },
  });
  return `var Fmp4 = (() => { const exports = {}; ${outputText}; return exports; })();`;
}

/** Opens a page at the server's origin with the player, asks for the live stream and waits for its first frame. */
async function openViewer(
  browser: Browser,
  serverUrl: string,
  cameraCode: string,
  cookie: string,
  transport: LiveTransport,
  playerJs: string,
  sample = true,
): Promise<Viewer> {
  // The page is served at the server's origin (intercepted, never reaching it), so hls.js's requests
  // to /api/streams/… are same-origin, as in the product.
  const page = await browser.newPage();
  const pageUrl = `${serverUrl}/__bench/hls-live-latency.html`;
  await page.route(pageUrl, (route) => route.fulfill({ contentType: 'text/html', body: pageHtml }));
  await page.goto(pageUrl);
  await page.addScriptTag({ content: playerJs });
  await page.addScriptTag({ content: pageScript });
  const calledAt = Date.now();
  const res = await fetch(`${serverUrl}/api/cameras/${cameraCode}/streaming`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json' },
    body: JSON.stringify({ mode: 'live', expires: 3600 }),
  });
  const answer = (await res.json()) as { data?: { url?: string; reason?: string } };
  if (res.status !== 200 || !answer.data?.url)
    throw new Error(`streaming call: ${res.status} ${JSON.stringify(answer)}`);
  const url = `${serverUrl}${answer.data.url}`;
  await page.evaluate(
    transport === 'hls'
      ? `window.benchStart(${JSON.stringify(url)}, ${JSON.stringify(HLS_CONFIG)})`
      : `window.benchStartFmp4(${JSON.stringify(url.replace(/^http/, 'ws').replace(/index\.m3u8$/, 'live.fmp4'))})`,
  );
  for (const deadline = Date.now() + 30_000; ; await sleep(20)) {
    const s = await pageState(page);
    if (s.playingAt && s.firstFrameAt) {
      if (sample) await page.evaluate(`window.benchSample(500, ${WIDTH}, ${HEIGHT})`);
      return { page, calledAt, started: s, samples: [], loadDuring: [] };
    }
    if (Date.now() > deadline) throw new Error(`no frame played within 30 s: ${JSON.stringify(s)}`);
  }
}

const pageState = async (page: Page) => {
  const s = (await page.evaluate('window.benchState')) as PageState & { samples?: unknown };
  return { ...s, samples: undefined };
};

/** Collects the viewers' samples for `seconds`. */
async function watch(viewers: Viewer[], seconds: number): Promise<void> {
  const start = Date.now();
  while (Date.now() - start < seconds * 1000) {
    await sleep(5_000);
    const load = round1(os.loadavg()[0] ?? 0);
    for (const v of viewers) {
      v.samples.push(...((await v.page.evaluate('window.benchTake()')) as PageSample[]));
      v.loadDuring.push(load);
    }
  }
}

/** Matches every sample of a viewer to its capture time (after the run: rendering competes with the agent). */
async function summarize(
  viewer: Viewer,
  sim: SimCamera,
  label: string,
): Promise<ViewerResult & { latencies: number[] }> {
  const ended = await pageState(viewer.page);
  const latencies: number[] = [];
  const rejectedWhy: Record<string, number> = {};
  let repeatedFrames = 0;
  let previousCapture: number | null = null;
  const debug: unknown[] = [];
  for (const sample of viewer.samples) {
    const shown = new Uint8Array(Buffer.from(sample.grey, 'base64'));
    const newest = Math.floor(sample.at / PERIOD_MS) * PERIOD_MS;
    const candidates = [];
    for (let t = newest; t > sample.at - CANDIDATE_WINDOW_MS; t -= PERIOD_MS)
      candidates.push({ time: t, grey: renderedGrey(sim, t) });
    const match = matchFrame(shown, candidates);
    debug.push({ at: sample.at, ...match, hlsLatency: sample.latency, rate: sample.playbackRate });
    if (match.capturedAt === null) {
      const why = match.rejected ?? 'unknown';
      rejectedWhy[why] = (rejectedWhy[why] ?? 0) + 1;
      continue;
    }
    if (match.capturedAt === previousCapture) repeatedFrames++;
    previousCapture = match.capturedAt;
    latencies.push(sample.at - match.capturedAt);
  }
  if (process.env.HLS_BENCH_DEBUG)
    await fs.writeFile(`${process.env.HLS_BENCH_DEBUG}-${label}.json`, JSON.stringify(debug, null, 1));
  const { samples } = viewer;
  const hlsLatencies = samples.flatMap((s) => (s.latency === null ? [] : [s.latency * 1000]));
  const targets = samples.flatMap((s) => (s.targetLatency === null ? [] : [s.targetLatency * 1000]));
  const first = samples[0]?.at ?? 0;
  const last = samples.at(-1)?.at ?? 0;
  return {
    samples: latencies.length,
    rejected: samples.length - latencies.length,
    rejectedWhy,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    minMs: Math.min(...latencies),
    maxMs: Math.max(...latencies),
    toPlayingMs: viewer.started.playingAt - viewer.calledAt,
    toFirstFrameMs: viewer.started.firstFrameAt - viewer.calledAt,
    hlsLatencyP50Ms: Math.round(percentile(hlsLatencies, 0.5)),
    hlsTargetLatencyMs: Math.round(percentile(targets, 0.5)),
    targetDurationSec: ended.targetDuration,
    stalls: ended.stalls,
    hlsErrors: ended.errors,
    repeatedFrames,
    measuredSec: round1((last - first) / 1000),
    loadDuring: viewer.loadDuring,
    latencies,
  };
}

const renderedCache = new Map<number, Uint8Array>();
function renderedGrey(sim: SimCamera, time: number): Uint8Array {
  let grey = renderedCache.get(time);
  if (!grey) {
    grey = greyFromRgb(sim.frameAt(time, { width: WIDTH, height: HEIGHT }).data);
    renderedCache.set(time, grey);
  }
  return grey;
}

/** Viewers of the one camera measured together after the first and the joiner (fmp4 only). */
const CROWDS = [4, 16];
/** The same sizes again with only the first and the joiner in Chromium, the rest receiving over WebSockets. */
const SOCKET_CROWDS = [16, 64];

/** `count` viewers that each ask for the stream and receive its fMP4 over a WebSocket in one page, counting. */
async function openSocketViewers(
  browser: Browser,
  serverUrl: string,
  cameraCode: string,
  cookie: string,
  count: number,
): Promise<{ page: Page; maxGapMs: () => Promise<number> }> {
  const page = await browser.newPage();
  const pageUrl = `${serverUrl}/__bench/socket-viewers.html`;
  await page.route(pageUrl, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html>' }));
  await page.goto(pageUrl);
  const urls: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await fetch(`${serverUrl}/api/cameras/${cameraCode}/streaming`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ mode: 'live', expires: 3600 }),
    });
    const answer = (await res.json()) as { data?: { url?: string } };
    if (res.status !== 200 || !answer.data?.url) throw new Error(`streaming call: ${res.status}`);
    urls.push(`${serverUrl}${answer.data.url}`.replace(/^http/, 'ws').replace(/index\.m3u8$/, 'live.fmp4'));
  }
  await page.evaluate(`(() => {
    window.socketViewers = ${JSON.stringify(urls)}.map((url) => {
      const v = { last: 0, maxGap: 0, bytes: 0 };
      const ws = new WebSocket(url);
      ws.binaryType = 'arraybuffer';
      ws.onmessage = (e) => {
        const now = performance.now();
        if (v.last) v.maxGap = Math.max(v.maxGap, now - v.last);
        v.last = now;
        v.bytes += e.data.byteLength || 0;
      };
      return v;
    });
  })()`);
  // Until every socket has its first burst.
  for (const deadline = Date.now() + 20_000; ; await sleep(100)) {
    const ready = (await page.evaluate('window.socketViewers.every((v) => v.bytes > 0)')) as boolean;
    if (ready) break;
    if (Date.now() > deadline) throw new Error('socket viewers had no data within 20 s');
  }
  await page.evaluate('window.socketViewers.forEach((v) => { v.maxGap = 0; })');
  return {
    page,
    maxGapMs: async () =>
      Math.round((await page.evaluate('Math.max(...window.socketViewers.map((v) => v.maxGap))')) as number),
  };
}
const CROWD_SEC = 30;

/** Opens viewers until there are `size`, watches them all for CROWD_SEC and summarises them together. */
async function measureCrowd(
  viewers: Viewer[],
  size: number,
  open: () => Promise<Viewer>,
  sim: SimCamera,
  sockets?: (count: number) => ReturnType<typeof openSocketViewers>,
): Promise<CrowdResult> {
  const joined: Viewer[] = [];
  const socketCount = sockets ? size - 2 : 0;
  const socketViewers = sockets ? await sockets(socketCount) : null;
  while (viewers.length + socketCount < size) {
    const viewer = await open();
    viewers.push(viewer);
    joined.push(viewer);
  }
  for (const v of viewers) {
    await v.page.evaluate('window.benchTake()');
    v.samples = [];
  }
  const stallsBefore = await Promise.all(viewers.map(async (v) => (await pageState(v.page)).stalls));
  await watch(viewers, CROWD_SEC);
  const all: number[] = [];
  const p95s: number[] = [];
  let stalls = 0;
  for (const [i, v] of viewers.entries()) {
    const r = await summarize(v, sim, `crowd${size}-${i}`);
    all.push(...r.latencies);
    if (r.samples > 0) p95s.push(r.p95Ms);
    stalls += r.stalls - stallsBefore[i]!;
  }
  const socketMaxGapMs = socketViewers ? await socketViewers.maxGapMs() : 0;
  await socketViewers?.page.close();
  return {
    viewers: size,
    socketViewers: socketCount,
    socketMaxGapMs,
    samples: all.length,
    p50Ms: percentile(all, 0.5),
    p95Ms: percentile(all, 0.95),
    // A viewer none of whose frames matched has no p95 (its samples count in `all` as nothing).
    worstP95Ms: p95s.length > 0 ? Math.max(...p95s) : 0,
    stalls,
    slowestFirstFrameMs: Math.max(0, ...joined.map((v) => v.started.firstFrameAt - v.calledAt)),
  };
}

export async function benchHlsLiveLatency(
  firstSec = 60,
  joinerSec = 40,
  seed = 3,
  transport: LiveTransport = 'hls',
  crowdSizes: number[] = CROWDS,
): Promise<HlsLiveLatencyResult> {
  process.env.SIMULATED_CAMERAS = '0';
  let tenant: BenchTenant | undefined;
  const server = await startServer({ kind: 'embedded' }, PORT, {
    prepare: async (db) => {
      tenant = await createBenchTenant(db, 1, { width: WIDTH, height: HEIGHT, fps: FPS, liveInterval: 1 });
      await db
        .updateTable('cameras')
        .set({ use_streaming: true })
        .where('id', '=', tenant.cameras[0]!.id)
        .execute();
    },
  });
  const spoolDir = await tempDir('hls-spool');
  const camera = tenant!.cameras[0]!;
  const agent = await startAgent({
    server: server.url,
    token: camera.token,
    source: `sim:street?seed=${seed}`,
    spoolDir,
  });
  const browser = await chromium.launch({
    ...chromiumLaunchOptions,
    // The bench page is fulfilled by Playwright (no address of its own), so Chromium's local network checks
    // would refuse its WebSocket to 127.0.0.1; the product's pages come from the server itself.
    args: [
      ...chromiumLaunchOptions.args,
      '--autoplay-policy=no-user-gesture-required',
      '--disable-features=LocalNetworkAccessChecks',
    ],
  });
  try {
    const sim = agent.sim;
    if (!sim) throw new Error('the agent has no simulated camera');
    const cookie = await login(server.url, tenant!.email, tenant!.password);
    const probe = await browser.newPage();
    await probe.addScriptTag({
      content: await fs.readFile(path.join(repoRoot, 'node_modules/hls.js/dist/hls.min.js'), 'utf8'),
    });
    const support = (await probe.evaluate(
      `({ avc: MediaSource.isTypeSupported('video/mp4; codecs="avc1.42E01E"'), hls: Hls.isSupported(), version: Hls.version })`,
    )) as { avc: boolean; hls: boolean; version: string };
    await probe.close();
    if (!support.avc || !support.hls)
      throw new Error(`Chromium cannot play the stream: ${JSON.stringify(support)}`);
    // The agent's control channel must be up before the stream is asked for.
    await sleep(1_500);

    const playerJs =
      transport === 'hls'
        ? await fs.readFile(path.join(repoRoot, 'node_modules/hls.js/dist/hls.min.js'), 'utf8')
        : await fmp4PlayerScript();
    const open = () => openViewer(browser, server.url, camera.code, cookie, transport, playerJs);
    const first = await open();
    await watch([first], firstSec);
    const joiner = await open();
    await watch([first, joiner], joinerSec);
    // The first viewer's figure covers its first `firstSec` seconds only (before the second viewer came).
    const joinedAt = joiner.calledAt;
    const firstSamples = first.samples;
    first.samples = first.samples.filter((s) => s.at < joinedAt);
    first.loadDuring = first.loadDuring.slice(0, Math.ceil(firstSec / 5));
    const firstResult = await summarize(first, sim, 'first');
    const joinerResult = await summarize(joiner, sim, 'joiner');
    first.samples = firstSamples;
    const crowds: CrowdResult[] = [];
    if (transport === 'fmp4') {
      const viewers = [first, joiner];
      for (const size of crowdSizes) crowds.push(await measureCrowd(viewers, size, open, sim));
      // Two fresh pages (their jitter buffers not grown by the crowd of pages before) among viewers that only
      // receive: the server's fan-out, without every viewer decoding on the bench's own two cores.
      for (const v of viewers) await v.page.close();
      const sockets = (count: number) => openSocketViewers(browser, server.url, camera.code, cookie, count);
      for (const size of SOCKET_CROWDS) {
        if (crowdSizes.length === 0) break;
        const pages: Viewer[] = [];
        crowds.push(await measureCrowd(pages, size, open, sim, sockets));
        for (const v of pages) await v.page.close();
      }
    }
    return {
      transport,
      h264: support.avc,
      hlsVersion: support.version,
      first: firstResult,
      joiner: joinerResult,
      crowds,
      load1: round1(os.loadavg()[0] ?? 0),
    };
  } finally {
    await browser.close();
    await agent.stop();
    await server.stop();
    await fs.rm(spoolDir, { recursive: true, force: true });
  }
}

export async function benchHlsLiveLatencyReported(
  transport: LiveTransport = 'hls',
): Promise<HlsLiveLatencyResult> {
  const r = await benchHlsLiveLatency(60, 40, 3, transport);
  report(
    `${transport}-live-latency`,
    [
      'viewer',
      'samples',
      'rejected',
      'p50 ms',
      'p95 ms',
      'min ms',
      'max ms',
      'to first frame ms',
      'stalls',
      'player latency ms',
    ],
    [
      ...(
        [
          ['asked for the stream', r.first],
          ['joined a running stream', r.joiner],
        ] as const
      ).map(([label, v]) => [
        label,
        v.samples,
        v.rejected,
        v.p50Ms,
        v.p95Ms,
        v.minMs,
        v.maxMs,
        v.toFirstFrameMs,
        v.stalls,
        v.hlsLatencyP50Ms,
      ]),
      ...r.crowds.map((c) => [
        c.socketViewers > 0
          ? `${c.viewers} viewers, ${c.socketViewers} of them sockets (worst page p95 ${c.worstP95Ms}, socket gap ≤ ${c.socketMaxGapMs} ms)`
          : `${c.viewers} viewers (worst viewer p95 ${c.worstP95Ms})`,
        c.samples,
        '',
        c.p50Ms,
        c.p95Ms,
        '',
        '',
        c.slowestFirstFrameMs,
        c.stalls,
        '',
      ]),
    ],
    { ...r, first: { ...r.first, latencies: undefined }, joiner: { ...r.joiner, latencies: undefined } },
  );
  return r;
}
