// Wires web push: the subscription service behind the calls, the delivery, and the push queue (its own
// worker loops on the jobs table, so a long ffmpeg job on the main queue never holds a push back).
// 'push-send' jobs are written by the database trigger of migration 0006 whenever a notification is stored
// for a user with a live subscription, and by failed deliveries for their retry; 'push-cleanup' drops
// expired subscriptions. Their handlers are registered in job-handlers.ts.
import type { Logger } from 'pino';
import type { Db } from '../../db/database.ts';
import { JobRepository } from '../../jobs/job.repository.ts';
import { JobQueue } from '../../jobs/queue.ts';
import { JobRegistry, pushJobKinds } from '../../jobs/registry.ts';
import type { Scheduler } from '../../jobs/scheduler.ts';
import { PushDelivery } from './push-delivery.ts';
import { PushSender } from './push-sender.ts';
import { PushService } from './push.service.ts';
import { PushRepository } from './push.repository.ts';
import type { VapidKeys } from './vapid-keys.ts';

export const PUSH_SEND_JOB = 'push-send';

export interface PushConfig {
  subject: string;
  allowPrivateEndpoints: boolean;
}

export function createPush(deps: {
  db: Db;
  config: PushConfig;
  vapidKeys: VapidKeys;
  logger?: Pick<Logger, 'info' | 'error'>;
  /** Ticks the recurring 'push-cleanup' job. */
  scheduler?: Scheduler;
}) {
  const repository = new PushRepository(deps.db);
  const queue = new JobQueue(new JobRepository(deps.db), new JobRegistry(pushJobKinds), {
    concurrency: 2,
    // The trigger cannot wake this process, so the queue looks often; a look is one indexed query.
    pollMs: 500,
    backoffMs: 5_000,
    maxBackoffMs: 60_000,
    defaultMaxAttempts: 3,
    logger: deps.logger,
    scheduler: deps.scheduler,
  });
  const sender = new PushSender(deps.vapidKeys, { subject: deps.config.subject });
  const delivery = new PushDelivery({
    push: repository,
    sender,
    logger: deps.logger,
    retry: async (payload, runAt) => {
      await queue.enqueue(PUSH_SEND_JOB, { ...payload }, { runAt });
    },
  });
  return {
    service: new PushService(repository, {
      vapidPublicKey: deps.vapidKeys.publicKey,
      allowPrivateEndpoints: deps.config.allowPrivateEndpoints,
    }),
    queue,
    delivery,
    repository,
  };
}
