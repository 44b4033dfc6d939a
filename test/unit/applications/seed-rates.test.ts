import { beforeAll, describe, expect, it } from 'vitest';

/** The seed modules reach the data client, which reads TABLE_NAME at import (no network call). */
let rates: typeof import('@functions/seed/rates-data');

beforeAll(async () => {
  process.env.TABLE_NAME ??= 'unit-test-table';
  rates = await import('@functions/seed/rates-data');
});

describe('the default rates of the seed', () => {
  it('give a USD value to USDT and to every currency the geo seed offers', () => {
    const missing = ['USDT', ...rates.offeredSeedCurrencies()].filter(
      (code) => !(code in rates.SEED_USD_VALUES),
    );
    expect(missing).toEqual([]);
  });

  it('open both directions of cash and card for every offered currency', () => {
    const items = rates.rateSeedItems(new Date('2026-01-01T00:00:00Z'));
    const directions = items.filter((item) => item.kind === 'direction');
    expect(directions).toHaveLength(rates.offeredSeedCurrencies().length * 4);
    expect(directions.every((item) => item.isActive === true)).toBe(true);
  });
});
