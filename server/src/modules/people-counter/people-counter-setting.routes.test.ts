// The people counter setting (advanced.md §3 "People counter setting", §5, §6): GET answers the saved setting or
// the defaults, PUT replaces it; cameras with use_people_counter only; the analytics right for both.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_STAFF_ADMISSION_THRESHOLD,
  DEFAULT_STAFF_JUDGMENT_DAYS,
  defaultAnalysisPeriods,
  type PeopleCounterSettingBody,
} from '@camwatch/contract/people-counter';
import { everyRight } from '../../db/seed/demo-account.ts';
import { expectForeignIdsRefused, expectNoLeak } from '../../../test/helpers/tenancy.ts';
import {
  as,
  createLocationAndCamera,
  createTenant,
  createTestApp,
  createUser,
  login,
  type TestApp,
} from '../../../test/helpers/test-app.ts';
import { findPeopleCounterSetting } from './people-counter-setting.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ENVIRONMENT_MODE: 'normal' });
});
afterAll(async () => {
  await t.app.close();
});

const settingUrl = (code: string) => `/api/people-counter/camera/${code}/setting`;

const square = (x: number, y: number, size = 0.2) => [
  { x, y },
  { x: x + size, y },
  { x: x + size, y: y + size },
  { x, y: y + size },
];

const shopDoor: PeopleCounterSettingBody = {
  differenceArea: square(0.05, 0.05, 0.9),
  entranceStartArea: square(0.1, 0.6),
  entranceEndArea: [
    { x: 0.6, y: 0.6 },
    { x: 0.85, y: 0.55 },
    { x: 0.9, y: 0.85 },
    { x: 0.6, y: 0.9 },
  ],
  analysisPeriods: {
    ...defaultAnalysisPeriods(),
    mon: [
      { from: 780, to: 1140 },
      { from: 540, to: 720 },
    ],
    sun: [],
    holiday: [{ from: 600, to: 960 }],
  },
  staffJudgmentDays: 14,
  staffAdmissionThreshold: 5,
};
/** What the server answers for shopDoor: each day's periods in the order of their start. */
const shopDoorSaved = {
  ...shopDoor,
  analysisPeriods: {
    ...shopDoor.analysisPeriods,
    mon: [
      { from: 540, to: 720 },
      { from: 780, to: 1140 },
    ],
  },
};

/** A camera of the customer with the people counter on. */
async function counterCamera(customerId: number, name = 'Shop door') {
  const { camera } = await createLocationAndCamera(t.db, customerId, name);
  await t.db.updateTable('cameras').set({ use_people_counter: true }).where('id', '=', camera.id).execute();
  return camera;
}

/** The stored row as it is, to prove a refused call changed nothing. */
const storedRow = (cameraId: number) =>
  t.db.selectFrom('people_counter_settings').selectAll().where('camera_id', '=', cameraId).executeTakeFirst();

const getSetting = (cookie: string, code: string) =>
  as(t.app, cookie, { method: 'GET', url: settingUrl(code) });
const putSetting = (cookie: string, code: string, payload: unknown) =>
  as(t.app, cookie, { method: 'PUT', url: settingUrl(code), payload: payload as object });

/** A people counter camera with shopDoor saved, and its owner's session. */
async function configuredCamera() {
  const { customer, user } = await createTenant(t.db);
  const camera = await counterCamera(customer.id);
  const cookie = await login(t.app, user);
  expect((await putSetting(cookie, camera.code, shopDoor)).statusCode).toBe(200);
  return { customer, user, camera, cookie, before: await storedRow(camera.id) };
}

