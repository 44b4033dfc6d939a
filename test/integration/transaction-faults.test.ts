import type { ApplicationRecord } from '@functions/data/applications';
import type { UserRecord } from '@functions/data/users';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIsolatedTable, putUser } from './applications/isolated-table';
import { failNextTransaction, INJECTED_FAULT, writesOf } from './support/transaction-faults';

/**
 * Every multi-item change is one TransactWriteItems, so a fault in it leaves nothing behind: not
 * the item, nor the counters, history, audit entry or notification written with it. Each test
 * reads everything its transaction writes, fails the transaction, and reads it all again. Then it
 * repeats the call without the fault and checks that the call sent that one transaction and no
 * other write (a second one could fail alone) and that every read now sees a change (so none of
 * the reads could miss a partial write). Exact counters and whole-table effects (the expiry job,
 * geo, settings, rates, reserves) need a table of this file's own, so functions/ modules are imported only
 * dynamically, after `createIsolatedTable`.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let admin: UserRecord;
let manager: UserRecord;

const modules = async () => ({
  client: await import('@functions/data/client'),
  create: await import('@functions/domain/applications/create'),
  mine: await import('@functions/domain/applications/mine'),
  expire: await import('@functions/domain/applications/expire'),
  adminActions: await import('@functions/domain/applications/admin-actions'),
  geoAdmin: await import('@functions/domain/geo/toggle'),
  settings: await import('@functions/domain/settings/settings'),
  rates: await import('@functions/domain/rates/rates'),
  changeUser: await import('@functions/domain/staff-users/change-user'),
  resetReferrals: await import('@functions/domain/staff-users/reset-referrals'),
  applications: await import('@functions/data/applications'),
  counters: await import('@functions/data/counters'),
  notifications: await import('@functions/data/notifications'),
  audit: await import('@functions/data/audit'),
  window: await import('@functions/data/query-window'),
  geo: await import('@functions/data/geo'),
  settingsData: await import('@functions/data/settings'),
  ratesData: await import('@functions/data/rates'),
  reservesData: await import('@functions/data/reserves'),
  reserves: await import('@functions/domain/reserves/reserves'),
  users: await import('@functions/data/users'),
  adminUsers: await import('@functions/data/admin-users'),
  outbox: await import('@functions/data/outbox'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('faults');
  m = await modules();
  [admin, manager] = await Promise.all([putUser({ role: 'ADMIN' }), putUser({ role: 'MANAGER' })]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await drop();
});

const HOUR = 3_600_000;
const individual = {
  requestType: 'INDIVIDUAL' as const,
  details: 'Cash pickup in Madrid',
  contactTelegram: '@exchange_tester',
  amlAcknowledged: true as const,
};

const statusOf = async (id: string) => (await m.applications.findApplication(id))!.status;

async function pendingApplication(owner: UserRecord, at = new Date()): Promise<ApplicationRecord> {
  return (await m.create.createApplication(owner.id, individual, undefined, at)).application;
}

const ONE_TRANSACTION = ['TransactWriteCommand'];

/** Named reads of everything one transaction writes. */
type Probe = Record<string, () => Promise<unknown>>;

async function read(probe: Probe): Promise<Record<string, unknown>> {
  const parts = await Promise.all(Object.entries(probe).map(async ([name, part]) => [name, await part()]));
  return Object.fromEntries(parts);
}

/** After the call went through, each read must see its write (else it could not see a partial one). */
function expectEveryPartChanged(before: Record<string, unknown>, after: Record<string, unknown>) {
  for (const part of Object.keys(before)) expect(after[part], part).not.toEqual(before[part]);
}

/**
 * Fails the action's transaction and expects every part of `probe` as it was; then runs the action
 * for real and expects one TransactWriteItems and no other write, after which every part changed.
 */
async function expectAllOrNothing(probe: Probe, action: () => Promise<unknown>) {
  const before = await read(probe);

  failNextTransaction(m.client.db);
  const failed = action();

  await expect(failed).rejects.toThrow(INJECTED_FAULT);
  expect(await read(probe)).toEqual(before);
  expect(await writesOf(m.client.db, action)).toEqual(ONE_TRANSACTION);
  expectEveryPartChanged(before, await read(probe));
}

