// Feedback (core.md §2, §8): kept with the user and the page it was sent from.
import type { AuthContext } from '../../http/auth-context.ts';
import type { FeedbackRepository } from './feedback.repository.ts';

export class FeedbackService {
  constructor(private readonly feedback: FeedbackRepository) {}

  async send(auth: AuthContext, message: string, page: string | undefined): Promise<void> {
    await this.feedback.insert({
      customerId: auth.user.customerId,
      userId: auth.user.id,
      message,
      page: page ?? '',
    });
  }
}
