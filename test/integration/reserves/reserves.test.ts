import { listAuditFor } from '@functions/data/audit';
import { offeredSeedCurrencies, seedReserve } from '@functions/seed/rates-data';
import type { ApplicationView } from '@shared/contract/applications';
import type { PublicRatesData, Quote, RatesData } from '@shared/contract/rates';
import type { ReservesData, ReserveView } from '@shared/contract/reserves';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody, submit } from '../applications/fixtures';

/**
 * The reserves over HTTP in the shared table. This file alone changes a reserve, and only GEL's
 * (Georgia; no other file exchanges it), and puts it back afterwards. Exact moves of both
 * currencies, the alerts and the transaction faults are in completion.test.ts and
 * transaction-faults.test.ts, on tables of their own.
 */
let admin: TestUser;
let manager: TestUser;
let client: TestUser;

beforeAll(async () => {
  [admin, manager, client] = await Promise.all([
    newUser({ role: 'ADMIN' }),
    newUser({ role: 'MANAGER' }),
    newUser(),
  ]);
});

afterAll(async () => {
  await putReserves([{ code: 'GEL', ...seedReserve('GEL') }]);
});

const tbilisi = { continent: 'cis', country: 'cis.georgia', city: 'cis.georgia.tbilisi' };
const reserves = (user: TestUser) => api<ReservesData>('GET', '/api/admin/reserves', { token: user.token });
const putReserves = (body: unknown, user = admin) =>
  api<{ changed: number; reserves: ReserveView[] }>('PUT', '/api/admin/reserves', {
    token: user.token,
    body: Array.isArray(body) ? { reserves: body } : body,
  });
const gel = async () =>
  (await reserves(admin)).body.data!.reserves.find((reserve) => reserve.code === 'GEL')!;
const calculate = (amount: number) =>
  api<Quote>('POST', '/api/rates/calculate', {
    body: { assetFrom: 'usdt-trc20', assetTo: 'cash-GEL', amount },
  });
/** A USDT → cash GEL application in Tbilisi. */
const gelApplication = (amount: number) =>
  standardBody({ ...tbilisi, assetFrom: 'usdt-trc20', assetTo: 'cash-GEL', amount });

describe('GET /api/admin/reserves', () => {
  it('shows staff (MANAGER and up) the seeded reserve of USDT and of every offered currency with its alert level', async () => {
    const answer = await reserves(manager);
    const codes = answer.body.data!.reserves.map((reserve) => reserve.code);
    expect(answer.status).toBe(200);
    expect(codes).toEqual(expect.arrayContaining(['USDT', ...offeredSeedCurrencies()]));
    expect(answer.body.data!.reserves.find((reserve) => reserve.code === 'USDT')).toMatchObject({
      alertLevel: 25_000,
      belowAlert: false,
      alertedAt: null,
    });
  });

  it('is refused to a user', async () => {
    const answer = await reserves(client);
    expect(answer.status).toBe(403);
    expect(answer.body.success).toBe(false);
  });
});

describe('PUT /api/admin/reserves', () => {
  it('sets an amount and an alert level, records who changed what, and shows it in the staff rates table', async () => {
    const before = await gel();
    const answer = await putReserves([{ code: 'GEL', amount: 15_000.5, alertLevel: 2_000 }]);
    const [entry] = await listAuditFor('reserves', 'table');
    const staffRates = (await api<RatesData>('GET', '/api/admin/rates', { token: admin.token })).body.data!;

    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('Reserves saved.');
    expect(answer.body.data!.changed).toBe(1);
    expect(answer.body.data!.reserves.find((reserve) => reserve.code === 'GEL')).toMatchObject({
      amount: 15_000.5,
      alertLevel: 2_000,
      belowAlert: false,
      updatedBy: admin.id,
    });
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'reserves.update',
      before: { GEL: { amount: before.amount, alertLevel: before.alertLevel } },
      after: { GEL: { amount: 15_000.5, alertLevel: 2_000 } },
    });
    expect(staffRates.reserves.find((reserve) => reserve.code === 'GEL')).toMatchObject({
      amount: 15_000.5,
      alertLevel: 2_000,
    });
    expect(
      staffRates.directions.find((d) => d.assetFrom === 'usdt-trc20' && d.assetTo === 'cash-GEL'),
    ).toMatchObject({ reserve: 15_000.5 });
  });

  it('writes nothing when nothing changes', async () => {
    await putReserves([{ code: 'GEL', amount: 15_000, alertLevel: 2_000 }]);
    const answer = await putReserves([{ code: 'GEL', amount: 15_000, alertLevel: 2_000 }]);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.changed).toBe(0);
  });

  it.each([
    ['a negative amount', [{ code: 'GEL', amount: -1, alertLevel: 0 }], 'reserves.0.amount'],
    ['cents below the cent', [{ code: 'GEL', amount: 10.001, alertLevel: 0 }], 'reserves.0.amount'],
    [
      'USDT below the micro-unit',
      [{ code: 'USDT', amount: 1, alertLevel: 0.0000001 }],
      'reserves.0.alertLevel',
    ],
    ['an unknown currency code', [{ code: 'gel', amount: 1, alertLevel: 0 }], 'reserves.0.code'],
    ['a missing alert level', [{ code: 'GEL', amount: 1 }], 'reserves.0.alertLevel'],
    ['a text amount', [{ code: 'GEL', amount: 'lots', alertLevel: 0 }], 'reserves.0.amount'],
    [
      'a currency named twice',
      [
        { code: 'GEL', amount: 1, alertLevel: 0 },
        { code: 'GEL', amount: 2, alertLevel: 0 },
      ],
      'reserves.1.code',
    ],
    ['no reserve at all', [], 'reserves'],
    ['an unknown field', { reserves: [{ code: 'GEL', amount: 1, alertLevel: 0 }], note: 'x' }, 'note'],
  ])('refuses %s with 400 and the field', async (_case, body, path) => {
    const answer = await putReserves(body);
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.errors?.map((error) => error.path)).toContain(path);
    expect((await gel()).amount).not.toBe(1);
  });

  it('is refused to a user and to a MANAGER', async () => {
    const body = [{ code: 'GEL', amount: 1, alertLevel: 0 }];
    expect((await putReserves(body, client)).status).toBe(403);
    expect((await putReserves(body, manager)).status).toBe(403);
    expect((await gel()).amount).not.toBe(1);
  });
});

