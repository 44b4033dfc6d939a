import { countMetric } from '@functions/commons/metrics';
import type { jobs } from '@functions/routes/manifest';

/** A scheduled job's key in the manifest's `jobs` (expireStale, expireUnpaid, redriveMail, refreshRates). */
export type JobId = keyof typeof jobs;

/**
 * Every scheduled job's handler (functions/jobs/): runs the job and, when the run finishes, counts
 * `JobSucceeded` with the job's manifest key as its `Job` dimension, the heartbeat the jobs' alarms
 * read. A run that throws counts nothing: Lambda retries it, then records it in the job's
 * dead-letter queue.
 */
export function scheduledJob<Result>(job: JobId, run: () => Promise<Result>): () => Promise<Result> {
  return async () => {
    const result = await run();
    countMetric('JobSucceeded', { Job: job });
    return result;
  };
}
