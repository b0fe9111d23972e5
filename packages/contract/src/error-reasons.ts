// Machine-readable reasons the server gives beside its English messages, so the web app can say why in the
// reader's language: a 400's `codes: { field: [reason] }` (one per message, same order) and a 4xx's
// `error.reason`. Zod-free, for the browser bundle. A client that does not know a reason falls back to a
// generic text; a new reason is added here first, then to both catalogs.

/** Why one field of a 400 was refused. */
export const fieldErrorReasons = [
  /** Absent although required. */
  'required',
  /** The wrong JSON type (a number for a string…). */
  'invalid_type',
  /** Not in the expected form (an e-mail, a date-time, a code). */
  'invalid_format',
  /** Not one of the allowed values. */
  'invalid_value',
  /** A text shorter than its minimum. */
  'too_short',
  /** A text longer than its maximum. */
  'too_long',
  /** A number or a list below its minimum. */
  'too_small',
  /** A number or a list above its maximum. */
  'too_big',
  /** A key the call does not take. */
  'unknown_field',
  /** Already used by another record of the same kind (a tag or an area link name, an e-mail). */
  'taken',
  /** The current password given does not match. */
  'incorrect',
  /** A new password equal to the current one. */
  'same_as_current',
  /** A range whose end is not after its start, or is too long. */
  'bad_range',
  /** Shares time or space with another item where they must be apart (two periods, two areas). */
  'overlapping',
  /** A link, token or reference that is unknown, used or expired. */
  'expired_or_unknown',
  /** Refused for another stated rule; the message says which. */
  'invalid',
] as const;
export type FieldErrorReason = (typeof fieldErrorReasons)[number];

/** Why a 409 (or another coded 4xx) was refused, in `error.reason`. */
export const conflictReasons = [
  'camera_offline',
  'download_not_ready',
  'download_expired',
  'limit_reached',
  'clip_exists',
] as const;
export type ConflictReason = (typeof conflictReasons)[number];
