import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicationRecord } from '@functions/data/applications';
import type { UserRecord } from '@functions/data/users';
import type { LocalMailSender } from '@infra/local/outbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runId } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { refusal } from '../../support/refusals';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * Completing applications moves the reserves, and a reserve below its alert level alerts staff
 * once per crossing. Exact amounts and "every active staff member" need a table of this file's
 * own (other files complete USDT applications in the shared one), so functions/ modules are
 * imported only after `createIsolatedTable`, and the domain is called as the handlers call it.
 * The stack's outbox sender reads the shared table, so this file runs one of its own on its table.
 */
let drop: () => Promise<void>;
let mailSender: LocalMailSender;
let m: Awaited<ReturnType<typeof modules>>;
let admin: UserRecord;
let managerRu: UserRecord;
let client: UserRecord;
let staffInbox: string;

const modules = async () => ({
  create: await import('@functions/domain/applications/create'),
  adminActions: await import('@functions/domain/applications/admin-actions'),
  reserves: await import('@functions/domain/reserves/reserves'),
  reserveViews: await import('@functions/domain/reserves/views'),
  alerts: await import('@functions/domain/reserves/alerts'),
  settings: await import('@functions/domain/settings/settings'),
  notifications: await import('@functions/domain/notifications/notifications'),
  reservesData: await import('@functions/data/reserves'),
  applications: await import('@functions/data/applications'),
  client: await import('@functions/data/client'),
  keys: (await import('@functions/data/keys')).keys,
  localOutbox: await import('@infra/local/outbox'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('reserves');
  m = await modules();
  mailSender = await m.localOutbox.startLocalMailSender();
  [admin, managerRu, client] = await Promise.all([
    putUser({ role: 'ADMIN', language: 'en' }),
    putUser({ role: 'MANAGER', language: 'ru' }),
    putUser(),
  ]);
  staffInbox = `reserves-${runId()}@example.test`;
  // The staff address is a SUPER_ADMIN's setting.
  await m.settings.putSetting(
    'staffNotifyEmail',
    { value: staffInbox },
    { id: admin.id, role: 'SUPER_ADMIN' },
  );
});

afterAll(async () => {
  await mailSender?.stop();
  await drop();
});

const asAdmin = () => ({ id: admin.id, role: 'ADMIN' as const });

/** A card-EUR → USDT application in Madrid, taken up (PROCESSING) by the admin. */
async function processing(amount: number): Promise<ApplicationRecord> {
  const { application } = await m.create.createApplication(
    client.id,
    {
      requestType: 'STANDARD',
      continent: 'europe',
      country: 'europe.spain',
      city: 'europe.spain.madrid',
      assetFrom: 'card-EUR',
      assetTo: 'usdt-trc20',
      amount,
      contactTelegram: '@reserve_tester',
      amlAcknowledged: true as const,
      originFunds: 'N/A',
    },
    undefined,
  );
  await m.adminActions.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asAdmin());
  return application;
}

const complete = (application: ApplicationRecord) =>
  m.adminActions.changeApplicationStatus(application.id, { status: 'COMPLETED' }, asAdmin());

const setReserves = (reserves: Array<{ code: string; amount: number; alertLevel: number }>) =>
  m.reserves.putReserves({ reserves }, asAdmin());

async function reserveOf(code: string) {
  return (await m.reservesData.findReserves([code], { consistent: true })).get(code)!;
}

/** The reserve alerts a staff member holds, newest first. */
async function reserveNotices(user: UserRecord) {
  const page = await m.notifications.listNotifications(user.id, { page: 1, limit: 50 });
  return page.items.filter((item) => item.type === 'RESERVE_LOW');
}

