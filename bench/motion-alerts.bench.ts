// Motion notifications at scale: the motion job's notification step (MotionAlertService.motionFound: the
// cooldown claim and one notification per switched-on user) for a camera that N users watch, once when all
// are due and again inside the cooldown (nothing due); and a client error report with the pruning to the
// newest 200 of the customer. Service level on a real database (PGlite in a temp dir, and PostgreSQL).
// Usage: npm run bench -- motion-alerts   (POSTGRES_ADMIN_URL overrides postgres://postgres@127.0.0.1:5432/postgres)
import { performance } from 'node:perf_hooks';
import type { Db } from '../server/src/db/database.ts';
import { DebugRepository } from '../server/src/modules/debug/debug.repository.ts';
import { MotionAlertRepository } from '../server/src/modules/motion-alerts/motion-alert.repository.ts';
import { MotionAlertService } from '../server/src/modules/motion-alerts/motion-alert.service.ts';
import { NotificationRepository } from '../server/src/modules/notifications/notification.repository.ts';
import { NotificationService } from '../server/src/modules/notifications/notification.service.ts';
import { openFreshDatabase, type DatabaseChoice } from './lib/server-process.ts';

export interface MotionAlertsResult {
  database: string;
  users: number;
  firstMs: number;
  notified: number;
  cooldownMedianMs: number;
  reportMedianMs: number;
  reportP99Ms: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)]!;
const ms = (x: number) => Math.round(x * 10) / 10;

async function seed(db: Db, users: number) {
  const customer = await db
    .insertInto('customers')
    .values({ code: 'bench', name: 'Bench' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const location = await db
    .insertInto('locations')
    .values({ customer_id: customer.id, code: 'bench-loc', name: 'Site', latitude: 35.68, longitude: 139.76 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const camera = await db
    .insertInto('cameras')
    .values({
      customer_id: customer.id,
      location_id: location.id,
      code: 'bench-cam',
      name: 'Cam',
      use_motion: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Users are written directly (a fixed hash): argon2 for each would take minutes and is not measured here.
  const ids: number[] = [];
  for (let i = 0; i < users; i += 500) {
    const rows = await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(500, users - i) }, (_, k) => ({
          customer_id: customer.id,
          parent_user_id: null,
          email: `u${i + k}@bench.example`,
          name: `u${i + k}`,
          password_hash: 'x',
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  await db
    .insertInto('motion_notification_settings')
    .values(ids.map((id) => ({ user_id: id, camera_id: camera.id, customer_id: customer.id, enabled: true })))
    .execute();
  return { customerId: customer.id, cameraId: camera.id, userId: ids[0]! };
}

export async function benchMotionAlerts(database: DatabaseChoice, users = 1000): Promise<MotionAlertsResult> {
  const fresh = await openFreshDatabase(database, 'motion');
  const { db } = fresh;
  try {
    const { customerId, cameraId, userId } = await seed(db, users);
    const service = new MotionAlertService(
      new MotionAlertRepository(db),
      new NotificationService(new NotificationRepository(db)),
      10 * 60_000,
    );
    const found = () => ({ cameraId, startTime: new Date(Date.now() - 60_000), offsetMs: 0, firstSec: 5 });
    let start = performance.now();
    const notified = await service.motionFound(found());
    const firstMs = performance.now() - start;
    const cooldown: number[] = [];
    for (let i = 0; i < 50; i++) {
      start = performance.now();
      await service.motionFound(found());
      cooldown.push(performance.now() - start);
    }
    const debug = new DebugRepository(db);
    const reports: number[] = [];
    for (let i = 0; i < 400; i++) {
      start = performance.now();
      await debug.insertClientError(
        {
          customerId,
          userId,
          message: `TypeError ${i}`,
          stack: 'at x\n'.repeat(50),
          page: '/list/1',
          userAgent: 'bench',
        },
        200,
      );
      reports.push(performance.now() - start);
    }
    return {
      database: database.kind === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL 15',
      users,
      firstMs: ms(firstMs),
      notified,
      cooldownMedianMs: ms(median(cooldown)),
      reportMedianMs: ms(median(reports.slice(200))),
      reportP99Ms: ms(p99(reports.slice(200))),
    };
  } finally {
    await fresh.close();
  }
}
