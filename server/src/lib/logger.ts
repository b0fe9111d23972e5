// The process logger. `pretty` (the default) writes one short readable line per event for a person at a
// terminal; `json` writes pino's one JSON object per line for a log collector (LOG_FORMAT=json in production).
import type { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';

export const logFormats = ['pretty', 'json'] as const;
export type LogFormat = (typeof logFormats)[number];

export interface LoggerOptions {
  level: pino.LevelWithSilent;
  format: LogFormat;
  /** Stamped on every line (`api`, `worker`, `all`). */
  role: string;
  /** Where lines go; standard output unless a test catches them. */
  destination?: Writable;
}

export function createLogger({ level, format, role, destination }: LoggerOptions): Logger {
  if (format === 'json') return pino({ level, base: { role } }, destination ?? process.stdout);
  // Synchronous and in-process, unlike pino's transport worker: lines keep their order with the
  // process's own output and nothing is lost when it exits.
  const stream = pretty({
    destination: destination ?? 1,
    sync: true,
    colorize: destination === undefined && process.stdout.isTTY,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,role',
    singleLine: true,
  });
  return pino({ level, base: { role } }, stream);
}