describe('completing an application', () => {
  it('pays out what the client receives and takes in what the client gives, to the cent and micro-unit', async () => {
    const application = await processing(512.34);
    const [eur, usdt] = [await reserveOf('EUR'), await reserveOf('USDT')];

    await complete(application);

    expect(await reserveOf('EUR')).toMatchObject({ amount: Number((eur.amount + 512.34).toFixed(2)) });
    expect(await reserveOf('USDT')).toMatchObject({
      amount: Number((usdt.amount - application.amountTo!).toFixed(6)),
    });
    expect(application.amountTo).toBeGreaterThan(0);
  });

  it('is refused with 409, and moves nothing, when it would pay out more than the reserve holds', async () => {
    const application = await processing(500);
    const eur = await reserveOf('EUR');
    await setReserves([{ code: 'USDT', amount: 100, alertLevel: 0 }]);

    expect(await refusal(complete(application))).toMatchObject({
      status: 409,
      message: `The USDT reserve is too low to complete this application: it holds 100 USDT and the application pays out ${application.amountTo} USDT. Update the reserve if the office holds more.`,
    });
    expect(await reserveOf('USDT')).toMatchObject({ amount: 100 });
    expect(await reserveOf('EUR')).toMatchObject({ amount: eur.amount });
    expect((await m.applications.findApplication(application.id))!.status).toBe('PROCESSING');

    await setReserves([{ code: 'USDT', amount: 10_000, alertLevel: 0 }]);
    await complete(application);
    expect(await reserveOf('USDT')).toMatchObject({
      amount: Number((10_000 - application.amountTo!).toFixed(6)),
    });
  });

  it('leaves a currency without a reserve untouched (it is not tracked) and still pays out the other', async () => {
    const application = await processing(200);
    const eur = await reserveOf('EUR');
    await m.client.db.send(new DeleteCommand({ TableName: m.client.tableName, Key: m.keys.reserve('EUR') }));
    const usdt = await reserveOf('USDT');

    await complete(application);

    expect(await m.reservesData.findReserves(['EUR'], { consistent: true })).toEqual(new Map());
    expect(await reserveOf('USDT')).toMatchObject({
      amount: Number((usdt.amount - application.amountTo!).toFixed(6)),
    });
    await setReserves([{ code: 'EUR', amount: eur.amount, alertLevel: eur.alertLevel }]);
  });
});

describe('a reserve below its alert level', () => {
  it('alerts every active staff member and the staff address once per crossing, and again after re-arming', async () => {
    const [first, second, third] = [await processing(500), await processing(100), await processing(500)];
    // 1,000 USDT held, alert below 800: the first completion (about 530 USDT) crosses the level.
    await setReserves([{ code: 'USDT', amount: 1000, alertLevel: 800 }]);
    expect(await reserveNotices(admin)).toEqual([]);
    const mailsBefore = (await mailsTo(staffInbox)).length;

    await complete(first);

    const [notice] = await reserveNotices(admin);
    const remaining = Number((1000 - first.amountTo!).toFixed(6));
    expect(notice).toMatchObject({
      type: 'RESERVE_LOW',
      currency: 'USDT',
      isRead: false,
      title: 'The USDT reserve is below its alert level',
    });
    expect(notice!.message).toContain(
      `The USDT reserve is ${remaining.toLocaleString('en-US', { maximumFractionDigits: 6 })} USDT, below its alert level of 800 USDT.`,
    );
    expect(await reserveNotices(managerRu)).toMatchObject([
      { currency: 'USDT', title: 'Резерв USDT ниже порога оповещения' },
    ]);
    expect(await reserveNotices(client)).toEqual([]);
    const mails = (await mailsTo(staffInbox)).slice(mailsBefore);
    expect(mails.map((mail) => mail.subject)).toEqual(['Резерв USDT ниже порога оповещения']);
    expect(mails[0]!.body.text).toContain('/admin/reserves');
    expect(await reserveOf('USDT')).toMatchObject({ alertState: 'alerted' });

    // Still below: no second alert.
    await complete(second);
    await m.alerts.checkReserveAlerts(['USDT']);
    expect(await reserveNotices(admin)).toHaveLength(1);
    expect(await mailsTo(staffInbox)).toHaveLength(mailsBefore + 1);

    // Topped up: re-armed (no alert), then the next crossing alerts again.
    await setReserves([{ code: 'USDT', amount: 1100, alertLevel: 800 }]);
    expect(await reserveOf('USDT')).toMatchObject({ alertState: 'armed', alertedAt: null });
    expect(await reserveNotices(admin)).toHaveLength(1);
    await complete(third);
    expect(await reserveNotices(admin)).toHaveLength(2);
    expect(await reserveNotices(managerRu)).toHaveLength(2);
    expect(await mailsTo(staffInbox)).toHaveLength(mailsBefore + 2);
  });

  it('alerts once when staff set the level above the amount, however many checks race', async () => {
    await setReserves([{ code: 'EUR', amount: 5000, alertLevel: 1000 }]);
    const before = (await reserveNotices(admin)).length;

    await setReserves([{ code: 'EUR', amount: 5000, alertLevel: 6000 }]);
    await Promise.all([m.alerts.checkReserveAlerts(['EUR']), m.alerts.checkReserveAlerts(['EUR'])]);

    const notices = await reserveNotices(admin);
    expect(notices).toHaveLength(before + 1);
    expect(notices[0]).toMatchObject({ currency: 'EUR' });
    expect((await m.reserveViews.listReserves()).reserves.find((r) => r.code === 'EUR')).toMatchObject({
      amount: 5000,
      alertLevel: 6000,
      belowAlert: true,
      alertedAt: expect.any(String),
    });
  });
});
