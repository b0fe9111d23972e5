// What the tlt-* specs share: the TLT server's demo factory camera, found through the API with the spec's own
// request context (which it leaves logged in as the demo user).
import { expect, type APIRequestContext } from '@playwright/test';

export const TLT_DEMO = { email: 'demo@example.com', password: 'demo1234' };
/** The demo's TLT line camera: seeded with the area link 'プレス機前' and two operation areas. */
export const LINE_CAMERA = '横浜工場 ライン1';

/** Logs `request` in as the demo user and answers the line camera's code. */
export async function lineCameraCode(request: APIRequestContext): Promise<string> {
  expect((await request.post('/api/auth/login', { data: { ...TLT_DEMO, appKey: null } })).status()).toBe(200);
  const list = await request.get('/api/cameras', { params: { page: 1, count: 50 } });
  const { cameras } = (
    (await list.json()) as { data: { cameras: { camera_code: string; camera_name: string }[] } }
  ).data;
  const camera = cameras.find((c) => c.camera_name === LINE_CAMERA);
  expect(camera, 'the TLT server has the line camera').toBeTruthy();
  return camera!.camera_code;
}
