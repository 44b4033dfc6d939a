import type { MovementDirection, MovementRecord } from '@functions/data/movements';
import { adminExportTransactionsCsv } from '@shared/routes/transactions';
import { beforeAll, describe, expect, it } from 'vitest';
import { callDocument } from '../../support/api';
import { type CapacityMeter, meterConsumedCapacity } from '../../support/consumed-capacity';
import type { TestUser } from '../../support/users';
import { newUser } from '../applications/fixtures';
import { readCsv } from './csv-reader';
import { movementAt, pastPeriod, putMovements } from './seed-movements';

/**
 * Consumed capacity of the transaction history at 1,000 and at 11,000 movements in the period it
 * reads (within 20%, the same number of calls): each call runs through the domain function the
 * handler calls while a middleware asks DynamoDB for ReturnConsumedCapacity TOTAL and sums it.
 * The movements are written into a period of this file's own in the shared table, so what is
 * measured and counted is only what this file wrote. The second batch adds ten times the first
 * to the same period and the same partitions, but no refund in USDT: a page asking for those
 * must still read only the five there are, not the period's other USDT movements.
 */
const period = await pastPeriod(20);
const MINUTES = 20 * 1440;
const CURRENCIES = ['USD', 'EUR', 'RUB', 'USDT'] as const;

let staff: TestUser[] = [];
let meter: CapacityMeter;
let m: {
  history: typeof import('@functions/domain/transactions/history');
};

beforeAll(async () => {
  staff = await Promise.all([newUser({ role: 'MANAGER' }), newUser({ role: 'ADMIN' })]);
  m = { history: await import('@functions/domain/transactions/history') };
  const { db } = await import('@functions/data/client');
  meter = meterConsumedCapacity(db);
});

/** Movements of the same shape, at random minutes of the period. */
function batch(
  count: number,
  directionOf: (index: number) => MovementDirection,
  // The direction changes with each index, the currency with each pair: every pair of them meets.
  currencyOf = (index: number) => CURRENCIES[Math.floor(index / 2) % 4]!,
): MovementRecord[] {
  return Array.from({ length: count }, (_, index) =>
    movementAt(period, Math.floor(Math.random() * MINUTES), {
      direction: directionOf(index),
      currency: currencyOf(index),
      staffId: staff[index % staff.length]!.id,
      amount: 1000 + index,
    }),
  );
}

const firstBatch = () => [
  // 950 in and out, 45 refunds in USD, EUR and RUB, 5 refunds in USDT.
  ...batch(950, (index) => (index % 2 === 0 ? 'in' : 'out')),
  ...batch(
    45,
    () => 'refund',
    (index) => CURRENCIES[index % 3]!,
  ),
  ...batch(
    5,
    () => 'refund',
    () => 'USDT',
  ),
];
const secondBatch = () => batch(10_000, (index) => (index % 2 === 0 ? 'in' : 'out'));

const page = { ...period, limit: 50 };

const CASES: Record<string, () => Promise<unknown>> = {
  'everything, page 1': () => m.history.listTransactions(page),
  'everything, page 3 (by cursor)': async () => {
    const first = await m.history.listTransactions(page);
    const second = await m.history.listTransactions({ ...page, cursor: first.nextCursor! });
    meter.reset();
    return m.history.listTransactions({ ...page, cursor: second.nextCursor! });
  },
  'one currency (USD), page 1': () => m.history.listTransactions({ ...page, currency: 'USD' }),
  'one direction (out), page 1': () => m.history.listTransactions({ ...page, direction: 'out' }),
  'refunds, page 1': () => m.history.listTransactions({ ...page, direction: 'refund' }),
  'a currency and a direction (EUR in), page 1': () =>
    m.history.listTransactions({ ...page, currency: 'EUR', direction: 'in' }),
  'USDT refunds (five in the period)': () =>
    m.history.listTransactions({ ...page, currency: 'USDT', direction: 'refund' }),
};

type Figures = Record<string, { calls: number; capacity: number; rows: number }>;

async function measure(): Promise<Figures> {
  const figures: Figures = {};
  for (const [name, run] of Object.entries(CASES)) {
    meter.reset();
    const answer = (await run()) as { items: unknown[] };
    figures[name] = {
      calls: meter.calls,
      capacity: Math.round(meter.capacity * 100) / 100,
      rows: answer.items.length,
    };
  }
  return figures;
}

let atOneThousand: Figures;

describe('consumed capacity of the transaction history at 1,000 and at 11,000 movements', () => {
  it('measures each filter at 1,000 movements', async () => {
    await putMovements(firstBatch());
    atOneThousand = await measure();
    expect(atOneThousand['USDT refunds (five in the period)']!.rows).toBe(5);
    // Each of the others reads a full page already at 1,000.
    for (const [name, figure] of Object.entries(atOneThousand)) {
      if (!name.startsWith('USDT')) expect(figure.rows, name).toBe(50);
    }
    expect(Object.values(atOneThousand).every((figure) => figure.capacity > 0)).toBe(true);
  }, 120_000);

  it('costs the same within 20% at 11,000 movements', async () => {
    await putMovements(secondBatch());
    const atElevenThousand = await measure();
    const rows = Object.keys(CASES).map((name) => ({
      call: name,
      'calls@1k': atOneThousand[name]!.calls,
      'RCU@1k': atOneThousand[name]!.capacity,
      'calls@11k': atElevenThousand[name]!.calls,
      'RCU@11k': atElevenThousand[name]!.capacity,
    }));
    console.table(rows);
    for (const row of rows) {
      expect(Math.abs(row['RCU@11k'] - row['RCU@1k']), row.call).toBeLessThanOrEqual(0.2 * row['RCU@1k']);
      expect(row['calls@11k'], row.call).toBe(row['calls@1k']);
    }
    expect(atElevenThousand['USDT refunds (five in the period)']!.rows).toBe(5);
  }, 300_000);

  it('cuts the CSV of the 11,000 at 10,000 rows, with a last line saying so', async () => {
    const answer = await callDocument(adminExportTransactionsCsv, {
      query: { ...period, language: 'en' },
      token: staff[0]!.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-export-truncated')).toBe('true');
    const records = readCsv(answer.text);
    expect(records).toHaveLength(1 + 10_000 + 1);
    expect(records.at(-1)).toEqual([
      'Cut after 10000 rows: a file holds at most 10000 rows or 5 MB. ' +
        "The period's older movements are not in it; export the whole period with the page's Export.",
    ]);
    expect(answer.bytes.length).toBeLessThan(5_000_000);
  }, 120_000);
});
