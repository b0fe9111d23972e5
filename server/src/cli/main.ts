// Entry of the operator CLI; see CLI_USAGE in run-cli.ts.
import { text } from 'node:stream/consumers';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { isMailOutboxCommand, printMailOutboxFiles } from './mail-outbox-files.ts';
import { AnalyzeUsageError, isAnalyzeCommand, runAnalyzeCommand } from './analyze-commands.ts';
import { cliErrorMessage, runCli } from './run-cli.ts';

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  // The vision engine on a video file needs no database (it runs while the server holds the embedded one).
  if (isAnalyzeCommand(argv)) {
    try {
      for (const line of await runAnalyzeCommand(argv)) console.log(line);
      return 0;
    } catch (error) {
      if (!(error instanceof AnalyzeUsageError) && cliErrorMessage(error) === null) throw error;
      console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
      return 1;
    }
  }
  let database;
  let config;
  try {
    config = loadConfig();
    database = await openConfiguredDatabase(config);
  } catch (error) {
    if (error instanceof DataDirLockedError && config && isMailOutboxCommand(argv)) {
      return printMailOutboxFiles(argv, config.mail.outboxDir, { out: (line) => console.log(line) }).then(
        () => 0,
        (failure: unknown) => {
          console.error(`error: ${cliErrorMessage(failure) ?? String(failure)}`);
          return 1;
        },
      );
    }
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  try {
    await runCli(argv, database.db, {
      out: (line) => console.log(line),
      readStdin: () => text(process.stdin),
    });
    return 0;
  } catch (error) {
    const message = cliErrorMessage(error);
    if (message === null) throw error;
    console.error(`error: ${message}`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main();
