// GET api/settings/env (core.md §1, §7): public, answers what the web app needs at start-up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    ENVIRONMENT_MODE: 'TLT:3',
    EXPERIMENTAL_FEATURES: 'lighting',
    GA_TRACKING_ID: 'G-TEST123',
    ADMIN_SYSTEM_URL: 'https://admin.example.com/',
    PARTNER_SITE_URL: 'https://partners.example.com/',
    MAP_TILE_URL: 'https://tiles.example.com/{z}/{x}/{y}.png',
  });
});
afterAll(() => t.app.close());

describe('GET api/settings/env', () => {
  it('answers the configured values without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/env' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        environmentMode: 'TLT:3',
        experimentalFeatures: ['lighting'],
        gaTrackingId: 'G-TEST123',
        googleMapsApiKey: null,
        adminSystemUrl: 'https://admin.example.com/',
        partnerSiteUrl: 'https://partners.example.com/',
        contactUrl: '/help#contact',
        mapTileUrl: 'https://tiles.example.com/{z}/{x}/{y}.png',
        mapAttribution: expect.any(String),
        version: '2.78.0',
      },
    });
  });

  it('answers 404 with a coded body for an unknown call', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});
