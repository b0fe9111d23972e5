// The operator CLI: `npm run cli -- <group> <command> [--option value]`. How a real operator sets up accounts.
// Each group's commands live in their own file (<group>-commands.ts); this file parses and dispatches.
import { parseArgs } from 'node:util';
import type { Db } from '../db/database.ts';
import { DomainError, FieldErrors } from '../lib/errors.ts';
import { ANALYZE_USAGE } from './analyze-commands.ts';
import { AUDIT_USAGE } from './audit-commands.ts';
import { CAMERA_USAGE, cameraCommands } from './camera-commands.ts';
import { cliContext, CliUsageError, optionSpec, type CliIo, type Options } from './cli-context.ts';
import { CUSTOMER_USAGE, customerCommands, LOCATION_USAGE } from './customer-commands.ts';
import { DEVICE_TOKEN_USAGE } from './device-token-commands.ts';
import { SERVICE_USAGE, serviceCommands } from './service-commands.ts';
import { IP_ALLOW_USAGE, USER_USAGE, userCommands } from './user-commands.ts';
import { WEATHER_USAGE } from './weather-commands.ts';

export const CLI_USAGE = `Usage: npm run cli -- <command> [options]

${CUSTOMER_USAGE}
${USER_USAGE}
${LOCATION_USAGE}
${CAMERA_USAGE}
${IP_ALLOW_USAGE}
${SERVICE_USAGE}
${DEVICE_TOKEN_USAGE}
${WEATHER_USAGE}
${AUDIT_USAGE}
${ANALYZE_USAGE}

Account and IP allow-list changes made here are recorded in the customer's audit log (via cli).
A password may be given as --password - to read it from standard input.`;

const commands = { ...customerCommands, ...userCommands, ...cameraCommands, ...serviceCommands };

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
  const run = commands[`${group} ${command ?? ''}`.trim()];
  if (!run) throw new CliUsageError(`unknown command "${positionals.join(' ')}"\n\n${CLI_USAGE}`);
  await run(cliContext(db, io, options, positionals));
}

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
