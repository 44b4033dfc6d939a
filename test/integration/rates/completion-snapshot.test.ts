import type { UserRecord } from '@functions/data/users';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedTable, putUser } from '../applications/isolated-table';

/**
 * A completed deal keeps the market rate at its completion and its profit, on a table of this
 * file's own (it sets RUB's and USDT's USD values, which other files quote), so functions/ modules
 * are imported after the table exists and the domain is called as the handlers call it.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;
let admin: UserRecord;
let client: UserRecord;

const modules = async () => ({
  create: await import('@functions/domain/applications/create'),
  adminActions: await import('@functions/domain/applications/admin-actions'),
  rates: await import('@functions/domain/rates/rates'),
});

const asAdmin = () => ({ id: admin.id, role: 'ADMIN' as const });

beforeAll(async () => {
  drop = await createIsolatedTable('completion');
  m = await modules();
  [admin, client] = await Promise.all([putUser({ role: 'ADMIN' }), putUser()]);
  // The market by staff's USD values (no feed prices on this table): 1 RUB = 0.0108 USDT.
  await m.rates.putRates(
    {
      currencies: [
        { code: 'RUB', usdValue: 0.0108 },
        { code: 'USDT', usdValue: 1 },
      ],
      directions: [
        { assetFrom: 'card-RUB', assetTo: 'usdt-trc20', fixedRate: { figure: '93.00', unit: 'USDT' } },
      ],
    },
    asAdmin(),
  );
});

afterAll(async () => {
  await drop();
});

/** A card-RUB → USDT deal in Moscow for `amount` RUB, taken up (PROCESSING) by the admin. */
async function processing(amount: number) {
  const { application } = await m.create.createApplication(
    client.id,
    {
      requestType: 'STANDARD',
      continent: 'cis',
      country: 'cis.russia',
      city: 'cis.russia.moscow',
      assetFrom: 'card-RUB',
      assetTo: 'usdt-trc20',
      amount,
      contactTelegram: '@completion_tester',
      amlAcknowledged: true as const,
      originFunds: 'N/A',
    },
    undefined,
  );
  await m.adminActions.changeApplicationStatus(application.id, { status: 'PROCESSING' }, asAdmin());
  return application;
}

describe('a completed deal', () => {
  it('keeps the market rate at its completion and its profit in RUB and USDT', async () => {
    const application = await processing(9300);
    // The deal keeps the rate it was quoted at as typed, beside its number.
    expect(application).toMatchObject({
      amountTo: 100,
      rate: { rate: 0.01075268817, source: 'fixed', fixedRate: { figure: '93.00', unit: 'USDT' } },
    });

    await m.adminActions.changeApplicationStatus(application.id, { status: 'COMPLETED' }, asAdmin());
    const detail = await m.adminActions.getAdminApplication(application.id, asAdmin());

    // 9,300 RUB are worth 100.44 USDT at the market; 100 were paid out at the typed 93.
    expect(detail.completion).toMatchObject({
      rate: 0.01075268817,
      amountFrom: 9300,
      amountTo: 100,
      marketRate: 0.0108,
      marketSource: 'manual',
      fiatCurrency: 'RUB',
      profitUsdt: 0.44,
      profitFiat: 40.74,
    });
  });

  it('keeps the market as it was when the USD values move later', async () => {
    const application = await processing(18_600);
    await m.adminActions.changeApplicationStatus(application.id, { status: 'COMPLETED' }, asAdmin());

    await m.rates.putRates({ currencies: [{ code: 'RUB', usdValue: 0.011 }], directions: [] }, asAdmin());

    expect((await m.adminActions.getAdminApplication(application.id, asAdmin())).completion).toMatchObject({
      amountTo: 200,
      marketRate: 0.0108,
      profitUsdt: 0.88,
      profitFiat: 81.48,
    });
  });

  it('has none before it completes', async () => {
    const application = await processing(9300);

    expect((await m.adminActions.getAdminApplication(application.id, asAdmin())).completion).toBeNull();
  });
});
