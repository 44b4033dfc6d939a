import type { UserRecord } from '@functions/data/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApplications } from '../../bench/application-seed';
import { type CapacityMeter, meterConsumedCapacity } from '../../support/consumed-capacity';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * Consumed capacity of the staff lists and the dashboard at 1,000 and at 20,000 applications
 * (within 20%: a call's cost must not grow with the table). The applications are batch-written into
 * a table of this file's own, with their counters (test/bench/application-seed.ts, shared with
 * `npm run bench`); then each call runs through the same domain functions the handlers call while a
 * middleware asks DynamoDB for ReturnConsumedCapacity TOTAL and sums it.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let owners: UserRecord[] = [];
let seeded = 0;

const modules = async () => ({
  client: await import('@functions/data/client'),
  list: await import('@functions/domain/applications/admin-list'),
  mine: await import('@functions/domain/applications/mine'),
  dashboard: await import('@functions/domain/dashboard/dashboard'),
});

let meter: CapacityMeter;

beforeAll(async () => {
  drop = await createIsolatedTable('capacity');
  m = await modules();
  owners = await Promise.all(Array.from({ length: 10 }, () => putUser()));
  meter = meterConsumedCapacity(m.client.db);
}, 120_000);

afterAll(async () => {
  await drop();
});

async function seedUpTo(upTo: number) {
  await seedApplications({ from: seeded, to: upTo, ownerIds: owners.map((owner) => owner.id) });
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
    meter.reset();
    await run();
    figures[name] = { calls: meter.calls, capacity: Math.round(meter.capacity * 100) / 100 };
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
  }, 300_000);

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
  }, 400_000);
});
