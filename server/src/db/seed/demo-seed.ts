// Seeds the demo account: on an empty embedded database by default, on PostgreSQL only with SEED_DEMO=1.
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import { newCode } from '../../lib/tokens.ts';
import { CameraRepository } from '../../modules/cameras/camera.repository.ts';
import { CustomerRepository } from '../../modules/customers/customer.repository.ts';
import { LocationRepository } from '../../modules/locations/location.repository.ts';
import { EnterAlertRepository } from '../../modules/entry-detection/entry-detection.repository.ts';
import { OperationAnalysisRepository } from '../../modules/operation-analysis/operation-analysis.repository.ts';
import { PeopleCounterSettingRepository } from '../../modules/people-counter/people-counter-setting.repository.ts';
import { ReleaseRepository } from '../../modules/releases/release.repository.ts';
import { TagRepository } from '../../modules/tags/tag.repository.ts';
import { SessionRepository } from '../../modules/auth/session.repository.ts';
import { UserRepository } from '../../modules/users/user.repository.ts';
import { UserService } from '../../modules/users/user.service.ts';
import { buildWeatherSample, japanToday } from '../../modules/weather/sample/weather-sample.ts';
import { storeWeather } from '../../modules/weather/weather-import.ts';
import { WeatherRepository } from '../../modules/weather/weather.repository.ts';
import type { Db } from '../database.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, demoChildren, demoCustomer, everyRight } from './demo-account.ts';
import { demoAreaLinks, demoOperationAreas, demoPeopleCounterSettings } from './demo-analytics.ts';
import { demoCameras } from './demo-cameras.ts';
import { demoLocations } from './demo-locations.ts';
import { demoReleases } from './demo-releases.ts';

export async function shouldSeedDemo(
  db: Db,
  config: Pick<Config, 'database' | 'seedDemo'>,
): Promise<boolean> {
  if (config.seedDemo === false) return false;
  const users = new UserRepository(db);
  if (await users.findByEmail(DEMO_EMAIL)) return false;
  if (config.seedDemo === true) return true;
  return config.database.kind === 'embedded' && (await new CustomerRepository(db).count()) === 0;
}

export async function seedDemoIfWanted(db: Db, config: Config, logger: Logger): Promise<void> {
  if (!(await shouldSeedDemo(db, config))) return;
  const summary = await seedDemo(db);
  logger.info(summary, `demo account seeded: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`);
}

/**
 * Creates the demo customer with its users, locations, cameras (and the TLT camera's operation areas and entry
 * detection), tags and release notes, in one transaction.
 */
export async function seedDemo(db: Db) {
  return db.transaction().execute(async (trx) => {
    const customers = new CustomerRepository(trx);
    const userRepo = new UserRepository(trx);
    const users = new UserService(userRepo, new SessionRepository(trx));
    const locations = new LocationRepository(trx);
    const cameras = new CameraRepository(trx);
    const tags = new TagRepository(trx);
    const operationAnalysis = new OperationAnalysisRepository(trx);
    const peopleCounterSettings = new PeopleCounterSettingRepository(trx);
    const enterAlerts = new EnterAlertRepository(trx);

    const code = (await customers.findByCode(demoCustomer.code)) ? newCode('demo') : demoCustomer.code;
    const customer = await customers.insert(code, demoCustomer.name);
    const parent = await users.create({
      customerId: customer.id,
      email: DEMO_EMAIL,
      password: DEMO_PASSWORD,
      name: 'デモ 管理者',
      permissions: everyRight,
    });
    for (const child of demoChildren) {
      await users.create({
        customerId: customer.id,
        parentUserId: parent.id,
        password: DEMO_PASSWORD,
        ...child,
      });
    }

    const locationIds = new Map<string, number>();
    for (const { key, ...location } of demoLocations) {
      const row = await locations.insert({ ...location, customer_id: customer.id, code: newCode('loc') });
      locationIds.set(key, row.id);
    }

    const camerasByTag = new Map<string, number[]>();
    for (const { location, tags: tagNames, ...camera } of demoCameras) {
      const row = await cameras.insert({
        ...camera,
        customer_id: customer.id,
        location_id: locationIds.get(location) ?? null,
        code: newCode('cam'),
      });
      for (const tag of tagNames) camerasByTag.set(tag, [...(camerasByTag.get(tag) ?? []), row.id]);
      const operationAreas = demoOperationAreas[camera.name];
      if (operationAreas) await operationAnalysis.saveAreas(customer.id, row.id, operationAreas);
      for (const link of demoAreaLinks[camera.name] ?? [])
        await enterAlerts.insertLinkUnchecked(row.id, link);
      const peopleCounter = demoPeopleCounterSettings[camera.name];
      if (peopleCounter) await peopleCounterSettings.save(customer.id, row.id, peopleCounter);
    }
    for (const [name, cameraIds] of camerasByTag) {
      const tag = await tags.insert(customer.id, newCode('tag'), name);
      await tags.link(customer.id, tag.id, cameraIds);
    }

    const releases = new ReleaseRepository(trx);
    if ((await releases.listNewestFirst()).length === 0) {
      for (const r of [...demoReleases].reverse()) await releases.insert(r.version, r.released_on, r.message);
    }
    // Sample weather warnings around Tokyo for the seed day and the two days before (Japan time), so the
    // map's weather dialog has something to show; real data comes through `weather import`.
    const weather = new WeatherRepository(trx);
    if (!(await weather.hasAnyReport())) await storeWeather(weather, buildWeatherSample(japanToday()));
    return {
      customer: customer.code,
      users: 1 + demoChildren.length,
      cameras: demoCameras.length,
      tags: camerasByTag.size,
    };
  });
}
