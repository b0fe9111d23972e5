// Entry of the operator CLI; see CLI_USAGE in run-cli.ts.
import { text } from 'node:stream/consumers';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirLockedError } from '../db/data-dir-lock.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { cliErrorMessage, runCli } from './run-cli.ts';

async function main(): Promise<number> {
  let database;
  try {
    database = await openConfiguredDatabase(loadConfig());
  } catch (error) {
    if (error instanceof ConfigError || error instanceof DataDirLockedError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  try {
    await runCli(process.argv.slice(2), database.db, {
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