describe('people counter setting', () => {
  it('advanced.md §3: a camera without a saved setting answers the defaults, not saved, and reading stores nothing', async () => {
    const { customer, user } = await createTenant(t.db);
    const camera = await counterCamera(customer.id);
    const res = await getSetting(await login(t.app, user), camera.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      data: {
        saved: false,
        setting: {
          differenceArea: null,
          entranceStartArea: null,
          entranceEndArea: null,
          analysisPeriods: defaultAnalysisPeriods(),
          staffJudgmentDays: DEFAULT_STAFF_JUDGMENT_DAYS,
          staffAdmissionThreshold: DEFAULT_STAFF_ADMISSION_THRESHOLD,
        },
      },
    });
    expect(res.json().data.setting.analysisPeriods.holiday).toEqual([{ from: 0, to: 1440 }]);
    expect(await storedRow(camera.id)).toBeUndefined();
    expect(await findPeopleCounterSetting(t.db, camera.id)).toBeNull();
  });

  it('advanced.md §3: PUT saves the whole setting (periods in time order), GET and the analysis job read it back', async () => {
    const { customer, user } = await createTenant(t.db);
    const camera = await counterCamera(customer.id);
    const cookie = await login(t.app, user);

    const put = await putSetting(cookie, camera.code, shopDoor);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ data: { saved: true, setting: shopDoorSaved } });
    expect((await getSetting(cookie, camera.code)).json()).toEqual({
      data: { saved: true, setting: shopDoorSaved },
    });
    expect(await findPeopleCounterSetting(t.db, camera.id)).toEqual(shopDoorSaved);

    // A second PUT replaces it as a whole: no difference area (the whole picture), other days, other numbers.
    const next = {
      ...shopDoor,
      differenceArea: null,
      analysisPeriods: defaultAnalysisPeriods(),
      staffJudgmentDays: 90,
      staffAdmissionThreshold: 90,
    };
    expect((await putSetting(cookie, camera.code, next)).statusCode).toBe(200);
    expect((await getSetting(cookie, camera.code)).json().data).toEqual({ saved: true, setting: next });
    expect(await findPeopleCounterSetting(t.db, camera.id)).toEqual(next);
  });

  it('the audit log records each save as a camera setting change', async () => {
    const { customer, camera } = await configuredCamera();
    const events = await t.db
      .selectFrom('audit_events')
      .select(['kind', 'camera_code', 'detail'])
      .where('customer_id', '=', customer.id)
      .where('kind', '=', 'camera_setting_changed')
      .execute();
    expect(events).toEqual([
      {
        kind: 'camera_setting_changed',
        camera_code: camera.code,
        detail: { setting: 'people_counter', hasDifferenceArea: true },
      },
    ]);
  });

  it('advanced.md §6: reading and saving need the analytics right (403, nothing changed)', async () => {
    const { customer, camera, before } = await configuredCamera();
    const withoutAnalytics = await login(
      t.app,
      await createUser(t.db, customer.id, { permissions: { ...everyRight, analytics: false } }),
    );
    const read = await getSetting(withoutAnalytics, camera.code);
    expect(read.statusCode).toBe(403);
    expect(read.json().error.code).toBe('forbidden');
    expect(read.body).not.toContain('entranceStartArea');
    const save = await putSetting(withoutAnalytics, camera.code, { ...shopDoor, staffJudgmentDays: 60 });
    expect(save.statusCode).toBe(403);
    expect(await storedRow(camera.id)).toEqual(before);

    // A child with only the analytics right reads and saves.
    const analyst = await login(
      t.app,
      await createUser(t.db, customer.id, { permissions: { analytics: true } }),
    );
    expect((await getSetting(analyst, camera.code)).json().data.setting).toEqual(shopDoorSaved);
    expect((await putSetting(analyst, camera.code, { ...shopDoor, staffJudgmentDays: 60 })).statusCode).toBe(
      200,
    );
    expect((await storedRow(camera.id))?.staff_judgment_days).toBe(60);
  });

  it('core.md §8: without a session both answer 401 and nothing is stored', async () => {
    const { customer } = await createTenant(t.db);
    const camera = await counterCamera(customer.id);
    expect((await t.app.inject({ method: 'GET', url: settingUrl(camera.code) })).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: settingUrl(camera.code), payload: shopDoor });
    expect(put.statusCode).toBe(401);
    expect(await storedRow(camera.id)).toBeUndefined();
  });
});

