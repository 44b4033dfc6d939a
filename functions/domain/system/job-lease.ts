import { randomUUID } from 'node:crypto';
import { logger } from '@functions/commons/logger';
import { acquireJobLease, releaseJobLease } from '@functions/data/job-leases';

/** A job's lease this run holds, to give back when it ends. */
export interface HeldJobLease {
  release(): Promise<void>;
}

/**
 * Takes a scheduled job's lease for `forMs` (the run's time left before its timeout, so a run that
 * dies mid-way frees the job by then), or null when another run holds it. `holder` names the run
 * (its Lambda request id); the lease is given back only by the run that holds it.
 */
export async function takeJobLease(
  job: string,
  holder: string | undefined,
  forMs: number,
  now = Date.now(),
): Promise<HeldJobLease | null> {
  const run = holder ?? randomUUID();
  if (!(await acquireJobLease(job, run, now + forMs, now))) return null;
  return {
    release: () =>
      releaseJobLease(job, run).catch((error: unknown) => {
        // Not given back: it lapses at the run's timeout, and the next run after that takes it.
        logger.warn('job lease not released', { job, error: String(error) });
      }),
  };
}
