// What every CLI command group gets: the parsed options, typed option reading, printing, the operator's
// audit trail, and the lookups most commands start with (the --customer, the --password).
import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { operatorActor, type AuditRecord } from '../modules/audit/audit-recorder.service.ts';
import { SessionRepository } from '../modules/auth/session.repository.ts';
import { CustomerRepository } from '../modules/customers/customer.repository.ts';
import { CustomerService } from '../modules/customers/customer.service.ts';
import { UserRepository } from '../modules/users/user.repository.ts';
import { UserService } from '../modules/users/user.service.ts';
import { cliAuditRecorder } from './audit-commands.ts';
import * as input from './cli-inputs.ts';

export interface CliIo {
  out: (line: string) => void;
  readStdin: () => Promise<string>;
}

export class CliUsageError extends Error {}

export const optionSpec = {
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

export type Options = Record<string, string | boolean | undefined>;

/** Reads one option through its schema; a missing required option or a bad value names the option. */
export function opt<T extends z.ZodType>(options: Options, name: string, schema: T): z.output<T>;
export function opt<T extends z.ZodType>(
  options: Options,
  name: string,
  schema: T,
  optional: 'optional',
): z.output<T> | undefined;
export function opt<T extends z.ZodType>(
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

export type CliContext = ReturnType<typeof cliContext>;

/** A command of a group, by its `<group> <command>` words. */
export type CliCommands = Record<string, (ctx: CliContext) => Promise<void>>;

export function cliContext(db: Db, io: CliIo, options: Options, positionals: readonly string[]) {
  const customers = new CustomerService(new CustomerRepository(db));
  const userRepo = new UserRepository(db);
  const users = new UserService(userRepo, new SessionRepository(db));
  const audit = cliAuditRecorder(db);
  /** Records a change the operator made to a customer's accounts or rules in that customer's audit log. */
  const recordFor = (customerId: number, event: AuditRecord) =>
    audit.record(operatorActor(customerId), event);
  return {
    db,
    io,
    options,
    positionals,
    customers,
    userRepo,
    users,
    recordFor,
    print: (value: unknown) => io.out(JSON.stringify(value)),
    /** The same as recordFor, for a change to the user with this address (after it succeeded). */
    recordForUser: async (email: string, event: Omit<AuditRecord, 'target'>) => {
      const user = await users.byEmail(email);
      await recordFor(user.customer_id, { ...event, target: user.email });
    },
    /** The customer named by --customer; an unknown code is the operator's mistake. */
    customerOf: async () => {
      const code = opt(options, 'customer', z.string().min(1));
      const customer = await customers.byCode(code);
      if (!customer) throw new CliUsageError(`--customer: no customer with code "${code}"`);
      return customer;
    },
    /** --password, or standard input's first line for `--password -`. */
    password: async () => {
      const raw = opt(options, 'password', z.string());
      const value = raw === '-' ? (await io.readStdin()).replace(/\r?\n$/, '') : raw;
      const parsed = input.passwordOption.safeParse(value);
      if (!parsed.success) throw new CliUsageError(`--password: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    },
  };
}
