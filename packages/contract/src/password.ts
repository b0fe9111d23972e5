// Password rules (core.md §5, §9): required, at least 6 characters, confirmation must match. Pure.

export const PASSWORD_MIN_LENGTH = 6;
/** argon2 hashes anything, but an unbounded input is a denial-of-service lever. */
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordChangeProblem = 'required' | 'too_short' | 'mismatch';

/**
 * What is wrong with a password-change form (core.md §5): both fields required, at least 6 characters,
 * and the mismatch message only once both have 6 or more characters and differ.
 */
export function passwordChangeProblems(password: string, confirmation: string): PasswordChangeProblem[] {
  const problems: PasswordChangeProblem[] = [];
  if (password.length === 0 || confirmation.length === 0) problems.push('required');
  if (
    (password.length > 0 && password.length < PASSWORD_MIN_LENGTH) ||
    (confirmation.length > 0 && confirmation.length < PASSWORD_MIN_LENGTH)
  )
    problems.push('too_short');
  if (
    password.length >= PASSWORD_MIN_LENGTH &&
    confirmation.length >= PASSWORD_MIN_LENGTH &&
    password !== confirmation
  )
    problems.push('mismatch');
  return problems;
}
