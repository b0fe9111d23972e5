// Email field rule of the login and reissue forms (core.md §5): required, email format.
import { z } from 'zod';

const email = z.email();

export type EmailProblem = 'required' | 'format' | null;

export function emailProblem(value: string): EmailProblem {
  if (value.trim().length === 0) return 'required';
  return email.safeParse(value.trim()).success ? null : 'format';
}
