// `mail outbox` while the server runs: the embedded database admits one process, so the CLI cannot open it;
// the mail the server kept without SMTP is read from DATA_DIR/mail-outbox instead (see mail/file-outbox.ts).
import { parseArgs } from 'node:util';
import { readMailFiles } from '../mail/file-outbox.ts';
import { CliUsageError, type CliIo } from './cli-context.ts';

export const isMailOutboxCommand = (argv: readonly string[]): boolean =>
  argv[0] === 'mail' && argv[1] === 'outbox';

/** Prints the newest kept mail files as `mail outbox` prints rows (JSON lines, newest first). */
export async function printMailOutboxFiles(argv: readonly string[], dir: string, io: Pick<CliIo, 'out'>) {
  const { values } = parseArgs({
    args: argv.slice(2),
    options: { limit: { type: 'string' } },
    strict: true,
  });
  const limit = values.limit === undefined ? 10 : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1)
    throw new CliUsageError('--limit must be a positive whole number');
  io.out(`(the server holds the embedded database: mail kept as files in ${dir})`);
  for (const mail of await readMailFiles(dir, limit)) {
    io.out(
      JSON.stringify({
        id: mail.id,
        to: mail.to,
        subject: mail.subject,
        status: 'kept',
        at: mail.date,
        body: mail.body,
      }),
    );
  }
}
