// Archive playback start: for a stored one-minute clip, the viewer's two steps — the archive video address
// (GET api/archives/:id/video?return_url=t) and GET of the signed address with `Range: bytes=0-` — timed to
// the first byte and to a playable first frame (the bytes up to the end of the first video sample: the
// whole moov box and the first keyframe, since the clip is faststart). Sequential requests, one viewer.
// Usage: npm run bench -- archive-ttfb
import fs from 'node:fs/promises';
import path from 'node:path';
import { startServer } from './lib/server-process.ts';
import {
  BENCH_PORTS,
  createBenchTenant,
  firstFrameEnd,
  login,
  makeMinuteClip,
  percentile,
  report,
  round1,
  sha256Hex,
  tempDir,
  type BenchTenant,
} from './lib/video-fixtures.ts';

export interface ArchiveTtfbResult {
  requests: number;
  clipBytes: number;
  firstFrameBytes: number;
  addressP50Ms: number;
  addressP95Ms: number;
  ttfbP50Ms: number;
  ttfbP95Ms: number;
  firstFrameP50Ms: number;
  firstFrameP95Ms: number;
  wholeClipP50Ms: number;
  errors: number;
}

const CLIPS = 5;

export async function benchArchiveTtfb(requests = 120, warmup = 10): Promise<ArchiveTtfbResult> {
  process.env.SIMULATED_CAMERAS = '0';
  const dir = await tempDir('archive');
  const clip = await makeMinuteClip(dir);
  const firstFrameBytes = await firstFrameEnd(path.join(dir, 'minute.mp4'));
  let tenant: BenchTenant | undefined;
  const server = await startServer({ kind: 'embedded' }, BENCH_PORTS.archiveTtfb, {
    prepare: async (db) => {
      tenant = await createBenchTenant(db, 1);
    },
  });
  try {
    const camera = tenant!.cameras[0]!;
    // A few stored minutes in the previous hour, put in place through the ingest API like an agent would.
    const hour = Math.floor(Date.now() / 3_600_000) * 3_600_000 - 3_600_000;
    const sha256 = sha256Hex(clip);
    for (let i = 0; i < CLIPS; i++) {
      const start = new Date(hour + (10 + i) * 60_000).toISOString();
      const res = await fetch(
        `${server.url}/api/ingest/cameras/${camera.code}/clips/${start}?duration_ms=60000&sha256=${sha256}`,
        {
          method: 'PUT',
          headers: { authorization: `Bearer ${camera.token}`, 'content-type': 'video/mp4' },
          body: clip,
        },
      );
      if (res.status !== 200) throw new Error(`clip upload: ${res.status} ${await res.text()}`);
    }
    const cookie = await login(server.url, tenant!.email, tenant!.password);
    const list = await fetch(
      `${server.url}/api/cameras/${camera.code}/archives?start_date=${encodeURIComponent(new Date(hour).toISOString())}&period=1`,
      { headers: { cookie } },
    );
    if (list.status !== 200) throw new Error(`archives: ${list.status} ${await list.text()}`);
    const archives = ((await list.json()) as { data: { archives: { data_url: string | null }[] } }).data
      .archives;
    const dataUrls = archives.flatMap((a) => (a.data_url ? [a.data_url] : []));
    if (dataUrls.length !== CLIPS) throw new Error(`expected ${CLIPS} archives, found ${dataUrls.length}`);

    const address: number[] = [];
    const ttfb: number[] = [];
    const firstFrame: number[] = [];
    const whole: number[] = [];
    let errors = 0;
    for (let i = 0; i < requests + warmup; i++) {
      const dataUrl = dataUrls[i % dataUrls.length]!;
      const t0 = performance.now();
      try {
        const addr = await fetch(`${server.url}${dataUrl}?return_url=t`, { headers: { cookie } });
        if (addr.status !== 200) throw new Error(`video address: ${addr.status}`);
        const { url } = (await addr.json()) as { url: string };
        const tAddress = performance.now();
        const media = await fetch(new URL(url, server.url), { headers: { range: 'bytes=0-' } });
        if (media.status !== 206 || !media.body) throw new Error(`media: ${media.status}`);
        let received = 0;
        let tFirst = 0;
        let tFrame = 0;
        for await (const chunk of media.body) {
          const now = performance.now();
          if (received === 0) tFirst = now;
          received += (chunk as Uint8Array).byteLength;
          if (tFrame === 0 && received >= firstFrameBytes) tFrame = now;
        }
        const tEnd = performance.now();
        if (received !== clip.length) throw new Error(`got ${received} of ${clip.length} bytes`);
        if (i >= warmup) {
          address.push(tAddress - t0);
          ttfb.push(tFirst - t0);
          firstFrame.push(tFrame - t0);
          whole.push(tEnd - t0);
        }
      } catch (error) {
        errors++;
        if (errors === 1) console.error(`archive-ttfb: ${(error as Error).message}`);
      }
    }
    const r = (samples: number[], q: number) => round1(percentile(samples, q));
    return {
      requests: ttfb.length,
      clipBytes: clip.length,
      firstFrameBytes,
      addressP50Ms: r(address, 0.5),
      addressP95Ms: r(address, 0.95),
      ttfbP50Ms: r(ttfb, 0.5),
      ttfbP95Ms: r(ttfb, 0.95),
      firstFrameP50Ms: r(firstFrame, 0.5),
      firstFrameP95Ms: r(firstFrame, 0.95),
      wholeClipP50Ms: r(whole, 0.5),
      errors,
    };
  } finally {
    await server.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function benchArchiveTtfbReported(): Promise<ArchiveTtfbResult> {
  const r = await benchArchiveTtfb();
  report(
    'archive-ttfb',
    ['step (from the address call)', 'p50 ms', 'p95 ms'],
    [
      ['address call (JSON { url })', r.addressP50Ms, r.addressP95Ms],
      ['first byte of the video', r.ttfbP50Ms, r.ttfbP95Ms],
      [`first frame playable (${r.firstFrameBytes} B)`, r.firstFrameP50Ms, r.firstFrameP95Ms],
      [`whole clip (${r.clipBytes} B), p50 only`, r.wholeClipP50Ms, ''],
    ],
    r,
  );
  return r;
}
