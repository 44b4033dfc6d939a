import { listAuditFor } from '@functions/data/audit';
import { offeredSeedCurrencies } from '@functions/seed/rates-data';
import type { Quote, RatesData } from '@shared/contract/rates';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import type { TestUser } from '../../support/users';
import { individualBody, newUser, standardBody, submit } from '../applications/fixtures';

/** This file alone changes rates, and only those of ZAR and TZS (the other files quote EUR, KZT, RUB). */
let admin: TestUser;

beforeAll(async () => {
  admin = await newUser({ role: 'ADMIN' });
});

const rates = () => api<RatesData>('GET', '/api/rates');
const calculate = (body: unknown) => api<Quote>('POST', '/api/rates/calculate', { body });
const putRates = (body: unknown, user = admin) =>
  api<{ changed: number; rates: RatesData }>('PUT', '/api/admin/rates', { token: user.token, body });

const southAfrica = {
  continent: 'africa',
  country: 'africa.south_africa',
  city: 'africa.south_africa.johannesburg',
};
const tanzania = { continent: 'africa', country: 'africa.tanzania', city: 'africa.tanzania.dar_es_salaam' };

describe('GET /api/rates', () => {
  it('publishes both directions of cash and card for every currency the seed offers', async () => {
    const answer = await rates();
    const directions = new Set(answer.body.data!.directions.map((d) => `${d.assetFrom}>${d.assetTo}`));
    const missing = offeredSeedCurrencies().flatMap((currency) =>
      ['cash', 'card'].flatMap((kind) =>
        [`${kind}-${currency}>usdt-trc20`, `usdt-trc20>${kind}-${currency}`].filter(
          (key) => !directions.has(key),
        ),
      ),
    );
    expect(answer.status).toBe(200);
    expect(missing).toEqual([]);
    expect(answer.body.data!.directions.every((direction) => (direction.rate ?? 0) > 0)).toBe(true);
    expect(typeof answer.body.data!.updatedAt).toBe('string');
  });

  it('publishes a USD value for USDT and every offered currency', async () => {
    const codes = (await rates()).body.data!.currencies.map((currency) => currency.code);
    expect(codes).toEqual(expect.arrayContaining(['USDT', ...offeredSeedCurrencies()]));
  });

  it('applies the markup to the ratio of the USD values', async () => {
    const data = (await rates()).body.data!;
    const eur = data.currencies.find((currency) => currency.code === 'EUR')!.usdValue;
    const direction = data.directions.find((d) => d.assetFrom === 'card-EUR' && d.assetTo === 'usdt-trc20')!;
    expect(direction.rate).toBeCloseTo(eur * (1 - direction.markupPercent / 100), 8);
  });
});

describe('POST /api/rates/calculate', () => {
  it('returns the amount to receive, the rate, the USD value and the minimum', async () => {
    const answer = await calculate({ assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: 1000 });
    const quote = answer.body.data!;
    expect(answer.status).toBe(200);
    expect(quote).toMatchObject({
      currencyFrom: 'EUR',
      currencyTo: 'USDT',
      amount: 1000,
      belowMinimum: false,
    });
    expect(quote.amountTo).toBe(Math.floor(1000 * quote.rate * 100) / 100);
    expect(quote.amountUSD).toBeCloseTo(1000 * quote.usdValueFrom, 2);
    expect(quote.minAmount).toBeCloseTo(Math.ceil((quote.minAmountUSD / quote.usdValueFrom) * 100) / 100, 2);
  });

  it('flags an amount below the minimum', async () => {
    const answer = await calculate({ assetFrom: 'usdt-trc20', assetTo: 'cash-RUB', amount: 0.5 });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.belowMinimum).toBe(true);
  });

  it('refuses a fiat-to-fiat pair with 400', async () => {
    const answer = await calculate({ assetFrom: 'card-EUR', assetTo: 'cash-USD', amount: 100 });
    expect(answer.status).toBe(400);
  });

  it('answers a direction without a published rate with 422, NoRatePublished and the pair as params', async () => {
    const answer = await calculate({ assetFrom: 'card-XYZ', assetTo: 'usdt-trc20', amount: 100 });
    expect(answer.status).toBe(422);
    expect(answer.body.message).toMatch(/No exchange rate is available for card-XYZ → usdt-trc20/);
    expect(answer.body).toMatchObject({
      code: 'NoRatePublished',
      params: { assetFrom: 'card-XYZ', assetTo: 'usdt-trc20' },
    });
  });

  it('refuses an amount the apply route refuses, with the same field error', async () => {
    const pair = { assetFrom: 'card-USD', assetTo: 'usdt-trc20', amount: 150.001 };
    const quoted = await calculate(pair);
    const applied = await submit(await newUser(), standardBody(pair));
    expect(quoted.status).toBe(400);
    expect(quoted.body.errors).toEqual([
      {
        path: 'amount',
        param: 'amount',
        code: 'amountDecimals',
        msg: 'The amount may have at most 2 decimal places.',
        params: { decimals: 2 },
      },
    ]);
    expect(applied.status).toBe(400);
    expect(quoted.body.errors).toEqual(applied.body.errors);
  });

  it.each([[{}], [{ assetFrom: 'card-EUR', assetTo: 'usdt-trc20', amount: -1 }], [{ amount: 'lots' }]])(
    'refuses the body %j with 400',
    async (body) => {
      const answer = await calculate(body);
      expect(answer.status).toBe(400);
    },
  );
});

