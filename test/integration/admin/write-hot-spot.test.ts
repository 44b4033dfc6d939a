import { PutCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * The write path has no single-item hot spot: 100 registrations and then 200 applications from
 * those 100 users, all at once, succeed, the dashboard counts each exactly once, and no counter
 * item is written by more than a quarter of them. A table of this file's own, so the figures
 * before and after differ by exactly what this file did.
 *
 * DynamoDB cancels a transaction that meets another one in progress on one of its items
 * (TransactionConflict). DynamoDB Local never does: it queues transactions on the same item (200
 * simultaneous TransactWriteItems on one item all succeed, SDK retries off, in about twice the
 * time of 200 on distinct items). So the conflicts sharding avoids cannot happen here, and what
 * stands for them is how many of the simultaneous transactions share one counter item.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  client: await import('@functions/data/client'),
  create: await import('@functions/domain/applications/create'),
  dashboard: await import('@functions/domain/dashboard/dashboard'),
  counters: await import('@functions/data/counters'),
});

const standard = {
  requestType: 'STANDARD' as const,
  continent: 'europe',
  country: 'europe.spain',
  city: 'europe.spain.madrid',
  assetFrom: 'card-EUR',
  assetTo: 'usdt-trc20',
  amount: 640,
  contactTelegram: '@exchange_tester',
  amlAcknowledged: true as const,
  originFunds: 'N/A',
};

const USERS = 100;
const APPLICATIONS_PER_USER = 2;

beforeAll(async () => {
  drop = await createIsolatedTable('hotspot');
  m = await modules();
});

afterAll(async () => {
  await drop();
});

type TransactInput = TransactWriteCommandInput['TransactItems'];

/** How many of the TransactWriteItems sent through the data client while `action` runs write each STATS# item. */
async function counterWrites<T>(
  action: () => Promise<T>,
): Promise<{ result: T; writes: Map<string, number> }> {
  const writes = new Map<string, number>();
  const send = m.client.db.send.bind(m.client.db);
  const spy = vi.spyOn(m.client.db, 'send').mockImplementation(((command: {
    constructor: { name: string };
    input: { TransactItems?: TransactInput };
  }) => {
    if (command.constructor.name === 'TransactWriteCommand') {
      for (const item of command.input.TransactItems ?? []) {
        const key = item.Update?.Key;
        if (key && String(key.pk).startsWith('STATS#')) {
          const name = `${key.pk}/${key.sk}`;
          writes.set(name, (writes.get(name) ?? 0) + 1);
        }
      }
    }
    return send(command as never);
  }) as never);
  try {
    return { result: await action(), writes };
  } finally {
    spy.mockRestore();
  }
}

/** The writes to a counter partition: in all, and the most any one of its items got. */
function spread(writes: Map<string, number>, partition: string) {
  const counts = [...writes].filter(([name]) => name.startsWith(`${partition}/`)).map(([, count]) => count);
  return { total: counts.reduce((sum, count) => sum + count, 0), busiest: Math.max(0, ...counts) };
}

/** Every promise's outcome, so one failure does not hide how many others failed. */
async function settle<T>(work: Promise<T>[]) {
  const results = await Promise.allSettled(work);
  const failures = results.filter((result) => result.status === 'rejected');
  return {
    values: results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])),
    errors: failures.map((failure) => String((failure as PromiseRejectedResult).reason)),
  };
}

describe('simultaneous registrations and applications', () => {
  it('all succeed and the dashboard counts each exactly once', async () => {
    const before = await m.dashboard.dashboard('day');
    const usersBefore = await m.counters.readUsersTotal();

    const registrations = await counterWrites(() => settle(Array.from({ length: USERS }, () => putUser())));
    const registered = registrations.result;
    expect(registered.errors).toEqual([]);
    for (const partition of ['STATS#USERS', 'STATS#DAY']) {
      const { total, busiest } = spread(registrations.writes, partition);
      expect(total, partition).toBe(USERS);
      expect(busiest, partition).toBeLessThanOrEqual(USERS / 4);
    }

    const submissions = await counterWrites(() =>
      settle(
        registered.values.flatMap((user) =>
          Array.from({ length: APPLICATIONS_PER_USER }, () =>
            m.create.createApplication(user.id, standard, undefined),
          ),
        ),
      ),
    );
    const submitted = submissions.result;
    expect(submitted.errors).toEqual([]);
    expect(submitted.values).toHaveLength(USERS * APPLICATIONS_PER_USER);
    for (const partition of ['STATS#DAY', 'STATS#APPS']) {
      const { total, busiest } = spread(submissions.writes, partition);
      expect(total, partition).toBe(USERS * APPLICATIONS_PER_USER);
      expect(busiest, partition).toBeLessThanOrEqual((USERS * APPLICATIONS_PER_USER) / 4);
    }

    const after = await m.dashboard.dashboard('day');
    expect(after.kpi).toEqual({
      ...before.kpi,
      newApplications: before.kpi.newApplications + USERS * APPLICATIONS_PER_USER,
      newUsers: before.kpi.newUsers + USERS,
    });
    expect(after.funnel).toEqual({
      ...before.funnel,
      PENDING: before.funnel.PENDING + USERS * APPLICATIONS_PER_USER,
    });
    expect(await m.counters.readUsersTotal()).toBe(usersBefore + USERS);
    const { days } = await m.dashboard.activityStats();
    expect(days.at(-1)).toMatchObject({
      createdApplications: after.kpi.newApplications,
      newUsers: after.kpi.newUsers,
    });
  }, 120_000);
});

describe('counter items written before the sharding', () => {
  it('still count: a day bucket and the users total without a shard', async () => {
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const before = await m.dashboard.activityStats();
    const usersBefore = await m.counters.readUsersTotal();
    const put = (Item: Record<string, unknown>) =>
      m.client.db.send(new PutCommand({ TableName: m.client.tableName, Item }));
    await put({ pk: 'STATS#DAY', sk: day, newUsers: 4, createdApplications: 7, completedApplications: 2 });
    await put({ pk: 'STATS#USERS', sk: 'TOTAL', total: 40 });

    const after = await m.dashboard.activityStats();
    const was = before.days.find((entry) => entry.date === day)!;
    expect(after.days.find((entry) => entry.date === day)).toEqual({
      date: day,
      newUsers: was.newUsers + 4,
      createdApplications: was.createdApplications + 7,
      completedApplications: was.completedApplications + 2,
    });
    expect(await m.counters.readUsersTotal()).toBe(usersBefore + 40);
  });
});
