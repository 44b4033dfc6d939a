import { randomUUID } from 'node:crypto';
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRecord } from '../../../functions/data/applications';
import type { UserRecord } from '../../../functions/data/users';
import type { ApplicationStatus } from '../../../shared/enums';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * Consumed capacity of the staff lists and the dashboard at 1,000 and at 20,000 applications
 * (issue 4: within 20%). The applications are batch-written into a table of this file's own,
 * with their counters, then each call runs through the same domain functions the handlers call
 * while a middleware asks DynamoDB for ReturnConsumedCapacity TOTAL and sums it.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let owners: UserRecord[] = [];
let seeded = 0;

const modules = async () => ({
  client: await import('../../../functions/data/client'),
  applications: await import('../../../functions/data/applications'),
  counters: await import('../../../functions/data/counters'),
  transactions: await import('../../../functions/data/transactions'),
  list: await import('../../../functions/domain/applications/admin-list'),
  mine: await import('../../../functions/domain/applications/mine'),
  dashboard: await import('../../../functions/domain/dashboard/dashboard'),
});

let capacity = 0;
let calls = 0;

beforeAll(async () => {
  drop = await createIsolatedTable('capacity');
  m = await modules();
  owners = await Promise.all(Array.from({ length: 10 }, () => putUser()));
  m.client.db.middlewareStack.add(
    (next) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      for (const entry of [consumed].flat()) {
        capacity += Number((entry as { CapacityUnits?: number } | undefined)?.CapacityUnits ?? 0);
      }
      calls += 1;
      return result;
    },
    { step: 'initialize', name: 'sumConsumedCapacity' },
  );
}, 120_000);

afterAll(async () => {
  await drop();
});

/**
 * Half the applications belong to the first owner; every fourth is COMPLETED (completed over the
 * last days, counted in the day buckets), the rest PROCESSING.
 */
function seededApplication(index: number): { record: ApplicationRecord; completedAt: string | null } {
  const createdAt = new Date(Date.UTC(2026, 0, 1) + index * 60_000).toISOString();
  const status: ApplicationStatus = index % 4 === 3 ? 'COMPLETED' : 'PROCESSING';
  const owner = index % 2 === 0 ? owners[0]! : owners[1 + (index % 9)]!;
  return {
    // Completions spread over the last days, so the dashboard's month shows a full recent list.
    completedAt: status === 'COMPLETED' ? new Date(Date.now() - index * 60_000).toISOString() : null,
    record: {
      id: randomUUID(),
      userId: owner.id,
      requestType: 'STANDARD',
      status,
      amountFrom: 100 + (index % 5000),
      amountTo: 98 + (index % 5000),
      amountUSD: 108 + (index % 5000),
      assetFrom: 'card-EUR',
      assetTo: 'usdt-trc20',
      currencyFrom: 'EUR',
      currencyTo: 'USDT',
      continent: 'europe',
      country: 'europe.spain',
      city: 'europe.spain.madrid',
      details: null,
      contactTelegram: '@exchange_tester',
      originFunds: 'N/A',
      rejectionReason: null,
      rate: { rate: 1.06, markupPercent: 1.5, usdValueFrom: 1.08, usdValueTo: 1, quotedAt: createdAt },
      assignedToId: null,
      adminNote: null,
      createdAt,
      updatedAt: createdAt,
      statusChangedAt: createdAt,
      version: 1,
    },
  };
}

