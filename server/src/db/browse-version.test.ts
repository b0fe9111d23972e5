// Migration 0010: customers.browse_version goes up with every change the camera list shows and with none
// of the constant heartbeat and thumbnail writes; once per transaction however many rows change.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, createTestApp, type TestApp } from '../../test/helpers/test-app.ts';
import { addCamera, addSite, addTag } from '../modules/cameras/camera-fixtures.ts';
import { CameraHealthRepository } from '../realtime/camera-health.repository.ts';
import { TagRepository } from '../modules/tags/tag.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

async function versionOf(customerId: number): Promise<number> {
  const row = await t.db
    .selectFrom('customers')
    .select('browse_version')
    .where('id', '=', customerId)
    .executeTakeFirstOrThrow();
  return Number(row.browse_version);
}

/** How much the customer's version moved while `change` ran. */
async function bumpsOf(customerId: number, change: () => Promise<unknown>): Promise<number> {
  const before = await versionOf(customerId);
  await change();
  return (await versionOf(customerId)) - before;
}

describe('customers.browse_version', () => {
  it('goes up when a camera is added, edited, goes down, or is removed; for its own customer only', async () => {
    const { customer } = await createTenant(t.db);
    const { customer: other } = await createTenant(t.db);
    const otherBefore = await versionOf(other.id);
    let cameraId = 0;
    expect(
      await bumpsOf(customer.id, async () => {
        cameraId = (await addCamera(t.db, customer.id, { name: 'Gate' })).id;
      }),
    ).toBe(1);
    const update = (set: Record<string, unknown>) =>
      bumpsOf(customer.id, () => t.db.updateTable('cameras').set(set).where('id', '=', cameraId).execute());
    expect(await update({ name: 'Front gate' })).toBe(1);
    expect(await update({ use_ptz: true })).toBe(1);
    expect(await update({ watch_status: 'down' })).toBe(1);
    expect(
      await bumpsOf(customer.id, () => t.db.deleteFrom('cameras').where('id', '=', cameraId).execute()),
    ).toBe(1);
    expect(await versionOf(other.id)).toBe(otherBefore);
  });

  it('stays put for heartbeats and thumbnails, and for an update that changes nothing', async () => {
    const { customer } = await createTenant(t.db);
    const camera = await addCamera(t.db, customer.id, { name: 'Yard' });
    const update = (set: Record<string, unknown>) =>
      bumpsOf(customer.id, () => t.db.updateTable('cameras').set(set).where('id', '=', camera.id).execute());
    expect(await update({ last_seen_at: new Date() })).toBe(0);
    expect(await update({ latest_thumb_at: new Date() })).toBe(0);
    expect(await update({ name: 'Yard' })).toBe(0);
    expect(
      await bumpsOf(customer.id, () =>
        new CameraHealthRepository(t.db).touch(camera.id, new Date(Date.now() + 60_000)),
      ),
    ).toBe(0);
  });

  it('goes up for sites, tags and tag links', async () => {
    const { customer } = await createTenant(t.db);
    const camera = await addCamera(t.db, customer.id, { name: 'Dock' });
    let siteId = 0;
    expect(
      await bumpsOf(customer.id, async () => {
        siteId = (await addSite(t.db, customer.id, { name: 'Depot', address: 'Osaka' })).id;
      }),
    ).toBe(1);
    expect(
      await bumpsOf(customer.id, () =>
        t.db.updateTable('locations').set({ address: 'Osaka 2-1' }).where('id', '=', siteId).execute(),
      ),
    ).toBe(1);
    // A tag with a link: one statement each, so two bumps.
    let tag = { id: 0, code: '' };
    expect(
      await bumpsOf(customer.id, async () => {
        tag = await addTag(t.db, customer.id, 'Night', [camera.id]);
      }),
    ).toBe(2);
    const tags = new TagRepository(t.db);
    expect(await bumpsOf(customer.id, () => tags.rename(customer.id, tag.code, 'Late'))).toBe(1);
    expect(
      await bumpsOf(customer.id, () =>
        t.db
          .deleteFrom('camera_tags')
          .where('tag_id', '=', tag.id)
          .where('camera_id', '=', camera.id)
          .execute(),
      ),
    ).toBe(1);
    await tags.linkMany(customer.id, [tag.id], [camera.id]);
    // Deleting the tag also deletes its links (cascade): one statement, one bump.
    expect(await bumpsOf(customer.id, () => tags.delete(customer.id, tag.code))).toBe(1);
  });

  it('goes up once for a statement that changes many cameras (an outage flips them all down)', async () => {
    const { customer } = await createTenant(t.db);
    const site = await addSite(t.db, customer.id, { name: 'Plant', address: 'Aichi' });
    await sql`
      INSERT INTO cameras (customer_id, location_id, code, name)
      SELECT ${customer.id}, ${site.id}, 'bulk-' || ${customer.id} || '-' || g, 'Line ' || g
      FROM generate_series(1, 500) AS g`.execute(t.db);
    const longAgo = new Date(Date.now() - 3_600_000);
    await t.db
      .updateTable('cameras')
      .set({ last_seen_at: longAgo })
      .where('customer_id', '=', customer.id)
      .execute();
    const flips = await bumpsOf(customer.id, () => new CameraHealthRepository(t.db).flip(60_000));
    expect(flips).toBe(1);
    const down = await t.db
      .selectFrom('cameras')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('customer_id', '=', customer.id)
      .where('watch_status', '=', 'down')
      .executeTakeFirstOrThrow();
    expect(Number(down.n)).toBe(500);
  });
});
