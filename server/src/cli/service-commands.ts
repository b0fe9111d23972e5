// Service-wide commands: release notes, announcements, the mail the service kept, the demo data, and the
// smaller groups that live in their own files (device tokens, weather, audit).
import { z } from 'zod';
import { seedDemo } from '../db/seed/demo-seed.ts';
import { MailRepository } from '../mail/mail.repository.ts';
import { NotificationRepository } from '../modules/notifications/notification.repository.ts';
import { NotificationService } from '../modules/notifications/notification.service.ts';
import { ReleaseRepository } from '../modules/releases/release.repository.ts';
import { runAuditList } from './audit-commands.ts';
import { opt, type CliCommands } from './cli-context.ts';
import * as input from './cli-inputs.ts';
import { runDeviceTokenCommand } from './device-token-commands.ts';
import { runWeatherCommand } from './weather-commands.ts';

export const SERVICE_USAGE = `  releases add --version X.Y.Z --date YYYY-MM-DD --message TEXT
  announcements add --message TEXT [--customer CODE]     (an Announcement notification for every user)
  mail outbox [--limit N]                                 (mail kept by the service, newest first)
  seed-demo`;

const deviceToken =
  (command: 'issue' | 'list' | 'revoke'): CliCommands[string] =>
  (ctx) =>
    runDeviceTokenCommand(
      command,
      ctx.positionals.slice(2),
      { label: opt(ctx.options, 'label', z.string().max(100), 'optional') },
      ctx.db,
      ctx.print,
    );

export const serviceCommands: CliCommands = {
  'releases add': async (ctx) => {
    const row = await new ReleaseRepository(ctx.db).insert(
      opt(ctx.options, 'version', z.string().regex(/^\d+\.\d+\.\d+$/, { message: 'must look like 2.78.0' })),
      opt(ctx.options, 'date', input.dateOption),
      opt(ctx.options, 'message', z.string().trim().min(1).max(4000)),
    );
    ctx.print({ id: row.id, version: row.version });
  },
  'announcements add': async (ctx) => {
    const code = opt(ctx.options, 'customer', z.string().min(1), 'optional');
    const customer = code ? await ctx.customerOf() : null;
    const sent = await new NotificationService(new NotificationRepository(ctx.db)).announce(
      customer?.id ?? null,
      opt(ctx.options, 'message', z.string().trim().min(1).max(2000)),
    );
    ctx.print({ ok: true, users: sent });
  },
  'mail outbox': async (ctx) => {
    const limit = opt(ctx.options, 'limit', input.positiveIntOption, 'optional') ?? 10;
    for (const m of await new MailRepository(ctx.db).recent(limit)) {
      ctx.print({
        id: m.id,
        to: m.recipient,
        subject: m.subject,
        status: m.status,
        at: m.created_at,
        body: m.body,
      });
    }
  },
  'seed-demo': async (ctx) => ctx.print(await seedDemo(ctx.db)),
  'device-token issue': deviceToken('issue'),
  'device-token list': deviceToken('list'),
  'device-token revoke': deviceToken('revoke'),
  'audit list': (ctx) => runAuditList(ctx.options, ctx.db, ctx.print),
  'weather import': (ctx) => runWeatherCommand('import', ctx.positionals.slice(2), ctx.db, ctx.print),
};
