// POST api/feedback (core.md §2, §5, §8): stored with the user and page; empty messages refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, createTenant, createTestApp, login, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('POST api/feedback', () => {
  it('stores the message with the user, customer and page', async () => {
    const { user, customer } = await createTenant(t.db);
    const res = await as(t.app, await login(t.app, user), {
      method: 'POST',
      url: '/api/feedback',
      payload: { message: '  録画の検索が速くなると助かります  ', page: '/list/1?view=tile' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sent: true } });
    const rows = await t.db
      .selectFrom('feedback')
      .selectAll()
      .where('customer_id', '=', customer.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({
        user_id: user.id,
        message: '録画の検索が速くなると助かります',
        page: '/list/1?view=tile',
      }),
    ]);
  });

  it.each([[{ message: '' }], [{ message: '   ' }], [{}], [{ message: 'x'.repeat(4001) }], [{ message: 5 }]])(
    '%j -> 400 on message, nothing stored',
    async (payload) => {
      const { user, customer } = await createTenant(t.db);
      const res = await as(t.app, await login(t.app, user), {
        method: 'POST',
        url: '/api/feedback',
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.message).toBeDefined();
      expect(
        await t.db.selectFrom('feedback').select('id').where('customer_id', '=', customer.id).execute(),
      ).toEqual([]);
    },
  );

  it('401 without a session', async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/feedback', payload: { message: 'hi' } })).statusCode,
    ).toBe(401);
  });
});
