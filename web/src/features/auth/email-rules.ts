// Email field rule of the login and reissue forms (core.md §5): required, email format.
import { isEmail } from '@camwatch/contract/email';

export type EmailProblem = 'required' | 'format' | null;

export function emailProblem(value: string): EmailProblem {
  if (value.trim().length === 0) return 'required';
  return isEmail(value.trim()) ? null : 'format';
}
