import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { putRatesBodySchema } from '@shared/contract/rates';
import { rateText } from '@shared/rate-display';
import { figureOf, sidesOfDirection } from '@web/features/admin/rates/rate-figures';
import { validateDirection } from '@web/features/admin/rates/rate-validation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createIsolatedTable } from '../applications/isolated-table';

/**
 * The owner's day with a typed rate, on a table of this file's own (it changes RUB's USD value,
 * which other files quote): "1 USDT = 93,00 RUB" typed on the admin page's row, as the row sends
 * it, is the rate of the admin page, /rates, a quote and the monitors' file, and stays it when
 * RUB's USD value changes. Functions modules are imported after the table exists.
 */
let drop: () => Promise<void>;
let m: Awaited<ReturnType<typeof modules>>;

const modules = async () => ({
  client: await import('@functions/data/client'),
  ratesData: await import('@functions/data/rates'),
  file: await import('@functions/domain/export/rates-export'),
  rates: await import('@functions/domain/rates/rates'),
  reserves: await import('@functions/domain/reserves/reserves'),
});

const owner = { id: 'typed-rate-owner', role: 'ADMIN' as const };
const pair = { assetFrom: 'card-RUB', assetTo: 'usdt-trc20' };

const directionNow = async () =>
  (await m.rates.allRates()).directions.find(
    (d) => d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo,
  )!;

/** What the admin page's row sends when the owner types `typed` into its rate field and saves. */
async function typeRate(typed: string) {
  const direction = await directionNow();
  const sides = sidesOfDirection(direction);
  const initial = figureOf(direction.rate!, sides);
  const draft = {
    source: direction.source,
    marketSources: direction.marketPrice.sources,
    coefficient: direction.marketPrice.coefficient,
    markupPercent: String(direction.markupPercent),
    figure: typed,
    minAmount: '',
    maxAmount: '',
    isActive: true,
    guardLow: '',
    guardHigh: '',
    maxAgeMinutes: String(direction.maxAgeMinutes),
    publishToMonitors: true,
    monitorCode: '',
  };
  const checked = validateDirection(
    draft,
    {
      pair,
      sides,
      initial: { figure: initial, guardLow: '', guardHigh: '', marketPrice: direction.marketPrice },
    },
    {
      markup: 'markup',
      positive: 'positive',
      minAboveMax: 'minAboveMax',
      figure: 'figure',
      figureDecimals: 'figureDecimals',
      maxAge: 'maxAge',
      monitorCode: 'monitorCode',
      marketSources: 'marketSources',
      coefficient: 'coefficient',
      place: 'place',
    },
  );
  expect(checked.errors).toEqual({});
  await m.rates.putRates({ currencies: [], directions: [{ ...pair, ...checked.value! }] }, owner);
}

const itemLine = async () =>
  (await m.file.monitorsRatesFile({})).document
    .split('\n')
    .find((line) => line.includes('<from>CARDRUB</from><to>USDTTRC20</to>'))!;

beforeAll(async () => {
  drop = await createIsolatedTable('typed-rate');
  m = await modules();
  // The reserves as the owner counted them: 20,000 USDT pays for 1,860,000 RUB at 93.
  await m.reserves.putReserves(
    {
      reserves: [
        { code: 'USDT', amount: 20_000, alertLevel: 0 },
        { code: 'RUB', amount: 5_000_000, alertLevel: 0 },
      ],
    },
    owner,
  );
});

afterAll(async () => {
  await drop();
});

describe('a rate the owner types', () => {
  it("is the monitors' file's rate, and its limits are exact", async () => {
    await typeRate('93,00');

    const line = await itemLine();

    // Stored as a markup over the USD cross, this was <in>93.00001014</in> and <maxamount>1860000.2</maxamount>.
    expect(line).toContain('<in>93</in><out>1</out><amount>20000</amount>');
    expect(line).toContain('<maxamount>1860000</maxamount>');
    expect(line).toContain('<frommax>1860000</frommax>');
    expect(line).toContain('<tomax>20000</tomax>');
  });

  it('reads as typed on the admin page and on /rates', async () => {
    const published = (await m.rates.publishedRates()).directions.find(
      (d) => d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo,
    )!;

    expect(rateText(pair.assetFrom, pair.assetTo, (await directionNow()).rate, 'ru')).toBe(
      '1 USDT = 93,00 RUB',
    );
    expect(rateText(pair.assetFrom, pair.assetTo, published.rate, 'en')).toBe('1 USDT = 93.00 RUB');
  });

  it('says the direction is fixed, as typed by whom, and who only to staff', async () => {
    const staff = await directionNow();
    const published = (await m.rates.publishedRates()).directions.find(
      (d) => d.assetFrom === pair.assetFrom && d.assetTo === pair.assetTo,
    )!;

    expect(staff).toMatchObject({
      source: 'fixed',
      fixedRate: { figure: '93.00', unit: 'USDT', typedBy: owner.id },
    });
    expect(published.fixedRate).toEqual({ figure: '93.00', unit: 'USDT', typedAt: staff.fixedRate!.typedAt });
  });

  it('gives a client exactly the amount the typed rate buys', async () => {
    const quote = await m.rates.quote(pair.assetFrom, pair.assetTo, 9_300);

    expect(quote).toMatchObject({
      amountTo: 100,
      source: 'fixed',
      fixedRate: { figure: '93.00', unit: 'USDT' },
    });
  });

  it("stays when the currency's USD value changes", async () => {
    const before = await directionNow();
    const rub = (await m.rates.allRates()).currencies.find((currency) => currency.code === 'RUB')!;

    await m.rates.putRates(
      { currencies: [{ code: 'RUB', usdValue: rub.usdValue * 1.05 }], directions: [] },
      owner,
    );

    const after = await directionNow();
    expect(after.rate).toBe(before.rate);
    expect(rateText(pair.assetFrom, pair.assetTo, after.rate, 'ru')).toBe('1 USDT = 93,00 RUB');
    expect((await m.rates.quote(pair.assetFrom, pair.assetTo, 9_300)).amountTo).toBe(100);
    expect(await itemLine()).toContain('<in>93</in><out>1</out>');
  });
});

