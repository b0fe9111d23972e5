// Why the server refused, in the reader's language: a 400's `codes: { field: [reason] }` and a 4xx's
// `error.reason` (contract error-reasons.ts) looked up in the catalogs' serverReasons. The server's English
// message is never shown: a reason this build does not know falls back to a generic text.
import {
  conflictReasons,
  fieldErrorReasons,
  type ConflictReason,
  type FieldErrorReason,
} from '@camwatch/contract/error-reasons';
import { ApiError } from './api-client.ts';
import { t, type TranslationValues } from './i18n.ts';

const knownFieldReasons: ReadonlySet<string> = new Set(fieldErrorReasons);
const knownConflictReasons: ReadonlySet<string> = new Set(conflictReasons);

/** The first reason the server gave for `field`; undefined when the field was not refused. */
export function fieldReason(error: unknown, field: string): FieldErrorReason | 'unknown' | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const body = error.body as { errors?: Record<string, string[]>; codes?: Record<string, string[]> } | null;
  const reason = body?.codes?.[field]?.[0];
  if (reason !== undefined) return knownFieldReasons.has(reason) ? (reason as FieldErrorReason) : 'unknown';
  return body?.errors?.[field]?.length ? 'unknown' : undefined;
}

/** Catalog keys that say a reason better for one field (`{ taken: 'tags.errors.duplicate' }`). */
export type ReasonTexts = Partial<Record<FieldErrorReason, string>>;

/**
 * The text of the reason `field` was refused, or undefined when it was not. `texts` words a reason for this
 * field; otherwise the general serverReasons text; an unknown reason reads as serverReasons.generic.
 */
export function fieldReasonText(
  error: unknown,
  field: string,
  texts: ReasonTexts = {},
  values?: TranslationValues,
): string | undefined {
  const reason = fieldReason(error, field);
  if (reason === undefined) return undefined;
  if (reason === 'unknown') return t('serverReasons.generic');
  return t(texts[reason] ?? `serverReasons.${reason}`, values);
}

/**
 * A 400's body with every message replaced by its reason in the reader's language, for forms that place the
 * server's `errors` by field. `texts` words reasons per field (by the path's first part: `areaName`).
 */
export function translatedFieldErrors(
  error: ApiError,
  texts: Record<string, ReasonTexts> = {},
  values?: TranslationValues,
): { errors: Record<string, string[]> } {
  const body = error.body as { errors?: Record<string, string[]>; codes?: Record<string, string[]> } | null;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body?.errors ?? {})) {
    const own = texts[field.split('.')[0] ?? field] ?? {};
    errors[field] = messages.map((_, i) => {
      const reason = body?.codes?.[field]?.[i];
      if (reason === undefined || !knownFieldReasons.has(reason)) return t('serverReasons.generic');
      return t(own[reason as FieldErrorReason] ?? `serverReasons.${reason}`, values);
    });
  }
  return { errors };
}

/** The text of the first refused field of a 400 (any field), for a form that shows one message. */
export function anyFieldReasonText(error: unknown): string | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  const errors = (error.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  const field = Object.keys(errors)[0];
  return field === undefined ? undefined : fieldReasonText(error, field);
}

/** The text of a coded 4xx's reason (`error.reason`: camera_offline…), or undefined without a known one. */
export function conflictReasonText(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const reason = (error.body as { error?: { reason?: string } } | null)?.error?.reason;
  return reason && knownConflictReasons.has(reason)
    ? t(`serverReasons.${reason as ConflictReason}`)
    : undefined;
}

/** An error toast: the failure as its title and the reason as its text, or the failure alone. */
export const failureToast = (failure: string, reason: string | undefined) =>
  reason
    ? { color: 'red' as const, title: failure, message: reason }
    : { color: 'red' as const, message: failure };

/** The reason of any refused 4xx that carries one (a field's code or `error.reason`). */
export const refusalReasonText = (error: unknown): string | undefined =>
  anyFieldReasonText(error) ?? conflictReasonText(error);
