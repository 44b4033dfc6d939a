import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApplicationRecord } from '@functions/data/applications';
import type { UserRecord } from '@functions/data/users';
import { plainCurrencyAmount } from '@shared/assets';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { refusal } from '../support/refusals';
import { createIsolatedTable, putUser } from './applications/isolated-table';
import { beforeNextTransaction } from './support/transaction-faults';

/**
 * A cancelled transaction is read by the names of its parts ('status', 'reserve:USDT', 'assignee'),
 * not by positions. Each race here is a write made between a change's reads and its commit
 * (`beforeNextTransaction`), so which condition fails is certain, not a matter of timing. Reserve
 * amounts need a table of this file's own, so functions/ modules are imported only after
 * `createIsolatedTable`.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let admin: UserRecord;
let manager: UserRecord;
let plainUser: UserRecord;
let client: UserRecord;

const modules = async () => ({
  client: await import('@functions/data/client'),
  keys: (await import('@functions/data/keys')).keys,
  transactions: await import('@functions/data/transactions'),
  applications: await import('@functions/data/applications'),
  reservesData: await import('@functions/data/reserves'),
  create: await import('@functions/domain/applications/create'),
  adminActions: await import('@functions/domain/applications/admin-actions'),
  reserves: await import('@functions/domain/reserves/reserves'),
});

beforeAll(async () => {
  drop = await createIsolatedTable('named');
  m = await modules();
  [admin, manager, plainUser, client] = await Promise.all([
    putUser({ role: 'ADMIN' }),
    putUser({ role: 'MANAGER' }),
    putUser(),
    putUser(),
  ]);
});

afterEach(() => {
  vi.restoreAllMocks();
});

afterAll(async () => {
  await drop();
});

const asAdmin = () => ({ id: admin.id, role: 'ADMIN' as const });

/** What the error of a transaction that should have been cancelled says failed. */
async function failureOf(run: Promise<void>) {
  const error = await run.then(
    () => {
      throw new Error('expected the transaction to be cancelled');
    },
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(m.transactions.TransactionCancelledError);
  const { failed, conditionFailed } = error as InstanceType<typeof m.transactions.TransactionCancelledError>;
  return { failed, conditionFailed };
}

describe('a transaction of named parts', () => {
  const staffCheck = () => m.applications.assigneeStillStaff(manager.id);
  const failingCheck = () => m.applications.assigneeStillStaff(plainUser.id);

  it('names the second part when only its condition failed', async () => {
    const run = new m.transactions.Transaction()
      .add('first', staffCheck())
      .add('second', failingCheck())
      .run();

    expect(await failureOf(run)).toEqual({ failed: ['second'], conditionFailed: true });
  });

  it('names the first part when only its condition failed', async () => {
    const run = new m.transactions.Transaction()
      .add('first', failingCheck())
      .add('second', staffCheck())
      .run();

    expect(await failureOf(run)).toEqual({ failed: ['first'], conditionFailed: true });
  });

  it('names every part whose condition failed, in the order they were added', async () => {
    const run = new m.transactions.Transaction()
      .add('first', failingCheck())
      .add('passing', staffCheck())
      .add('second', m.applications.assigneeStillStaff(client.id))
      .run();

    expect(await failureOf(run)).toEqual({ failed: ['first', 'second'], conditionFailed: true });
  });

  it('names a part of several items once, whichever of its items failed', async () => {
    const run = new m.transactions.Transaction()
      .add('checks', staffCheck(), failingCheck())
      .addParts([{ name: 'other', item: m.applications.assigneeStillStaff(admin.id) }])
      .run();

    expect(await failureOf(run)).toEqual({ failed: ['checks'], conditionFailed: true });
  });

  it('reports a failed condition of an unnamed transaction without a name', async () => {
    const run = m.transactions.transactWrite([staffCheck(), failingCheck()]);

    expect(await failureOf(run)).toEqual({ failed: [], conditionFailed: true });
  });
});

describe('assigning an application while something changes before the commit', () => {
  const individual = {
    requestType: 'INDIVIDUAL' as const,
    details: 'Cash pickup in Madrid',
    contactTelegram: '@named_tester',
    amlAcknowledged: true as const,
  };

  async function pending(): Promise<ApplicationRecord> {
    return (await m.create.createApplication(client.id, individual, undefined)).application;
  }

  it('refuses the assignee when they stop being active staff before the commit, and writes nothing', async () => {
    const application = await pending();
    const assignee = await putUser({ role: 'MANAGER' });
    beforeNextTransaction(m.client.db, () =>
      m.client.db.send(
        new UpdateCommand({
          TableName: m.client.tableName,
          Key: m.keys.user(assignee.id),
          UpdateExpression: 'SET isActive = :false',
          ExpressionAttributeValues: { ':false': false },
        }),
      ),
    );

    const answer = await refusal(
      m.adminActions.updateApplicationDetails(application.id, { assignedToId: assignee.id }, asAdmin()),
    );

    expect(answer).toMatchObject({
      status: 400,
      errors: [
        { path: 'assignedToId', msg: 'The assignee must be an active MANAGER, ADMIN or SUPER_ADMIN.' },
      ],
    });
    expect(await m.applications.findApplication(application.id)).toMatchObject({
      assignedToId: null,
      version: application.version,
    });
  });

  it('reads the application again when only it changed before the commit, and keeps both changes', async () => {
    const application = await pending();
    beforeNextTransaction(m.client.db, () =>
      m.adminActions.updateApplicationDetails(application.id, { adminNote: 'Call first' }, asAdmin()),
    );

    const view = await m.adminActions.updateApplicationDetails(
      application.id,
      { assignedToId: manager.id },
      asAdmin(),
    );

    expect(view).toMatchObject({ adminNote: 'Call first', assignedToId: manager.id });
    expect(await m.applications.findApplication(application.id)).toMatchObject({
      adminNote: 'Call first',
      assignedToId: manager.id,
    });
  });
});

describe('completing an application while something changes before the commit', () => {
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
        contactTelegram: '@named_tester',
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

  const usdtHeld = async () =>
    (await m.reservesData.findReserves(['USDT'], { consistent: true })).get('USDT')!.amount;

  const setUsdt = (amount: number) =>
    m.reserves.putReserves({ reserves: [{ code: 'USDT', amount, alertLevel: 0 }] }, asAdmin());

  /** Two applications taken up, then USDT enough for the first and half the second (each alone passes the check). */
  async function twoAndOneAndAHalfReserve(): Promise<[ApplicationRecord, ApplicationRecord]> {
    await setUsdt(100_000);
    const [first, second] = [await processing(500), await processing(500)];
    await setUsdt(Number((first.amountTo! + second.amountTo! / 2).toFixed(6)));
    return [first, second];
  }

  it('refuses with the reserve left when another completion paid out of it first', async () => {
    const [first, second] = await twoAndOneAndAHalfReserve();
    beforeNextTransaction(m.client.db, () => complete(first));

    const answer = await refusal(complete(second));

    const held = await usdtHeld();
    expect(answer).toMatchObject({
      status: 409,
      message: `The USDT reserve is too low to complete this application: it holds ${plainCurrencyAmount(held, 'USDT')} and the application pays out ${plainCurrencyAmount(second.amountTo!, 'USDT')}. Update the reserve if the office holds more.`,
    });
    expect(held).toBeLessThan(second.amountTo!);
    expect((await m.applications.findApplication(second.id))!.status).toBe('PROCESSING');
  });

  it('answers that the status moved when it moved too, the payout condition failing as well', async () => {
    const [first, second] = await twoAndOneAndAHalfReserve();
    beforeNextTransaction(m.client.db, async () => {
      await complete(first);
      await m.adminActions.changeApplicationStatus(second.id, { status: 'CANCELLED' }, asAdmin());
    });

    const answer = await refusal(complete(second));

    expect(answer).toMatchObject({
      status: 409,
      message: 'The application is no longer PROCESSING: someone changed it first. Reload it.',
    });
    expect((await m.applications.findApplication(second.id))!.status).toBe('CANCELLED');
  });
});
