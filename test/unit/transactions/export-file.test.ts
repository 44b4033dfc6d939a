import type { ExportRow } from '@functions/domain/exports/rows';
import { exportWriter } from '@functions/domain/exports/writers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readCsv, readSemicolonCsv } from '../../integration/transactions/csv-reader';

/** A USDT payment in at 22:30 UTC (01:30 the next day in Moscow), and a RUB payout with a negative profit. */
const ROWS: ExportRow[] = [
  {
    at: '2026-11-20T22:30:00.000Z',
    dealId: 'deal-1',
    client: 'client@example.com',
    dealDirection: 'usdt-trc20 → card-RUB',
    movement: 'in',
    account: { id: 'wallet-main', name: 'Main wallet' },
    amountIn: '1000.500000',
    amountOut: null,
    currency: 'USDT',
    dealRate: '89.5',
    marketRate: '90.12',
    profit: '-12.50',
    profitCurrency: 'RUB',
    staff: 'system',
    chainTransaction: 'a'.repeat(64),
    reference: null,
    note: null,
  },
  {
    at: '2026-11-21T09:05:07.000Z',
    dealId: 'deal-1',
    client: 'client@example.com',
    dealDirection: 'usdt-trc20 → card-RUB',
    movement: 'out',
    account: { id: 'card-sber', name: 'Sber; card 1234' },
    amountIn: null,
    amountOut: '89544.75',
    currency: 'RUB',
    dealRate: '89.5',
    marketRate: '90.12',
    profit: '-12.50',
    profitCurrency: 'RUB',
    staff: 'manager_anna',
    chainTransaction: null,
    reference: '=HYPERLINK("x")',
    note: 'paid, in two parts',
  },
];

/** The file a writer makes of the rows, from the chunks it hands its sink. */
async function fileOf(format: 'csv' | 'xlsx', options: Parameters<typeof exportWriter>[1]): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  const writer = exportWriter(format, options, (chunk) => chunks.push(chunk));
  writer.add(ROWS);
  await writer.finish();
  return Buffer.concat(chunks);
}

const text = async (options: Parameters<typeof exportWriter>[1]) =>
  (await fileOf('csv', options)).toString('utf8');

describe('the Russian CSV', () => {
  it('separates by semicolons, writes a decimal comma and Russian headers naming the zone, after a byte order mark', async () => {
    const file = await text({ language: 'ru', timeZone: 'Europe/Moscow' });

    expect(file.startsWith('\uFEFF')).toBe(true);
    const [header, payment, payout] = readSemicolonCsv(file.slice(1));
    expect(header).toEqual([
      'Дата и время (Europe/Moscow)',
      'Сделка',
      'Клиент',
      'Направление сделки',
      'Движение',
      'Счёт',
      'Приход',
      'Расход',
      'Валюта',
      'Курс сделки',
      'Рыночный курс',
      'Прибыль сделки',
      'Валюта прибыли',
      'Сотрудник',
      'Транзакция в сети',
      'Основание',
      'Примечание',
    ]);
    expect(payment).toEqual([
      '21.11.2026 01:30:00',
      'deal-1',
      'client@example.com',
      'usdt-trc20 → card-RUB',
      'Оплата клиента',
      'Main wallet',
      '1000,500000',
      '',
      'USDT',
      '89,5',
      '90,12',
      // A negative number stays a number: the formula guard is for text.
      '-12,50',
      'RUB',
      'система',
      'a'.repeat(64),
      '',
      '',
    ]);
    expect(payout!.slice(4, 8)).toEqual(['Выплата клиенту', 'Sber; card 1234', '', '89544,75']);
    // Text a spreadsheet would run gets an apostrophe; a comma needs no quotes here, a semicolon does.
    expect(payout!.slice(13)).toEqual(['manager_anna', '', `'=HYPERLINK("x")`, 'paid, in two parts']);
    expect(file).toContain(';"Sber; card 1234";');
    expect(file).toContain(';paid, in two parts\r\n');
  });
});

describe('the English CSV', () => {
  it('separates by commas, writes a decimal dot, English headers and ISO-like dates', async () => {
    const file = await text({ language: 'en', timeZone: 'Europe/Moscow' });

    const [header, payment, payout] = readCsv(file.slice(1));
    expect(header!.slice(0, 3)).toEqual(['Date and time (Europe/Moscow)', 'Deal', 'Client']);
    expect(header!.slice(6, 9)).toEqual(['Amount in', 'Amount out', 'Currency']);
    expect(payment!.slice(0, 1)).toEqual(['2026-11-21 01:30:00']);
    expect(payment!.slice(4, 14)).toEqual([
      'Client payment',
      'Main wallet',
      '1000.500000',
      '',
      'USDT',
      '89.5',
      '90.12',
      '-12.50',
      'RUB',
      'system',
    ]);
    expect(payout!.slice(15)).toEqual([`'=HYPERLINK("x")`, 'paid, in two parts']);
    expect(file).toContain(',"paid, in two parts"\r\n');
  });
});

describe('the XLSX', () => {
  it('opens with the library’s reader: numbers in numeric cells, times as business-time dates', async () => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(
      (await fileOf('xlsx', { language: 'ru', timeZone: 'Europe/Moscow' })) as unknown as ArrayBuffer,
    );

    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).getCell(1).value).toBe('Дата и время (Europe/Moscow)');
    const payment = sheet.getRow(2);
    // The wall clock in Moscow, held as the date cell's value.
    expect(payment.getCell(1).value).toEqual(new Date('2026-11-21T01:30:00.000Z'));
    expect(payment.getCell(1).numFmt).toBe('dd.mm.yyyy hh:mm:ss');
    expect(payment.getCell(7).value).toBe(1000.5);
    expect(payment.getCell(7).type).toBe(ExcelJS.ValueType.Number);
    expect(payment.getCell(7).numFmt).toBe('0.000000');
    expect(payment.getCell(10).value).toBe(89.5);
    expect(payment.getCell(12).value).toBe(-12.5);
    expect(payment.getCell(14).value).toBe('система');
    const payout = sheet.getRow(3);
    expect(payout.getCell(8).value).toBe(89544.75);
    expect(payout.getCell(8).numFmt).toBe('0.00');
    expect(payout.getCell(7).value).toBeNull();
    // Text stays text: nothing in a cell is run as a formula.
    expect(payout.getCell(16).value).toBe('=HYPERLINK("x")');
    expect(payout.getCell(16).type).toBe(ExcelJS.ValueType.String);
  });
});
