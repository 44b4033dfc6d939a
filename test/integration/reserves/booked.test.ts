import type { ApplicationRecord } from '@functions/data/applications';
import type { UserRecord } from '@functions/data/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusal } from '../../support/refusals';
import { createIsolatedTable, putUser } from '../applications/isolated-table';
import { parseRatesXml } from '../export/rates-xml-reader';

/**
 * Reserves once the books hold them (the carry-over ran): what a monitor and a client see of a
 * direction is what the office accounts paying out its asset hold, so cash RUB and card RUB are
 * separate figures, and a completion moves the accounts alone. A table of this file's own (whole
 * balances, the monitors' file); functions/ modules are imported after it exists. The tests run in
 * order, each on what the last left.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let admin: UserRecord;
let client: UserRecord;

const modules = async () => ({
  create: await import('@functions/domain/applications/create'),
  adminActions: await import('@functions/domain/applications/admin-actions'),
  accounts: await import('@functions/domain/ledger/accounts'),
  carryOver: await import('@functions/domain/ledger/carry-over'),
  file: await import('@functions/domain/export/rates-export'),
  rates: await import('@functions/domain/rates/rates'),
  reserves: await import('@functions/domain/reserves/reserves'),
  reservesData: await import('@functions/data/reserves'),
  applications: await import('@functions/data/applications'),
  notifications: await import('@functions/domain/notifications/notifications'),
});

const asAdmin = () => ({ id: admin.id, role: 'ADMIN' as const });

beforeAll(async () => {
  drop = await createIsolatedTable('booked');
  m = await modules();
  [admin, client] = await Promise.all([putUser({ role: 'ADMIN' }), putUser()]);
  // Staff's reserves of an install from before the books, then the deploy's carry-over.
  await m.reserves.putReserves(
    {
      reserves: [
        { code: 'RUB', amount: 3_000_000, alertLevel: 0 },
        { code: 'USDT', amount: 400_000, alertLevel: 0 },
        { code: 'EUR', amount: 20_000, alertLevel: 0 },
      ],
    },
    asAdmin(),
  );
  await m.carryOver.carryOverIntoBooks();
});

afterAll(async () => {
  await drop();
});

/** Staff's switch of a direction to the monitors, keeping its other terms. */
async function publish(assetFrom: string, assetTo: string, monitorCode: string | null = null) {
  const direction = (await m.rates.allRates()).directions.find(
    (d) => d.assetFrom === assetFrom && d.assetTo === assetTo,
  )!;
  const { markupPercent, minAmount, maxAmount, isActive } = direction;
  await m.rates.putRates(
    {
      currencies: [],
      directions: [
        {
          assetFrom,
          assetTo,
          markupPercent,
          minAmount,
          maxAmount,
          isActive,
          publishToMonitors: true,
          monitorCode,
        },
      ],
    },
    asAdmin(),
  );
}

/** An office account opened with its opening balance, as an ADMIN does on /admin/accounts. */
async function openAccount(
  body: { name: string; kind: 'cash' | 'card' | 'wallet'; currency: string; assets: string[] },
  amount: string,
) {
  const account = await m.accounts.createAccount({ ...body, office: null, address: null }, asAdmin());
  await m.accounts.adjustAccount(
    account.id,
    { amount, reason: 'Counted at the start', opening: true },
    asAdmin(),
  );
  return account;
}

const items = async () => parseRatesXml((await m.file.monitorsRatesFile({})).document);

describe("the monitors' file", () => {
  it('states cash RUB and a bank card of RUB each with what its own accounts hold', async () => {
    await publish('usdt-trc20', 'cash-RUB');
    await publish('usdt-trc20', 'card-RUB', 'SBERRUB');
    await openAccount(
      { name: 'Moscow desk RUB', kind: 'cash', currency: 'RUB', assets: ['cash-RUB'] },
      '250000.50',
    );

    const list = await items();
    const cash = list.find(
      (item) => item.from === 'USDTTRC20' && item.to === 'CASHRUB' && item.city === 'MSK',
    );
    const card = list.find((item) => item.from === 'USDTTRC20' && item.to === 'SBERRUB');

    // The desk holds its opening; the card RUB account holds the reserve carried over.
    expect(cash?.amount).toBe(250_000.5);
    expect(card?.amount).toBe(3_000_000);
  });

  it('counts an account that pays out several assets in each of them', async () => {
    await openAccount(
      { name: 'T-Bank RUB', kind: 'card', currency: 'RUB', assets: ['card-RUB', 'cash-RUB'] },
      '1000',
    );

    const list = await items();

    expect(list.find((item) => item.to === 'CASHRUB' && item.city === 'MSK')?.amount).toBe(251_000.5);
    expect(list.find((item) => item.to === 'SBERRUB')?.amount).toBe(3_001_000);
  });
});

