import { readFileSync } from 'node:fs';
import path from 'node:path';
import { scheduledJob } from '@functions/pipeline/scheduled-job';
import { jobs } from '@functions/routes/manifest';
import { afterEach, describe, expect, it, vi } from 'vitest';

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

  it('counts nothing when the run throws, and lets the error through', async () => {
    const handler = scheduledJob('expireStale', async () => {
      throw new Error('2 applications could not be expired');
    });

    await expect(handler()).rejects.toThrow('2 applications could not be expired');
    expect(await metricLinesOf(handler)).toEqual([]);
  });

  it('wraps every scheduled job of the manifest, under its own key', () => {
    const functions = path.resolve(import.meta.dirname, '../../functions');
    const unwrapped = Object.entries(jobs)
      .filter(([id, job]) => {
        const source = readFileSync(path.join(functions, `${job.handler}.ts`), 'utf8');
        return !source.includes(`export const handler = scheduledJob('${id}',`);
      })
      .map(([id]) => id);

    expect(unwrapped).toEqual([]);
  });
});
