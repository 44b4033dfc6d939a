import type { MovementRecord } from '@functions/data/movements';
import { businessDayOf, shiftDay } from '@shared/business-time';
import { type Role, roleRank } from '@shared/enums';
import { adminExportTransactionsCsv, adminListTransactions } from '@shared/routes/transactions';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, callDocument } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus } from '../applications/fixtures';
import { readCsv, readSemicolonCsv } from './csv-reader';
import { BUSINESS_TIME_ZONE, movementAt, newestFirst, pastPeriod, putMovements } from './seed-movements';

/**
 * The admin transaction history over HTTP (docs/product.md §2): what the deal's moves record,
 * the period, currency and direction filters, cursor pages, the CSV file and who may read them.
 * The filter tests read movements written into a period of their own (seed-movements.ts).
 */
let manager: TestUser;
let admin: TestUser;
let client: TestUser;

const period = await pastPeriod(10);
const seeded: MovementRecord[] = [];

/** References a spreadsheet would run, split or break a line on. */
const NASTY = {
  formula: '=HYPERLINK("http://evil.example","click")',
  plus: '+7 999 123',
  minus: '-42',
  at: '@SUM(A1:A2)',
  comma: 'receipt 12, page 3',
  quote: 'the "big" one',
  lineBreak: 'first line\r\nsecond line',
};

beforeAll(async () => {
  [manager, admin, client] = await Promise.all([
    newUser({ role: 'MANAGER' }),
    newUser({ role: 'ADMIN' }),
    newUser(),
  ]);
  const plan: Array<[number, Parameters<typeof movementAt>[2]]> = [
    [10, { direction: 'in', currency: 'EUR', staffId: manager.id, amount: 500 }],
    [20, { direction: 'out', currency: 'USDT', staffId: manager.id, amount: 531.25 }],
    [600, { direction: 'in', currency: 'USD', staffId: admin.id, amount: 1000, reference: NASTY.formula }],
    [1500, { direction: 'out', currency: 'RUB', staffId: admin.id, amount: 90_000, reference: NASTY.plus }],
    [2000, { direction: 'refund', currency: 'USD', staffId: manager.id, reference: NASTY.minus }],
    [3000, { direction: 'refund', currency: 'EUR', staffId: manager.id, reference: NASTY.at }],
    [4000, { direction: 'in', currency: 'USDT', staffId: admin.id, reference: NASTY.comma }],
    [5000, { direction: 'out', currency: 'USD', staffId: admin.id, reference: NASTY.quote }],
    [6000, { direction: 'in', currency: 'USD', staffId: manager.id, reference: null, note: NASTY.lineBreak }],
    [7000, { direction: 'out', currency: 'EUR', staffId: manager.id }],
    [8000, { direction: 'refund', currency: 'USDT', staffId: admin.id }],
    // The period's last minute: `to` is read to the end of its day.
    [10 * 1440 - 1, { direction: 'in', currency: 'EUR', staffId: admin.id }],
  ];
  seeded.push(...plan.map(([minute, fields]) => movementAt(period, minute, fields)));
  // Just outside the period, on both sides: never answered.
  const outside = [
    movementAt(period, -1, { direction: 'in', currency: 'EUR', staffId: admin.id }),
    movementAt(period, 10 * 1440, { direction: 'in', currency: 'EUR', staffId: admin.id }),
  ];
  await putMovements([...seeded, ...outside]);
});

const ids = (movements: Array<{ id: string }>) => movements.map((movement) => movement.id);

type ListQuery = {
  from?: string;
  to?: string;
  currency?: string;
  direction?: 'in' | 'out' | 'refund';
  cursor?: string;
  limit?: number;
};

async function list(query: ListQuery, as: TestUser = manager) {
  const answer = await call(adminListTransactions, { query, token: as.token });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data!;
}