/** Batch-writes applications [seeded, upTo) with their COMPLETED log entries, then their counters. */
async function seedUpTo(upTo: number) {
  const items: Record<string, unknown>[] = [];
  const perOwner = new Map<string, Record<string, number>>();
  const global: Record<string, number> = {};
  const completedPerDay = new Map<string, number>();
  for (let index = seeded; index < upTo; index += 1) {
    const { record, completedAt } = seededApplication(index);
    items.push(m.applications.applicationItem(record));
    const put = m.applications.historyPut({
      applicationId: record.id,
      from: completedAt ? 'PROCESSING' : null,
      to: record.status,
      at: completedAt ?? record.createdAt,
      actorId: null,
      actorRole: 'SYSTEM',
      reason: null,
      userId: record.userId,
      amountFrom: record.amountFrom,
      currencyFrom: record.currencyFrom,
    });
    items.push(put.Put!.Item!);
    if (completedAt)
      completedPerDay.set(completedAt.slice(0, 10), (completedPerDay.get(completedAt.slice(0, 10)) ?? 0) + 1);
    const counts = perOwner.get(record.userId) ?? {};
    for (const field of ['total', record.status]) {
      counts[field] = (counts[field] ?? 0) + 1;
      global[field] = (global[field] ?? 0) + 1;
    }
    perOwner.set(record.userId, counts);
  }
  const batches: Record<string, unknown>[][] = [];
  for (let start = 0; start < items.length; start += 25) batches.push(items.slice(start, start + 25));
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < batches.length) {
        let requests = batches[next++]!.map((Item) => ({ PutRequest: { Item } }));
        while (requests.length > 0) {
          const input: BatchWriteCommandInput = { RequestItems: { [m.client.tableName]: requests } };
          const result = await m.client.db.send(new BatchWriteCommand(input));
          requests = (result.UnprocessedItems?.[m.client.tableName] ?? []) as typeof requests;
        }
      }
    }),
  );
  await m.transactions.transactWrite([
    m.counters.adjustApplicationStatusCounts(global),
    ...[...perOwner].map(([userId, counts]) => m.counters.adjustUserApplicationStats(userId, counts)),
  ]);
  await m.transactions.transactWrite(
    [...completedPerDay].map(([day, count]) =>
      m.counters.incrementDailyStat(new Date(`${day}T00:00:00Z`), 'completedApplications', count),
    ),
  );
  seeded = upTo;
}

const base = { page: 1, limit: 10, sortBy: 'createdAt' as const, sortOrder: 'desc' as const };

const CASES: Record<string, () => Promise<unknown>> = {
  'admin list, unfiltered, page 1': () => m.list.listAdminApplications(base),
  'admin list, status PROCESSING, page 1': () =>
    m.list.listAdminApplications({ ...base, status: 'PROCESSING' }),
  'admin list, one user, page 1': () => m.list.listAdminApplications({ ...base, userId: owners[0]!.id }),
  'admin list, sorted by status, page 1': () => m.list.listAdminApplications({ ...base, sortBy: 'status' }),
  'admin list, sorted by amount (window of 500)': () =>
    m.list.listAdminApplications({ ...base, sortBy: 'amountFrom' }),
  'admin list, search "madrid" (window of 500)': () =>
    m.list.listAdminApplications({ ...base, search: 'madrid' }),
  'admin list, search by full id': () =>
    m.list.listAdminApplications({ ...base, search: '00000000-0000-4000-8000-000000000000' }),
  'admin list, unfiltered, page 5': () => m.list.listAdminApplications({ ...base, page: 5 }),
  'admin list, unfiltered, last page': async () => {
    const first = await m.list.listAdminApplications(base);
    return m.list.listAdminApplications({ ...base, page: first.totalPages });
  },
  "user's own list, page 1": () => m.mine.listMyApplications(owners[0]!.id, { ...base, sortBy: 'createdAt' }),
  'dashboard (month)': () => m.dashboard.dashboard('month'),
  'dashboard activity-stats': () => m.dashboard.activityStats(),
};

async function measure(): Promise<Record<string, { calls: number; capacity: number }>> {
  const figures: Record<string, { calls: number; capacity: number }> = {};
  for (const [name, run] of Object.entries(CASES)) {
    capacity = 0;
    calls = 0;
    await run();
    figures[name] = { calls, capacity: Math.round(capacity * 100) / 100 };
  }
  return figures;
}

let atOneThousand: Record<string, { calls: number; capacity: number }>;

describe('consumed capacity at 1,000 and at 20,000 applications', () => {
  it('measures every list and the dashboard at 1,000 applications', async () => {
    await seedUpTo(1000);
    atOneThousand = await measure();
    const total = await m.list.listAdminApplications(base);
    expect(total.total).toBe(1000);
    expect(Object.values(atOneThousand).every((figure) => figure.capacity > 0)).toBe(true);
  }, 120_000);

  it('costs the same within 20% at 20,000 applications', async () => {
    await seedUpTo(20_000);
    const atTwentyThousand = await measure();
    const total = await m.list.listAdminApplications(base);
    const rows = Object.keys(CASES).map((name) => ({
      call: name,
      'calls@1k': atOneThousand[name]!.calls,
      'RCU@1k': atOneThousand[name]!.capacity,
      'calls@20k': atTwentyThousand[name]!.calls,
      'RCU@20k': atTwentyThousand[name]!.capacity,
    }));
    console.table(rows);
    expect(total.total).toBe(20_000);
    for (const row of rows) {
      expect(Math.abs(row['RCU@20k'] - row['RCU@1k']), row.call).toBeLessThanOrEqual(0.2 * row['RCU@1k']);
      expect(row['calls@20k'], row.call).toBe(row['calls@1k']);
    }
  }, 240_000);
});
