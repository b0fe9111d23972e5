// HTTP for feedback.
import { feedbackCall } from '@camwatch/contract/feedback';
import { serve, type ServeContext } from '../../http/serve.ts';
import type { FeedbackService } from './feedback.service.ts';

/** Enough for a person; stops a script from filling the table. */
const FEEDBACK_PER_MINUTE = 10;

export function registerFeedbackRoutes(ctx: ServeContext, feedback: FeedbackService): void {
  serve(
    ctx,
    feedbackCall,
    async ({ auth, body, raw }) => {
      const { mailing } = await feedback.send(auth, body.message, body.page);
      // Mailed after the answer, but in flight: shutdown (and a test) can wait until it is handed over.
      ctx.inFlight.run(() => mailing).catch((err: unknown) => raw.log.error({ err }, 'feedback mail failed'));
      return { data: { sent: true as const } };
    },
    { config: { rateLimit: { max: FEEDBACK_PER_MINUTE, timeWindow: 60_000 } } },
  );
}
