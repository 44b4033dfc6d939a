import { type MovementFilter, type MovementRecord, readMovementPage } from '@functions/data/movements';
import { findUserSummaries } from '@functions/data/user-summaries';
import { businessDayOf, periodBounds, shiftDay } from '@shared/business-time';
import {
  ADMIN_APPLICATION_ID_DISPLAY_LENGTH,
  TRANSACTIONS_CSV_MAX_BYTES,
  TRANSACTIONS_CSV_MAX_ROWS,
  TRANSACTIONS_DEFAULT_PERIOD_DAYS,
} from '@shared/constants';
import {
  type ExportTransactionsQuery,
  type ListTransactionsQuery,
  periodProblem,
  type TransactionsPage,
  type TransactionView,
} from '@shared/contract/transactions';
import { csvLine } from '@shared/csv';
import type { Language } from '@shared/enums';
import { shortId } from '@shared/ids';
import { exportRows } from '../exports/rows';
import { csvHeader, csvRecord, transactionsFileName } from '../exports/writers';
import { businessTimeZone } from '../settings/business-time';
import { PeriodRefused } from './errors';

/**
 * The admin transaction history (docs/product.md §2): the confirmed movements of money on deals,
 * read by period from the index of the filter (functions/data/keys.ts pattern 32), newest first.
 * What a page costs is its own rows (up to three partitions' worth for a currency alone), never
 * the rest of the period or of the table.
 */

/**
 * The period to read, in business days (the setting businessTimeZone): as given, `to` today when
 * absent, `from` the 30 days up to `to` when absent; and the UTC instants that bound it.
 */
export async function resolvePeriod(
  query: { from?: string | undefined; to?: string | undefined },
  now: Date,
) {
  const timeZone = await businessTimeZone();
  const to = query.to ?? businessDayOf(now, timeZone);
  const from = query.from ?? shiftDay(to, -(TRANSACTIONS_DEFAULT_PERIOD_DAYS - 1));
  const problem = periodProblem(from, to);
  if (problem) throw new PeriodRefused(problem);
  const { since, until } = periodBounds(from, to, timeZone);
  return { period: { from, to }, timeZone, since: since.toISOString(), until: until.toISOString() };
}

type ResolvedPeriod = Awaited<ReturnType<typeof resolvePeriod>>;

/** Staff names already read, by id (null: no such account), so a CSV asks for each staff member once. */
type StaffNames = Map<string, string | null>;

async function withStaffNames(movements: MovementRecord[], names: StaffNames): Promise<TransactionView[]> {
  const unknown = [...new Set(movements.map((movement) => movement.staffId))].filter((id) => !names.has(id));
  if (unknown.length > 0) {
    const found = await findUserSummaries(unknown);
    for (const id of unknown) {
      const staff = found.get(id);
      names.set(id, staff ? (staff.username ?? staff.email) : null);
    }
  }
  return movements.map((movement) => ({
    id: movement.id,
    applicationId: movement.applicationId,
    applicationShortId: shortId(movement.applicationId, ADMIN_APPLICATION_ID_DISPLAY_LENGTH),
    direction: movement.direction,
    amount: movement.amount,
    asset: movement.asset,
    currency: movement.currency,
    reference: movement.reference,
    note: movement.note,
    staffId: movement.staffId,
    staffName: names.get(movement.staffId) ?? null,
    at: movement.at,
    recordedAtCompletion: movement.recordedAtCompletion,
  }));
}

function movementFilter(query: ExportTransactionsQuery, { since, until }: ResolvedPeriod): MovementFilter {
  return { since, until, currency: query.currency, direction: query.direction };
}

/** GET /admin/transactions: one page of the period's movements and the cursor of the next. */
export async function listTransactions(
  query: ListTransactionsQuery,
  now: Date = new Date(),
): Promise<TransactionsPage> {
  const resolved = await resolvePeriod(query, now);
  const page = await readMovementPage(movementFilter(query, resolved), {
    limit: query.limit,
    cursor: query.cursor,
  });
  return {
    items: await withStaffNames(page.movements, new Map()),
    nextCursor: page.nextCursor,
    period: resolved.period,
    timeZone: resolved.timeZone,
  };
}

/**
 * What a line adds to Lambda's answer: the JSON-escaped body (a quote or a line break takes two
 * bytes there), which Lambda limits to 6 MB with the headers.
 */
function answerBytes(text: string): number {
  return Buffer.byteLength(JSON.stringify(text)) - 2;
}

/** How much one file holds (the constants; a test gives smaller ones). */
interface FileLimits {
  maxRows: number;
  maxBytes: number;
}
const FILE_LIMITS: FileLimits = { maxRows: TRANSACTIONS_CSV_MAX_ROWS, maxBytes: TRANSACTIONS_CSV_MAX_BYTES };

/** The file's last line when it was cut, in the reader's language and dialect. */
function cutNotice(rows: number, limits: FileLimits, language: Language): string {
  const megabytes = limits.maxBytes / 1_000_000;
  const text =
    language === 'ru'
      ? `Обрезано после ${rows} строк: файл вмещает не больше ${limits.maxRows} строк или ${megabytes} МБ. ` +
        'Более ранних движений периода в нём нет: выгрузите период целиком через «Выгрузить» на странице.'
      : `Cut after ${rows} rows: a file holds at most ${limits.maxRows} rows or ${megabytes} MB. ` +
        "The period's older movements are not in it; export the whole period with the page's Export.";
  return csvLine([text], language === 'ru' ? ';' : ',');
}

export interface TransactionsFile {
  /** The file: a byte order mark, the header row, one row per movement newest first, and the cut notice when cut. */
  csv: string;
  fileName: string;
  rows: number;
  /** The period holds more movements than the file: its last line says so. */
  truncated: boolean;
}

/**
 * GET /admin/transactions.csv: the rows of the list's filters in the list's order, read page by
 * page until the period ends or the file holds TRANSACTIONS_CSV_MAX_ROWS rows or would pass
 * TRANSACTIONS_CSV_MAX_BYTES (so the answer stays under Lambda's 6 MB); a cut file ends with a
 * line saying so.
 */
export async function transactionsCsv(
  query: ExportTransactionsQuery,
  language: Language,
  now: Date = new Date(),
  limits: FileLimits = FILE_LIMITS,
): Promise<TransactionsFile> {
  const resolved = await resolvePeriod(query, now);
  const { period, timeZone } = resolved;
  const notice = cutNotice(limits.maxRows, limits, language);
  const lines = [csvHeader(language, timeZone)];
  let bytes = answerBytes(lines[0]!) + answerBytes(notice);
  let rows = 0;
  let truncated = false;
  reading: for await (const page of exportRows(movementFilter(query, resolved))) {
    for (const row of page) {
      const line = csvRecord(row, language, timeZone);
      const size = answerBytes(line);
      if (rows >= limits.maxRows || bytes + size > limits.maxBytes) {
        truncated = true;
        break reading;
      }
      lines.push(line);
      bytes += size;
      rows += 1;
    }
  }
  if (truncated) lines.push(cutNotice(rows, limits, language));
  return {
    csv: lines.join(''),
    fileName: transactionsFileName(period, query, 'csv'),
    rows,
    truncated,
  };
}
