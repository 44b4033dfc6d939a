import type { MovementRecord } from '@functions/data/movements';
import { businessDayOf } from '@shared/business-time';
import { ledgerDecimals } from '@shared/ledger';
import { toUnits } from '@shared/money';
import { adminCreateExport, adminGetExport } from '@shared/routes/exports';
import { adminListTransactions } from '@shared/routes/transactions';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import type { TestUser } from '../../support/users';
import { createApplication, newUser, setStatus, standardBody } from '../applications/fixtures';
import { readCsv } from './csv-reader';
import { exportFile, readRussianCsv } from './export-files';
import { BUSINESS_TIME_ZONE, movementAt, pastPeriod, putMovements } from './seed-movements';

/**
 * Exports of the transaction history over HTTP (docs/product.md §2 "Exports"): asked for, prepared
 * by the export worker (the local stack runs it as Lambda's asynchronous invocation would), and
 * downloaded by the link the export answers. The seeded movements are in a period of their own
 * (seed-movements.ts), so a file holds exactly them.
 */
let manager: TestUser;
let admin: TestUser;
let client: TestUser;

const period = await pastPeriod(20);
const seeded: MovementRecord[] = [];
const CURRENCIES = ['USD', 'EUR', 'RUB', 'USDT'] as const;
const DIRECTIONS = ['in', 'out', 'refund', 'reversal'] as const;

beforeAll(async () => {
  [manager, admin, client] = await Promise.all([
    newUser({ role: 'MANAGER' }),
    newUser({ role: 'ADMIN' }),
    newUser(),
  ]);
  // 2,500 movements: more than two of the worker's pages of 1,000, of every currency and direction,
  // recorded by staff and by the system (the chain watcher), at amounts with cents and micro-USDT.
  for (let index = 0; index < 2_500; index += 1)
    seeded.push(
      movementAt(period, (index * 11) % (20 * 1440), {
        direction: DIRECTIONS[index % 4]!,
        currency: CURRENCIES[Math.floor(index / 4) % 4]!,
        staffId: index % 7 === 0 ? 'system' : index % 2 === 0 ? manager.id : admin.id,
        amount: CURRENCIES[Math.floor(index / 4) % 4] === 'USDT' ? 100 + index / 1_000_000 : 10 + index / 100,
      }),
    );
  await putMovements(seeded);
});

/** Money in and out per currency, in minor units. */
type Totals = Record<string, { in: bigint; out: bigint }>;

function add(totals: Totals, currency: string, side: 'in' | 'out', units: bigint): void {
  const sums = totals[currency] ?? { in: 0n, out: 0n };
  sums[side] += units;
  totals[currency] = sums;
}

/** The movements' totals: in = a payment, or a payout that came back; out = a payout or a refund. */
function totalsOf(items: Array<{ direction: string; currency: string; amount: number }>): Totals {
  const totals: Totals = {};
  for (const item of items) {
    const side = item.direction === 'in' || item.direction === 'reversal' ? 'in' : 'out';
    add(totals, item.currency, side, toUnits(item.amount, ledgerDecimals(item.currency), 'half-up'));
  }
  return totals;
}

/** The history's totals, read page by page as the transactions page reads them. */
async function historyTotals() {
  const items = [];
  let cursor: string | undefined;
  do {
    const page = await call(adminListTransactions, {
      token: manager.token,
      query: { ...period, limit: 100, ...(cursor ? { cursor } : {}) },
    });
    expect(page.status).toBe(200);
    items.push(...page.body.data!.items);
    cursor = page.body.data!.nextCursor ?? undefined;
  } while (cursor);
  return { count: items.length, totals: totalsOf(items) };
}

/** A file's totals per currency from its Amount in / Amount out / Currency columns (exact decimals). */
function fileTotals(rows: Array<{ amountIn: string; amountOut: string; currency: string }>): Totals {
  const totals: Totals = {};
  for (const row of rows) {
    const decimals = ledgerDecimals(row.currency);
    if (row.amountIn) add(totals, row.currency, 'in', toUnits(row.amountIn, decimals));
    if (row.amountOut) add(totals, row.currency, 'out', toUnits(row.amountOut, decimals));
  }
  return totals;
}

