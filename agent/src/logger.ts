// The agent's logger: what startAgent needs (info, warn, error, and debug when available) and the CLI's
// implementation writing JSON lines or plain text to stderr, filtered by level.

export interface Logger {
  debug?(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFormat = 'json' | 'text';

/** One log line; pure so both formats are tested without a stream. */
export function formatLogLine(
  format: LogFormat,
  level: Exclude<LogLevel, 'silent'>,
  message: string,
  fields: Record<string, unknown> = {},
  time = new Date(),
): string {
  if (format === 'json') return JSON.stringify({ time: time.toISOString(), level, msg: message, ...fields });
  const extra = Object.entries(fields)
    .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`)
    .join(' ');
  return `${time.toISOString()} ${level.toUpperCase().padEnd(5)} ${message}${extra ? ` ${extra}` : ''}`;
}

export function createLogger(
  minLevel: LogLevel,
  format: LogFormat,
  write: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
  context: Record<string, unknown> = {},
): Logger {
  const threshold = LOG_LEVELS.indexOf(minLevel);
  const at =
    (level: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields: Record<string, unknown> = {}) => {
      if (LOG_LEVELS.indexOf(level) >= threshold)
        write(formatLogLine(format, level, message, { ...context, ...fields }));
    };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A logger that forgets everything (tests, embedding without logs). */
export const silentLogger: Logger = { info: () => {}, warn: () => {}, error: () => {} };

/** Adds fixed fields (e.g. the camera) to every line of a logger. */
export function withFields(logger: Logger, fields: Record<string, unknown>): Logger {
  return {
    debug: (message, extra) => logger.debug?.(message, { ...fields, ...extra }),
    info: (message, extra) => logger.info(message, { ...fields, ...extra }),
    warn: (message, extra) => logger.warn(message, { ...fields, ...extra }),
    error: (message, extra) => logger.error(message, { ...fields, ...extra }),
  };
}
