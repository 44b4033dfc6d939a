import { readFile } from 'node:fs/promises';
import { businessDayOf } from '@shared/business-time';
import type { ReportFigures } from '@shared/contract/reports';
import { adminPutSetting } from '@shared/routes/settings';
import { formatLedgerAmount } from '@web/features/admin/ledger/ledger-format';
import { formatDuration } from '@web/features/admin/reports/report-format';
import adminEn from '@web/locales/en/admin.json';
import adminRu from '@web/locales/ru/admin.json';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { type DealFacts, endedBy, recompute } from '../../integration/reports/recompute';
import { readCsv } from '../../integration/transactions/csv-reader';
import { call } from '../../support/api';
import { openAs, type Session, waitForAdmin } from '../support/admin-session';
import { type Language, lookAtWidths, type PageOptions, VIEWPORTS } from '../support/browser';
import { ok } from '../support/deal-steps';

/**
 * The reports page on the business day's deals (docs/product.md "Reports"): what the ADMIN reads
 * on it and downloads from it is what the deals themselves imply (recompute.ts, from their records,
 * histories and completion snapshots, read in this process): turnover, profit, endings, the funnel,
 * the ticket, and the MANAGER's deals and times in the staff breakdown.
 */
const texts = adminEn.reports;
const usdt = (amount: string) => formatLedgerAmount(amount, 'USDT', 'en');
const seconds = (value: number | null) => formatDuration(value, 'en');

/** Each deal's record, history and snapshot, read from the stack's table in this process. */
async function dealFacts(ids: readonly string[]): Promise<DealFacts[]> {
  const { findApplicationWithHistory } = await import('@functions/data/applications');
  const { findCompletionSnapshot } = await import('@functions/data/completion-snapshots');
  return Promise.all(
    ids.map(async (id) => {
      const { application, history } = (await findApplicationWithHistory(id))!;
      return { application, history, snapshot: await findCompletionSnapshot(id) };
    }),
  );
}

/** The cells of the row whose header cell says `name`, in the page's panel titled `panel`. */
async function rowCells(page: Page, panel: string, name: string): Promise<string[]> {
  const region = page.getByRole('region', { name: panel, exact: true });
  const row = region.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  return row.locator('td').allTextContents();
}

