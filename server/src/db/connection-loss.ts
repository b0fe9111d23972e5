// Tells a lost or unreachable database apart from every other error. The server answers such a request
// 503 `database_unavailable` and carries on: the pool opens new connections once the database is back.
// Only errors the database layer itself raised count (database.ts marks them), so an S3 or mail server
// refusing a connection is not taken for the database.
/** SQLSTATEs of a server that is going away, restarting, or not taking connections now. */
const UNAVAILABLE_STATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast or smart shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '53300', // too_many_connections
]);

/** Socket errors of a connection that could not be made or was cut. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** What node-postgres says when a connection ends under it or cannot be had in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/i,
  /connection error and is not queryable/i,
  /^timeout exceeded when trying to connect/i,
  /^Client was closed and is not queryable/i,
];

const fromDatabase = new WeakSet<object>();

/** Notes that the database driver raised this error (a failed query or a failed connection). */
export function markDatabaseError(error: unknown): void {
  if (typeof error === 'object' && error !== null) fromDatabase.add(error);
}

/** A database error that means "no connection now" rather than a fault of the query. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && fromDatabase.has(error) && isConnectionLoss(error);
}

/** Whether an error, whoever raised it, reads as a connection that could not be made or was cut. */
export function isConnectionLoss(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (UNAVAILABLE_STATES.has(code) || code.startsWith('08') || NETWORK_CODES.has(code)) return true;
  }
  if (DRIVER_MESSAGES.some((pattern) => pattern.test(error.message))) return true;
  // A host with several addresses fails with an AggregateError of one refusal per address.
  if (error instanceof AggregateError && error.errors.some((e) => isConnectionLoss(e, depth + 1)))
    return true;
  return error.cause !== undefined && isConnectionLoss(error.cause, depth + 1);
}
