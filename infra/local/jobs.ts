import { logger } from '@functions/commons/logger';
import { jobs } from '@functions/routes/manifest';
import { scheduleIntervalMs } from '@functions/routes/schedule';
import type { JobDefinition } from '@shared/routes/definition';
import type { ScheduledHandler } from 'aws-lambda';
import { lambdaContext, loadFunctionModule } from './api-adapter';

/** A job's local period: its `localPeriod` variable's seconds (else its default), or its schedule's. */
export function localIntervalMs(job: JobDefinition): number {
  if (!job.localPeriod) return scheduleIntervalMs(job.schedule);
  const seconds = Number(process.env[job.localPeriod.variable]);
  return (Number.isFinite(seconds) && seconds > 0 ? seconds : job.localPeriod.defaultSeconds) * 1000;
}

export type JobName = keyof typeof jobs;

/** The local job timers: stop them, or run a job now (a test's drain: see the stand-ins). */
export interface JobTimers {
  stop(): void;
  /**
   * Runs `name` once more, after any run of it in progress, and resolves when that run ends: then
   * everything the job would have found when called has been handled. Nothing when the job has no timer.
   */
  runNow(name: JobName): Promise<void>;
}

/**
 * Runs each manifest job (or only those of `only`) on its EventBridge period, as the jobs stack
 * schedules it in AWS; `afterRun` is called after each run (the table's stream is read then, and
 * the local mail sender looks at the outbox if it shows mail). A job's runs never overlap here, as
 * its lease keeps them apart in AWS.
 */
export async function startJobTimers(afterRun: () => void, only?: readonly JobName[]): Promise<JobTimers> {
  const timers: NodeJS.Timeout[] = [];
  const runs = new Map<JobName, () => Promise<void>>();
  for (const [name, job] of Object.entries(jobs) as Array<[JobName, JobDefinition]>) {
    if (only && !only.includes(name)) continue;
    const handler = await loadFunctionModule<ScheduledHandler>(job.handler);
    const runOnce = async () => {
      try {
        await handler(
          {
            version: '0',
            id: crypto.randomUUID(),
            'detail-type': 'Scheduled Event',
            source: 'aws.events',
            account: 'local',
            time: new Date().toISOString(),
            region: 'local',
            resources: [],
            detail: {},
          },
          lambdaContext(name),
          () => {},
        );
      } catch (error) {
        logger.error(`job ${name} failed`, error as Error);
      }
      afterRun();
    };
    let current: Promise<void> | undefined;
    const run = () => {
      const next: Promise<void> = (current ?? Promise.resolve()).then(runOnce).finally(() => {
        if (current === next) current = undefined;
      });
      current = next;
      return next;
    };
    runs.set(name, run);
    // A tick while a run works is skipped, as the job's lease would skip it.
    timers.push(
      setInterval(() => {
        if (!current) void run();
      }, localIntervalMs(job)),
    );
  }
  return {
    stop: () => {
      for (const timer of timers) clearInterval(timer);
    },
    runNow: async (name) => {
      await runs.get(name)?.();
    },
  };
}
