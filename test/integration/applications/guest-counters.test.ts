import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { standardBody } from './bodies';
import { createIsolatedTable } from './isolated-table';

/**
 * A guest's account and application are one transaction (functions/domain/applications/guest.ts),
 * which counts both on the day's counters. Those are sharded at random: counted as two updates, the
 * two could draw the same shard, and DynamoDB refuses a transaction that names one item twice (seen
 * as a rare 500 in full runs). On a table of this file's own, with every random draw the same, the
 * application is created and the day counts one new user and one application.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  guest: await import('@functions/domain/applications/guest'),
  counters: await import('@functions/data/counters'),
  time: await import('@functions/domain/settings/business-time'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('guest-counters');
  m = await modules();
});

afterAll(async () => {
  vi.restoreAllMocks();
  await drop();
});

describe("a guest's first application", () => {
  it('counts the new user and the application on one shard of the day, however the shards are drawn', async () => {
    const now = new Date();
    const day = await m.time.businessDay(now);
    const [before] = await m.counters.readDailyStats(day, day);
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const outcome = await m.guest.createGuestApplication(
      { email: `counted-${Date.now()}@example.test`, language: 'en', application: standardBody() as never },
      '127.9.9.9',
      now,
    );
    vi.restoreAllMocks();
    expect(outcome.outcome).toBe('created');
    const [after] = await m.counters.readDailyStats(day, day);
    expect([
      after!.newUsers - before!.newUsers,
      after!.createdApplications - before!.createdApplications,
    ]).toEqual([1, 1]);
  });
});
