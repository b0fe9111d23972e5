// Issue 16 §8: security headers on the web app and the API, a CSP that allows what the app loads (tiles from
// MAP_TILE_URL, Google Analytics only when configured), HSTS only over HTTPS, and no public source maps.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.ts';
import { testConfig } from '../../test/helpers/test-app.ts';
import { testDb } from '../../test/helpers/test-database.ts';
import { tileSource } from './security-headers.ts';

let dist: string;
const apps: App[] = [];
async function appWith(env: Record<string, string> = {}): Promise<App> {
  const built = await buildApp({ config: testConfig(env), db: await testDb(), webDistDir: dist });
  apps.push(built);
  return built;
}

let plain: App;
let proxied: App;
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'webdist-headers-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>CamWatch</title>');
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js'), 'export {};\n');
  fs.writeFileSync(
    path.join(dist, 'assets', 'app-1a2b3c.js.map'),
    '{"version":3,"sources":["src/secret.ts"]}',
  );
  fs.writeFileSync(path.join(dist, 'assets', 'app-1a2b3c.js.map.gz'), 'gz');
  plain = await appWith();
  proxied = await appWith({
    TRUST_PROXY: '1',
    MAP_TILE_URL: 'https://{s}.tiles.example.net/{z}/{x}/{y}.png',
    GA_TRACKING_ID: 'G-TEST123',
  });
});
afterAll(async () => {
  for (const built of apps) await built.app.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

/** The CSP as directive -> sources. */
function cspOf(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

describe('security headers', () => {
  it('the app shell: CSP, no framing, nosniff, same-origin referrer, no HSTS over plain HTTP', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/list/1' });
    expect(res.statusCode).toBe(200);
    const csp = cspOf(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('img-src')).toContain('https://tile.openstreetmap.org');
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('worker-src')).toEqual(["'self'", 'blob:']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('same-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('API answers carry them too', async () => {
    const res = await plain.app.inject({ method: 'GET', url: '/api/settings/env' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  });

  it('HSTS over HTTPS from a trusted proxy; not when a client only claims it', async () => {
    const https = await proxied.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const direct = await plain.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(direct.headers['strict-transport-security']).toBeUndefined();
  });

  it('tiles from MAP_TILE_URL’s hosts and Google Analytics only when GA_TRACKING_ID is set', async () => {
    const withGa = cspOf(
      (await proxied.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(withGa.get('img-src')).toContain('https://*.tiles.example.net');
    expect(withGa.get('script-src')).toContain('https://www.googletagmanager.com');
    expect(withGa.get('connect-src')).toContain('https://*.google-analytics.com');
    const withoutGa = cspOf(
      (await plain.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy'],
    );
    expect(String(withoutGa.get('script-src'))).not.toContain('google');
    expect(String(withoutGa.get('connect-src'))).not.toContain('google');
  });

  it('serves the bundles but never their source maps', async () => {
    expect((await plain.app.inject({ method: 'GET', url: '/assets/app-1a2b3c.js' })).statusCode).toBe(200);
    for (const url of ['/assets/app-1a2b3c.js.map', '/assets/app-1a2b3c.js.map.gz']) {
      const res = await plain.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('secret.ts');
    }
  });
});

describe('tileSource', () => {
  it('reads the origin of the tile template, a {s} subdomain as a wildcard', () => {
    expect(tileSource('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toBe(
      'https://tile.openstreetmap.org',
    );
    expect(tileSource('https://{s}.tile.example.com/{z}/{x}/{y}.png')).toBe('https://*.tile.example.com');
    expect(tileSource('https://tiles-{s}.example.com/{z}/{x}/{y}.png')).toBe('https://*.example.com');
    // A placeholder deeper in the name cannot be a CSP wildcard: any https host then.
    expect(tileSource('https://maps.{s}.example.com/{z}/{x}/{y}.png')).toBe('https:');
    expect(tileSource('/tiles/{z}/{x}/{y}.png')).toBeNull();
  });
});
