// Runs the benchmarks named on the command line (default: all) and prints Markdown rows for docs/benchmarks.md.
import os from 'node:os';
import { agentCpuRows, benchAgentCpu } from './agent-cpu.bench.ts';
import { benchArchiveTtfbReported } from './archive-ttfb.bench.ts';
import { benchAuthMe, postgresAdminUrl } from './auth-me.bench.ts';
import { benchCameraList, BROWSER_ACCEPT_ENCODING } from './cameras.bench.ts';
import { benchCameraListScale, cameraListScaleRows } from './camera-list-scale.bench.ts';
import { benchEventsPage, eventsPageRows } from './events-page.bench.ts';
import { benchHeatmap, heatmapRows } from './heatmap.bench.ts';
import { benchMapRange, mapRangeMarkdown } from './map-range.bench.ts';
import { benchBytesPerDayReported } from './bytes-per-day.bench.ts';
import { benchClipTiming, clipTimingRows } from './clip-timing.bench.ts';
import { benchColdStart } from './cold-start.bench.ts';
import { benchHlsLiveLatencyReported } from './hls-live-latency.bench.ts';
import { benchIngestCapacityReported, type IngestCapacityResult } from './ingest-capacity.bench.ts';
import { benchIngestClusterReported } from './ingest-cluster.bench.ts';
import { benchLiveLatencyAll } from './live-latency.bench.ts';
import { benchPlayerUxReported } from './player-ux.bench.ts';
import { benchWebShell, overBudget, summarizeWebShell } from './web-shell.bench.ts';
import { benchWall16 } from './wall-16.bench.ts';
import { benchMotionAlerts } from './motion-alerts.bench.ts';
import { benchVisionAccuracy, visionAccuracyRows } from './vision-accuracy.bench.ts';
import { benchOperationAccuracy, operationAccuracyRows } from './operation-accuracy.bench.ts';
import { benchPushFanout, benchPushLatency } from './push.bench.ts';
import { benchSpawnStall } from './spawn-stall.bench.ts';
import { benchDetectorPass, detectorPassRows } from './detector-pass.bench.ts';
import { benchVisionLatency, visionLatencyRows } from './vision-latency.bench.ts';
import { round1 } from './lib/video-fixtures.ts';

const ingestRows = (results: IngestCapacityResult[]) =>
  results.flatMap((r) => {
    const load = r.withClips
      ? `1 still/s of ${Math.round(r.stillBytes / 1024)} KB + 1 clip/min of ${(r.clipBytes / 2 ** 20).toFixed(1)} MiB`
      : `1 still/s of ${Math.round(r.stillBytes / 1024)} KB, no clips`;
    return [
      `| Ingest capacity: most cameras (${load} each) with p99 still latency < 100 ms | ${r.database} | ${r.maxCameras} cameras | steps of 25 s after 5 s warm-up | target ≥ 300 |`,
      ...r.steps.map(
        (s) =>
          `| ingest step: ${s.cameras} cameras${r.withClips ? '' : ', no clips'} | ${r.database} | ${s.stillsPerSec} stills/s | still p50 ${s.stillP50Ms} ms, p99 ${s.stillP99Ms} ms${r.withClips ? `; clip p50 ${s.clipP50Ms} ms, p99 ${s.clipP99Ms} ms` : ''} | ${r.withClips ? `${s.clips} clips, ` : ''}errors ${s.errors}, load ${s.load1} |`,
      ),
    ];
  });

