// Health, readiness and metrics through the real app: /healthz and /readyz answer, /readyz turns 503 naming the
// database when it is gone (a closed PGlite, or a PostgreSQL pool that has ended) and the blob store when it does
// not answer, and /metrics counts this test's own requests behind its token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { migrateToLatest } from '../db/migrate.ts';
import {
  createLocationAndCamera,
  createTenant,
  createTestApp,
  testConfig,
} from '../../test/helpers/test-app.ts';
import { freshDb, testDb } from '../../test/helpers/test-database.ts';
import { startMetricsServer } from './metrics-server.ts';
import { checkReadiness } from './readiness.ts';

const TOKEN = 'metrics-token-0123456789';

/** The value of one sample line of the exposition, or null when the series is absent. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

let t: Awaited<ReturnType<typeof buildApp>> & { db: Awaited<ReturnType<typeof testDb>> };

beforeAll(async () => {
  const db = await testDb();
  t = { ...(await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), db })), db };
});

afterAll(async () => {
  await t.app.close();
});

const scrape = async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.body;
};

describe('GET /healthz and /readyz', () => {
  it('answers that the process is alive', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('is ready when the database and the blob store answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', parts: { database: { ok: true }, blobs: { ok: true } } });
  });

  it('answers 503 naming the database once the database is gone, and stays alive', async () => {
    const fresh = await freshDb();
    await migrateToLatest(fresh.db);
    const { app } = await buildApp({ config: testConfig(), db: fresh.db });
    try {
      expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      await fresh.close();
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      const body = res.json<{ failing: string[]; parts: Record<string, { ok: boolean; error?: string }> }>();
      expect(body.failing).toEqual(['database']);
      expect(body.parts.database?.error).toBeTruthy();
      expect(body.parts.blobs).toEqual({ ok: true });
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the blob store when S3 cannot be reached', async () => {
    const s3 = await createTestApp({
      S3_BUCKET: 'camwatch-readyz',
      // Nothing listens on port 9 of this machine (discard, never served here).
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    });
    try {
      const res = await s3.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(503);
      expect(res.json<{ failing: string[] }>().failing).toEqual(['blobs']);
    } finally {
      await s3.app.close();
    }
  });
});

describe('checkReadiness', () => {
  it('counts a part that never answers as not ready instead of waiting for it', async () => {
    const state = await checkReadiness(
      [
        { name: 'database', check: async () => {} },
        { name: 'bus', check: () => new Promise(() => {}) },
        {
          name: 'blobs',
          check: () => {
            throw new Error('no bucket');
          },
        },
      ],
      50,
    );
    expect(state.ready).toBe(false);
    expect(state.parts).toEqual({
      database: { ok: true },
      bus: { ok: false, error: 'no answer within 50 ms' },
      blobs: { ok: false, error: 'no bucket' },
    });
  });
});

describe('GET /metrics', () => {
  it('asks for its token: 401 without one, 403 with a wrong one', async () => {
    const none = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toMatch(/^Bearer/);
    const wrong = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer not-the-token-at-all' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.body).not.toContain('camwatch_');
  });

  it('is not served on the public port without a token configured', async () => {
    const open = await createTestApp();
    try {
      const res = await open.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('camwatch_');
    } finally {
      await open.app.close();
    }
  });

  it("counts this test's requests by route and status, with their latency", async () => {
    const series = 'camwatch_http_requests_total{method="GET",route="/healthz",status="200"}';
    const before = sample(await scrape(), series) ?? 0;
    for (let i = 0; i < 3; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    const text = await scrape();
    expect(sample(text, series)).toBe(before + 3);
    expect(
      sample(
        text,
        'camwatch_http_request_duration_seconds_count{method="GET",route="/healthz",status="200"}',
      ),
    ).toBe(before + 3);
    expect(
      sample(text, 'camwatch_http_requests_total{method="GET",route="unmatched",status="404"}'),
    ).toBeGreaterThan(0);
  });

  it('counts refused clip uploads, and shows queued jobs with their age, agents and the pool', async () => {
    const tenant = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, tenant.customer.id);
    const before = sample(await scrape(), 'camwatch_clips_rejected_total{status="401"}') ?? 0;
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/ingest/cameras/${camera.code}/clips/2026-01-01T00:00:00.000Z?duration_ms=60000&sha256=${'0'.repeat(64)}`,
      headers: { authorization: 'Bearer not-a-device-token', 'content-type': 'video/mp4' },
      payload: Buffer.from('not a clip'),
    });
    expect(upload.statusCode).toBe(401);
    // A download-expiry job due a minute ago and not taken (no worker runs in this test).
    await t.services.jobs.enqueue('download-expiry', {}, { runAt: new Date(Date.now() - 60_000) });
    const text = await scrape();
    expect(sample(text, 'camwatch_clips_rejected_total{status="401"}')).toBe(before + 1);
    expect(sample(text, 'camwatch_jobs{kind="download-expiry",state="queued"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'camwatch_jobs{kind="download-expiry",state="running"}')).toBe(0);
    expect(
      sample(text, 'camwatch_jobs_oldest_queued_seconds{kind="download-expiry"}'),
    ).toBeGreaterThanOrEqual(59);
    expect(sample(text, 'camwatch_agents_connected')).toBe(0);
    expect(sample(text, 'camwatch_database_up')).toBe(1);
    expect(text).toContain('process_cpu_seconds_total');
    if (process.env.TEST_DATABASE_URL)
      expect(sample(text, 'camwatch_db_pool_connections{state="max"}')).toBe(4);
  });

  it('is served without a token on the internal METRICS_PORT', async () => {
    const server = await startMetricsServer(t.metrics, 0, '127.0.0.1');
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('camwatch_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
