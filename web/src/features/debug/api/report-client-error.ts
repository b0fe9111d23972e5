// POST api/client-errors: one error the app ran into, for the debug screen. Sent with a plain fetch rather
// than the API client: a report must never lead to the login page or the common error message, and is
// dropped quietly when it cannot be delivered.
import { trimClientError, type ClientErrorReport } from '@camwatch/contract/client-errors';
import { routes } from '@camwatch/contract/routes';

export async function sendClientError(report: ClientErrorReport): Promise<void> {
  try {
    await fetch(routes.clientErrorReport.path, {
      method: routes.clientErrorReport.method,
      credentials: 'same-origin',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(trimClientError(report)),
    });
  } catch {
    // Nothing to do: the report is best effort.
  }
}