describe('only cameras with the people counter have a setting', () => {
  const bothCalls = (code: string) => [
    { name: 'read', request: { method: 'GET' as const, url: settingUrl(code) } },
    { name: 'save', request: { method: 'PUT' as const, url: settingUrl(code), payload: shopDoor } },
  ];

  it('advanced.md §3: a camera without use_people_counter answers 404 and nothing is stored', async () => {
    const { customer, user } = await createTenant(t.db);
    const { camera } = await createLocationAndCamera(t.db, customer.id, 'Back office');
    const cookie = await login(t.app, user);
    for (const { name, request } of bothCalls(camera.code)) {
      const res = await as(t.app, cookie, request);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().error.code, name).toBe('not_found');
    }
    expect(await storedRow(camera.id)).toBeUndefined();
  });

  it('an unknown camera code answers 404', async () => {
    const { user } = await createTenant(t.db);
    const cookie = await login(t.app, user);
    for (const { name, request } of bothCalls('cam-nope'))
      expect((await as(t.app, cookie, request)).statusCode, name).toBe(404);
  });

  it('tenancy: another customer’s camera answers 404, its setting never shows and nothing changes', async () => {
    const owner = await configuredCamera();
    const outsider = await createTenant(t.db);
    const outsiderCookie = await login(t.app, outsider.user);
    await expectForeignIdsRefused(t.app, outsiderCookie, bothCalls(owner.camera.code));
    expect(await storedRow(owner.camera.id)).toEqual(owner.before);

    const ownCamera = await counterCamera(outsider.customer.id, 'Outsider door');
    const own = await getSetting(outsiderCookie, ownCamera.code);
    expect(own.json().data.saved).toBe(false);
    await expectNoLeak(t.app, outsiderCookie, { method: 'GET', url: settingUrl(ownCamera.code) }, [
      owner.camera.code,
      String(shopDoor.entranceEndArea[1]!.x),
    ]);
  });
});

describe('advanced.md §5: an invalid setting answers 400 naming the field with its reason, and nothing changes', () => {
  const bowtie = [
    { x: 0.1, y: 0.1 },
    { x: 0.5, y: 0.5 },
    { x: 0.5, y: 0.1 },
    { x: 0.1, y: 0.5 },
  ];
  const circle = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      x: 0.5 + 0.4 * Math.cos((2 * Math.PI * i) / n),
      y: 0.5 + 0.4 * Math.sin((2 * Math.PI * i) / n),
    }));
  const days = (change: Record<string, unknown>) => ({
    analysisPeriods: { ...defaultAnalysisPeriods(), ...change },
  });

  it.each([
    ['a crossing difference area', { differenceArea: bowtie }, 'differenceArea', 'invalid'],
    ['an 11-point start area', { entranceStartArea: circle(11) }, 'entranceStartArea', 'too_big'],
    ['no start area', { entranceStartArea: null }, 'entranceStartArea', 'invalid_type'],
    ['no end area', { entranceEndArea: undefined }, 'entranceEndArea', 'required'],
    [
      'a point outside the picture',
      {
        entranceEndArea: [
          { x: 0.6, y: 0.1 },
          { x: 0.8, y: 0.1 },
          { x: 1.2, y: 0.3 },
          { x: 0.6, y: 0.3 },
        ],
      },
      'entranceEndArea.2.x',
      'too_big',
    ],
    [
      'overlapping start and end areas',
      { entranceEndArea: square(0.2, 0.65) },
      'entranceEndArea',
      'overlapping',
    ],
    [
      'a period ending at its start',
      days({ tue: [{ from: 600, to: 600 }] }),
      'analysisPeriods.tue.0.to',
      'bad_range',
    ],
    [
      'a period past the day',
      days({ wed: [{ from: 600, to: 1500 }] }),
      'analysisPeriods.wed.0.to',
      'too_big',
    ],
    [
      'overlapping periods',
      days({
        thu: [
          { from: 540, to: 720 },
          { from: 700, to: 800 },
        ],
      }),
      'analysisPeriods.thu',
      'overlapping',
    ],
    [
      'five periods a day',
      days({ fri: [0, 1, 2, 3, 4].map((i) => ({ from: i * 60, to: i * 60 + 30 })) }),
      'analysisPeriods.fri',
      'too_big',
    ],
    ['no holiday periods', days({ holiday: undefined }), 'analysisPeriods.holiday', 'required'],
    ['a judgment period of 0 days', { staffJudgmentDays: 0 }, 'staffJudgmentDays', 'too_small'],
    ['a judgment period of 91 days', { staffJudgmentDays: 91 }, 'staffJudgmentDays', 'too_big'],
    ['a fractional threshold', { staffAdmissionThreshold: 2.5 }, 'staffAdmissionThreshold', 'invalid_type'],
    [
      'a threshold above the judgment period',
      { staffJudgmentDays: 7, staffAdmissionThreshold: 8 },
      'staffAdmissionThreshold',
      'too_big',
    ],
  ])('%s', async (_case, change, field, reason) => {
    const { camera, cookie, before } = await configuredCamera();
    const res = await putSetting(cookie, camera.code, { ...shopDoor, ...change });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.keys(res.json().errors), res.body).toEqual([field]);
    expect(res.json().codes[field], res.body).toContain(reason);
    expect(await storedRow(camera.id)).toEqual(before);
  });
});
