// The audit CSV's file is named on the reader's calendar (issue 17 point 4), like the times inside it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  as,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.app.close());

describe('audit CSV file name', () => {
  it('takes its day in utc_offset: +14:00 and -12:00 are always 26 hours, so a day, apart', async () => {
    const tenant = await createTenant(t.db);
    await createUser(t.db, tenant.customer.id, { parentUserId: tenant.user.id });
    const cookie = await login(t.app, tenant.user);
    const dayIn = async (utc_offset: string) => {
      const res = await as(t.app, cookie, {
        method: 'GET',
        url: '/api/audit-log/csv',
        query: { utc_offset },
      });
      expect(res.statusCode, res.body).toBe(200);
      return /filename="audit-log_(\d{8})\.csv"/.exec(String(res.headers['content-disposition']))?.[1];
    };
    const east = await dayIn('+14:00');
    const west = await dayIn('-12:00');
    expect(east).toMatch(/^\d{8}$/);
    expect(west).toMatch(/^\d{8}$/);
    expect(Number(east)).toBeGreaterThan(Number(west));
  });
});
