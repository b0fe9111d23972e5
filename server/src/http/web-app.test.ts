// The built web app as the server sends it: compressed copies made by the build (.br, .gz) go out as they
// are when the browser accepts them, the file itself otherwise; caching and the app shell for client routes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { testConfig } from '../../test/helpers/test-app.ts';
import { testDb } from '../../test/helpers/test-database.ts';

let built: App;
let dist: string;
const script = `export const rows = [${Array.from({ length: 200 }, (_, i) => `"camera ${i}"`).join(',')}];\n`;
// Stand-ins for the build's copies, different from what compressing on the fly would give, so that the test
// can tell which was sent.
const brCopy = zlib.brotliCompressSync(Buffer.from(script), {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 },
});
const gzCopy = zlib.gzipSync(Buffer.from(script), { level: 1 });

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'webdist-test-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CamWatch</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), script);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.br'), brCopy);
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.gz'), gzCopy);
  fs.writeFileSync(path.join(dist, 'sw.js'), script);
  fs.writeFileSync(path.join(dist, 'sw.js.br'), brCopy);
  built = await buildApp({ config: testConfig(), db: await testDb(), webDistDir: dist });
});
afterAll(async () => {
  await built?.app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  built.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the web app’s files', () => {
  it('sends the build’s Brotli copy to a browser, with the script’s type and a year of caching', async () => {
    const res = await get('/assets/app-1a2b3c.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(brCopy)).toBe(true);
  });

  it('sends the gzip copy to a client that takes only gzip, and the file itself to one that takes neither', async () => {
    const gz = await get('/assets/app-1a2b3c.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.rawPayload.equals(gzCopy)).toBe(true);
    const plain = await get('/assets/app-1a2b3c.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('keeps the service worker’s headers on its compressed copy, and the app shell for client routes', async () => {
    const sw = await get('/sw.js', 'br');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['service-worker-allowed']).toBe('/');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const route = await get('/detail/CAM0001');
    expect(route.statusCode).toBe(200);
    expect(route.body).toContain('<title>CamWatch</title>');
    expect((await get('/api/nothing-here')).statusCode).toBe(404);
  });
});