/** Every page of a filter, followed by its cursors. */
async function walk(query: ListQuery) {
  const pages = [];
  let cursor: string | undefined;
  do {
    const page = await list({ ...query, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && pages.length < 50);
  return pages;
}

describe('GET /api/admin/transactions', () => {
  it('answers the period’s movements newest first, with the staff member’s name and the short id', async () => {
    const page = await list({ ...period, limit: 100 });
    expect(page.period).toEqual(period);
    expect(ids(page.items)).toEqual(ids(newestFirst(seeded)));
    expect(page.nextCursor).toBeNull();
    const formula = page.items.find((item) => item.reference === NASTY.formula)!;
    expect(formula).toMatchObject({
      direction: 'in',
      amount: 1000,
      asset: 'cash-USD',
      currency: 'USD',
      staffId: admin.id,
      staffName: admin.username,
      recordedAtCompletion: false,
    });
    expect(formula.applicationShortId).toBe(formula.applicationId.slice(0, 12));
  });

  it.each([
    ['a currency', { currency: 'USD' }],
    ['a direction', { direction: 'refund' as const }],
    ['a currency and a direction', { currency: 'EUR', direction: 'in' as const }],
    ['a currency none moved', { currency: 'KZT' }],
  ])('filters by %s', async (_name, filter) => {
    const page = await list({ ...period, ...filter, limit: 100 });
    const expected = newestFirst(seeded).filter(
      (movement) =>
        (!('currency' in filter) || movement.currency === filter.currency) &&
        (!('direction' in filter) || movement.direction === filter.direction),
    );
    expect(ids(page.items)).toEqual(ids(expected));
  });

  it('pages past a payout that came back and a second part of a direction', async () => {
    const days = await pastPeriod(1);
    const first = movementAt(days, 10, { direction: 'out', currency: 'USD', staffId: manager.id });
    const reversal = {
      ...movementAt(days, 20, { direction: 'reversal', currency: 'USD', staffId: admin.id }),
      applicationId: first.applicationId,
      id: `${first.applicationId}#reversal`,
    };
    const again = {
      ...movementAt(days, 30, { direction: 'out', currency: 'USD', staffId: manager.id }),
      applicationId: first.applicationId,
      id: `${first.applicationId}#out#2`,
    };
    await putMovements([first, reversal, again]);

    const pages = await walk({ ...days, limit: 1 });

    expect(pages.flatMap((page) => ids(page.items))).toEqual([again.id, reversal.id, first.id]);
  });

  it('reads a shorter period to the end of its last day', async () => {
    const firstDay = await list({ from: period.from, to: period.from, limit: 100 });
    expect(ids(firstDay.items)).toEqual(
      ids(
        newestFirst(seeded).filter(
          (movement) => businessDayOf(movement.at, BUSINESS_TIME_ZONE) === period.from,
        ),
      ),
    );
    expect(firstDay.items).toHaveLength(3);
  });

  it('reads business days: a movement at 22:30 UTC is in the next Moscow day, in the list and the CSV', async () => {
    const days = await pastPeriod(2);
    const late = {
      ...movementAt(days, 0, { direction: 'in', currency: 'EUR', staffId: manager.id }),
      at: `${days.from}T22:30:00.000Z`,
    };
    await putMovements([late]);

    const [sameUtcDay, nextMoscowDay] = await Promise.all([
      list({ from: days.from, to: days.from, limit: 100 }),
      list({ from: days.to, to: days.to, limit: 100 }),
    ]);
    const csv = await callDocument(adminExportTransactionsCsv, {
      query: { from: days.to, to: days.to, language: 'en' },
      token: manager.token,
    });

    expect(days.to).toBe(shiftDay(days.from, 1));
    expect(ids(sameUtcDay.items)).toEqual([]);
    expect(ids(nextMoscowDay.items)).toEqual([late.id]);
    expect(nextMoscowDay.timeZone).toBe('Europe/Moscow');
    const [header, row] = readCsv(csv.text);
    expect(header![0]).toBe('Date and time (Europe/Moscow)');
    expect(row![0]).toBe(`${days.to} 01:30:00`);
  });

  it.each([
    ['everything', {}],
    ['one currency (three partitions merged)', { currency: 'USD' }],
    ['one direction', { direction: 'out' as const }],
  ])('pages %s by cursor: every movement once, in order, the last cursor null', async (_name, filter) => {
    const pages = await walk({ ...period, ...filter, limit: 2 });
    const all = (await list({ ...period, ...filter, limit: 100 })).items;
    expect(pages.length).toBe(Math.max(1, Math.ceil(all.length / 2)));
    expect(pages.flatMap((page) => ids(page.items))).toEqual(ids(all));
    expect(pages.slice(0, -1).every((page) => page.items.length === 2 && page.nextCursor)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
  });

  it('refuses a cursor of another filter, another period, or none it handed out', async () => {
    const first = await list({ ...period, limit: 1 });
    const cursor = first.nextCursor!;
    const refusals = [
      { ...period, currency: 'USD', cursor },
      { from: period.from, to: period.from, cursor },
      { ...period, cursor: 'not-a-cursor' },
      { ...period, cursor: Buffer.from(JSON.stringify({ f: 'x', k: 'y' })).toString('base64url') },
    ];
    for (const query of refusals) {
      const answer = await call(adminListTransactions, { query, token: manager.token });
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]).toMatchObject({ path: 'query.cursor', code: 'invalidCursor' });
    }
  });

  it('refuses a period that ends before it starts, is too long, or starts after today', async () => {
    const cases: Array<[ListQuery, string, string]> = [
      [{ from: period.to, to: period.from }, 'query.to', 'periodOrder'],
      [{ from: '2024-01-01', to: '2025-01-02' }, 'query.from', 'periodTooLong'],
      [{ from: '2024-02-30' }, 'query.from', 'dayDate'],
      [{ from: '2999-01-01' }, 'query.to', 'periodOrder'],
    ];
    for (const [query, path, code] of cases) {
      const answer = await call(adminListTransactions, { query, token: manager.token });
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.body.errors?.[0]).toMatchObject({ path, code });
    }
  });

  it('holds a face-to-face deal’s two movements, recorded at completion by who completed it', async () => {
    const application = await createApplication(client);
    expect((await setStatus(admin, application.id, 'PROCESSING')).status).toBe(200);
    const completed = await setStatus(admin, application.id, 'COMPLETED');
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    // Other files complete deals today too: follow the day's pages to this one's.
    const today = businessDayOf(new Date(), BUSINESS_TIME_ZONE);
    const found = (await walk({ from: today, to: today, limit: 100 }))
      .flatMap((page) => page.items)
      .filter((item) => item.applicationId === application.id);
    expect(found.map((item) => item.direction).sort()).toEqual(['in', 'out']);
    const paidIn = found.find((item) => item.direction === 'in')!;
    const paidOut = found.find((item) => item.direction === 'out')!;
    expect(paidIn).toMatchObject({
      amount: application.amountFrom,
      asset: application.assetFrom,
      staffId: admin.id,
      staffName: admin.username,
      recordedAtCompletion: true,
      reference: null,
    });
    expect(paidOut).toMatchObject({
      amount: application.amountTo,
      asset: application.assetTo,
      recordedAtCompletion: true,
    });
    // With no period the last 30 days are read, today included.
    const byDefault = await walk({ currency: paidIn.currency, direction: 'in', limit: 100 });
    expect(byDefault[0]!.period.to).toBe(today);
    expect(byDefault.flatMap((page) => ids(page.items))).toContain(paidIn.id);
  });
});

