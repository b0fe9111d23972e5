// DeviceAuth's cache on the real database: agents that call every second cost one query per few seconds for all
// of them, and a token revoked by another process (the CLI, another api node) stops within DEVICE_AUTH_CACHE_MS.
import { beforeAll, describe, expect, it } from 'vitest';
import { createLocationAndCamera, createTenant } from '../../test/helpers/test-app.ts';
import { testDb } from '../../test/helpers/test-database.ts';
import type { Db } from '../db/database.ts';
import { DEVICE_AUTH_CACHE_MS, DeviceAuth } from './device-auth.ts';
import { DeviceTokenRepository, type DeviceIdentity } from './device-token.repository.ts';

let db: Db;
beforeAll(async () => {
  db = await testDb();
});

/** The real repository, counting the lookups it is asked for. */
class CountingTokens extends DeviceTokenRepository {
  single = 0;
  batched = 0;
  override findActive(tokenHash: string) {
    this.single++;
    return super.findActive(tokenHash);
  }
  override findActiveByIds(tokenIds: readonly number[]): Promise<DeviceIdentity[]> {
    this.batched++;
    return super.findActiveByIds(tokenIds);
  }
}

async function setUp(count: number) {
  let now = Date.now();
  const tokens = new CountingTokens(db);
  const auth = new DeviceAuth(tokens, () => now);
  const { customer } = await createTenant(db);
  const issued = [];
  for (let i = 0; i < count; i++) {
    const { camera } = await createLocationAndCamera(db, customer.id);
    issued.push({ cameraId: camera.id, ...(await auth.issue(camera.id)) });
  }
  return { tokens, auth, issued, advance: (ms: number) => (now += ms) };
}

/** Resolves the bearer, then lets the refresh of what is due finish (a query takes ms; the clock here jumps). */
async function resolve(auth: DeviceAuth, token: string) {
  const identity = await auth.resolve(`Bearer ${token}`);
  await auth.refresh();
  return identity;
}

describe('DeviceAuth', () => {
  it('reads each token once, then all of them together every few seconds, never one by one again', async () => {
    const { tokens, auth, issued, advance } = await setUp(3);
    for (let second = 0; second < 60; second++) {
      for (const { token, cameraId } of issued) expect((await resolve(auth, token))?.cameraId).toBe(cameraId);
      advance(1_000);
    }
    await auth.refresh();
    expect(tokens.single).toBe(3);
    expect(tokens.batched).toBeGreaterThan(0);
    expect(tokens.batched).toBeLessThanOrEqual(12);
  });

  it('stops a token revoked by another process within the cache time, refreshed or not', async () => {
    const { auth, issued, advance } = await setUp(2);
    const [kept, revoked] = issued;
    for (const { token } of issued) expect(await resolve(auth, token)).not.toBeNull();
    advance(DEVICE_AUTH_CACHE_MS / 2 + 1);
    for (const { token } of issued) expect(await resolve(auth, token)).not.toBeNull();
    // The CLI revokes it in the database; this process hears nothing.
    await new DeviceTokenRepository(db).revoke(revoked!.cameraId, revoked!.id);
    advance(DEVICE_AUTH_CACHE_MS / 2 + 1);
    // The refresh this answer starts finds the token revoked and drops it.
    await resolve(auth, revoked!.token);
    expect(await resolve(auth, revoked!.token)).toBeNull();
    expect(await resolve(auth, kept!.token)).not.toBeNull();
    // Without any refresh (none asked for in between), the cache time alone ends it.
    advance(DEVICE_AUTH_CACHE_MS + 1);
    expect(await auth.resolve(`Bearer ${revoked!.token}`)).toBeNull();
  });

  it('forgets at once a token revoked through it', async () => {
    const { auth, issued } = await setUp(1);
    const [{ token, cameraId, id }] = issued as [(typeof issued)[number]];
    expect(await auth.resolve(`Bearer ${token}`)).not.toBeNull();
    expect(await auth.revoke(cameraId, id)).toBe(1);
    expect(await auth.resolve(`Bearer ${token}`)).toBeNull();
  });
});
