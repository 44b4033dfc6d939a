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

/**
 * Runs each manifest job (or only those of `only`) on its EventBridge period, as the jobs stack
 * schedules it in AWS; `afterRun` is called after each run (the local mail sender looks at the
 * outbox then).
 */
export async function startJobTimers(afterRun: () => void, only?: readonly JobName[]): Promise<() => void> {
  const timers: NodeJS.Timeout[] = [];
  for (const [name, job] of Object.entries(jobs)) {
    if (only && !only.includes(name as JobName)) continue;
    const handler = await loadFunctionModule<ScheduledHandler>(job.handler);
    const run = async () => {
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
    timers.push(setInterval(run, localIntervalMs(job)));
  }
  return () => {
    for (const timer of timers) clearInterval(timer);
  };
}
