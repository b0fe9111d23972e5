// The demo seed: on an empty embedded database only (or on request), with enough data for every screen.
import { areaLinkInputSchema } from '@camwatch/contract/entry-detection';
import { operationAreaListSchema } from '@camwatch/contract/operation-analysis';
import { findPeopleCounterSetting } from '../../modules/people-counter/people-counter-setting.repository.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDb } from '../../../test/helpers/test-database.ts';
import type { Db } from '../database.ts';
import { migrateToLatest } from '../migrate.ts';
import { DEMO_EMAIL } from './demo-account.ts';
import { seedDemo, shouldSeedDemo } from './demo-seed.ts';

let fresh: Awaited<ReturnType<typeof freshDb>>;
let db: Db;
beforeAll(async () => {
  fresh = await freshDb();
  db = fresh.db;
  await migrateToLatest(db);
});
afterAll(() => fresh.close());

const embedded = { database: { kind: 'embedded', dir: '/unused' } as const, seedDemo: undefined };
const postgres = { database: { kind: 'postgres', url: 'postgres://unused' } as const, seedDemo: undefined };

describe('demo seed', () => {
  it('is wanted on an empty embedded database, never on PostgreSQL unless SEED_DEMO=1, never with SEED_DEMO=0', async () => {
    expect(await shouldSeedDemo(db, embedded)).toBe(true);
    expect(await shouldSeedDemo(db, postgres)).toBe(false);
    expect(await shouldSeedDemo(db, { ...postgres, seedDemo: true })).toBe(true);
    expect(await shouldSeedDemo(db, { ...embedded, seedDemo: false })).toBe(false);
  });

  it('creates a parent with every right, two children, 12+ cameras over several prefectures, tags and one camera down', async () => {
    await seedDemo(db);
    const parent = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', DEMO_EMAIL)
      .executeTakeFirstOrThrow();
    expect(
      parent.perm_live && parent.perm_archive && parent.perm_debug && parent.perm_lighting && parent.is_admin,
    ).toBe(true);
    const children = await db
      .selectFrom('users')
      .select('email')
      .where('parent_user_id', '=', parent.id)
      .execute();
    expect(children).toHaveLength(2);

    const cameras = await db
      .selectFrom('cameras')
      .selectAll()
      .where('customer_id', '=', parent.customer_id)
      .execute();
    expect(cameras.length).toBeGreaterThanOrEqual(12);
    expect(cameras.filter((c) => c.watch_status === 'down')).toHaveLength(1);
    const prefectures = await db
      .selectFrom('locations')
      .select('area_jp')
      .distinct()
      .where('customer_id', '=', parent.customer_id)
      .execute();
    expect(prefectures.length).toBeGreaterThanOrEqual(5);
    const links = await db
      .selectFrom('camera_tags')
      .innerJoin('tags', 'tags.id', 'camera_tags.tag_id')
      .select('tags.name')
      .where('tags.customer_id', '=', parent.customer_id)
      .execute();
    expect(new Set(links.map((l) => l.name)).size).toBeGreaterThanOrEqual(4);

    // The TLT line camera has its operation areas and its entry detection area link, valid by the contract.
    const line = cameras.find((c) => c.name === '横浜工場 ライン1');
    const areas = await db
      .selectFrom('operation_analysis_settings')
      .select('operation_areas')
      .where('camera_id', '=', line!.id)
      .executeTakeFirst();
    expect(operationAreaListSchema.parse(areas?.operation_areas)).toHaveLength(2);
    const areaLinks = await db
      .selectFrom('enter_alert_area_links')
      .select('setting')
      .where('camera_id', '=', line!.id)
      .execute();
    expect(areaLinks.map((l) => areaLinkInputSchema.parse(l.setting).areaName)).toEqual(['プレス機前']);

    // Two people counter cameras have a saved setting, so the demo counts from its first recordings; the third
    // waits for the user to set it up.
    const counters = cameras.filter((c) => c.use_people_counter);
    const saved = [];
    for (const counter of counters)
      if ((await findPeopleCounterSetting(db, counter.id))?.entranceStartArea.length)
        saved.push(counter.name);
    expect(saved.sort()).toEqual(['京都四条店 店頭', '渋谷店 入口']);
    expect(counters.length).toBe(3);
  });

  it('is not wanted again once the demo account exists', async () => {
    expect(await shouldSeedDemo(db, embedded)).toBe(false);
    expect(await shouldSeedDemo(db, { ...postgres, seedDemo: true })).toBe(false);
  });
});