describe('GET /api/admin/transactions.csv', () => {
  /** The columns of the file (functions/domain/exports/columns.ts) these tests read. */
  const COLUMN = {
    deal: 1,
    movement: 4,
    amountIn: 6,
    amountOut: 7,
    currency: 8,
    staff: 13,
    reference: 15,
    note: 16,
  };

  it('answers an RFC 4180 file of the same rows in English, guarded against formulas, as a download', async () => {
    const answer = await callDocument(adminExportTransactionsCsv, {
      query: { ...period, language: 'en' },
      token: manager.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename="transactions_${period.from}_${period.to}.csv"`,
    );
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.headers.get('x-export-truncated')).toBeNull();
    // A byte order mark first (Excel reads UTF-8 only after one); fetch's text drops it.
    expect([...answer.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = readCsv(answer.text);
    expect(header).toEqual([
      'Date and time (Europe/Moscow)',
      'Deal',
      'Client',
      'Deal direction',
      'Movement',
      'Account',
      'Amount in',
      'Amount out',
      'Currency',
      'Deal rate',
      'Market rate',
      'Deal profit',
      'Profit currency',
      'Staff',
      'Chain transaction',
      'Reference',
      'Note',
    ]);
    const expected = newestFirst(seeded);
    expect(rows.map((row) => row[COLUMN.deal])).toEqual(expected.map((movement) => movement.applicationId));
    const cell = (movement: MovementRecord, column: number) =>
      rows[expected.findIndex((one) => one.id === movement.id)]![column];
    const byReference = (reference: string) => seeded.find((movement) => movement.reference === reference)!;
    // A cell a spreadsheet would run gets a leading apostrophe; the others come back as they were.
    expect(cell(byReference(NASTY.formula), COLUMN.reference)).toBe(`'${NASTY.formula}`);
    expect(cell(byReference(NASTY.plus), COLUMN.reference)).toBe(`'${NASTY.plus}`);
    expect(cell(byReference(NASTY.minus), COLUMN.reference)).toBe(`'${NASTY.minus}`);
    expect(cell(byReference(NASTY.at), COLUMN.reference)).toBe(`'${NASTY.at}`);
    expect(cell(byReference(NASTY.comma), COLUMN.reference)).toBe(NASTY.comma);
    expect(cell(byReference(NASTY.quote), COLUMN.reference)).toBe(NASTY.quote);
    const noted = seeded.find((movement) => movement.note === NASTY.lineBreak)!;
    expect(cell(noted, COLUMN.note)).toBe(NASTY.lineBreak);
    expect(cell(noted, COLUMN.reference)).toBe('');
    // Money out in the currency's decimals, the staff member by name.
    const rubles = byReference(NASTY.plus);
    expect(
      [COLUMN.movement, COLUMN.amountIn, COLUMN.amountOut, COLUMN.currency].map((column) =>
        cell(rubles, column),
      ),
    ).toEqual(['Payout', '', '90000.00', 'RUB']);
    expect(cell(rubles, COLUMN.staff)).toBe(admin.username);
    expect(cell(byReference(seeded[1]!.reference!), COLUMN.amountOut)).toBe('531.250000');
    // The quoting is on the wire, not only in what a reader makes of it.
    expect(answer.text).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
  });

  it('writes the reader’s language: Russian (the staff member’s own by default) with semicolons and a decimal comma', async () => {
    const answer = await callDocument(adminExportTransactionsCsv, { query: period, token: manager.token });
    expect(answer.status).toBe(200);
    const [header, ...rows] = readSemicolonCsv(answer.text);
    expect(header!.slice(0, 2)).toEqual(['Дата и время (Europe/Moscow)', 'Сделка']);
    const euros = seeded.find((movement) => movement.amount === 500)!;
    const row = rows.find((one) => one[COLUMN.deal] === euros.applicationId)!;
    expect([row[COLUMN.movement], row[COLUMN.amountIn], row[COLUMN.currency]]).toEqual([
      'Оплата клиента',
      '500,00',
      'EUR',
    ]);
  });

  it('applies the filters and names them in the file name', async () => {
    const answer = await callDocument(adminExportTransactionsCsv, {
      query: { ...period, currency: 'USD', direction: 'in', language: 'en' },
      token: manager.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toContain(
      `transactions_${period.from}_${period.to}_USD_in.csv`,
    );
    const rows = readCsv(answer.text).slice(1);
    expect(rows.map((row) => row[COLUMN.deal])).toEqual(
      newestFirst(seeded)
        .filter((movement) => movement.currency === 'USD' && movement.direction === 'in')
        .map((movement) => movement.applicationId),
    );
  });

  it('refuses a bad period in the envelope, as JSON', async () => {
    const answer = await callDocument(adminExportTransactionsCsv, {
      query: { from: period.to, to: period.from },
      token: manager.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toContain('application/json');
    expect(JSON.parse(answer.text)).toMatchObject({ success: false, code: 'ValidationFailed' });
  });

  it('cuts a file at its size limit and ends it with a line saying so', async () => {
    const { transactionsCsv } = await import('@functions/domain/transactions/history');
    const byRows = await transactionsCsv(period, 'en', new Date(), { maxRows: 5, maxBytes: 5_000_000 });
    expect(byRows).toMatchObject({ rows: 5, truncated: true });
    const rows = readCsv(byRows.csv.slice(1));
    expect(rows).toHaveLength(1 + 5 + 1);
    expect(rows.at(-1)![0]).toMatch(/^Cut after 5 rows: a file holds at most 5 rows/);
    const bySize = await transactionsCsv(period, 'en', new Date(), { maxRows: 10_000, maxBytes: 1_000 });
    expect(bySize.truncated).toBe(true);
    expect(Buffer.byteLength(JSON.stringify(bySize.csv))).toBeLessThanOrEqual(1_000 + 2);
    expect(readCsv(bySize.csv.slice(1)).at(-1)![0]).toMatch(/^Cut after \d+ rows/);
    const whole = await transactionsCsv(period, 'en', new Date(), {
      maxRows: seeded.length,
      maxBytes: 5_000_000,
    });
    expect(whole).toMatchObject({ rows: seeded.length, truncated: false });
  });
});

describe('who may read the history', () => {
  const roles: Role[] = ['USER', 'MANAGER', 'ADMIN'];
  it.each([adminListTransactions, adminExportTransactionsCsv])(
    '$path: its declared access',
    async (route) => {
      const users: Record<string, TestUser> = { USER: client, MANAGER: manager, ADMIN: admin };
      for (const role of roles) {
        const answer = await callDocument(route, { query: period, token: users[role]!.token });
        const allowed = roleRank(role) >= roleRank(route.access);
        expect(answer.status, `${role} on ${route.path}`).toBe(allowed ? 200 : 403);
      }
      const anonymous = await callDocument(route, { query: period });
      expect(anonymous.status).toBe(401);
    },
  );
});
