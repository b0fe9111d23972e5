// Cluster-wide singletons (issue 18): two nodes share one PostgreSQL, each running the camera health check
// through its own scheduler; only the lease holder checks, a silent camera is marked down and notified once, and
// when the holder dies (its database session ends) or stops pinging, the other node takes over.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { NotificationRepository } from '../modules/notifications/notification.repository.ts';
import { CameraHealth } from '../realtime/camera-health.ts';
import { CameraHealthRepository } from '../realtime/camera-health.repository.ts';
import { createLocationAndCamera, createTenant, createUser } from '../../test/helpers/test-app.ts';
import { createPostgresDatabase, testDb } from '../../test/helpers/test-database.ts';
import { clusterLease, type ClusterLease } from './cluster-lease.ts';
import { Scheduler } from './scheduler.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const TICK_MS = 25;

describe('cluster lease on the embedded database', () => {
  let db: Db;
  beforeAll(async () => {
    db = await testDb();
  });

  it('is always held by the one process', async () => {
    const lease = clusterLease(db, 'embedded', 'camera-health', 1000);
    expect(await lease.holds()).toBe(true);
    expect(await lease.holds()).toBe(true);
    await lease.release();
  });
});

interface Node {
  name: string;
  db: Db;
  scheduler: Scheduler;
  lease: ClusterLease;
  runs: number;
}

describe.skipIf(!adminUrl)('cluster-wide singletons on PostgreSQL (two nodes, one database)', () => {
  let url: string;
  let admin: Db;
  const nodes: Node[] = [];

  /** A node: its own pool, scheduler and lease, checking camera health every TICK_MS while it holds the lease. */
  function startNode(
    name: string,
    leaseName: string,
    { leaseMs = 2_000, task }: { leaseMs?: number; task?: (db: Db) => Promise<unknown> } = {},
  ): Node {
    const db = openDatabase({ kind: 'postgres', url, poolSize: 3 });
    const node: Node = {
      name,
      db,
      scheduler: new Scheduler(),
      lease: clusterLease(db, 'postgres', leaseName, leaseMs),
      runs: 0,
    };
    const health = new CameraHealth(new CameraHealthRepository(db), new NotificationRepository(db), 120_000);
    node.scheduler.every(
      'camera health check',
      TICK_MS,
      async () => {
        node.runs++;
        await (task ? task(db) : health.check());
      },
      { lease: node.lease },
    );
    nodes.push(node);
    return node;
  }

  /** The server process ids of the sessions holding a CamWatch advisory lock. */
  const lockHolders = async () =>
    (
      await sql<{ pid: number }>`
        SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = ${0x43574c31}::oid`.execute(
        admin,
      )
    ).rows.map((r) => r.pid);

  beforeAll(async () => {
    url = await createPostgresDatabase(adminUrl!, '_lease');
    admin = openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await migrateToLatest(admin);
  });

  afterAll(async () => {
    for (const node of nodes) node.scheduler.stop();
    await Promise.all(nodes.map((n) => n.lease.release()));
    await Promise.all([admin, ...nodes.map((n) => n.db)].map((db) => db.destroy()));
  });

  it('runs the camera health check on one node only: a silent camera is down and notified once', async () => {
    const tenant = await createTenant(admin);
    await createUser(admin, tenant.customer.id, { parentUserId: tenant.user.id });
    const { camera } = await createLocationAndCamera(admin, tenant.customer.id);
    await admin
      .updateTable('cameras')
      .set({ last_seen_at: new Date(Date.now() - 600_000) })
      .where('id', '=', camera.id)
      .execute();

    const a = startNode('a', 'test-camera-health');
    const b = startNode('b', 'test-camera-health');
    // Both tick alike; the lease lets one of them run.
    await vi.waitFor(() => expect(a.runs + b.runs).toBeGreaterThanOrEqual(20), { timeout: 20_000 });
    expect(Math.min(a.runs, b.runs)).toBe(0);

    const changes = await admin
      .selectFrom('camera_status_changes')
      .select('status')
      .where('camera_id', '=', camera.id)
      .execute();
    expect(changes).toEqual([{ status: 'down' }]);
    const notices = await admin
      .selectFrom('notifications')
      .select(['kind'])
      .where('camera_id', '=', camera.id)
      .execute();
    // One 'down' notification per user of the customer (parent and child), not one per node.
    expect(notices.map((n) => n.kind)).toEqual(['down', 'down']);
    for (const node of [a, b]) node.scheduler.stop();
  });

  it('takes over when the holder dies (its session ended by the server), and a stop hands over at once', async () => {
    const idle = { task: async () => {} };
    const a = startNode('a', 'test-takeover', idle);
    await vi.waitFor(() => expect(a.runs).toBeGreaterThan(0));
    const b = startNode('b', 'test-takeover', idle);
    // Give b's ticks a chance to be refused: a keeps running, b never does.
    await vi.waitFor(() => expect(a.runs).toBeGreaterThan(10));
    expect(b.runs).toBe(0);

    // a's machine dies: its ticks stop without handing the lease over, and the server ends its session (and the
    // lock with it) once the connection is found dead. (A node whose session is cut while it lives takes the lock
    // again at its next tick if nobody else has: either node may then hold it, never both.)
    const handOver = a.lease.release.bind(a.lease);
    a.lease.release = async () => {};
    a.scheduler.stop();
    const aAtDeath = a.runs;
    const holders = await lockHolders();
    expect(holders.length).toBeGreaterThan(0);
    await sql`SELECT pg_terminate_backend(pid) FROM unnest(${holders}::int[]) AS pid`.execute(admin);
    await vi.waitFor(() => expect(b.runs).toBeGreaterThan(0), { timeout: 20_000 });
    expect(a.runs).toBe(aAtDeath);
    // (The dead session's connection goes back to a's pool, so the pool can be closed at the end.)
    a.lease.release = handOver;
    await handOver();

    // Stopping hands the lease over at once: c, refused while b holds it, runs as soon as b stops.
    const c = startNode('c', 'test-takeover', idle);
    const bBefore = b.runs;
    await vi.waitFor(() => expect(b.runs).toBeGreaterThan(bBefore + 5));
    expect(c.runs).toBe(0);
    b.scheduler.stop();
    await vi.waitFor(() => expect(c.runs).toBeGreaterThan(0), { timeout: 20_000 });
    c.scheduler.stop();
  });

  it('takes over from a holder that stops pinging (frozen) once its lease runs out', async () => {
    const frozenDb = openDatabase({ kind: 'postgres', url, poolSize: 1 });
    const frozen = clusterLease(frozenDb, 'postgres', 'test-frozen', 1_000);
    try {
      // Taken, then never renewed: the node froze (or vanished without closing its sockets).
      expect(await frozen.holds()).toBe(true);
      const b = startNode('b', 'test-frozen', { leaseMs: 1_000, task: async () => {} });
      await vi.waitFor(() => expect(b.runs).toBeGreaterThan(0), { timeout: 20_000 });
      b.scheduler.stop();
    } finally {
      await frozen.release();
      await frozenDb.destroy();
    }
  });
});
