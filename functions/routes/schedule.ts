import type { JobDefinition } from '@shared/routes/definition';

const UNIT_MS = { minute: 60_000, minutes: 60_000, hour: 3_600_000, hours: 3_600_000 } as const;

/** A job's period in milliseconds: the local stack's timer, and the period its heartbeat alarm judges. */
export function scheduleIntervalMs(schedule: JobDefinition['schedule'] | string): number {
  const match = /^rate\((\d+) (minutes?|hours?)\)$/.exec(schedule);
  if (!match) throw new Error(`Unsupported schedule expression: ${schedule}`);
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** A scheduled job's Lambda timeout (infra/stacks/jobs-stack.ts): every job is scheduled at most every minute. */
export const JOB_TIMEOUT_SECONDS = 60;
