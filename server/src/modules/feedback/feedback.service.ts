// Feedback (core.md §2, §8): kept with the user and the page it was sent from, and mailed to the operator
// (FEEDBACK_MAIL_TO) when one is configured. The mail goes through the outbox like every other mail.
import type { AuthContext } from '../../http/auth-context.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { FeedbackRepository } from './feedback.repository.ts';

export class FeedbackService {
  constructor(
    private readonly feedback: FeedbackRepository,
    private readonly mail: { mailer: Pick<Mailer, 'send'>; to: string | null } | null = null,
  ) {}

  /**
   * Stores the feedback. The operator's mail, when configured, is sent after the answer (a slow SMTP server
   * must not hold up the user): `mailing` settles once it has been handed over or recorded as failed.
   */
  async send(
    auth: AuthContext,
    message: string,
    page: string | undefined,
  ): Promise<{ mailing: Promise<void> }> {
    const stored = await this.feedback.insert({
      customerId: auth.user.customerId,
      userId: auth.user.id,
      message,
      page: page ?? '',
    });
    const to = this.mail?.to;
    if (!this.mail || !to) return { mailing: Promise.resolve() };
    const { mailer } = this.mail;
    const mailing = (async () => {
      const customer = await this.feedback.customerOf(auth.user.customerId);
      await mailer.send({
        to,
        customerId: auth.user.customerId,
        subject: `[CamWatch] フィードバック / Feedback #${stored.id} (${customer?.name ?? auth.user.customerId})`,
        text: [
          `Customer: ${customer ? `${customer.name} (${customer.code})` : auth.user.customerId}`,
          `User: ${auth.user.name} <${auth.user.email}>`,
          `Page: ${page ?? ''}`,
          `Sent at: ${stored.created_at.toISOString()}`,
          '',
          message,
        ].join('\n'),
      });
    })();
    return { mailing };
  }
}