/**
 * What a status change writes: the application, its history, both counters, the notice and its
 * mail (queued in the outbox: nothing sends from this file's table, so it stays unsent).
 */
function statusChangeProbe(application: ApplicationRecord, owner: UserRecord): Probe {
  return {
    application: () => m.applications.findApplication(application.id),
    history: async () => (await m.applications.findApplicationWithHistory(application.id))!.history,
    ownerCounts: () => m.counters.readUserApplicationStats(owner.id),
    statusCounts: () => m.counters.readApplicationStatusCounts(),
    noticeCounts: () => m.notifications.readNotificationStats(owner.id),
    notices: async () =>
      (
        await m.window.readItems(m.notifications.notificationPartition(owner.id), {
          forward: false,
          count: 10,
        })
      ).items,
    mails: async () =>
      (await m.outbox.listAllUnsentItems(1000))
        .filter((mail) => mail.to === owner.email)
        .map((mail) => mail.id),
  };
}

describe('an injected DynamoDB fault in a transaction', () => {
  it("leaves no trace of a failed cancel by the owner and the owner's next cancel goes through", async () => {
    const owner = await putUser();
    const application = await pendingApplication(owner);
    const probe = statusChangeProbe(application, owner);

    await expectAllOrNothing(probe, () => m.mine.cancelMyApplication(owner.id, application.id));
  });

  it('leaves no trace of a failed expiry, counts it as failed, and the next run expires the application', async () => {
    const owner = await putUser();
    const hours = await m.settings.settingValue('applicationExpiryHours');
    const application = await pendingApplication(owner, new Date(Date.now() - (hours + 1) * HOUR));
    const probe = statusChangeProbe(application, owner);
    const before = await read(probe);

    // The run goes on past an application it cannot expire and reports it (the job then fails the run).
    failNextTransaction(m.client.db);
    expect(await m.expire.expireStaleApplications()).toMatchObject({ expired: 0, failed: 1 });
    expect(await read(probe)).toEqual(before);
    expect(await writesOf(m.client.db, () => m.expire.expireStaleApplications())).toEqual(ONE_TRANSACTION);
    expectEveryPartChanged(before, await read(probe));
    expect(await statusOf(application.id)).toBe('EXPIRED');
  });

  it('leaves the application, its counters and both reserves as they were after a failed completion', async () => {
    const owner = await putUser();
    const { application } = await m.create.createApplication(
      owner.id,
      {
        requestType: 'STANDARD',
        continent: 'europe',
        country: 'europe.spain',
        city: 'europe.spain.madrid',
        assetFrom: 'card-EUR',
        assetTo: 'usdt-trc20',
        amount: 750,
        contactTelegram: '@exchange_tester',
        amlAcknowledged: true as const,
        originFunds: 'N/A',
      },
      undefined,
    );
    const staff = { id: admin.id, role: 'ADMIN' as const };
    await m.adminActions.changeApplicationStatus(application.id, { status: 'PROCESSING' }, staff);
    const probe: Probe = {
      ...statusChangeProbe(application, owner),
      audit: () => m.audit.listAuditFor('application', application.id),
      reserves: async () => [...(await m.reservesData.findReserves(['EUR', 'USDT'], { consistent: true }))],
    };
    const complete = () =>
      m.adminActions.changeApplicationStatus(application.id, { status: 'COMPLETED' }, staff);

    await expectAllOrNothing(probe, complete);
  });

  it('leaves no trace of a failed update of the admin note and assignee', async () => {
    const owner = await putUser();
    const application = await pendingApplication(owner);
    const probe: Probe = {
      application: () => m.applications.findApplication(application.id),
      audit: () => m.audit.listAuditFor('application', application.id),
    };
    const update = () =>
      m.adminActions.updateApplicationDetails(
        application.id,
        { adminNote: 'Call the client first', assignedToId: manager.id },
        { id: admin.id, role: 'ADMIN' },
      );

    await expectAllOrNothing(probe, update);
  });

  it('leaves every location as it was after a failed geo toggle of a country and its cities', async () => {
    const locationKey = 'europe.germany';
    const probe: Probe = {
      nodes: () => m.geo.listGeoNodes('europe'),
      audit: () => m.audit.listAuditFor('geo', locationKey),
    };
    const toggle = () =>
      m.geoAdmin.toggleGeo({ locationKey, isActive: false }, { id: admin.id, role: 'ADMIN' });

    await expectAllOrNothing(probe, toggle);
  });

  it('leaves the setting and its audit trail as they were after a failed settings change', async () => {
    const key = 'minApplicationAmountUSD';
    const probe: Probe = {
      setting: () => m.settingsData.findSetting(key),
      audit: () => m.audit.listAuditFor('setting', key),
    };
    const change = () =>
      m.settings.putSetting(
        key,
        { value: 90, description: 'Lowered for a test' },
        { id: admin.id, role: 'ADMIN' },
      );

    await expectAllOrNothing(probe, change);
  });

  it('leaves currency values, directions, the update time and the audit as they were after a failed rates change', async () => {
    const probe: Probe = {
      table: () => m.ratesData.readRatesTable(),
      audit: () => m.audit.listAuditFor('rates', 'table'),
    };
    const change = () =>
      m.rates.putRates(
        {
          currencies: [{ code: 'ZAR', usdValue: 0.0571 }],
          directions: [{ assetFrom: 'cash-ZAR', assetTo: 'usdt-trc20', markupPercent: 2.5, isActive: true }],
        },
        { id: admin.id, role: 'ADMIN' },
      );

    await expectAllOrNothing(probe, change);
  });

  it('leaves the reserves and their audit as they were after a failed reserves change', async () => {
    const probe: Probe = {
      reserves: () => m.reservesData.readReserves(),
      audit: () => m.audit.listAuditFor('reserves', 'table'),
    };
    const change = () =>
      m.reserves.putReserves(
        {
          reserves: [
            { code: 'ZAR', amount: 1_500_000, alertLevel: 200_000 },
            { code: 'USDT', amount: 300_000.5, alertLevel: 25_000 },
          ],
        },
        { id: admin.id, role: 'ADMIN' },
      );

    await expectAllOrNothing(probe, change);
  });

  it('leaves the user, the email and username markers, the role index and the audit as they were after a failed staff edit', async () => {
    const target = await putUser();
    const tag = `moved${target.id.slice(0, 8)}`;
    const changes = {
      email: `${tag}@example.test`,
      username: tag,
      role: 'MANAGER' as const,
      isActive: false,
      adminComment: 'Moved to the support team',
    };
    const probe: Probe = {
      user: () => m.users.findUserById(target.id, true),
      byOldEmail: () => m.users.findUserByEmail(target.email),
      byNewEmail: () => m.users.findUserByEmail(changes.email),
      byOldUsername: () => m.users.findUserByUsername(target.username!),
      byNewUsername: () => m.users.findUserByUsername(changes.username),
      managers: () => m.adminUsers.countUsersOfRole('MANAGER'),
      audit: () => m.audit.listAuditFor('user', target.id),
    };
    const edit = () =>
      m.changeUser.changeUser(
        { id: admin.id, role: 'ADMIN', isActive: true },
        target.id,
        changes,
        'user.update',
      );

    await expectAllOrNothing(probe, edit);
  });

  it("leaves the user's referral count and the audit as they were after a failed reset of referrals", async () => {
    const inviter = await putUser();
    await putUser({ invitedBy: inviter.id });
    const probe: Probe = {
      user: () => m.users.findUserById(inviter.id, true),
      audit: () => m.audit.listAuditFor('user', inviter.id),
    };
    expect(await m.users.findUserById(inviter.id, true)).toMatchObject({ referralCount: 1 });
    const reset = () =>
      m.resetReferrals.resetReferrals({ id: admin.id, role: 'ADMIN', isActive: true }, inviter.id);

    await expectAllOrNothing(probe, reset);
  });
});
