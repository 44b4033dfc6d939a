import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SKIPPED, scheduledJob } from '@functions/pipeline/scheduled-job';
import { jobs } from '@functions/routes/manifest';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The wrapper of every scheduled job (docs/architecture.md "Scheduled jobs"), on the shared
 * DynamoDB Local: its heartbeat metric, one run of a job at a time (the job's lease), and the
 * budget it gives the run. Jobs here are the manifest's keys, their runs stand-ins: the shared
 * stack runs no jobs (runJobs: false), so the leases are this file's alone.
 */
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** The EMF lines (LOG_LEVEL=INFO) written while `act` runs. */
async function metricLinesOf(act: () => Promise<unknown>): Promise<Array<Record<string, unknown>>> {
  vi.stubEnv('LOG_LEVEL', 'INFO');
  const log = vi.spyOn(console, 'log').mockImplementation(() => undefined);
  await act().catch(() => undefined);
  return log.mock.calls
    .map(([line]) => JSON.parse(String(line)) as Record<string, unknown>)
    .filter((line) => line._aws !== undefined);
}

/** A run that waits until `release` is called, so a second run can start meanwhile. */
function heldOpen() {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  let started = () => {};
  const running = new Promise<void>((resolve) => {
    started = resolve;
  });
  return { done, running, release: () => release(), started: () => started() };
}

describe('scheduledJob', () => {
  it("counts JobSucceeded with the job's manifest key when its run finishes", async () => {
    const handler = scheduledJob('redriveMail', async () => ({ requeued: 0 }));

    const lines = await metricLinesOf(async () => expect(await handler()).toEqual({ requeued: 0 }));

    expect(lines).toEqual([
      expect.objectContaining({
        _aws: expect.objectContaining({
          CloudWatchMetrics: [
            expect.objectContaining({
              Dimensions: [['Job']],
              Metrics: [{ Name: 'JobSucceeded', Unit: 'Count' }],
            }),
          ],
        }),
        Job: 'redriveMail',
        JobSucceeded: 1,
      }),
    ]);
  });

  it('counts nothing when the run throws, lets the error through, and frees the job', async () => {
    const failing = scheduledJob('expireStale', async () => {
      throw new Error('2 applications could not be expired');
    });

    await expect(failing()).rejects.toThrow('2 applications could not be expired');
    expect(await metricLinesOf(failing)).toEqual([]);
    expect(await scheduledJob('expireStale', async () => 'next run')()).toBe('next run');
  });

  it('runs one run of a job at a time: a run started while another works does nothing, and counts JobSkipped', async () => {
    const gate = heldOpen();
    let working = 0;
    let most = 0;
    const handler = scheduledJob('refreshRates', async () => {
      working += 1;
      most = Math.max(most, working);
      gate.started();
      await gate.done;
      working -= 1;
      return 'worked';
    });

    const first = handler();
    await gate.running;
    const lines = await metricLinesOf(async () => expect(await handler()).toBe(SKIPPED));
    gate.release();

    expect(await first).toBe('worked');
    expect(most).toBe(1);
    expect(lines).toEqual([expect.objectContaining({ Job: 'refreshRates', JobSkipped: 1 })]);
    // Given back at the end: the next run works.
    expect(await handler()).toBe('worked');
  });

  it('takes over the lease of a run that died without giving it back once its timeout passed', async () => {
    const { takeJobLease } = await import('@functions/domain/system/job-lease');
    const started = Date.now() - 61_000;
    expect(await takeJobLease('expireUnpaid', 'a run that died', 60_000, started)).not.toBeNull();

    const handler = scheduledJob('expireUnpaid', async () => 'worked');

    expect(await handler()).toBe('worked');
  });

  it('gives the run a budget that ends before the Lambda timeout', async () => {
    let budget: { over(): boolean } | undefined;
    const handler = scheduledJob('watchChain', async (given) => {
      budget = given;
      return 'worked';
    });

    // 14 s left: the run must stop taking work at once (the budget keeps 15 s for the last writes).
    await handler(undefined, { awsRequestId: 'short', getRemainingTimeInMillis: () => 14_000 });
    expect(budget?.over()).toBe(true);
    await handler(undefined, { awsRequestId: 'long', getRemainingTimeInMillis: () => 60_000 });
    expect(budget?.over()).toBe(false);
  });

  it('wraps every scheduled job of the manifest, under its own key', () => {
    const functions = path.resolve(import.meta.dirname, '../../../functions');
    const unwrapped = Object.entries(jobs)
      .filter(([id, job]) => {
        const source = readFileSync(path.join(functions, `${job.handler}.ts`), 'utf8');
        return !source.includes(`export const handler = scheduledJob('${id}',`);
      })
      .map(([id]) => id);

    expect(unwrapped).toEqual([]);
  });
});
