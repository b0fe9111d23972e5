// Starts the real server for the end-to-end tests on a fresh embedded data dir: seeds the demo account and
// the fixture accounts the specs need (through the same services the CLI uses), then runs the server.
// With E2E_TLT=1 it is the TLT server of the tlt-* specs instead: ENVIRONMENT_MODE TLT:3 and only the demo's
// two TLT line cameras (so their simulated agents are all it records), no fixture accounts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { openConfiguredDatabase } from '../../server/src/db/open-configured.ts';
import { seedDemo } from '../../server/src/db/seed/demo-seed.ts';
import { createServices, loadServiceSecrets } from '../../server/src/services.ts';
import { CustomerRepository } from '../../server/src/modules/customers/customer.repository.ts';
import { CameraRepository } from '../../server/src/modules/cameras/camera.repository.ts';
import { LocationRepository } from '../../server/src/modules/locations/location.repository.ts';
import { DeviceAuth } from '../../server/src/ingest/device-auth.ts';
import { DeviceTokenRepository } from '../../server/src/ingest/device-token.repository.ts';
import {
  fixtureAccounts,
  FIXTURE_PASSWORD,
  MONITOR_ACCOUNT,
  MONITOR_CAMERA_NAME,
  ONVIF_ACCOUNT,
  ONVIF_CAMERA_NAME,
  onvifFixtureFile,
  HEALTH_ACCOUNT,
  HEALTH_CAMERA_NAME,
  healthFixtureFile,
  type FixtureAccount,
} from './accounts.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'camwatch-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = '0';

const isTlt = process.env.E2E_TLT === '1';
if (isTlt) process.env.ENVIRONMENT_MODE = 'TLT:3';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await seedDemo(database.db);
if (isTlt) await keepOnlyTltCameras();
else await seedFixtures();
await database.close();

process.on('exit', () => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (!isTlt) fs.rmSync(onvifFixtureFile(config.port), { force: true });
  if (!isTlt) fs.rmSync(healthFixtureFile(config.port), { force: true });
});
await import('../../server/src/main.ts');

async function keepOnlyTltCameras() {
  await database.db.deleteFrom('cameras').where('model_code', 'not like', 'TLT%').execute();
}

async function seedFixtures() {
  const services = createServices(config, database.db, await loadServiceSecrets(config, database.db));
  const demo = await new CustomerRepository(database.db).findByCode('demo');
  if (!demo) throw new Error('demo customer missing');
  for (const account of Object.values(fixtureAccounts) as FixtureAccount[]) {
    const user = await services.users.create({
      customerId: demo.id,
      email: account.email,
      password: FIXTURE_PASSWORD,
      name: account.name,
      permissions: account.permissions,
    });
    if (account.lock) await services.users.lock(account.email, account.lock);
    if (account.devauth) await services.users.setDeviceAuthentication(account.email, true);
    if (account.ipAllow) await services.ipAllow.add(demo.id, user.id, account.ipAllow, 'e2e');
  }
  // One announcement for every demo user, for the notification specs.
  await services.notifications.announce(demo.id, '11月25日 2:00〜3:00 にメンテナンスを行います');
  // A customer of its own whose one camera was last heard an hour ago: the server's health watcher marks it
  // down within seconds of starting and notifies the customer's user (the camera-down notification spec).
  const monitor = await new CustomerRepository(database.db).insert('e2e-monitor', '監視テスト株式会社');
  await services.users.create({
    customerId: monitor.id,
    email: MONITOR_ACCOUNT.email,
    password: FIXTURE_PASSWORD,
    name: '監視担当',
    permissions: { live: true, archive: true },
  });
  const dock = await new LocationRepository(database.db).insert({
    customer_id: monitor.id,
    code: 'e2e-monitor-site',
    name: '川崎倉庫',
    latitude: 35.53,
    longitude: 139.7,
  });
  await new CameraRepository(database.db).insert({
    customer_id: monitor.id,
    location_id: dock.id,
    code: 'e2e-monitor-cam',
    name: MONITOR_CAMERA_NAME,
    watch_status: 'normal',
    last_seen_at: new Date(Date.now() - 3_600_000),
  });
  await seedOnvifCamera();
  await seedHealthCamera();
}

/**
 * A customer of its own whose camera is recorded by no simulated agent: the camera health spec starts and stops
 * one for it, with the device token written here (its down and up notices reach no other spec's user).
 */
async function seedHealthCamera() {
  const customer = await new CustomerRepository(database.db).insert('e2e-health', '稼働テスト株式会社');
  const services = createServices(config, database.db, await loadServiceSecrets(config, database.db));
  await services.users.create({
    customerId: customer.id,
    email: HEALTH_ACCOUNT.email,
    password: FIXTURE_PASSWORD,
    name: '稼働担当',
    permissions: { live: true, archive: true },
  });
  const site = await new LocationRepository(database.db).insert({
    customer_id: customer.id,
    code: 'e2e-health-site',
    name: '千葉倉庫',
    latitude: 35.6,
    longitude: 140.1,
  });
  const camera = await new CameraRepository(database.db).insert({
    customer_id: customer.id,
    location_id: site.id,
    code: 'e2e-health-cam',
    name: HEALTH_CAMERA_NAME,
    watch_status: 'normal',
    image_fps: 1,
    image_rs_width: 160,
    image_rs_height: 90,
  });
  const { token } = await new DeviceAuth(new DeviceTokenRepository(database.db)).issue(
    camera.id,
    'e2e-health',
  );
  fs.writeFileSync(healthFixtureFile(config.port), JSON.stringify({ token, cameraCode: camera.code }), {
    mode: 0o600,
  });
}

/**
 * A customer of its own whose PTZ camera is recorded by no simulated agent: the ONVIF spec runs a real
 * agent for it against the test ONVIF device, with the device token written here for it.
 */
async function seedOnvifCamera() {
  const customer = await new CustomerRepository(database.db).insert('e2e-onvif', 'ONVIFテスト株式会社');
  const services = createServices(config, database.db, await loadServiceSecrets(config, database.db));
  await services.users.create({
    customerId: customer.id,
    email: ONVIF_ACCOUNT.email,
    password: FIXTURE_PASSWORD,
    name: 'PTZ担当',
    permissions: { live: true, archive: true, ptz: true },
  });
  const site = await new LocationRepository(database.db).insert({
    customer_id: customer.id,
    code: 'e2e-onvif-site',
    name: '大宮倉庫',
    latitude: 35.9,
    longitude: 139.62,
  });
  const camera = await new CameraRepository(database.db).insert({
    customer_id: customer.id,
    location_id: site.id,
    code: 'e2e-onvif-cam',
    name: ONVIF_CAMERA_NAME,
    watch_status: 'normal',
    use_ptz: true,
    can_pan: true,
    can_tilt: true,
    can_zoom: true,
    image_fps: 2,
    image_rs_width: 160,
    image_rs_height: 90,
  });
  const { token } = await new DeviceAuth(new DeviceTokenRepository(database.db)).issue(
    camera.id,
    'e2e-onvif',
  );
  fs.writeFileSync(onvifFixtureFile(config.port), JSON.stringify({ token, cameraCode: camera.code }), {
    mode: 0o600,
  });
}
