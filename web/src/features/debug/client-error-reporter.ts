// Turns errors the app did not handle (window error, unhandled rejection, a route's error boundary) into
// client error reports: only while logged in (the call needs a session), each distinct error once, and at
// most a few per page load, so a render loop cannot flood the server.
import type { ClientErrorReport } from '@camwatch/contract/client-errors';

export const MAX_REPORTS_PER_LOAD = 10;

/** Message and stack of anything thrown or rejected. */
export function describeError(error: unknown): { message: string; stack: string } {
  if (error instanceof Error) return { message: `${error.name}: ${error.message}`, stack: error.stack ?? '' };
  if (typeof error === 'string') return { message: error, stack: '' };
  try {
    return { message: JSON.stringify(error) ?? String(error), stack: '' };
  } catch {
    return { message: String(error), stack: '' };
  }
}

/** Browser noise that says nothing about our code. */
const ignored = [/ResizeObserver loop/i, /^Script error\.?$/];

export interface ReporterDeps {
  send: (report: ClientErrorReport) => Promise<void>;
  isLoggedIn: () => boolean;
  page: () => string;
  userAgent: () => string;
  maxPerLoad?: number;
}

export function createClientErrorReporter(deps: ReporterDeps) {
  const seen = new Set<string>();
  let sent = 0;
  const max = deps.maxPerLoad ?? MAX_REPORTS_PER_LOAD;
  /** Reports the error; answers whether a report went out. */
  return (error: unknown): boolean => {
    if (!deps.isLoggedIn() || sent >= max) return false;
    const { message, stack } = describeError(error);
    if (ignored.some((pattern) => pattern.test(message))) return false;
    const key = `${message}\n${stack}`;
    if (seen.has(key)) return false;
    seen.add(key);
    sent += 1;
    void deps.send({ message, stack, page: deps.page(), userAgent: deps.userAgent() });
    return true;
  };
}