const benches: Record<string, () => Promise<string[]>> = {
  // Entry detection now reads the vision job's person tracks: its cost is the engine's, measured here.
  'vision-accuracy': async () => visionAccuracyRows(await benchVisionAccuracy()),
  // Operation analysis (issue 15): working time per area on the factory scene against its truth.
  'operation-accuracy': async () => operationAccuracyRows(await benchOperationAccuracy()),
  'detector-pass': async () => detectorPassRows(await benchDetectorPass()),
  'vision-latency': async () => visionLatencyRows(await benchVisionLatency()),
  'spawn-stall': async () => {
    const r = await benchSpawnStall();
    return [
      `| Event-loop stall while a minute's clips of 13 cameras are probed (${r.runsPerRound} ffprobe at once, ${r.holdMb} MB held) | direct child_process | worst ${r.direct.worstMs} ms, ${r.direct.stalledMsPerRound} ms stalled per minute | ${r.rounds} rounds, load ${r.load1} | |`,
      `| the same through the process launcher | launcher helper | worst ${r.launcher.worstMs} ms, ${r.launcher.stalledMsPerRound} ms stalled per minute | ${r.rounds} rounds, load ${r.load1} | ${round1(r.direct.stalledMsPerRound / Math.max(r.launcher.stalledMsPerRound, 0.1))}x less stall |`,
    ];
  },
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
      // With the list cache: as a browser asks (compressed) and uncompressed; without it: as a browser asks.
      for (const [listCache, encodings] of [
        [true, [BROWSER_ACCEPT_ENCODING, '']],
        [false, [BROWSER_ACCEPT_ENCODING]],
      ] as const)
        for (const r of await benchCameraList(db, 10, 10, listCache, encodings)) {
          rows.push(
            `| ${r.figure}, 10,000 cameras, 10 connections, 10 s, list cache ${r.listCache ? 'on' : 'off'}, Accept-Encoding ${r.acceptEncoding} | ${r.database} | ${r.requestsPerSec} req/s | p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms | ${r.answered}, ${r.answerKb} KB JSON, ${r.wireKb} KB sent; server CPU ${r.serverCpuMsPerRequest} ms/request; errors ${r.errors}, non-2xx ${r.non2xx}; load ${os.loadavg()[0]!.toFixed(1)} |`,
          );
        }
    }
    return rows;
  },
  'camera-list-scale': async () => {
    const scales = (process.env.SCALES ?? '10k,1M').split(',');
    const { rows, explain } = await benchCameraListScale(postgresAdminUrl(), scales);
    console.log(explain.join('\n'));
    return [
      '| customer | request | answered | HTTP, list cache off (server CPU per request) | repository in-process, 40 calls | load |',
      '|---|---|---|---|---|---|',
      ...cameraListScaleRows(rows),
    ];
  },
  // Issue 22: the events page's keyset pages at 1,000,000 events of one customer (EVENTS=… to change).
  'events-page': async () => {
    const result = await benchEventsPage(postgresAdminUrl(), Number(process.env.EVENTS ?? 1_000_000));
    console.log(result.explain.join('\n'));
    return eventsPageRows(result);
  },
  heatmap: async () => [
    ...heatmapRows(await benchHeatmap({ kind: 'postgres', adminUrl: postgresAdminUrl() })),
    ...heatmapRows(await benchHeatmap({ kind: 'embedded' })),
  ],
  'map-range': async () => {
    const rows: string[] = [];
    for (const db of [
      { kind: 'embedded' } as const,
      { kind: 'postgres', adminUrl: postgresAdminUrl() } as const,
    ]) {
      for (const r of await benchMapRange(db)) rows.push(mapRangeMarkdown(r));
    }
    return rows;
  },
  'web-shell': async () => {
    const r = await benchWebShell();
    const m = summarizeWebShell(r);
    const load = os.loadavg()[0]?.toFixed(2);
    // Issue 19: a first screen over its budget fails the run, loudly, with what it loaded.
    for (const f of overBudget(r)) {
      console.error(`web-shell: ${f.path} loads ${f.kb} KB of JavaScript, over its ${f.budgetKb} KB budget:`);
      console.error(f.scripts.map((s) => `  ${s.kb} KB ${s.file}`).join('\n'));
      process.exitCode = 1;
    }
    return [
      ...r.firstScreens.map(
        (f) =>
          `| First screen JavaScript: ${f.path} opened by a link (compressed, cold cache${f.screen === 'login' ? '' : ', logged in'}) | — | ${f.kb} KB in ${f.scripts.length} files | budget ${f.budgetKb} KB: ${f.kb <= f.budgetKb ? 'met' : 'OVER'} | load ${load} |`,
      ),
      `| JavaScript for /login (compressed, cold cache, everything on the wire) | — | ${r.loginJsKb} KB | | |`,
      `| JavaScript between login and the first screen | — | ${r.firstScreenJsKb} KB | | |`,
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
  'live-latency': async () =>
    (await benchLiveLatencyAll()).map(
      (r) =>
        `| Live still, capture on the agent to bytes at a long-polling viewer, ${r.format}, ${r.samples} samples | PGlite (embedded) | p50 ${r.p50Ms} ms | p95 ${r.p95Ms} ms (min ${r.minMs}, max ${r.maxMs}) | ${r.stillsPerSec} stills/s, empty polls ${r.emptyPolls} |`,
    ),
  'hls-live-latency': async () => {
    const r = await benchHlsLiveLatencyReported();
    const row = (who: string, v: typeof r.first) =>
      `| HLS live glass to glass (simulated capture → frame drawn from the video element hls.js plays in Chromium), 320x180 5 fps, ${who}, ${v.samples} samples over ${v.measuredSec} s | PGlite (embedded) | p50 ${v.p50Ms} ms | p95 ${v.p95Ms} ms (min ${v.minMs}, max ${v.maxMs}) | streaming call → first frame ${v.toFirstFrameMs} ms; rejected ${v.rejected}, stalls ${v.stalls}; hls.js latency p50 ${v.hlsLatencyP50Ms} ms, target ${v.hlsTargetLatencyMs} ms; load ${r.load1} |`;
    return [
      row('the viewer that asked for the stream', r.first),
      row('a viewer joining the running stream', r.joiner),
    ];
  },
  // Issue 19: the low-latency fMP4 stream (WebSocket into MSE), the same glass-to-glass measure, and crowds.
  'fmp4-live-latency': async () => {
    const r = await benchHlsLiveLatencyReported('fmp4');
    const row = (who: string, v: typeof r.first) =>
      `| fMP4 live glass to glass (simulated capture → frame drawn from the video element the web app's LiveFmp4Player feeds through MSE in Chromium), 320x180 5 fps, ${who}, ${v.samples} samples over ${v.measuredSec} s | PGlite (embedded) | p50 ${v.p50Ms} ms | p95 ${v.p95Ms} ms (min ${v.minMs}, max ${v.maxMs}) | streaming call → first frame ${v.toFirstFrameMs} ms; rejected ${v.rejected}, stalls ${v.stalls}; player lag p50 ${v.hlsLatencyP50Ms} ms; load ${r.load1} |`;
    return [
      row('the viewer that asked for the stream', r.first),
      row('a viewer joining the running stream', r.joiner),
      ...r.crowds.map(
        (c) =>
          `| fMP4 live glass to glass, ${c.viewers} viewers of one camera${c.socketViewers > 0 ? ` (2 Chromium pages measured, ${c.socketViewers} receiving over WebSockets)` : ''}, ${c.samples} samples | PGlite (embedded) | p50 ${c.p50Ms} ms | p95 ${c.p95Ms} ms (worst viewer ${c.worstP95Ms}) | slowest joiner's first frame ${c.slowestFirstFrameMs} ms; stalls ${c.stalls}${c.socketViewers > 0 ? `; sockets' longest gap ${c.socketMaxGapMs} ms` : ''}; load ${r.load1} |`,
      ),
    ];
  },
  'archive-ttfb': async () => {
    const r = await benchArchiveTtfbReported();
    const kb = (bytes: number) => Math.round(bytes / 1024);
    return [
      `| Archive playback start: video address call + signed GET with Range bytes=0-, to the first byte, ${r.requests} sequential requests | PGlite (embedded) | p50 ${r.ttfbP50Ms} ms | p95 ${r.ttfbP95Ms} ms | address call alone p50 ${r.addressP50Ms} ms, p95 ${r.addressP95Ms} ms; errors ${r.errors} |`,
      `| same, to a playable first frame (moov + first keyframe, first ${kb(r.firstFrameBytes)} KB of ${kb(r.clipBytes)} KB) | PGlite (embedded) | p50 ${r.firstFrameP50Ms} ms | p95 ${r.firstFrameP95Ms} ms | whole clip p50 ${r.wholeClipP50Ms} ms |`,
    ];
  },
  'player-ux': async () => {
    const r = await benchPlayerUxReported();
    const row = (figure: string, v: { n: number; p50: number; p95: number; max: number }, target: string) =>
      `| ${figure}, ${v.n} samples (Chromium, loopback) | PGlite (embedded) | p50 ${v.p50} ms | p95 ${v.p95} ms (max ${v.max}) | ${target} |`;
    return [
      row(
        'Archive: click on a timeline minute → first frame of its 1280x720 clip presented',
        r.archiveStart,
        'target p95 ≤ 500 ms',
      ),
      row(
        `Seek within the playing clip (click on the seek bar) → new frame presented; ${r.seeksMissed} did not land where clicked`,
        r.seekWithin,
        'target ≤ 300 ms',
      ),
      row(
        'Seek across clips (the next minute, preloaded) → new frame presented',
        r.seekAcross,
        'target ≤ 300 ms',
      ),
      row(
        `First live still after opening the camera (navigation start → drawn; the very first open: ${r.liveFirstOpen} ms)`,
        r.liveFromNavigation,
        'target ≤ 500 ms',
      ),
      row('First live still from the viewer’s start-live call → drawn', r.liveFromStart, ''),
      row(
        'First live still, opening the camera from the camera list (press on its name → drawn)',
        r.liveFromList,
        'target ≤ 500 ms',
      ),
      `| First live still, stages (median ms from navigation start) | PGlite (embedded) | start-live call ${r.liveStagesMedian.start}, first image answered ${r.liveStagesMedian.image}, viewer on screen ${r.liveStagesMedian.viewer}, drawn ${r.liveStagesMedian.drawn}; main thread in long tasks before it ${r.liveStagesMedian.longTaskMs} | | |`,
    ];
  },
  'ingest-capacity': async () => ingestRows(await benchIngestCapacityReported({ kind: 'embedded' })),
  'ingest-capacity-pg': async () =>
    ingestRows(await benchIngestCapacityReported({ kind: 'postgres', adminUrl: postgresAdminUrl() })),
  'ingest-cluster': async () =>
    (await benchIngestClusterReported(postgresAdminUrl())).map(
      (r) =>
        `| Ingest through nginx, ${r.apiNodes} api node(s) + 1 worker, ${r.step.cameras} cameras (1 still/s + 1 clip/min each, motion on) | PostgreSQL + Redis | still p99 ${r.step.stillP99Ms} ms | CPU s per camera-minute: api ${r.apiCpuSecPerCameraMinute.join(' + ')} (marginal ${r.apiMarginalCpuSecPerCameraMinute}), worker ${r.workerCpuSecPerCameraMinute}, nginx ${r.nginxCpuSecPerCameraMinute}, database ${r.databaseCpuSecPerCameraMinute} | ${r.projectedCamerasPerApiNode} cameras per 8-core api node; load ${r.load1} |`,
    ),
  'wall-16': async () => {
    const r = await benchWall16();
    return [
      `| Multi-video wall, 16 tiles (${r.liveTiles} live, demo's simulated cameras at 2 stills/s), Chromium, ${r.seconds} s | PGlite (embedded) | ${r.received} of ${r.expected} live updates drawn (${r.droppedPercent}% dropped) | page CPU: tasks ${r.taskSecPerSec} s/s, script ${r.scriptSecPerSec} s/s | ${r.requests} image requests; load ${r.load1} |`,
    ];
  },
  'motion-alerts': async () => {
    const rows: string[] = [];
    for (const db of [
      { kind: 'embedded' } as const,
      { kind: 'postgres', adminUrl: postgresAdminUrl() } as const,
    ]) {
      const r = await benchMotionAlerts(db);
      rows.push(
        `| Motion in a clip of a camera ${r.users} users switched on: claim + ${r.notified} notifications | ${r.database} | ${r.firstMs} ms | again inside the cooldown (nobody due): median ${r.cooldownMedianMs} ms | 50 repeats |`,
        `| Client error report kept, pruning the customer to its newest 200 | ${r.database} | median ${r.reportMedianMs} ms | p99 ${r.reportP99Ms} ms | 200 reports after the first 200 |`,
      );
    }
    return rows;
  },
  'push-latency': async () => {
    const rows: string[] = [];
    for (const db of [
      { kind: 'embedded' } as const,
      { kind: 'postgres', adminUrl: postgresAdminUrl() } as const,
    ]) {
      const r = await benchPushLatency(db);
      rows.push(
        `| Web push: camera down/up detected by the health check → encrypted push at a local push service (1 subscriber, ${r.samples} flips) | ${r.database} | p50 ${r.p50Ms} ms | p95 ${r.p95Ms} ms (max ${r.maxMs}) | target ≤ 2 s; push queue polls every 500 ms |`,
      );
    }
    return rows;
  },
  'push-fanout': async () => {
    const rows: string[] = [];
    for (const db of [
      { kind: 'embedded' } as const,
      { kind: 'postgres', adminUrl: postgresAdminUrl() } as const,
    ]) {
      const r = await benchPushFanout(db);
      rows.push(
        `| Web push fan-out: one camera-down event to ${r.users} subscribed users → all ${r.users} pushes at a local push service | ${r.database} | ${r.allMs} ms | first push after ${r.firstMs} ms; ${r.pushesPerSec} pushes/s | 64 sends in flight; receiver in the same process |`,
      );
    }
    return rows;
  },
  'bytes-per-day': async () => {
    const r = await benchBytesPerDayReported();
    return [
      `| Stored bytes per camera-day, 1280x720 5 fps, simulated street scene (${r.completeClips} complete one-minute clips × 1440 + ${r.thumbnails} thumbnails) | PGlite (embedded) | ${r.totalGbPerDay} GB/day | clips ${r.clipGbPerDay} GB (${r.bitrateKbps} kbit/s, ${Math.round(r.avgClipBytes / 1024)} KB/min), thumbnails ${r.thumbnailMbPerDay} MB | target ≤ 5 GB |`,
    ];
  },
  'clip-timing': async () => clipTimingRows(await benchClipTiming()),
  // Issue 20: the agent's CPU per RTSP camera, copy vs re-encode, and cameras per 2-core site box.
  'agent-cpu': async () => agentCpuRows(await benchAgentCpu()),
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
