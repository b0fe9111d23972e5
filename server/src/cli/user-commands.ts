// `users …` and `ip-allow …`: accounts, their rights and locks, and a customer's IP allow-list. Every change
// is recorded in the customer's audit log (via cli).
import { z } from 'zod';
import { IpAllowRepository } from '../modules/auth/ip-allow.repository.ts';
import { permissionsOf } from '../modules/users/permission-columns.ts';
import { CliUsageError, opt, type CliCommands } from './cli-context.ts';
import * as input from './cli-inputs.ts';

export const USER_USAGE = `  users create --customer CODE --email EMAIL --password PW [--name NAME] [--parent EMAIL]
               [--rights all|none|live,archive,...] [--admin] [--partner]
  users list --customer CODE
  users reset-password --email EMAIL --password PW     (ends the user's sessions, clears a system lock)
  users lock --email EMAIL [--by admin|parent]           (ends the user's sessions)
  users unlock --email EMAIL
  users rights --email EMAIL --rights all|none|live,archive,...
  users devauth --email EMAIL --on | --off`;

export const IP_ALLOW_USAGE = `  ip-allow add --customer CODE --cidr CIDR [--user EMAIL] [--note TEXT]
  ip-allow list --customer CODE
  ip-allow remove --customer CODE --id N`;

/** The rights a user holds, by the spec's names. */
const rightsList = (permissions: Record<string, boolean>): string[] =>
  Object.entries(permissions)
    .filter(([, on]) => on)
    .map(([name]) => name);

export const userCommands: CliCommands = {
  'users create': async (ctx) => {
    const { options, users } = ctx;
    const customer = await ctx.customerOf();
    const email = opt(options, 'email', input.emailOption);
    const parentEmail = opt(options, 'parent', input.emailOption, 'optional');
    const parent = parentEmail ? await users.byEmail(parentEmail) : undefined;
    const rights = opt(options, 'rights', input.rightsOption, 'optional') ?? {};
    const row = await users.create({
      customerId: customer.id,
      email,
      password: await ctx.password(),
      name: opt(options, 'name', input.nameOption, 'optional') ?? email.split('@')[0] ?? email,
      parentUserId: parent?.id ?? null,
      permissions: {
        ...rights,
        ...(options.admin ? { admin: true } : {}),
        ...(options.partner ? { partner: true } : {}),
      },
    });
    await ctx.recordFor(customer.id, {
      kind: 'user_created',
      target: row.email,
      detail: { parent: parentEmail ?? null, rights: rightsList(permissionsOf(row)) },
    });
    ctx.print({
      id: row.id,
      email: row.email,
      customer: customer.code,
      parent: parentEmail ?? null,
      permissions: permissionsOf(row),
    });
  },
  'users list': async (ctx) => {
    const customer = await ctx.customerOf();
    for (const u of await ctx.userRepo.listByCustomer(customer.id)) {
      ctx.print({
        id: u.id,
        email: u.email,
        name: u.name,
        parentUserId: u.parent_user_id,
        lock: u.lock_state,
        devauth: u.devauth_enabled,
      });
    }
  },
  'users reset-password': async (ctx) => {
    const email = opt(ctx.options, 'email', input.emailOption);
    await ctx.users.resetPassword(email, await ctx.password());
    await ctx.recordForUser(email, { kind: 'password_reset' });
    ctx.print({ ok: true });
  },
  'users lock': async (ctx) => {
    const email = opt(ctx.options, 'email', input.emailOption);
    const by = opt(ctx.options, 'by', z.enum(['admin', 'parent']), 'optional') ?? 'admin';
    await ctx.users.lock(email, by);
    await ctx.recordForUser(email, { kind: 'user_locked', detail: { by } });
    ctx.print({ ok: true });
  },
  'users unlock': async (ctx) => {
    const email = opt(ctx.options, 'email', input.emailOption);
    await ctx.users.unlock(email);
    await ctx.recordForUser(email, { kind: 'user_unlocked' });
    ctx.print({ ok: true });
  },
  'users rights': async (ctx) => {
    const row = await ctx.users.setPermissions(
      opt(ctx.options, 'email', input.emailOption),
      opt(ctx.options, 'rights', input.rightsOption),
    );
    await ctx.recordFor(row.customer_id, {
      kind: 'user_rights_changed',
      target: row.email,
      detail: { rights: rightsList(permissionsOf(row)) },
    });
    ctx.print({ id: row.id, permissions: permissionsOf(row) });
  },
  'users devauth': async (ctx) => {
    const { options } = ctx;
    if (options.on === options.off) throw new CliUsageError('give exactly one of --on or --off');
    const email = opt(options, 'email', input.emailOption);
    await ctx.users.setDeviceAuthentication(email, options.on === true);
    await ctx.recordForUser(email, { kind: 'devauth_changed', detail: { enabled: options.on === true } });
    ctx.print({ ok: true, devauth: options.on === true });
  },
  'ip-allow add': async (ctx) => {
    const { options } = ctx;
    const customer = await ctx.customerOf();
    const userEmail = opt(options, 'user', input.emailOption, 'optional');
    const user = userEmail ? await ctx.users.byEmail(userEmail) : undefined;
    if (user && user.customer_id !== customer.id)
      throw new CliUsageError('--user: not a user of this customer');
    const row = await new IpAllowRepository(ctx.db).add(
      customer.id,
      user?.id ?? null,
      opt(options, 'cidr', input.cidrOption),
      opt(options, 'note', z.string().max(200), 'optional') ?? '',
    );
    await ctx.recordFor(customer.id, {
      kind: 'ip_allow_added',
      target: row.cidr,
      detail: { rule_id: row.id, user: user?.email ?? null },
    });
    ctx.print(row);
  },
  'ip-allow list': async (ctx) => {
    const customer = await ctx.customerOf();
    for (const r of await new IpAllowRepository(ctx.db).list(customer.id)) ctx.print(r);
  },
  'ip-allow remove': async (ctx) => {
    const customer = await ctx.customerOf();
    const removed = await new IpAllowRepository(ctx.db).remove(
      customer.id,
      opt(ctx.options, 'id', input.positiveIntOption),
    );
    if (!removed) throw new CliUsageError('--id: no such rule for this customer');
    await ctx.recordFor(customer.id, {
      kind: 'ip_allow_removed',
      detail: { rule_id: ctx.options.id as string },
    });
    ctx.print({ ok: true });
  },
};
