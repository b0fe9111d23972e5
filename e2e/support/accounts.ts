// The accounts the end-to-end specs log in with. The demo account comes from the demo seed.
import type { Permissions } from '@camwatch/contract/permissions';

export const DEMO = { email: 'demo@example.com', password: 'demo1234' };
export const FIXTURE_PASSWORD = 'e2e-pass-1';

export interface FixtureAccount {
  email: string;
  name: string;
  permissions: Partial<Permissions>;
  lock?: 'admin' | 'parent';
  devauth?: boolean;
  ipAllow?: string;
}

const viewer = { live: true, archive: true, modPassword: true };

export const fixtureAccounts = {
  locked: { email: 'locked@e2e.example', name: 'ロック済み', permissions: viewer, lock: 'admin' },
  ipRestricted: { email: 'ip@e2e.example', name: 'IP制限', permissions: viewer, ipAllow: '203.0.113.0/24' },
  devauth: { email: 'devauth@e2e.example', name: 'デバイス認証', permissions: viewer, devauth: true },
  systemLock: { email: 'syslock@e2e.example', name: '連続失敗', permissions: viewer },
  noPassword: { email: 'nopw@e2e.example', name: '閲覧のみ', permissions: { live: true } },
  changePassword: { email: 'changepw@e2e.example', name: 'パスワード変更', permissions: viewer },
  feedback: { email: 'feedback@e2e.example', name: 'フィードバック', permissions: viewer },
  settings: { email: 'settings@e2e.example', name: '設定', permissions: { ...viewer, modDevauth: true } },
  debug: { email: 'debug@e2e.example', name: 'デバッグ', permissions: { ...viewer, debug: true } },
} satisfies Record<string, FixtureAccount>;

export type FixtureName = keyof typeof fixtureAccounts;

/** The only user of a customer of its own whose camera goes down as the server starts (start-server.ts). */
export const MONITOR_ACCOUNT = { email: 'monitor@e2e.example', password: FIXTURE_PASSWORD };
export const MONITOR_CAMERA_NAME = '搬入口カメラ';
export const account = (name: FixtureName) => ({
  email: fixtureAccounts[name].email,
  password: FIXTURE_PASSWORD,
});

/**
 * The only user of a customer of its own with one PTZ camera that no simulated agent records: the ONVIF
 * spec starts the test ONVIF device and a real agent for it, with the device token start-server.ts writes
 * to onvifFixtureFile (0600, removed when the server exits).
 */
export const ONVIF_ACCOUNT = { email: 'onvif@e2e.example', password: FIXTURE_PASSWORD };
export const ONVIF_CAMERA_NAME = 'ONVIF旋回カメラ';
export const onvifFixtureFile = (port: number | string) =>
  `${process.env.TMPDIR ?? '/tmp'}/camwatch-e2e-onvif-${port}.json`;

/**
 * The only user of a customer of its own with one camera that no simulated agent records: the camera health spec
 * starts and stops a simulated agent for it, with the device token start-server.ts writes to healthFixtureFile.
 */
export const HEALTH_ACCOUNT = { email: 'health@e2e.example', password: FIXTURE_PASSWORD };
export const HEALTH_CAMERA_NAME = '北門カメラ';
export const healthFixtureFile = (port: number | string) =>
  `${process.env.TMPDIR ?? '/tmp'}/camwatch-e2e-health-${port}.json`;