describe('a direction that follows its source again', () => {
  it('lets the typed rate go and is priced from the USD values with its markup', async () => {
    await m.rates.putRates({ currencies: [], directions: [{ ...pair, source: 'manual' }] }, owner);

    const direction = await directionNow();
    expect(direction).toMatchObject({ source: 'manual', fixedRate: null });
    expect(direction.rate).toBe(
      Number((direction.rawPrice! * (1 - direction.markupPercent / 100)).toPrecision(10)),
    );
  });

  it('cannot be made fixed without a rate', async () => {
    const refused = await m.rates
      .putRates({ currencies: [], directions: [{ ...pair, source: 'fixed' }] }, owner)
      .catch((error: unknown) => error);

    expect(refused).toMatchObject({
      fields: [{ path: 'directions.0.fixedRate', code: 'typedRateRequired' }],
    });
  });
});

describe('the rates change a PUT may carry', () => {
  const body = (fixedRate: unknown, source?: string) => ({
    directions: [{ ...pair, ...(source ? { source } : {}), fixedRate }],
  });
  const problem = (parsed: ReturnType<typeof putRatesBodySchema.safeParse>) =>
    parsed.success ? null : parsed.error.issues.map((issue) => issue.message);

  it('takes a rate that reads back as typed, and no other', () => {
    expect(problem(putRatesBodySchema.safeParse(body({ figure: '93.00', unit: 'USDT' })))).toBeNull();
    // Three decimals on a figure shown with two; RUB as the unit of a rate below one.
    expect(problem(putRatesBodySchema.safeParse(body({ figure: '93.125', unit: 'USDT' })))).toEqual([
      'typedRate',
    ]);
    expect(problem(putRatesBodySchema.safeParse(body({ figure: '0.0107', unit: 'RUB' })))).toEqual([
      'typedRate',
    ]);
    expect(problem(putRatesBodySchema.safeParse(body({ figure: '93,00', unit: 'USDT' })))).toEqual([
      'typedRate',
    ]);
    expect(problem(putRatesBodySchema.safeParse(body({ figure: '93', unit: 'USDT' }, 'feed')))).toEqual([
      'typedRateRequired',
    ]);
  });
});

describe('a direction stored before typed rates', () => {
  it('reads as following its source with its markup, and can be fixed', async () => {
    const old = { ...pair, assetFrom: 'cash-RUB' };
    const stored = (await m.rates.allRates()).directions.find(
      (d) => d.assetFrom === old.assetFrom && d.assetTo === old.assetTo,
    )!;
    // The item as it was written before: no fixedRate at all.
    const { fixedRate: _none, ...before } = m.ratesData.directionItem({
      ...stored,
      source: 'manual',
      fixedRate: null,
    });
    await m.client.db.send(new PutCommand({ TableName: m.client.tableName, Item: before }));

    const read = (await m.rates.allRates()).directions.find(
      (d) => d.assetFrom === old.assetFrom && d.assetTo === old.assetTo,
    )!;
    expect(read).toMatchObject({ source: 'manual', fixedRate: null, markupPercent: stored.markupPercent });
    expect(read.rate).toBe(Number((read.rawPrice! * (1 - read.markupPercent / 100)).toPrecision(10)));

    await m.rates.putRates(
      { currencies: [], directions: [{ ...old, fixedRate: { figure: '94.00', unit: 'USDT' } }] },
      owner,
    );
    expect(
      rateText(
        old.assetFrom,
        old.assetTo,
        (await m.rates.allRates()).directions.find(
          (d) => d.assetFrom === old.assetFrom && d.assetTo === old.assetTo,
        )!.rate,
        'en',
      ),
    ).toBe('1 USDT = 94.00 RUB');
  });
});
