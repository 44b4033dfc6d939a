import type { UserRecord } from '@functions/data/users';
import { businessDayOf } from '@shared/business-time';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIsolatedTable, putUser } from '../applications/isolated-table';
import { failNextTransaction } from '../support/transaction-faults';

/**
 * Exact dashboard figures need a table nobody else writes to: the domain functions run here
 * against a table of this file's own (so nothing here may import functions/ modules statically;
 * dashboard-http.test.ts checks the endpoints on the shared stack).
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let owner: UserRecord;
let staff: UserRecord;
const DAY = 86_400_000;
/** The business's time zone the table holds no setting for: the default. */
const MOSCOW = 'Europe/Moscow';

const modules = async () => ({
  client: await import('@functions/data/client'),
  create: await import('@functions/domain/applications/create'),
  admin: await import('@functions/domain/applications/admin-actions'),
  dashboard: await import('@functions/domain/dashboard/dashboard'),
  applications: await import('@functions/data/applications'),
  counters: await import('@functions/data/counters'),
  notifications: await import('@functions/data/notifications'),
  audit: await import('@functions/data/audit'),
  window: await import('@functions/data/query-window'),
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

let processingId: string;
let completedId: string;

beforeAll(async () => {
  drop = await createIsolatedTable('dashboard');
  m = await modules();
  [owner, staff] = await Promise.all([putUser(), putUser({ role: 'MANAGER' })]);
  const actor = { id: staff.id, role: 'MANAGER' as const };
  const create = async (at = new Date()) =>
    (await m.create.createApplication(owner.id, standard, undefined, at)).application;
  await create(new Date(Date.now() - 10 * DAY));
  await create();
  processingId = (await create()).id;
  completedId = (await create()).id;
  await m.admin.changeApplicationStatus(processingId, { status: 'PROCESSING' }, actor);
  await m.admin.changeApplicationStatus(completedId, { status: 'PROCESSING' }, actor);
  await m.admin.changeApplicationStatus(completedId, { status: 'COMPLETED' }, actor);
});

afterAll(async () => {
  vi.restoreAllMocks();
  await drop();
});

describe('the dashboard figures', () => {
  it("counts today's new and completed applications, new clients (not staff), work in progress and the funnel", async () => {
    const data = await m.dashboard.dashboard('day');
    // The owner and the MANAGER were both created today: only the client is a new user.
    expect(data.kpi).toEqual({ newApplications: 3, inProgress: 1, completedApplications: 1, newUsers: 1 });
    expect(data.funnel).toEqual({ PENDING: 2, PROCESSING: 1, COMPLETED: 1 });
  });

  it('lists the recently completed applications with amount, currency and user email', async () => {
    const data = await m.dashboard.dashboard('day');
    expect(data.recentCompleted).toEqual([
      {
        id: completedId,
        amount: 640,
        currency: 'EUR',
        user: { email: owner.email },
        completedAt: expect.any(String),
      },
    ]);
  });

  it('widens the figures with the period: a week and a month include the application of ten days ago', async () => {
    const [week, month] = await Promise.all([m.dashboard.dashboard('week'), m.dashboard.dashboard('month')]);
    expect(week.kpi.newApplications).toBe(3);
    expect(month.kpi.newApplications).toBe(4);
    expect(month.from).toBe(businessDayOf(Date.now() - 29 * DAY, MOSCOW));
  });

  it('gives 30 days of activity, oldest first, zeros included', async () => {
    const { days } = await m.dashboard.activityStats();
    const today = days.at(-1)!;
    const tenDaysAgo = days.find((day) => day.date === businessDayOf(Date.now() - 10 * DAY, MOSCOW));
    expect(days).toHaveLength(30);
    expect(today).toMatchObject({ createdApplications: 3, completedApplications: 1, newUsers: 1 });
    expect(tenDaysAgo).toMatchObject({ createdApplications: 1, completedApplications: 0 });
    expect(days.filter((day) => day.createdApplications === 0)).toHaveLength(28);
  });
});

describe('an injected DynamoDB fault in a transaction', () => {
  it('leaves no trace of a failed submit', async () => {
    const user = await putUser();
    const countsBefore = await m.counters.readApplicationStatusCounts();
    failNextTransaction(m.client.db);
    await expect(m.create.createApplication(user.id, standard, 'fault-key-123')).rejects.toThrow(
      'injected fault',
    );
    const { items } = await m.window.readItems(m.applications.applicationPartitions.ofUser(user.id), {
      forward: false,
      count: 10,
    });
    expect(items).toEqual([]);
    expect(await m.counters.readUserApplicationStats(user.id)).toEqual({});
    expect(await m.counters.readApplicationStatusCounts()).toEqual(countsBefore);
    const retry = await m.create.createApplication(user.id, standard, 'fault-key-123');
    expect(retry.replayed).toBe(false);
  });

  it('leaves no trace of a failed status change', async () => {
    const { application } = await m.create.createApplication(owner.id, standard, undefined);
    const countsBefore = await m.counters.readApplicationStatusCounts();
    const noticesBefore = await m.notifications.readNotificationStats(owner.id);
    failNextTransaction(m.client.db);
    await expect(
      m.admin.changeApplicationStatus(
        application.id,
        { status: 'PROCESSING' },
        { id: staff.id, role: 'MANAGER' },
      ),
    ).rejects.toThrow('injected fault');
    const after = await m.applications.findApplicationWithHistory(application.id);
    expect(after!.application.status).toBe('PENDING');
    expect(after!.history).toHaveLength(1);
    expect(await m.counters.readApplicationStatusCounts()).toEqual(countsBefore);
    expect(await m.notifications.readNotificationStats(owner.id)).toEqual(noticesBefore);
    expect(await m.audit.listAuditFor('application', application.id)).toEqual([]);
  });
});

describe("the dashboard's day", () => {
  it('counts a creation at 22:00 UTC and a completion at 21:30 UTC on the Moscow days they fell on, the next UTC day', async () => {
    const actor = { id: staff.id, role: 'MANAGER' as const };
    const { application } = await m.create.createApplication(
      owner.id,
      standard,
      undefined,
      new Date('2025-06-09T22:00:00.000Z'),
    );
    await m.admin.changeApplicationStatus(
      application.id,
      { status: 'PROCESSING' },
      actor,
      new Date('2025-06-10T12:00:00.000Z'),
    );
    await m.admin.changeApplicationStatus(
      application.id,
      { status: 'COMPLETED', acceptExpiredQuote: true },
      actor,
      new Date('2025-06-10T21:30:00.000Z'),
    );

    const { days } = await m.dashboard.activityStats(new Date('2025-06-11T12:00:00.000Z'));

    expect(days.at(-1)).toMatchObject({
      date: '2025-06-11',
      createdApplications: 0,
      completedApplications: 1,
    });
    expect(days.at(-2)).toMatchObject({
      date: '2025-06-10',
      createdApplications: 1,
      completedApplications: 0,
    });
  });
});
