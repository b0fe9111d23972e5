// GET api/releases (advanced.md §1, §3): version, date (YYYY-MM-DD) and message, newest first, for any
// logged-in user. Release notes belong to the product, so every customer sees the same list.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { ReleaseRepository } from './release.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

interface Release {
  version: string;
  date: string;
  message: string;
}

const list = async (cookie: string): Promise<Release[]> => {
  const res = await as(t.app, cookie, { method: 'GET', url: '/api/releases' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.releases;
};

describe('GET api/releases', () => {
  it('lists releases newest first, dates as YYYY-MM-DD, to parents and children alike', async () => {
    const repo = new ReleaseRepository(t.db);
    // Inserted out of order; two on one day come in insertion order, the later one first.
    const tag = `t${Date.now().toString(36)}`;
    await repo.insert(`90.1.0-${tag}`, '2099-01-31', 'older');
    await repo.insert(`90.3.0-${tag}`, '2099-12-31', '新しい機能 / new feature');
    await repo.insert(`90.2.0-${tag}`, '2099-06-01', 'middle');
    await repo.insert(`90.2.1-${tag}`, '2099-06-01', 'middle fix');

    const { user, customer } = await createTenant(t.db);
    const child = await createUser(t.db, customer.id, { parentUserId: user.id, permissions: {} });
    for (const who of [user, child]) {
      const mine = (await list(await login(t.app, who))).filter((r) => r.version.endsWith(tag));
      expect(mine).toEqual([
        { version: `90.3.0-${tag}`, date: '2099-12-31', message: '新しい機能 / new feature' },
        { version: `90.2.1-${tag}`, date: '2099-06-01', message: 'middle fix' },
        { version: `90.2.0-${tag}`, date: '2099-06-01', message: 'middle' },
        { version: `90.1.0-${tag}`, date: '2099-01-31', message: 'older' },
      ]);
    }
  });

  it('every customer sees the same list, sorted by date', async () => {
    const a = await list(await login(t.app, (await createTenant(t.db)).user));
    const b = await list(await login(t.app, (await createTenant(t.db)).user));
    expect(a).toEqual(b);
    const dates = a.map((r) => r.date);
    expect(dates).toEqual([...dates].sort().reverse());
    for (const r of a) expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/releases' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });
});