describe('PUT /api/admin/rates', () => {
  it('refuses a typed rate that would not read as typed, in the envelope with the field and its text', async () => {
    const answer = await putRates({
      directions: [
        { assetFrom: 'card-ZAR', assetTo: 'usdt-trc20', fixedRate: { figure: '18.125', unit: 'USDT' } },
      ],
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      errors: [{ path: 'directions.0.fixedRate', code: 'typedRate' }],
    });
  });

  it("takes a direction's market price, shows it to staff only, and refuses a coefficient out of range", async () => {
    const pair = { assetFrom: 'usdt-trc20', assetTo: 'cash-ZAR' };
    const marketPrice = { sources: ['usd-cross', 'central-bank'], coefficient: '1.015' };

    const refused = await putRates({
      directions: [{ ...pair, marketPrice: { ...marketPrice, coefficient: '3' } }],
    });
    const taken = await putRates({ directions: [{ ...pair, marketPrice }] });
    const staff = (await api<RatesData>('GET', '/api/admin/rates', { token: admin.token })).body.data!;
    const published = (await rates()).body.data!;
    const isPair = (d: { assetFrom: string; assetTo: string }) =>
      d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo;

    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      errors: [{ path: 'directions.0.marketPrice.coefficient', code: 'marketCoefficient' }],
    });
    expect(taken.status).toBe(200);
    expect(staff.directions.find(isPair)).toMatchObject({ source: 'manual', marketPrice });
    expect(published.directions.find(isPair)).not.toHaveProperty('marketPrice');
  });

  it("takes a card direction's place on BestChange, audited and shown to staff only; refuses a cash one and bad bounds", async () => {
    const pair = { assetFrom: 'usdt-trc20', assetTo: 'card-ZAR' };
    const positioning = { unit: 'USDT', place: 3, floor: '17.5', ceiling: '18.9', step: '0.01' };
    const refused = await Promise.all([
      putRates({ directions: [{ assetFrom: 'usdt-trc20', assetTo: 'cash-ZAR', positioning }] }),
      putRates({ directions: [{ ...pair, positioning: { ...positioning, ceiling: '17' } }] }),
      putRates({ directions: [{ ...pair, positioning: { ...positioning, step: '0', place: 0 } }] }),
      putRates({ directions: [{ ...pair, positioning: { ...positioning, unit: 'EUR' } }] }),
    ]);
    expect(
      refused.map((answer) => [answer.status, answer.body.errors?.map((error) => [error.path, error.code])]),
    ).toEqual([
      [400, [['directions.0.positioning', 'positioningCash']]],
      [400, [['directions.0.positioning.ceiling', 'positioningCeilingBelowFloor']]],
      [
        400,
        expect.arrayContaining([
          ['directions.0.positioning.place', expect.any(String)],
          ['directions.0.positioning.step', 'positioningFigure'],
        ]),
      ],
      [400, [['directions.0.positioning.unit', 'positioningUnit']]],
    ]);
    const taken = await putRates({ directions: [{ ...pair, positioning }] });
    expect(taken.status).toBe(200);
    const isPair = (d: { assetFrom: string; assetTo: string }) =>
      d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo;
    const staff = (await api<RatesData>('GET', '/api/admin/rates', { token: admin.token })).body.data!;
    // No run of the job yet: the place is set, and the rate is still its source's.
    expect(staff.directions.find(isPair)).toMatchObject({ positioning, position: null, positioned: false });
    expect((await rates()).body.data!.directions.find(isPair)).not.toHaveProperty('positioning');
    const [entry] = (await listAuditFor('rates', 'table')).filter(
      (audit) => JSON.stringify(audit.after).includes('"place":3') && audit.actorId === admin.id,
    );
    expect(entry?.after).toMatchObject({ 'direction:usdt-trc20>card-ZAR': { positioning } });
    const off = await putRates({ directions: [{ ...pair, positioning: null }] });
    expect(off.body.data!.rates.directions.find(isPair)).toMatchObject({ positioning: null });
  });

  it('changes a USD value, publishes it and records who changed what and when', async () => {
    const answer = await putRates({ currencies: [{ code: 'ZAR', usdValue: 0.0555 }] });
    const zar = (await rates()).body.data!.currencies.find((currency) => currency.code === 'ZAR')!;
    const staffTable = await api<RatesData>('GET', '/api/admin/rates', { token: admin.token });
    const staffZar = staffTable.body.data!.currencies.find((currency) => currency.code === 'ZAR')!;
    const [entry] = await listAuditFor('rates', 'table');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.changed).toBe(1);
    expect(zar).toMatchObject({ usdValue: 0.0555 });
    expect(staffZar).toMatchObject({ usdValue: 0.0555, updatedBy: admin.id });
    expect(entry).toMatchObject({
      actorId: admin.id,
      action: 'rates.update',
      after: { 'currency:ZAR': { usdValue: 0.0555 } },
    });
  });

  it('writes nothing when nothing changes', async () => {
    await putRates({ currencies: [{ code: 'ZAR', usdValue: 0.056 }] });
    const answer = await putRates({ currencies: [{ code: 'ZAR', usdValue: 0.056 }] });
    expect(answer.body.data!.changed).toBe(0);
  });

  it('states the same moment for a rate as the public rates do, after a change of the direction alone', async () => {
    // A change of the terms only (not the prices) moves the direction's own time past its prices'.
    expect(
      (
        await putRates({
          directions: [{ assetFrom: 'cash-TZS', assetTo: 'usdt-trc20', markupPercent: 2.25 }],
        })
      ).status,
    ).toBe(200);
    const published = (await rates()).body.data!.directions.find(
      (d) => d.assetFrom === 'cash-TZS' && d.assetTo === 'usdt-trc20',
    )!;
    const quote = await calculate({ assetFrom: 'cash-TZS', assetTo: 'usdt-trc20', amount: 2_000_000 });
    expect(quote.status).toBe(200);
    expect(published.priceAsOf).not.toBeNull();
    expect(quote.body.data!.updatedAt).toBe(published.priceAsOf);
  });

  it("enforces a direction's maximum on quotes and applications", async () => {
    await putRates({
      directions: [{ assetFrom: 'card-ZAR', assetTo: 'usdt-trc20', markupPercent: 1.5, maxAmount: 50_000 }],
    });
    const quote = await calculate({ assetFrom: 'card-ZAR', assetTo: 'usdt-trc20', amount: 60_000 });
    const submitted = await submit(
      await newUser(),
      standardBody({ ...southAfrica, assetFrom: 'card-ZAR', amount: 60_000 }),
    );
    expect(quote.body.data!.aboveMaximum).toBe(true);
    expect(submitted.status).toBe(400);
    expect(submitted.body.errors![0]!.msg).toBe('The maximum amount is 50000 ZAR.');
  });

  it("publishes a direction's own minimum, below the setting's default too, and takes an application at it", async () => {
    // 100 USD is far more than 500 ZAR: the direction's own minimum rules.
    await putRates({
      directions: [{ assetFrom: 'card-ZAR', assetTo: 'usdt-trc20', markupPercent: 1.5, minAmount: 500 }],
    });
    const published = (await rates()).body.data!.directions.find(
      (d) => d.assetFrom === 'card-ZAR' && d.assetTo === 'usdt-trc20',
    );
    expect(published?.quoteLimits?.minAmount).toBe(500);
    const quote = await calculate({ assetFrom: 'card-ZAR', assetTo: 'usdt-trc20', amount: 600 });
    expect(quote.body.data).toMatchObject({ minAmount: 500, belowMinimum: false });
    const submitted = await submit(
      await newUser(),
      standardBody({ ...southAfrica, assetFrom: 'card-ZAR', amount: 600 }),
    );
    expect(submitted.status).toBe(201);
  });

  it("publishes a direction's own minimum when it is above the setting's floor", async () => {
    await putRates({
      directions: [{ assetFrom: 'usdt-trc20', assetTo: 'card-ZAR', markupPercent: 1.5, minAmount: 5000 }],
    });
    const published = (await rates()).body.data!.directions.find(
      (d) => d.assetFrom === 'usdt-trc20' && d.assetTo === 'card-ZAR',
    );
    const quote = await calculate({ assetFrom: 'usdt-trc20', assetTo: 'card-ZAR', amount: 6000 });
    expect(published?.minAmount).toBe(5000);
    expect(quote.body.data!.minAmount).toBe(5000);
  });

  it("raises the minimum to a direction's own minimum when that is higher", async () => {
    await putRates({
      directions: [{ assetFrom: 'cash-ZAR', assetTo: 'usdt-trc20', markupPercent: 2, minAmount: 250_000 }],
    });
    const quote = await calculate({ assetFrom: 'cash-ZAR', assetTo: 'usdt-trc20', amount: 100_000 });
    expect(quote.body.data).toMatchObject({ minAmount: 250_000, belowMinimum: true });
  });

  it('turns a direction off: no quote, no standard application, an individual request still works', async () => {
    await putRates({
      directions: [{ assetFrom: 'cash-TZS', assetTo: 'usdt-trc20', markupPercent: 2, isActive: false }],
    });
    const user = await newUser();
    const quote = await calculate({ assetFrom: 'cash-TZS', assetTo: 'usdt-trc20', amount: 1_000_000 });
    const standard = await submit(
      user,
      standardBody({ ...tanzania, assetFrom: 'cash-TZS', amount: 1_000_000 }),
    );
    const individual = await submit(user, individualBody());
    const published = (await rates()).body.data!.directions.map((d) => `${d.assetFrom}>${d.assetTo}`);
    expect(quote.status).toBe(422);
    expect(standard.status).toBe(422);
    expect(individual.status).toBe(201);
    expect(published).not.toContain('cash-TZS>usdt-trc20');
  });

  it('shows inactive directions to admins', async () => {
    await putRates({
      directions: [{ assetFrom: 'usdt-trc20', assetTo: 'card-TZS', markupPercent: 1.5, isActive: false }],
    });
    const answer = await api<RatesData>('GET', '/api/admin/rates', { token: admin.token });
    const direction = answer.body.data!.directions.find(
      (d) => d.assetFrom === 'usdt-trc20' && d.assetTo === 'card-TZS',
    );
    expect(direction).toMatchObject({ isActive: false });
  });

  it.each([
    [
      'a markup above 50%',
      { directions: [{ assetFrom: 'card-ZAR', assetTo: 'usdt-trc20', markupPercent: 60 }] },
    ],
    [
      'a minimum above the maximum',
      {
        directions: [
          { assetFrom: 'card-ZAR', assetTo: 'usdt-trc20', markupPercent: 1, minAmount: 10, maxAmount: 5 },
        ],
      },
    ],
    [
      'a fiat-to-fiat direction',
      { directions: [{ assetFrom: 'card-ZAR', assetTo: 'cash-USD', markupPercent: 1 }] },
    ],
    ['a zero USD value', { currencies: [{ code: 'ZAR', usdValue: 0 }] }],
    ['a malformed currency code', { currencies: [{ code: 'zar', usdValue: 1 }] }],
    ['no change at all', {}],
    [
      'the same entry twice',
      {
        currencies: [
          { code: 'ZAR', usdValue: 0.05 },
          { code: 'ZAR', usdValue: 0.06 },
        ],
      },
    ],
  ])('refuses %s with 400', async (_name, body) => {
    const answer = await putRates(body);
    expect(answer.status).toBe(400);
  });

  it('refuses a manager with 403', async () => {
    const answer = await putRates(
      { currencies: [{ code: 'ZAR', usdValue: 0.05 }] },
      await newUser({ role: 'MANAGER' }),
    );
    expect(answer.status).toBe(403);
  });
});
