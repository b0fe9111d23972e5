// The operator CLI: `npm run cli -- <group> <command> [--option value]`. How a real operator sets up accounts.
import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { seedDemo } from '../db/seed/demo-seed.ts';
import { DomainError, FieldErrors } from '../lib/errors.ts';
import { newCode } from '../lib/tokens.ts';
import { MailRepository } from '../mail/mail.repository.ts';
import { NotificationRepository } from '../modules/notifications/notification.repository.ts';
import { NotificationService } from '../modules/notifications/notification.service.ts';
import { IpAllowRepository } from '../modules/auth/ip-allow.repository.ts';
import { SessionRepository } from '../modules/auth/session.repository.ts';
import { CameraRepository } from '../modules/cameras/camera.repository.ts';
import { CustomerRepository } from '../modules/customers/customer.repository.ts';
import { LocationRepository } from '../modules/locations/location.repository.ts';
import { ReleaseRepository } from '../modules/releases/release.repository.ts';
import { permissionsOf } from '../modules/users/permission-columns.ts';
import { UserRepository } from '../modules/users/user.repository.ts';
import { UserService } from '../modules/users/user.service.ts';
import * as input from './cli-inputs.ts';
import { DEVICE_TOKEN_USAGE, runDeviceTokenCommand } from './device-token-commands.ts';
import { runWeatherCommand, WEATHER_USAGE } from './weather-commands.ts';
import { AUDIT_USAGE, cliAuditRecorder, runAuditList } from './audit-commands.ts';
import { ANALYZE_USAGE } from './analyze-commands.ts';
import { operatorActor, type AuditRecord } from '../modules/audit/audit-recorder.service.ts';

export const CLI_USAGE = `Usage: npm run cli -- <command> [options]

  customers create --name NAME [--code CODE]
  customers list
  users create --customer CODE --email EMAIL --password PW [--name NAME] [--parent EMAIL]
               [--rights all|none|live,archive,...] [--admin] [--partner]
  users list --customer CODE
  users reset-password --email EMAIL --password PW     (ends the user's sessions, clears a system lock)
  users lock --email EMAIL [--by admin|parent]           (ends the user's sessions)
  users unlock --email EMAIL
  users rights --email EMAIL --rights all|none|live,archive,...
  users devauth --email EMAIL --on | --off
  locations create --customer CODE --name NAME [--address TEXT] [--lat N --lng N] [--area PREF] [--city CITY] [--code CODE]
  locations list --customer CODE
  cameras create --customer CODE --name NAME [--location CODE] [--model CODE] [--product NAME]
                 [--features motion,ptz,people_counter,...] [--width N --height N] [--fps N] [--storage-days N] [--code CODE]
  cameras list --customer CODE
  ip-allow add --customer CODE --cidr CIDR [--user EMAIL] [--note TEXT]
  ip-allow list --customer CODE
  ip-allow remove --customer CODE --id N
  releases add --version X.Y.Z --date YYYY-MM-DD --message TEXT
  announcements add --message TEXT [--customer CODE]     (an Announcement notification for every user)
  mail outbox [--limit N]                                 (mail kept by the service, newest first)
  seed-demo
${DEVICE_TOKEN_USAGE}
${WEATHER_USAGE}
${AUDIT_USAGE}
${ANALYZE_USAGE}

Account and IP allow-list changes made here are recorded in the customer's audit log (via cli).
A password may be given as --password - to read it from standard input.`;

export interface CliIo {
  out: (line: string) => void;
  readStdin: () => Promise<string>;
}

export class CliUsageError extends Error {}

