import { withInvocationMemo } from '@functions/commons/invocation-memo';
import { logger, withLogContext } from '@functions/commons/logger';
import { countMetric } from '@functions/commons/metrics';
import { type RunBudget, runBudget } from '@functions/commons/run-budget';
import { takeJobLease } from '@functions/domain/system/job-lease';
import type { jobs } from '@functions/routes/manifest';
import { JOB_TIMEOUT_SECONDS } from '@functions/routes/schedule';

/** A scheduled job's key in the manifest's `jobs` (expireStale, expireUnpaid, redriveMail, refreshRates, dailyReport, watchChain). */
export type JobId = keyof typeof jobs;

/**
 * What a run keeps between its last piece of work and its timeout: the slowest provider call it may
 * be in (5 s) and the writes that record what it did, with room to spare.
 */
const STOP_BEFORE_TIMEOUT_MS = 15_000;

/** The part of Lambda's context a job reads (the local stack's timer passes one too). */
export interface JobContext {
  awsRequestId?: string;
  functionName?: string;
  getRemainingTimeInMillis?: () => number;
}

/** What a run answers when another run of the job was still working: it did nothing. */
export const SKIPPED = { notRun: 'another run of this job is working' } as const;

/**
 * Every scheduled job's handler (functions/jobs/), docs/architecture.md "Scheduled jobs": one run
 * of a job at a time — a run first takes the job's lease until its timeout, and a run that finds it
 * held returns at once (`JobSkipped`), so a slow run, the next schedule and a retry never work
 * together; the run gets a budget that ends well before its timeout, which the job checks between
 * pieces of work, leaving the rest to the next run. When the run finishes, `JobSucceeded` is counted
 * with the job's manifest key as its `Job` dimension, the heartbeat the jobs' alarms read. A run
 * that throws counts nothing: Lambda retries it, then records it in the job's dead-letter queue.
 * Every line of a run carries its request id and the job's key (`job`); every outbox item it queues
 * carries that request id as its correlation id.
 */
export function scheduledJob<Result>(
  job: JobId,
  run: (budget: RunBudget) => Promise<Result>,
): (event?: unknown, context?: JobContext) => Promise<Result | typeof SKIPPED> {
  return withLogContext(
    withInvocationMemo(async (_event?: unknown, context?: JobContext) => {
      const left = context?.getRemainingTimeInMillis?.() ?? JOB_TIMEOUT_SECONDS * 1000;
      const lease = await takeJobLease(job, context?.awsRequestId, left);
      if (!lease) {
        logger.info('job run skipped: another run is working', { job });
        countMetric('JobSkipped', { Job: job });
        return SKIPPED;
      }
      try {
        const result = await run(runBudget(left - STOP_BEFORE_TIMEOUT_MS));
        countMetric('JobSucceeded', { Job: job });
        return result;
      } finally {
        await lease.release();
      }
    }),
    { job },
  );
}