describe('POST /api/admin/exports', () => {
  it('prepares a Russian CSV of every movement of the period, whose totals equal the history’s', async () => {
    const { job, bytes, contentDisposition } = await exportFile(manager, {
      ...period,
      format: 'csv',
      language: 'ru',
    });

    expect(job).toMatchObject({
      format: 'csv',
      language: 'ru',
      period,
      timeZone: BUSINESS_TIME_ZONE,
      rows: 2_500,
    });
    expect(contentDisposition).toBe(
      `attachment; filename*=UTF-8''transactions_${period.from}_${period.to}.csv`,
    );
    const [header, ...rows] = readRussianCsv(bytes);
    expect(header!.slice(0, 2)).toEqual([`Дата и время (${BUSINESS_TIME_ZONE})`, 'Сделка']);
    expect(rows).toHaveLength(2_500);
    expect(new Set(rows.map((row) => `${row[1]}#${row[4]}`)).size).toBe(2_500);
    // Every row's date is a business day of the period, written the Russian way.
    for (const row of rows) expect(row[0]).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/);
    // The system's movements say so; a staff member's name their username.
    expect(new Set(rows.map((row) => row[13]))).toEqual(
      new Set(['система', manager.username, admin.username]),
    );
    const history = await historyTotals();
    expect(history.count).toBe(2_500);
    const fromFile = fileTotals(
      rows.map((row) => ({
        amountIn: row[6]!.replace(',', '.'),
        amountOut: row[7]!.replace(',', '.'),
        currency: row[8]!,
      })),
    );
    expect(fromFile).toEqual(history.totals);
    expect(fromFile).toEqual(totalsOf(seeded));
  });

  it('prepares an XLSX whose numeric cells sum to the history’s totals, with business-time dates', async () => {
    const { job, bytes } = await exportFile(manager, {
      ...period,
      format: 'xlsx',
      language: 'en',
      currency: 'USDT',
    });

    expect(job.fileName).toBe(`transactions_${period.from}_${period.to}_USDT.xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const usdt = seeded.filter((movement) => movement.currency === 'USDT');
    expect(sheet.rowCount).toBe(1 + usdt.length);
    const rows: Array<{ amountIn: string; amountOut: string; currency: string }> = [];
    sheet.eachRow((row, number) => {
      if (number === 1) return;
      const [amountIn, amountOut] = [row.getCell(7), row.getCell(8)];
      for (const cell of [amountIn, amountOut])
        if (cell.value !== null) expect(cell.type).toBe(ExcelJS.ValueType.Number);
      const at = row.getCell(1).value as Date;
      expect(at).toBeInstanceOf(Date);
      // The cell holds the business's wall clock: its UTC fields are Moscow's.
      expect(at.toISOString().slice(0, 10) >= period.from && at.toISOString().slice(0, 10) <= period.to).toBe(
        true,
      );
      rows.push({
        amountIn: amountIn.value === null ? '' : (amountIn.value as number).toFixed(6),
        amountOut: amountOut.value === null ? '' : (amountOut.value as number).toFixed(6),
        currency: String(row.getCell(9).value),
      });
    });
    expect(fileTotals(rows)).toEqual(totalsOf(usdt));
  });

  it('names the deal’s client, account, rate, market rate, profit and staff member on a completed deal’s rows', async () => {
    const owner = await newUser();
    const application = await createApplication(owner, standardBody({ amount: 350 }));
    expect((await setStatus(manager, application.id, 'PROCESSING')).status).toBe(200);
    expect((await setStatus(manager, application.id, 'COMPLETED')).status).toBe(200);
    const today = businessDayOf(new Date(), BUSINESS_TIME_ZONE);

    const { bytes } = await exportFile(manager, { from: today, to: today, format: 'csv', language: 'en' });

    const rows = readCsv(bytes.subarray(3).toString('utf8')).filter((row) => row[1] === application.id);
    expect(rows.map((row) => row[4]).sort()).toEqual(['Client payment', 'Payout']);
    for (const row of rows) {
      expect(row[2]).toBe(owner.email);
      expect(row[3]).toBe('card-EUR → usdt-trc20');
      // The rate the deal completed at, the market's then, and the profit in its fiat currency.
      expect(Number(row[9])).toBeGreaterThan(0);
      expect(Number(row[10])).toBeGreaterThan(0);
      expect(row[11]).toMatch(/^-?\d+\.\d{2}$/);
      expect(row[12]).toBe('EUR');
      expect(row[13]).toBe(manager.username);
    }
    const payment = rows.find((row) => row[4] === 'Client payment')!;
    // No template named an account: the asset's own, by its asset in the reader's language.
    expect([payment[5], payment[6], payment[7], payment[8]]).toEqual([
      'Card EUR, no named account',
      '350.00',
      '',
      'EUR',
    ]);
    const payout = rows.find((row) => row[4] === 'Payout')!;
    expect(payout[5]).toBe('USDT (TRC-20), no named account');
    expect(payout[8]).toBe('USDT');
    expect(payout[7]).toBe(application.amountTo!.toFixed(6));
  });

  it('answers the export only to the staff member who asked for it', async () => {
    const created = await call(adminCreateExport, {
      token: manager.token,
      body: { ...period, format: 'csv' },
    });
    const id = created.body.data!.id;

    const other = await call(adminGetExport, { token: admin.token, params: { id } });
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ success: false, code: 'ExportNotFound' });
    expect(
      (await call(adminCreateExport, { token: client.token, body: { ...period, format: 'csv' } })).status,
    ).toBe(403);
  });

  it('refuses a format it does not write, a bad period and a bad id in the envelope', async () => {
    const format = await call(adminCreateExport, {
      token: manager.token,
      body: { ...period, format: 'pdf' } as never,
    });
    expect(format.status).toBe(400);
    expect(format.body.errors?.[0]).toMatchObject({ path: 'format' });
    const backwards = await call(adminCreateExport, {
      token: manager.token,
      body: { from: period.to, to: period.from, format: 'csv' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.[0]).toMatchObject({ path: 'to', code: 'periodOrder' });
    const badId = await call(adminGetExport, { token: manager.token, params: { id: 'not-a-uuid' } });
    expect(badId.status).toBe(400);
    expect(badId.body.errors?.[0]).toMatchObject({ code: 'exportId' });
  });
});
