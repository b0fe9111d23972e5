// The app's global error handlers (main.tsx) and the route error boundary report through one reporter.
import { readState } from '../../lib/browser-state.ts';
import { sendClientError } from './api/report-client-error.ts';
import { createClientErrorReporter } from './client-error-reporter.ts';

export const reportClientError = createClientErrorReporter({
  send: sendClientError,
  isLoggedIn: () => readState('loggedIn'),
  page: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
  userAgent: () => navigator.userAgent,
});

export function installErrorReporting(): void {
  window.addEventListener('error', (event) => {
    reportClientError(event.error ?? event.message);
  });
  window.addEventListener('unhandledrejection', (event) => {
    reportClientError(event.reason);
  });
}
