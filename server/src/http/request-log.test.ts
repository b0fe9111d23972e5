// Request lines (issue 17 point 10): only failures (5xx) and slow requests reach the info log; the rest are
// debug lines; long polls that wait by design are never "slow".
import { PassThrough } from 'node:stream';
import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { routes } from '@camwatch/contract/routes';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { registerRequestLog } from './request-log.ts';

async function appLogging(level: 'info' | 'debug', slowRequestMs: number) {
  const stream = new PassThrough();
  const chunks: string[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk.toString('utf8')));
  const logger: FastifyBaseLogger = createLogger({ level, format: 'json', role: 'api', destination: stream });
  const app = Fastify({
    loggerInstance: logger,
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app, slowRequestMs);
  const pause = () => new Promise((resolve) => setTimeout(resolve, 30));
  app.get('/fast', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  app.get('/slow/:id', async () => {
    await pause();
    return { ok: true };
  });
  app.get(routes.liveImage.path, async () => {
    await pause();
    return { ok: true };
  });
  await app.ready();
  const lines = () =>
    chunks
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { app, lines };
}

describe('request log', () => {
  it('writes nothing at info for a quick success', async () => {
    const { app, lines } = await appLogging('info', 10_000);
    expect((await app.inject({ method: 'GET', url: '/fast' })).statusCode).toBe(200);
    expect(lines()).toEqual([]);
  });

  it('writes a failed request (5xx) with its route pattern, never its address', async () => {
    const { app, lines } = await appLogging('info', 10_000);
    expect((await app.inject({ method: 'GET', url: '/boom?token=secret' })).statusCode).toBe(500);
    const failed = lines().find((line) => line.msg === 'request failed');
    expect(failed).toMatchObject({ level: 40, method: 'GET', route: '/boom', status: 500 });
    expect(JSON.stringify(lines())).not.toContain('secret');
  });

  it('writes a request slower than SLOW_REQUEST_MS, but not a long poll that waits by design', async () => {
    const { app, lines } = await appLogging('info', 10);
    await app.inject({ method: 'GET', url: '/slow/42' });
    await app.inject({ method: 'GET', url: '/api/cameras/c1/live/image' });
    const logged = lines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ msg: 'slow request', route: '/slow/:id', status: 200 });
    expect(logged[0]!.ms).toBeGreaterThanOrEqual(10);
  });

  it('writes every request at LOG_LEVEL=debug', async () => {
    const { app, lines } = await appLogging('debug', 10_000);
    await app.inject({ method: 'GET', url: '/fast' });
    expect(lines()).toEqual([
      expect.objectContaining({ level: 20, msg: 'request', route: '/fast', status: 200 }),
    ]);
  });
});