describe('the reserve in the rates and the quote', () => {
  beforeAll(async () => {
    await putReserves([{ code: 'GEL', amount: 2_700, alertLevel: 500 }]);
  });

  it('publishes the reserve of what each direction pays out, and its limits for one pair', async () => {
    const all = (await api<PublicRatesData>('GET', '/api/rates')).body.data!;
    const pair = await api<PublicRatesData>('GET', '/api/rates?assetFrom=usdt-trc20&assetTo=cash-GEL');
    const direction = pair.body.data!.directions;
    expect(
      all.directions.find((d) => d.assetFrom === 'usdt-trc20' && d.assetTo === 'cash-GEL'),
    ).toMatchObject({
      reserve: 2_700,
    });
    expect(pair.status).toBe(200);
    expect(direction).toHaveLength(1);
    expect(direction[0]).toMatchObject({
      assetFrom: 'usdt-trc20',
      assetTo: 'cash-GEL',
      reserve: 2_700,
      quoteLimits: { maxAmount: null, maxAmountTo: 2_700 },
    });
    expect(direction[0]!.quoteLimits!.minAmount).toBeGreaterThan(0);
    expect(pair.body.data!.currencies.map((currency) => currency.code)).toEqual(['GEL', 'USDT']);
    expect(JSON.stringify(pair.body.data)).not.toContain('alertLevel');
  });

  it('states the most that can be received and flags an amount whose payout is above the reserve', async () => {
    const within = (await calculate(100)).body.data!;
    const above = (await calculate(1_500)).body.data!;
    expect(within).toMatchObject({ reserve: 2_700, maxAmountTo: 2_700, aboveReserve: false });
    expect(above.amountTo).toBeGreaterThan(2_700);
    expect(above).toMatchObject({ reserve: 2_700, aboveReserve: true });
  });

  it('refuses an application whose amount to receive exceeds the reserve, with the reason on the amount', async () => {
    const answer = await submit(client, gelApplication(1_500));
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        path: 'amount',
        msg: 'The exchange can pay out at most 2700 GEL now; lower the amount.',
      }),
    ]);
  });

  it('lowers the reserve by exactly what a completed application pays out', async () => {
    const application: ApplicationView = await createApplication(client, gelApplication(300.5));
    await setStatus(manager, application.id, 'PROCESSING');
    const before = (await gel()).amount;
    const done = await setStatus(manager, application.id, 'COMPLETED');
    expect(done.status).toBe(200);
    expect((await gel()).amount).toBe(Number((before - application.amountTo!).toFixed(2)));
  });

  it('refuses to complete with 409 when the reserve fell below the payout since, and moves nothing', async () => {
    const application = await createApplication(client, gelApplication(200));
    await setStatus(manager, application.id, 'PROCESSING');
    await putReserves([{ code: 'GEL', amount: 10, alertLevel: 0 }]);

    const answer = await setStatus(manager, application.id, 'COMPLETED');

    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      `The GEL reserve is too low to complete this application: it holds 10 GEL and the application pays out ${application.amountTo} GEL. Update the reserve if the office holds more.`,
    );
    expect(answer.body).toMatchObject({
      code: 'ReserveTooLow',
      params: { currency: 'GEL', held: 10, paid: application.amountTo },
    });
    expect((await gel()).amount).toBe(10);
    const staffView = await api<ApplicationView>('GET', `/api/admin/applications/${application.id}`, {
      token: manager.token,
    });
    expect(staffView.body.data!.status).toBe('PROCESSING');
  });
});