/** A card-EUR → USDT deal in Madrid, taken up (PROCESSING) by the admin. */
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
      contactTelegram: '@booked_tester',
      amlAcknowledged: true as const,
      originFunds: 'N/A',
    },
    undefined,
  );
  await m.adminActions.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asAdmin());
  return application;
}

const heldOf = async (assetTo: string) =>
  (await m.rates.allRates()).directions.find((d) => d.assetFrom === 'card-EUR' && d.assetTo === assetTo)!
    .reserve;
const usdtHeld = async () =>
  (await m.rates.allRates()).directions.find((d) => d.assetFrom === 'card-EUR' && d.assetTo === 'usdt-trc20')!
    .reserve!;
const recordOf = async (code: string) =>
  (await m.reservesData.findReserves([code], { consistent: true })).get(code)!;

describe('a completion', () => {
  it('moves the accounts once and the old figure not at all', async () => {
    const application = await processing(512.34);
    const [usdtBefore, recordBefore] = [await usdtHeld(), await recordOf('USDT')];

    await m.adminActions.changeApplicationStatus(application.id, { status: 'COMPLETED' }, asAdmin());

    expect(await usdtHeld()).toBe(Number((usdtBefore - application.amountTo!).toFixed(6)));
    expect(await recordOf('USDT')).toMatchObject({
      amount: recordBefore.amount,
      version: recordBefore.version,
    });
    expect(await heldOf('usdt-trc20')).toBe(await usdtHeld());
  });

  it('is refused with 409 when the accounts that pay out its asset hold less than it pays, and moves nothing', async () => {
    const application = await processing(500);
    const held = await usdtHeld();
    const wallet = (await m.accounts.listAccounts()).accounts.find((a) => a.id === 'asset-usdt-trc20')!;
    // Staff record that most of the USDT left the wallet: the books now hold 1 USDT.
    await m.accounts.adjustAccount(
      wallet.id,
      { amount: String(-(held - 1)), reason: 'Moved to cold storage' },
      asAdmin(),
    );

    expect(
      await refusal(
        m.adminActions.changeApplicationStatus(application.id, { status: 'COMPLETED' }, asAdmin()),
      ),
    ).toMatchObject({
      status: 409,
      code: 'ReserveTooLow',
      params: { currency: 'USDT', held: 1, paid: application.amountTo },
    });
    expect(await usdtHeld()).toBe(1);
    expect((await m.applications.findApplication(application.id))!.status).toBe('PROCESSING');
  });

  it('alerts staff once when its accounts are below the alert level, and re-arms once they are back', async () => {
    // The books hold 1 USDT now (the last test).
    await m.reserves.putReserves({ reserves: [{ code: 'USDT', amount: 1, alertLevel: 100 }] }, asAdmin());

    expect(await recordOf('USDT')).toMatchObject({ alertState: 'alerted', alertedAt: expect.any(String) });
    const notices = await m.notifications.listNotifications(admin.id, { page: 1, limit: 50 });
    expect(
      notices.items.filter((item) => item.type === 'RESERVE_LOW' && item.currency === 'USDT'),
    ).toHaveLength(1);

    const wallet = 'asset-usdt-trc20';
    await m.accounts.adjustAccount(wallet, { amount: '1000', reason: 'Back from cold storage' }, asAdmin());
    const application = await processing(200);
    await m.adminActions.changeApplicationStatus(application.id, { status: 'COMPLETED' }, asAdmin());

    expect(await recordOf('USDT')).toMatchObject({ alertState: 'armed', alertedAt: null });
  });
});
