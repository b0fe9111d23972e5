// Web push delivery, end to end inside the server's own services on a real database: the camera health
// watcher detects a camera down (CameraHealth.check, as the worker runs it every 5 s), the notification
// trigger queues a 'push-send' job, the push queue (its production settings, polling every 500 ms) sends
// encrypted aes128gcm pushes with VAPID, and a local push service on 127.0.0.1 (server/test/helpers/
// push-receiver.ts: checks the VAPID signature, decrypts with node:crypto) receives them.
//   push-latency: detection → the push at the receiver, one subscribed user, 20 flips (down and up).
//   push-fanout:  one camera-down event to 1,000 subscribed users → all 1,000 pushes at the receiver.
// The receiver shares the process (and the 2 cores) with the sender, so the figures include its work.
// Usage: npm run bench -- push-latency push-fanout   (POSTGRES_ADMIN_URL overrides the PostgreSQL admin URL)
import { createECDH, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../server/src/config.ts';
import type { Db } from '../server/src/db/database.ts';
import { PushRepository } from '../server/src/modules/push/push.repository.ts';
import { createServices, loadServiceSecrets, type Services } from '../server/src/services.ts';
import {
  decryptAes128gcm,
  startPushReceiver,
  type PushReceiver,
} from '../server/test/helpers/push-receiver.ts';
import { openFreshDatabase, type DatabaseChoice } from './lib/server-process.ts';

const ms = (x: number) => Math.round(x);
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))]!;

interface Setup {
  db: Db;
  services: Services;
  receiver: PushReceiver;
  database: string;
  close: () => Promise<void>;
}

async function setUp(database: DatabaseChoice): Promise<Setup> {
  const fresh = await openFreshDatabase(database, 'push');
  const { db, dataDir } = fresh;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUSH_ALLOW_PRIVATE_ENDPOINTS: '1',
    CAMERA_DOWN_AFTER_SECONDS: '120',
  });
  const services = createServices(config, db, await loadServiceSecrets(config, db));
  const receiver = await startPushReceiver();
  services.pushQueue.start();
  return {
    db,
    services,
    receiver,
    database: database.kind === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL 15',
    close: async () => {
      await services.pushQueue.stop();
      await receiver.close();
      await fresh.close();
    },
  };
}

/** A customer, a camera last heard long ago, and `users` users each with one subscription at the receiver. */
async function seed(s: Setup, users: number) {
  const customer = await s.db
    .insertInto('customers')
    .values({ code: `bench-${Date.now()}`, name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const location = await s.db
    .insertInto('locations')
    .values({
      customer_id: customer.id,
      code: `loc-${Date.now()}`,
      name: 'Site',
      latitude: 35.68,
      longitude: 139.76,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const camera = await s.db
    .insertInto('cameras')
    .values({ customer_id: customer.id, location_id: location.id, code: `cam-${Date.now()}`, name: 'Gate' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Users are written directly (a fixed hash): argon2 for each would take minutes and is not measured here.
  const ids: number[] = [];
  for (let i = 0; i < users; i += 500) {
    const rows = await s.db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(500, users - i) }, (_, k) => ({
          customer_id: customer.id,
          parent_user_id: null,
          email: `push${i + k}-${Date.now()}@bench.example`,
          name: `u${i + k}`,
          password_hash: 'x',
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  // Each user's browser: a real P-256 key pair and auth secret; the subscription as the subscribe call saves it.
  const push = new PushRepository(s.db);
  const keys = new Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>();
  for (const id of ids) {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const auth = randomBytes(16);
    const endpoint = s.receiver.endpoint(`u${id}`);
    keys.set(`/push/u${id}`, { privateKey: ecdh.getPrivateKey(), publicKey, auth });
    await push.upsert({
      customerId: customer.id,
      userId: id,
      endpoint,
      publicKey: publicKey.toString('base64url'),
      authSecret: auth.toString('base64url'),
      contentEncoding: 'aes128gcm',
      language: 'ja',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
  }
  return { cameraId: camera.id, keys };
}

/** Checks that what arrived decrypts to the event (after the clock stopped). */
function decryptAll(
  received: PushReceiver['received'],
  keys: Map<string, { privateKey: Buffer; publicKey: Buffer; auth: Buffer }>,
  event: string,
) {
  for (const r of received) {
    const k = keys.get(r.path);
    if (!k) throw new Error(`push to an unknown endpoint ${r.path}`);
    const payload = JSON.parse(decryptAes128gcm(r.body, k.privateKey, k.publicKey, k.auth).toString()) as {
      body: { event: string };
    };
    if (payload.body.event !== event) throw new Error(`push of event ${payload.body.event}, not ${event}`);
  }
}

export interface PushLatencyResult {
  database: string;
  samples: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
}

export async function benchPushLatency(database: DatabaseChoice, samples = 20): Promise<PushLatencyResult> {
  const s = await setUp(database);
  try {
    const { cameraId, keys } = await seed(s, 1);
    const latencies: number[] = [];
    // Times in the past, so each check flips the camera: silent → down, heard → normal (both notify).
    let clock = Date.now() - 3_600_000;
    for (let i = 0; i < samples; i++) {
      const goesDown = i % 2 === 0;
      if (goesDown) await s.services.cameraHealthRepository.touch(cameraId, new Date(clock));
      else await s.services.cameraHealthRepository.touch(cameraId, new Date(clock + 130_000));
      const before = s.receiver.received.length;
      const detectedAt = performance.now();
      const flips = await s.services.cameraHealth.check(new Date(clock + (goesDown ? 121_000 : 131_000)));
      if (flips.length !== 1) throw new Error(`expected one flip, got ${flips.length}`);
      await s.receiver.waitFor(before + 1, '/push/', 10_000);
      latencies.push(performance.now() - detectedAt);
      clock += 200_000;
    }
    decryptAll(s.receiver.received, keys, 'down');
    return {
      database: s.database,
      samples,
      p50Ms: ms(percentile(latencies, 0.5)),
      p95Ms: ms(percentile(latencies, 0.95)),
      maxMs: ms(Math.max(...latencies)),
    };
  } finally {
    await s.close();
  }
}

export interface PushFanoutResult {
  database: string;
  users: number;
  firstMs: number;
  allMs: number;
  pushesPerSec: number;
}

export async function benchPushFanout(database: DatabaseChoice, users = 1000): Promise<PushFanoutResult> {
  const s = await setUp(database);
  try {
    const { cameraId, keys } = await seed(s, users);
    const start = Date.now() - 900_000;
    await s.services.cameraHealthRepository.touch(cameraId, new Date(start));
    const detectedAt = Date.now();
    const t0 = performance.now();
    await s.services.cameraHealth.check(new Date(start + 121_000));
    const all = await s.receiver.waitFor(users, '/push/', 120_000);
    const allMs = performance.now() - t0;
    const firstMs = Math.min(...all.map((r) => r.receivedAt)) - detectedAt;
    decryptAll(all, keys, 'down');
    if (s.receiver.rejected.length > 0)
      throw new Error(`receiver refused ${s.receiver.rejected.length} pushes`);
    return {
      database: s.database,
      users,
      firstMs: ms(firstMs),
      allMs: ms(allMs),
      pushesPerSec: Math.round((users / allMs) * 1000),
    };
  } finally {
    await s.close();
  }
}
