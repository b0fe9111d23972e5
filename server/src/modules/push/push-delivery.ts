// The 'push-send' job: announces stored notifications to their users' live subscriptions. Sends run in
// parallel with a bound (one event to a thousand users goes out over a few dozen connections at once);
// subscriptions the push service reports gone (404/410) are deleted; other failures are logged and only
// those subscriptions are tried again by a follow-up job, a limited number of times.
import type { Logger } from 'pino';
import type { LiveSubscription, PushRepository } from './push.repository.ts';
import { languageOf, pushPayloadFor, type PushNotificationRow } from './push-messages.ts';
import type { PushSender, SendOutcome } from './push-sender.ts';

export interface PushJobPayload {
  notificationIds: number[];
  /** Set on a retry: only these subscriptions. */
  subscriptionIds?: number[];
  /** 1 for the first delivery. */
  attempt: number;
}

export interface DeliveryReport {
  sent: number;
  gone: number;
  failed: number;
  /** Failed subscriptions handed to a later attempt. */
  retrying: number;
}

export interface PushDeliveryDeps {
  push: Pick<PushRepository, 'notifications' | 'liveFor' | 'deleteByIds'>;
  sender: Pick<PushSender, 'send'>;
  /** Enqueues a later attempt. */
  retry: (payload: PushJobPayload, runAt: Date) => Promise<void>;
  logger?: Pick<Logger, 'info' | 'error'>;
  /** Sends in flight at once. */
  concurrency?: number;
  /** Delay before attempt 2, 3, …; its length + 1 is the number of attempts. */
  retryDelaysMs?: number[];
  now?: () => number;
}

const isIdList = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((x) => Number.isSafeInteger(x) && (x as number) > 0);

/** The job's payload as stored (the database trigger or a retry wrote it); throws when it is malformed. */
export function parsePushJobPayload(payload: Record<string, unknown>): PushJobPayload {
  const { notificationIds, subscriptionIds, attempt } = payload;
  if (!isIdList(notificationIds)) throw new Error('push job without notification ids');
  if (subscriptionIds !== undefined && !isIdList(subscriptionIds))
    throw new Error('push job with malformed subscription ids');
  return {
    notificationIds,
    ...(subscriptionIds ? { subscriptionIds } : {}),
    attempt: Number.isSafeInteger(attempt) && (attempt as number) > 0 ? (attempt as number) : 1,
  };
}

/** Runs fn over items with at most `limit` running at once. */
async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export class PushDelivery {
  private readonly concurrency: number;
  private readonly retryDelaysMs: number[];
  private readonly now: () => number;

  constructor(private readonly deps: PushDeliveryDeps) {
    this.concurrency = deps.concurrency ?? 64;
    this.retryDelaysMs = deps.retryDelaysMs ?? [5_000, 30_000];
    this.now = deps.now ?? Date.now;
  }

  async run(job: PushJobPayload): Promise<DeliveryReport> {
    const notifications = await this.deps.push.notifications(job.notificationIds);
    const byRecipient = new Map<string, PushNotificationRow[]>();
    for (const n of notifications) {
      const key = `${n.customer_id}:${n.user_id}`;
      byRecipient.set(key, [...(byRecipient.get(key) ?? []), n]);
    }
    const subscriptions = await this.deps.push.liveFor(
      notifications.map((n) => n.id),
      new Date(this.now()),
      job.subscriptionIds,
    );
    const sends: { subscription: LiveSubscription; notification: PushNotificationRow }[] = [];
    for (const subscription of subscriptions)
      for (const notification of byRecipient.get(`${subscription.customer_id}:${subscription.user_id}`) ?? [])
        sends.push({ subscription, notification });

    const gone = new Set<number>();
    const failed = new Map<number, { notificationIds: Set<number>; outcome: SendOutcome }>();
    let sent = 0;
    await eachLimited(sends, this.concurrency, async ({ subscription, notification }) => {
      const payload = pushPayloadFor(notification, languageOf(subscription.language));
      const outcome = await this.deps.sender.send(
        subscription,
        JSON.stringify(payload),
        notification.event === 'down' && notification.kind === 'down' ? 'high' : 'normal',
      );
      if (outcome.kind === 'sent') sent++;
      else if (outcome.kind === 'gone') gone.add(subscription.id);
      else {
        const entry = failed.get(subscription.id) ?? { notificationIds: new Set<number>(), outcome };
        entry.notificationIds.add(notification.id);
        failed.set(subscription.id, entry);
      }
    });

    if (gone.size > 0) await this.deps.push.deleteByIds([...gone]);
    let retrying = 0;
    if (failed.size > 0) {
      const delay = this.retryDelaysMs[job.attempt - 1];
      const sample = [...failed.values()].slice(0, 3).map((f) => f.outcome);
      if (delay === undefined) {
        this.deps.logger?.error(
          { failed: failed.size, attempt: job.attempt, sample },
          'web push failed, giving up on these subscriptions',
        );
      } else {
        retrying = failed.size;
        this.deps.logger?.info(
          { failed: failed.size, attempt: job.attempt, retryInMs: delay, sample },
          'web push failed, will retry',
        );
        const notificationIds = new Set<number>();
        for (const f of failed.values()) for (const id of f.notificationIds) notificationIds.add(id);
        await this.deps.retry(
          {
            notificationIds: [...notificationIds].sort((a, b) => a - b),
            subscriptionIds: [...failed.keys()].sort((a, b) => a - b),
            attempt: job.attempt + 1,
          },
          new Date(this.now() + delay),
        );
      }
    }
    return { sent, gone: gone.size, failed: failed.size, retrying };
  }
}