const optionSpec = {
  name: { type: 'string' },
  code: { type: 'string' },
  customer: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  parent: { type: 'string' },
  rights: { type: 'string' },
  admin: { type: 'boolean' },
  partner: { type: 'boolean' },
  by: { type: 'string' },
  on: { type: 'boolean' },
  off: { type: 'boolean' },
  address: { type: 'string' },
  lat: { type: 'string' },
  lng: { type: 'string' },
  area: { type: 'string' },
  city: { type: 'string' },
  location: { type: 'string' },
  model: { type: 'string' },
  product: { type: 'string' },
  features: { type: 'string' },
  width: { type: 'string' },
  height: { type: 'string' },
  fps: { type: 'string' },
  'storage-days': { type: 'string' },
  cidr: { type: 'string' },
  user: { type: 'string' },
  note: { type: 'string' },
  id: { type: 'string' },
  version: { type: 'string' },
  date: { type: 'string' },
  message: { type: 'string' },
  limit: { type: 'string' },
  label: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  kind: { type: 'string' },
  camera: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Options = Record<string, string | boolean | undefined>;

/** Reads one option through its schema; a missing required option or a bad value names the option. */
function opt<T extends z.ZodType>(options: Options, name: string, schema: T): z.output<T>;
function opt<T extends z.ZodType>(
  options: Options,
  name: string,
  schema: T,
  optional: 'optional',
): z.output<T> | undefined;
function opt<T extends z.ZodType>(
  options: Options,
  name: string,
  schema: T,
  optional?: 'optional',
): z.output<T> | undefined {
  const value = options[name];
  if (value === undefined) {
    if (optional) return undefined;
    throw new CliUsageError(`--${name} is required`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success)
    throw new CliUsageError(`--${name}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

export async function runCli(argv: string[], db: Db, io: CliIo): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    options: optionSpec,
    allowPositionals: true,
    strict: true,
  });
  const options = values as Options;
  const [group, command] = positionals;
  if (!group || options.help) {
    io.out(CLI_USAGE);
    return;
  }
  const customers = new CustomerRepository(db);
  const userRepo = new UserRepository(db);
  const users = new UserService(userRepo, new SessionRepository(db));
  const print = (value: unknown) => io.out(JSON.stringify(value));
  const audit = cliAuditRecorder(db);
  /** Records a change the operator made to a customer's accounts or rules in that customer's audit log. */
  const recordFor = (customerId: number, event: AuditRecord) =>
    audit.record(operatorActor(customerId), event);
  /** The same, for a change to the user with this address (after it succeeded). */
  const recordForUser = async (email: string, event: Omit<AuditRecord, 'target'>) => {
    const user = await users.byEmail(email);
    await recordFor(user.customer_id, { ...event, target: user.email });
  };

  const customerOf = async () => {
    const code = opt(options, 'customer', z.string().min(1));
    const customer = await customers.findByCode(code);
    if (!customer) throw new CliUsageError(`--customer: no customer with code "${code}"`);
    return customer;
  };
  const password = async () => {
    const raw = opt(options, 'password', z.string());
    const value = raw === '-' ? (await io.readStdin()).replace(/\r?\n$/, '') : raw;
    const parsed = input.passwordOption.safeParse(value);
    if (!parsed.success) throw new CliUsageError(`--password: ${parsed.error.issues[0]?.message}`);
    return parsed.data;
  };

  switch (`${group} ${command ?? ''}`.trim()) {
    case 'customers create': {
      const code = opt(options, 'code', input.codeOption, 'optional') ?? newCode('cust');
      if (await customers.findByCode(code))
        throw new CliUsageError(`--code: customer "${code}" already exists`);
      const row = await customers.insert(code, opt(options, 'name', input.nameOption));
      return print({ id: row.id, code: row.code, name: row.name });
    }
    case 'customers list':
      for (const c of await customers.list()) print({ id: c.id, code: c.code, name: c.name });
      return;
    case 'users create': {
      const customer = await customerOf();
      const email = opt(options, 'email', input.emailOption);
      const parentEmail = opt(options, 'parent', input.emailOption, 'optional');
      const parent = parentEmail ? await users.byEmail(parentEmail) : undefined;
      const rights = opt(options, 'rights', input.rightsOption, 'optional') ?? {};
      const row = await users.create({
        customerId: customer.id,
        email,
        password: await password(),
        name: opt(options, 'name', input.nameOption, 'optional') ?? email.split('@')[0] ?? email,
        parentUserId: parent?.id ?? null,
        permissions: {
          ...rights,
          ...(options.admin ? { admin: true } : {}),
          ...(options.partner ? { partner: true } : {}),
        },
      });
      await recordFor(customer.id, {
        kind: 'user_created',
        target: row.email,
        detail: { parent: parentEmail ?? null, rights: rightsList(permissionsOf(row)) },
      });
      return print({
        id: row.id,
        email: row.email,
        customer: customer.code,
        parent: parentEmail ?? null,
        permissions: permissionsOf(row),
      });
    }
    case 'users list': {
      const customer = await customerOf();
      for (const u of await userRepo.listByCustomer(customer.id)) {
        print({
          id: u.id,
          email: u.email,
          name: u.name,
          parentUserId: u.parent_user_id,
          lock: u.lock_state,
          devauth: u.devauth_enabled,
        });
      }
      return;
    }
    case 'users reset-password': {
      const email = opt(options, 'email', input.emailOption);
      await users.resetPassword(email, await password());
      await recordForUser(email, { kind: 'password_reset' });
      return print({ ok: true });
    }
    case 'users lock': {
      const email = opt(options, 'email', input.emailOption);
      const by = opt(options, 'by', z.enum(['admin', 'parent']), 'optional') ?? 'admin';
      await users.lock(email, by);
      await recordForUser(email, { kind: 'user_locked', detail: { by } });
      return print({ ok: true });
    }
    case 'users unlock': {
      const email = opt(options, 'email', input.emailOption);
      await users.unlock(email);
      await recordForUser(email, { kind: 'user_unlocked' });
      return print({ ok: true });
    }
    case 'users rights': {
      const row = await users.setPermissions(
        opt(options, 'email', input.emailOption),
        opt(options, 'rights', input.rightsOption),
      );
      await recordFor(row.customer_id, {
        kind: 'user_rights_changed',
        target: row.email,
        detail: { rights: rightsList(permissionsOf(row)) },
      });
      return print({ id: row.id, permissions: permissionsOf(row) });
    }
    case 'users devauth': {
      if (options.on === options.off) throw new CliUsageError('give exactly one of --on or --off');
      const email = opt(options, 'email', input.emailOption);
      await users.setDeviceAuthentication(email, options.on === true);
      await recordForUser(email, { kind: 'devauth_changed', detail: { enabled: options.on === true } });
      return print({ ok: true, devauth: options.on === true });
    }
    case 'locations create': {
      const customer = await customerOf();
      const lat = opt(options, 'lat', input.latitudeOption, 'optional');
      const lng = opt(options, 'lng', input.longitudeOption, 'optional');
      if ((lat === undefined) !== (lng === undefined))
        throw new CliUsageError('give both --lat and --lng, or neither');
      const row = await new LocationRepository(db).insert({
        customer_id: customer.id,
        code: opt(options, 'code', input.codeOption, 'optional') ?? newCode('loc'),
        name: opt(options, 'name', input.nameOption),
        address: opt(options, 'address', z.string().max(500), 'optional') ?? '',
        latitude: lat ?? null,
        longitude: lng ?? null,
        area_jp: opt(options, 'area', z.string().max(50), 'optional') ?? '',
        city_jp: opt(options, 'city', z.string().max(50), 'optional') ?? '',
      });
      return print({ id: row.id, code: row.code, name: row.name });
    }
    case 'locations list': {
      const customer = await customerOf();
      for (const l of await new LocationRepository(db).listByCustomer(customer.id)) {
        print({
          code: l.code,
          name: l.name,
          address: l.address,
          latitude: l.latitude,
          longitude: l.longitude,
        });
      }
      return;
    }
    case 'cameras create': {
      const customer = await customerOf();
      const locationCode = opt(options, 'location', z.string().min(1), 'optional');
      const location = locationCode
        ? await new LocationRepository(db).findByCode(customer.id, locationCode)
        : undefined;
      if (locationCode && !location)
        throw new CliUsageError(`--location: no location "${locationCode}" for this customer`);
      const fps = opt(options, 'fps', input.fpsOption, 'optional');
      const row = await new CameraRepository(db).insert({
        customer_id: customer.id,
        location_id: location?.id ?? null,
        code: opt(options, 'code', input.codeOption, 'optional') ?? newCode('cam'),
        name: opt(options, 'name', input.nameOption),
        model_code: opt(options, 'model', z.string().max(50), 'optional') ?? '',
        product_name: opt(options, 'product', z.string().max(200), 'optional') ?? '',
        image_rs_width: opt(options, 'width', input.positiveIntOption, 'optional'),
        image_rs_height: opt(options, 'height', input.positiveIntOption, 'optional'),
        ...(fps === undefined ? {} : { image_fps: fps }),
        archive_storing_days: opt(options, 'storage-days', input.positiveIntOption, 'optional'),
        ...(opt(options, 'features', input.featuresOption, 'optional') ?? {}),
      });
      return print({ id: row.id, code: row.code, name: row.name, location: location?.code ?? null });
    }
    case 'cameras list': {
      const customer = await customerOf();
      for (const c of await new CameraRepository(db).listByCustomer(customer.id)) print(c);
      return;
    }
    case 'ip-allow add': {
      const customer = await customerOf();
      const userEmail = opt(options, 'user', input.emailOption, 'optional');
      const user = userEmail ? await users.byEmail(userEmail) : undefined;
      if (user && user.customer_id !== customer.id)
        throw new CliUsageError('--user: not a user of this customer');
      const row = await new IpAllowRepository(db).add(
        customer.id,
        user?.id ?? null,
        opt(options, 'cidr', input.cidrOption),
        opt(options, 'note', z.string().max(200), 'optional') ?? '',
      );
      await recordFor(customer.id, {
        kind: 'ip_allow_added',
        target: row.cidr,
        detail: { rule_id: row.id, user: user?.email ?? null },
      });
      return print(row);
    }
    case 'ip-allow list': {
      const customer = await customerOf();
      for (const r of await new IpAllowRepository(db).list(customer.id)) print(r);
      return;
    }
    case 'ip-allow remove': {
      const customer = await customerOf();
      const removed = await new IpAllowRepository(db).remove(
        customer.id,
        opt(options, 'id', input.positiveIntOption),
      );
      if (!removed) throw new CliUsageError('--id: no such rule for this customer');
      await recordFor(customer.id, { kind: 'ip_allow_removed', detail: { rule_id: options.id as string } });
      return print({ ok: true });
    }
    case 'releases add': {
      const row = await new ReleaseRepository(db).insert(
        opt(options, 'version', z.string().regex(/^\d+\.\d+\.\d+$/, { message: 'must look like 2.78.0' })),
        opt(options, 'date', input.dateOption),
        opt(options, 'message', z.string().trim().min(1).max(4000)),
      );
      return print({ id: row.id, version: row.version });
    }
    case 'announcements add': {
      const code = opt(options, 'customer', z.string().min(1), 'optional');
      const customer = code ? await customerOf() : null;
      const sent = await new NotificationService(new NotificationRepository(db)).announce(
        customer?.id ?? null,
        opt(options, 'message', z.string().trim().min(1).max(2000)),
      );
      return print({ ok: true, users: sent });
    }
    case 'mail outbox': {
      const limit = opt(options, 'limit', input.positiveIntOption, 'optional') ?? 10;
      for (const m of await new MailRepository(db).recent(limit)) {
        print({
          id: m.id,
          to: m.recipient,
          subject: m.subject,
          status: m.status,
          at: m.created_at,
          body: m.body,
        });
      }
      return;
    }
    case 'seed-demo':
      return print(await seedDemo(db));
    case 'device-token issue':
    case 'device-token list':
    case 'device-token revoke':
      return runDeviceTokenCommand(
        command as 'issue' | 'list' | 'revoke',
        positionals.slice(2),
        {
          label: opt(options, 'label', z.string().max(100), 'optional'),
        },
        db,
        print,
      );
    case 'audit list':
      return runAuditList(options as Record<string, string | undefined>, db, print);
    case 'weather import':
      return runWeatherCommand('import', positionals.slice(2), db, print);
    default:
      throw new CliUsageError(`unknown command "${positionals.join(' ')}"\n\n${CLI_USAGE}`);
  }
}

/** The rights a user holds, by the spec's names. */
const rightsList = (permissions: Record<string, boolean>): string[] =>
  Object.entries(permissions)
    .filter(([, on]) => on)
    .map(([name]) => name);

/** The message an operator sees for an error, or null when it is not one of ours (a bug: show the stack). */
export function cliErrorMessage(error: unknown): string | null {
  if (error instanceof CliUsageError) return error.message;
  if (error instanceof FieldErrors)
    return Object.entries(error.errors)
      .map(([f, m]) => `--${f}: ${m.join(', ')}`)
      .join('\n');
  if (error instanceof DomainError) return error.message;
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
    return error.message;
  return null;
}
