// A session the server has just ended, answered 401 with the login-failure reason as its code so the web
// app can say why (core.md §8: the same messages as a failed login check).
import type { LoginFailureReason } from '@camwatch/contract/auth';
import { DomainError } from '../../lib/errors.ts';

const messages: Partial<Record<LoginFailureReason, string>> = {
  ip_restricted: 'The session ended: this address is outside the IP allow-list.',
};

export class SessionEndedError extends DomainError {
  constructor(readonly endReason: LoginFailureReason) {
    super(401, endReason, messages[endReason] ?? 'The session ended.');
  }
}
