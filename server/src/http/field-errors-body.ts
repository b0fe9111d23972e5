// The 400 body for invalid fields: `{ errors: { field: [message] }, codes: { field: [reason] } }`. Messages stay
// English for people reading the API; each has a reason at the same index for the client to translate.
import { fieldErrorReasons, type FieldErrorReason } from '@camwatch/contract/error-reasons';
import type { ValidationErrorBody } from '@camwatch/contract/envelope';
import type { FieldErrors } from '../lib/errors.ts';

/** One issue as fastify-type-provider-zod hands it over: zod's code as `keyword`, the rest in `params`. */
export interface ValidationIssue {
  keyword?: string;
  instancePath: string;
  message?: string;
  params?: Record<string, unknown>;
}

const knownReasons: ReadonlySet<string> = new Set(fieldErrorReasons);

/** The reason of one zod issue; a refinement names its own with `params: { reason }`. */
export function zodIssueReason(issue: ValidationIssue): FieldErrorReason {
  const params = issue.params ?? {};
  const custom = (params.params as { reason?: unknown } | undefined)?.reason;
  if (typeof custom === 'string' && knownReasons.has(custom)) return custom as FieldErrorReason;
  const isText = params.origin === 'string';
  switch (issue.keyword) {
    case 'invalid_type':
      // Zod 4 says which type it received only in the message.
      return /received undefined/.test(issue.message ?? '') ? 'required' : 'invalid_type';
    case 'too_small':
      return isText ? 'too_short' : 'too_small';
    case 'too_big':
      return isText ? 'too_long' : 'too_big';
    case 'invalid_format':
    case 'invalid_value':
      return issue.keyword;
    case 'unrecognized_keys':
      return 'unknown_field';
    default:
      return 'invalid';
  }
}

/** The body of a failed schema validation; `context` names the part (body, querystring) for a root issue. */
export function schemaErrorsBody(issues: readonly ValidationIssue[], context: string): ValidationErrorBody {
  const errors: ValidationErrorBody['errors'] = {};
  const codes: NonNullable<ValidationErrorBody['codes']> = {};
  for (const issue of issues) {
    const path = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const field = path || context;
    (errors[field] ??= []).push(issue.message ?? 'is invalid');
    (codes[field] ??= []).push(zodIssueReason(issue));
  }
  return { errors, codes };
}

/** The body of a service's FieldErrors: every message gets its reason, `invalid` when none was given. */
export function fieldErrorsBody(error: FieldErrors): ValidationErrorBody {
  const codes: NonNullable<ValidationErrorBody['codes']> = {};
  for (const [field, messages] of Object.entries(error.errors))
    codes[field] = messages.map((_, i) => error.codes[field]?.[i] ?? 'invalid');
  return { errors: error.errors, codes };
}
