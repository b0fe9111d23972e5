// Limits of a client error report (POST api/client-errors) and the trimming the web app does before sending,
// so a report is never refused for its size. Pure: no zod, so the browser bundle can use it.

export const CLIENT_ERROR_LIMITS = {
  message: 1000,
  stack: 8000,
  page: 500,
  userAgent: 500,
} as const;

/** How many client errors the server keeps per customer (the newest). */
export const CLIENT_ERRORS_KEPT = 200;

export interface ClientErrorReport {
  message: string;
  stack: string;
  page: string;
  userAgent: string;
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The report trimmed to the limits; an empty message becomes a placeholder (the server needs one). */
export function trimClientError(report: ClientErrorReport): ClientErrorReport {
  const message = report.message.trim() === '' ? '(no message)' : report.message;
  return {
    message: cut(message, CLIENT_ERROR_LIMITS.message),
    stack: cut(report.stack, CLIENT_ERROR_LIMITS.stack),
    page: cut(report.page, CLIENT_ERROR_LIMITS.page),
    userAgent: cut(report.userAgent, CLIENT_ERROR_LIMITS.userAgent),
  };
}
