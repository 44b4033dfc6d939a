import { ensureTable } from '@infra/local/dynamo';
import { beforeAll, describe, expect, it } from 'vitest';
import { runId } from '../../support/api';

/**
 * The till's step of a currency (cash is paid out in its multiples) on a table of its own seeded as
 * a fresh install (a step on the shared table would change the cash quotes other files check):
 * staff set it in the rates PUT, an omitted step keeps its value, and a cash payout is quoted on it
 * — card and USDT not.
 */
process.env.TABLE_NAME = `exchange-cash-step-${runId()}`;
const { seedDatabase } = await import('@functions/seed/seed');
const { putRates, quote, allRates } = await import('@functions/domain/rates/rates');

const admin = { id: 'cash-step-admin', role: 'ADMIN' as const };
const stepOf = async (code: string) =>
  (await allRates()).currencies.find((currency) => currency.code === code)!.cashStep;

beforeAll(async () => {
  await ensureTable(process.env.AWS_ENDPOINT_URL_DYNAMODB!, process.env.TABLE_NAME!);
  await seedDatabase({ aroundTheClock: true });
});

describe('the cash step of a currency', () => {
  it('is whole units on a fresh install, set by staff in the rates PUT, kept when a change omits it', async () => {
    expect(await stepOf('RUB')).toBe(1);
    expect(await stepOf('USDT')).toBeNull();
    const usdValue = (await allRates()).currencies.find((currency) => currency.code === 'RUB')!.usdValue;

    await putRates({ currencies: [{ code: 'RUB', usdValue, cashStep: 100 }], directions: [] }, admin);
    expect(await stepOf('RUB')).toBe(100);
    await putRates({ currencies: [{ code: 'RUB', usdValue: usdValue * 1.01 }], directions: [] }, admin);
    expect(await stepOf('RUB')).toBe(100);
  });

  it('rounds a cash payout down to it, and leaves the card payout of the same currency to the cent', async () => {
    const cash = await quote('usdt-trc20', 'cash-RUB', 1234.56);
    const card = await quote('usdt-trc20', 'card-RUB', 1234.56);

    const { divide, multiply, roundedNumber, toNumber } = await import('@shared/money');
    expect(cash.cashStep).toBe(100);
    expect(cash.amountTo).toBe(toNumber(multiply(divide(multiply(1234.56, cash.rate), 100, 0, 'down'), 100)));
    expect(card.cashStep).toBeNull();
    expect(card.amountTo).toBe(roundedNumber(multiply(1234.56, card.rate), 2, 'down'));
  });
});
