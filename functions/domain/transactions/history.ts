import { type MovementFilter, type MovementRecord, readMovementPage } from '@functions/data/movements';
import { findUserSummaries } from '@functions/data/user-summaries';
import { plainAmount } from '@shared/assets';
import { businessDayOf, periodBounds, zonedDateTime } from '@shared/business-time';
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
  shiftDay,
  type TransactionsPage,
  type TransactionView,
} from '@shared/contract/transactions';
import { shortId } from '@shared/ids';
import { businessTimeZone } from '../settings/business-time';
import { csvLine } from './csv';
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
async function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
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

/** The CSV's columns after the first, the business time (named with its zone in the header row). */
const CSV_COLUMNS = [
  'direction',
  'amount',
  'currency',
  'asset',
  'reference',
  'note',
  'application_id',
  'staff',
  'staff_id',
  'recorded_at_completion',
] as const;

function csvRow(view: TransactionView, timeZone: string): string[] {
  return [
    zonedDateTime(view.at, timeZone),
    view.direction,
    plainAmount(view.amount, view.asset),
    view.currency,
    view.asset,
    view.reference ?? '',
    view.note ?? '',
    view.applicationId,
    view.staffName ?? '',
    view.staffId,
    String(view.recordedAtCompletion),
  ];
}

/** Rows read per query while writing the CSV (a DynamoDB page holds at most 1 MB anyway). */
const CSV_CHUNK = 1000;
/** Excel reads a CSV as UTF-8 only after a byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

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

function cutNotice(rows: number, limits: FileLimits): string {
  return csvLine([
    `Cut after ${rows} rows: a file holds at most ${limits.maxRows} rows or ` +
      `${limits.maxBytes / 1_000_000} MB. The period's older movements are not in it; ` +
      'export a shorter period for them.',
  ]);
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
  now: Date = new Date(),
  limits: FileLimits = FILE_LIMITS,
): Promise<TransactionsFile> {
  const resolved = await resolvePeriod(query, now);
  const { period, timeZone } = resolved;
  const filter = movementFilter(query, resolved);
  const names: StaffNames = new Map();
  const notice = cutNotice(limits.maxRows, limits);
  const lines = [BYTE_ORDER_MARK + csvLine([`time (${timeZone})`, ...CSV_COLUMNS])];
  let bytes = answerBytes(lines[0]!) + answerBytes(notice);
  let rows = 0;
  let truncated = false;
  let cursor: string | undefined;
  reading: while (true) {
    const page = await readMovementPage(filter, {
      limit: Math.min(CSV_CHUNK, limits.maxRows - rows),
      cursor,
    });
    for (const view of await withStaffNames(page.movements, names)) {
      const line = csvLine(csvRow(view, timeZone));
      const size = answerBytes(line);
      if (bytes + size > limits.maxBytes) {
        truncated = true;
        break reading;
      }
      lines.push(line);
      bytes += size;
      rows += 1;
    }
    if (page.nextCursor === null) break;
    if (rows >= limits.maxRows) {
      truncated = true;
      break;
    }
    cursor = page.nextCursor;
  }
  if (truncated) lines.push(cutNotice(rows, limits));
  const filters = [query.currency, query.direction].filter(Boolean).join('_');
  return {
    csv: lines.join(''),
    fileName: `transactions_${period.from}_${period.to}${filters ? `_${filters}` : ''}.csv`,
    rows,
    truncated,
  };
}
