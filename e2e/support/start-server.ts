// Starts the real server for the end-to-end tests on a fresh embedded data dir: seeds the demo account and
// the fixture accounts the specs need (through the same services the CLI uses), then runs the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/src/config.ts';
import { openConfiguredDatabase } from '../../server/src/db/open-configured.ts';
import { seedDemo } from '../../server/src/db/seed/demo-seed.ts';
import { createServices, loadServiceSecrets } from '../../server/src/services.ts';
import { CustomerRepository } from '../../server/src/modules/customers/customer.repository.ts';
import { fixtureAccounts, FIXTURE_PASSWORD, type FixtureAccount } from './accounts.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'camwatch-e2e-'));
process.env.DATA_DIR = dataDir;
process.env.SEED_DEMO = '0';

const config = loadConfig();
const database = await openConfiguredDatabase(config);
await seedDemo(database.db);
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
await database.close();

process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import('../../server/src/main.ts');