export async function theReportsSayWhatTheDealsImply(options: {
  newPage: (options: PageOptions) => Promise<Page>;
  admin: Session;
  manager: Session;
  dealIds: readonly string[];
  days: readonly string[];
  timeZone: string;
}) {
  const { admin, manager, days, timeZone } = options;
  // The one currency of the report: USDT, whose figures the deals alone give.
  await ok(
    call(adminPutSetting, {
      token: admin.token,
      params: { key: 'reportingCurrency' },
      body: { value: 'USDT' },
    }),
    'Setting',
  );
  const [from, to] = [days[0]!, days.at(-1)!];
  const deals = await dealFacts(options.dealIds);
  const whole: ReportFigures = recompute(deals, { from, to, timeZone });
  const theirs = recompute(deals, {
    from,
    to,
    timeZone,
    dealFilter: (deal) => endedBy(deal) === manager.user.id,
    actorFilter: (actorId) => actorId === manager.user.id,
  });
  expect(whole.outcomes.completed).toBe(options.dealIds.length);
  // The staff breakdown has the MANAGER's endings to show.
  expect(theirs.outcomes.completed).toBeGreaterThan(0);

  const page = await options.newPage({ language: 'en', width: VIEWPORTS.desktop });
  await openAs(page, admin, `/admin/analytics-reports?period=custom&from=${from}&to=${to}&by=staff`);
  const key = page.getByRole('list', { name: texts.kpi.label });
  await key.waitFor();
  await waitForAdmin(page);
  const kpi = async (label: string) =>
    key.locator('li').filter({ hasText: label }).locator('.kpi__value').textContent();
  expect({
    turnover: await kpi(texts.kpi.turnover.replace('{{currency}}', 'USDT')),
    profit: await kpi(texts.kpi.profit.replace('{{currency}}', 'USDT')),
    completed: await kpi(texts.kpi.completed),
    averageTicket: await kpi(texts.kpi.averageTicket),
    newClients: await kpi(texts.kpi.newClients),
  }).toEqual({
    turnover: usdt(whole.reporting.turnover),
    profit: usdt(whole.reporting.profit),
    completed: String(whole.outcomes.completed),
    averageTicket: usdt(whole.ticket.average!),
    newClients: String(whole.clients.new),
  });
  // Every step of the funnel and every ending, as the deals went.
  for (const step of ['created', 'taken', 'instructed', 'paid', 'completed'] as const)
    expect({ step, deals: (await rowCells(page, texts.funnel.title, texts.funnel[step]))[0] }).toEqual({
      step,
      deals: String(whole.funnel[step]),
    });
  for (const outcome of ['completed', 'expired', 'cancelled', 'rejected'] as const)
    expect({
      outcome,
      count: (await rowCells(page, texts.outcomes.title, texts.outcomes[outcome]))[0],
    }).toEqual({
      outcome,
      count: String(whole.outcomes[outcome]),
    });
  // The MANAGER's row: their deals, turnover, profit and times (median / 90th percentile).
  const byStaff = texts.breakdown.title.replace('{{by}}', texts.breakdown.by.staff);
  expect(await rowCells(page, byStaff, manager.user.username!)).toEqual([
    String(theirs.outcomes.completed),
    usdt(theirs.reporting.turnover),
    usdt(theirs.reporting.profit),
    usdt(theirs.ticket.average!),
    `${seconds(theirs.times.toTake.median)} / ${seconds(theirs.times.toTake.p90)}`,
    `${seconds(theirs.times.toPayout.median)} / ${seconds(theirs.times.toPayout.p90)}`,
  ]);

  // The page's CSV: the same totals, exact.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.export.csv }).click(),
  ]);
  const [, ...records] = readCsv(
    (await readFile((await download.path())!)).toString('utf8').replace(/^\uFEFF/, ''),
  );
  const figure = (name: string, currency = '') =>
    records.find(
      (record) => record[0] === texts.export.whole && record[2] === name && record[3] === currency,
    )?.[4];
  for (const { currency, amount } of whole.turnover)
    expect({ currency, turnover: figure(texts.currencies.turnover, currency) }).toEqual({
      currency,
      turnover: amount,
    });
  for (const { currency, amount } of whole.profit)
    expect({ currency, profit: figure(texts.currencies.profit, currency) }).toEqual({
      currency,
      profit: amount,
    });
  expect(figure(texts.kpi.turnover.replace('{{currency}}', 'USDT'), 'USDT')).toBe(whole.reporting.turnover);
  expect(figure(texts.outcomes.completed)).toBe(String(whole.outcomes.completed));

  // The page's XLSX: the same lines, the figures as numbers shown with their decimals.
  const [workbookFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: texts.export.xlsx }).click(),
  ]);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile((await workbookFile.path())!)) as unknown as ArrayBuffer);
  const sheet = workbook.getWorksheet(texts.export.sheet)!;
  const cells = (row: ExcelJS.Row) => (row.values as unknown[]).slice(1);
  const sheetRows = sheet.getRows(2, sheet.rowCount - 1)!.map(cells);
  expect(sheetRows).toHaveLength(records.length);
  const sheetFigure = (name: string, currency = '') =>
    sheetRows.find(
      (row) => row[0] === texts.export.whole && row[2] === name && (row[3] ?? '') === currency,
    )?.[4];
  for (const { currency, amount } of whole.turnover)
    expect({ currency, turnover: sheetFigure(texts.currencies.turnover, currency) }).toEqual({
      currency,
      turnover: Number(amount),
    });
  expect(sheetFigure(texts.kpi.turnover.replace('{{currency}}', 'USDT'), 'USDT')).toBe(
    Number(whole.reporting.turnover),
  );
  expect(sheetFigure(texts.outcomes.completed)).toBe(whole.outcomes.completed);

  await theDashboardsTodaySaysTheSame(options, deals);

  // Looked at in both languages at a phone's and a desk's width, with no sideways scroll or axe finding.
  const problems: Record<string, unknown> = {};
  for (const language of ['en', 'ru'] as Language[]) {
    const look = await options.newPage({ language, width: VIEWPORTS.desktop });
    await openAs(look, admin, `/admin/analytics-reports?period=custom&from=${from}&to=${to}&by=staff`);
    const title = (language === 'en' ? adminEn : adminRu).reports.kpi.label;
    await look.getByRole('list', { name: title }).waitFor();
    await look.locator('.report-chart canvas').first().waitFor();
    await waitForAdmin(look);
    Object.assign(problems, await lookAtWidths(look, 'business-day/reports', language));
  }
  expect(problems).toEqual({});
}

/**
 * The dashboard's today (the business day now) for the ADMIN and the MANAGER: turnover, profit and
 * completions as the day's deals imply; the MANAGER sees no profit and their own completions.
 */
async function theDashboardsTodaySaysTheSame(
  options: Parameters<typeof theReportsSayWhatTheDealsImply>[0],
  deals: DealFacts[],
) {
  const { admin, manager, timeZone } = options;
  const day = businessDayOf(new Date(), timeZone);
  const today = recompute(deals, { from: day, to: day, timeZone });
  const theirs = recompute(deals, {
    from: day,
    to: day,
    timeZone,
    dealFilter: (deal) => endedBy(deal) === manager.user.id,
    actorFilter: (actorId) => actorId === manager.user.id,
  });
  const texts = adminEn.dashboard.today;
  const read = async (session: Session) => {
    const page = await options.newPage({ language: 'en', width: VIEWPORTS.desktop });
    await openAs(page, session, '/admin');
    const cards = page.getByRole('list', { name: texts.label });
    await cards.waitFor();
    await waitForAdmin(page);
    const card = (label: string) =>
      cards
        .locator('li')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('.kpi__value');
    return {
      turnover: await card(texts.turnover).textContent(),
      profit: (await card(texts.profit).count()) === 0 ? null : await card(texts.profit).textContent(),
      completed: await card(texts.completed).textContent(),
      own: await page.locator('.today__own').textContent(),
    };
  };
  const own = (count: number, turnover: string) =>
    (count === 1 ? texts.own_one : texts.own_other)
      .replace('{{count, number}}', String(count))
      .replace('{{turnover}}', usdt(turnover));
  expect(await read(admin)).toMatchObject({
    turnover: usdt(today.reporting.turnover),
    profit: usdt(today.reporting.profit),
    completed: String(today.outcomes.completed),
  });
  expect(await read(manager)).toEqual({
    turnover: usdt(today.reporting.turnover),
    profit: null,
    completed: String(today.outcomes.completed),
    own: own(theirs.outcomes.completed, theirs.reporting.turnover),
  });
}
