// The real Fastify app on the worker's real database, plus factories that give each test its own tenant.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { Permissions } from '@camwatch/contract/permissions';
import { buildApp } from '../../src/app.ts';
import { loadConfig, type Config } from '../../src/config.ts';
import type { Db } from '../../src/db/database.ts';
import { everyRight } from '../../src/db/seed/demo-account.ts';
import type { InFlight } from '../../src/http/in-flight.ts';
import { newCode } from '../../src/lib/tokens.ts';
import { CameraRepository } from '../../src/modules/cameras/camera.repository.ts';
import { CustomerRepository } from '../../src/modules/customers/customer.repository.ts';
import { LocationRepository } from '../../src/modules/locations/location.repository.ts';
import { SessionRepository } from '../../src/modules/auth/session.repository.ts';
import { UserRepository } from '../../src/modules/users/user.repository.ts';
import { UserService } from '../../src/modules/users/user.service.ts';
import type { Services } from '../../src/services.ts';
import { testDb } from './test-database.ts';

export const TEST_PASSWORD = 'secret-pass-1';

export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    LOG_LEVEL: 'silent',
    LOGIN_RATE_LIMIT_PER_MINUTE: '100000',
    PASSWORD_RESET_RATE_LIMIT_PER_MINUTE: '100000',
    SHARE_LINK_RATE_LIMIT_PER_MINUTE: '100000',
    DATA_DIR: '/tmp/camwatch-test',
    // The tests share the machine with other test files: the engine's idle scheduling class could starve it.
    VISION_BACKGROUND_PRIORITY: '0',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  routes: string[];
  services: Services;
  db: Db;
  config: Config;
  /** Handlers and the work they leave running (a mail handed over after the answer); `idle()` waits for it. */
  inFlight: InFlight;
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const db = await testDb();
  const config = testConfig(env);
  const { app, services, routes, inFlight } = await buildApp({ config, db });
  return { app, services, routes, db, config, inFlight };
}

export interface TestUser {
  id: number;
  customerId: number;
  email: string;
  password: string;
}

export interface TestTenant {
  customer: { id: number; code: string; name: string };
  user: TestUser;
}

/** A unique address per call, so tests sharing a database never collide. */
export const uniqueEmail = (label = 'user') => `${label}-${randomUUID().slice(0, 8)}@test.example`;

export async function createCustomer(db: Db, name = 'Test customer') {
  return new CustomerRepository(db).insert(newCode('cust'), name);
}

export async function createUser(
  db: Db,
  customerId: number,
  options: {
    permissions?: Partial<Permissions>;
    parentUserId?: number;
    email?: string;
    password?: string;
  } = {},
): Promise<TestUser> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? TEST_PASSWORD;
  const users = new UserService(new UserRepository(db), new SessionRepository(db));
  const row = await users.create({
    customerId,
    email,
    password,
    name: email.split('@')[0] ?? email,
    parentUserId: options.parentUserId ?? null,
    permissions: options.permissions ?? everyRight,
  });
  return { id: row.id, customerId, email, password };
}

/** A customer with one parent user holding every right. */
export async function createTenant(
  db: Db,
  permissions: Partial<Permissions> = everyRight,
): Promise<TestTenant> {
  const customer = await createCustomer(db);
  const user = await createUser(db, customer.id, { permissions });
  return { customer, user };
}

export async function createLocationAndCamera(db: Db, customerId: number, name = 'Entrance') {
  const location = await new LocationRepository(db).insert({
    customer_id: customerId,
    code: newCode('loc'),
    name: `${name} site`,
    latitude: 35.68,
    longitude: 139.76,
  });
  const camera = await new CameraRepository(db).insert({
    customer_id: customerId,
    location_id: location.id,
    code: newCode('cam'),
    name,
  });
  return { location, camera };
}

/** Logs in through the real endpoint and answers the `Cookie` header of the new session. */
export async function login(
  app: FastifyInstance,
  user: Pick<TestUser, 'email' | 'password'>,
  appKey?: string,
): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: user.email, password: user.password, appKey },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'cw_session');
  if (!cookie) throw new Error('no session cookie set');
  return `cw_session=${cookie.value}`;
}

/** `app.inject` with the session cookie. */
export const as = (app: FastifyInstance, cookie: string, options: InjectOptions) =>
  app.inject({ ...options, headers: { ...options.headers, cookie } });
