// Two api nodes on one PostgreSQL (issue 18): a real agent given both addresses uploads its spooled clips and
// keeps its control channel on the first; the first node dies (every connection cut, then closed) in the middle of
// the uploads; the agent carries on with the second, and every clip is stored exactly once. PostgreSQL only: the
// embedded database admits one process.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { clipBaseName, startAgent, type AgentHandle } from '@camwatch/agent';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { DeviceAuth } from '../../src/ingest/device-auth.ts';
import { DeviceTokenRepository } from '../../src/ingest/device-token.repository.ts';
import { makeClip, minuteAgo, sha256 } from '../helpers/media-fixtures.ts';
import { createLocationAndCamera, createTenant, testConfig } from '../helpers/test-app.ts';
import { createPostgresDatabase } from '../helpers/test-database.ts';

const adminUrl = process.env.TEST_DATABASE_URL;
const CLIPS = 10;

interface Node {
  app: App;
  db: Db;
  url: string;
}

describe.skipIf(!adminUrl)('an agent with two api nodes on one database', () => {
  let dataDir: string;
  let spool: string;
  let setupDb: Db;
  const nodes: Node[] = [];
  let agent: AgentHandle | undefined;
  let setup: { cameraId: number; token: string };

  async function startNode(url: string): Promise<Node> {
    const db = openDatabase({ kind: 'postgres', url, poolSize: 4 });
    // One DATA_DIR for both: its blobs/ stands for the shared bucket (S3 in a real cluster).
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), db });
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    const node = {
      app,
      db,
      url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`,
    };
    nodes.push(node);
    return node;
  }

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-two-nodes-'));
    spool = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-two-nodes-spool-'));
    const url = await createPostgresDatabase(adminUrl!, '_two_nodes');
    setupDb = openDatabase({ kind: 'postgres', url, poolSize: 2 });
    await migrateToLatest(setupDb);
    const tenant = await createTenant(setupDb);
    const { camera } = await createLocationAndCamera(setupDb, tenant.customer.id);
    await setupDb
      .updateTable('cameras')
      .set({ image_fps: 2, image_rs_width: 160, image_rs_height: 90 })
      .where('id', '=', camera.id)
      .execute();
    const { token } = await new DeviceAuth(new DeviceTokenRepository(setupDb)).issue(camera.id, 'two nodes');
    setup = { cameraId: camera.id, token };
    await startNode(url);
    await startNode(url);
  }, 120_000);

  afterAll(async () => {
    await agent?.stop();
    for (const node of nodes) {
      await node.app.app.close();
      await node.db.destroy();
    }
    await setupDb?.destroy();
    await fs.rm(dataDir, { recursive: true, force: true });
    await fs.rm(spool, { recursive: true, force: true });
  });

  const spooledClips = async () => (await fs.readdir(spool)).filter((name) => name.endsWith('.mp4'));

  it(
    'carries on with the second node when the first dies: no clip lost or stored twice',
    { timeout: 180_000 },
    async () => {
      const [first, second] = nodes as [Node, Node];
      // Clips recorded while the service was unreachable, waiting in the spool (distinct bytes each).
      const checksums = new Map<number, string>();
      for (let i = 0; i < CLIPS; i++) {
        const minute = minuteAgo(CLIPS + 5 - i);
        const clip = await makeClip({
          seconds: 2 + (i % 3),
          width: 160,
          height: 90,
          fps: 5,
          scene: i % 2 ? 'moving' : 'still',
        });
        checksums.set(minute.getTime(), sha256(clip));
        await fs.writeFile(path.join(spool, `${clipBaseName(minute.getTime(), 0)}.mp4`), clip);
      }

      agent = await startAgent({
        server: `${first.url},${second.url}`,
        token: setup.token,
        source: 'sim:shop?seed=2',
        spoolDir: spool,
        backoff: { initialMs: 200, maxMs: 1_000 },
      });
      await expect
        .poll(() => first.app.services.hub.isConnected(setup.cameraId), { timeout: 30_000 })
        .toBe(true);
      await expect
        .poll(async () => (await spooledClips()).length, { timeout: 60_000, interval: 5 })
        .toBeLessThan(CLIPS - 1);

      // The first node dies: every connection cut at once (an upload may be stored without its answer arriving).
      first.app.app.server.closeAllConnections();
      await first.app.app.close();
      expect((await spooledClips()).length).toBeGreaterThan(0);

      await expect
        .poll(() => second.app.services.hub.isConnected(setup.cameraId), { timeout: 60_000 })
        .toBe(true);
      await expect
        .poll(async () => (await spooledClips()).length, { timeout: 120_000, interval: 200 })
        .toBe(0);
      expect(await fs.readdir(path.join(spool, 'rejected')).catch(() => [])).toEqual([]);

      // Both nodes took clips: the second after the first died.
      const ingested = async (node: Node) =>
        Number(/^camwatch_clips_ingested_total (\d+)$/m.exec(await node.app.metrics.text())?.[1] ?? 0);
      expect(await ingested(first)).toBeGreaterThan(0);
      expect(await ingested(second)).toBeGreaterThan(0);

      const rows = await setupDb
        .selectFrom('clips')
        .select(['start_time', 'sha256'])
        .where('camera_id', '=', setup.cameraId)
        .execute();
      const stored = rows.filter((r) => checksums.has(r.start_time.getTime()));
      expect(stored).toHaveLength(CLIPS);
      for (const row of stored) expect(row.sha256).toBe(checksums.get(row.start_time.getTime()));
    },
  );
});
