// Domain errors: services throw these, the HTTP layer turns them into the contract's error bodies. Each carries
// a machine-readable reason (contract error-reasons.ts) beside its English message, for the client to translate.
import type { ConflictReason, FieldErrorReason } from '@camwatch/contract/error-reasons';

export class DomainError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    readonly code: string,
    message: string,
    /** Which rule refused it, when `code` alone does not say (a 409 `conflict`). */
    readonly conflictReason?: ConflictReason,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends DomainError {
  constructor(what: string, message = `${what} not found`) {
    super(404, 'not_found', message);
  }
}

export class ForbiddenError extends DomainError {
  constructor(message = 'You do not have permission') {
    super(403, 'forbidden', message);
  }
}

export class UnauthorizedError extends DomainError {
  constructor(message = 'login required') {
    super(401, 'unauthorized', message);
  }
}

/**
 * One or more invalid fields: answered as 400 `{ errors: { field: [message] }, codes: { field: [reason] } }`;
 * a message without its reason is answered as `invalid`.
 */
export class FieldErrors extends Error {
  constructor(
    readonly errors: Record<string, string[]>,
    readonly codes: Record<string, FieldErrorReason[]> = {},
  ) {
    super(
      Object.entries(errors)
        .map(([field, messages]) => `${field}: ${messages.join(', ')}`)
        .join('; '),
    );
    this.name = 'FieldErrors';
  }

  static of(field: string, message: string, reason: FieldErrorReason = 'invalid'): FieldErrors {
    return new FieldErrors({ [field]: [message] }, { [field]: [reason] });
  }
}
