// The job registry: every declared kind of each queue gets exactly one handler from job-handlers.ts (a queue
// refuses to start otherwise), and the recurring ones are enqueued once per period on their own queue.
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/helpers/test-app.ts';
import { registerJobHandlers } from './job-handlers.ts';
import { JobRepository } from './jobs/job.repository.ts';
import { JobQueue } from './jobs/queue.ts';
import { JobRegistry, analysisJobKinds, jobKinds, pushJobKinds, visionJobKinds } from './jobs/registry.ts';

describe('registerJobHandlers', () => {
  it('gives every kind of the four queues one handler, and schedules the recurring ones', async () => {
    const t = await createTestApp();
    // Far in the future, so these periods' dedupe keys are this test's own.
    const now = Date.UTC(2091, 0, 1, 10, 30);
    const repository = new JobRepository(t.db);
    const registries = {
      jobs: new JobRegistry(jobKinds),
      visionJobs: new JobRegistry(visionJobKinds),
      pushQueue: new JobRegistry(pushJobKinds),
      analysisJobs: new JobRegistry(analysisJobKinds),
    };
    const queues = {
      jobs: new JobQueue(repository, registries.jobs, { now: () => now }),
      visionJobs: new JobQueue(repository, registries.visionJobs, { now: () => now }),
      pushQueue: new JobQueue(repository, registries.pushQueue, { now: () => now }),
      analysisJobs: new JobQueue(repository, registries.analysisJobs, { now: () => now }),
    };
    registerJobHandlers(queues, t.services.jobServices);
    for (const registry of Object.values(registries)) expect(() => registry.assertComplete()).not.toThrow();
    // A second registration of a kind is refused.
    expect(() => queues.jobs.handle('maintenance', async () => {})).toThrow(/two handlers/);

    await queues.jobs.enqueueScheduled();
    await queues.pushQueue.enqueueScheduled();
    await queues.analysisJobs.enqueueScheduled();
    await queues.jobs.enqueueScheduled(); // the same periods: nothing more
    const scheduled = await t.db
      .selectFrom('jobs')
      .select(['kind', 'dedupe_key'])
      .where('dedupe_key', 'like', 'every:%:2091-01-01T%')
      .orderBy('kind')
      .execute();
    expect(scheduled.map((job) => job.kind)).toEqual([
      'analysis-sweep',
      'audit-retention',
      'download-expiry',
      'maintenance',
      'push-cleanup',
      'retention',
    ]);
    await t.db.deleteFrom('jobs').where('dedupe_key', 'like', 'every:%:2091-01-01T%').execute();
    await t.app.close();
  });
});
