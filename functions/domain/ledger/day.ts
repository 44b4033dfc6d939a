import { auditPut } from '@functions/data/audit';
import {
  findLedgerAccount,
  LEDGER_DAY_PART,
  type LedgerAccountDay,
  type LedgerAccountRecord,
  ledgerCountParts,
  ledgerDayClosePut,
  listLedgerAccounts,
  readAccountDays,
  readLedgerDayState,
} from '@functions/data/ledger';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { businessDay, businessTimeZone } from '@functions/domain/settings/business-time';
import type { LedgerCountBody, LedgerDay } from '@shared/contract/ledger';
import { BOOK_ACCOUNT_KINDS, type BookAccountKind } from '@shared/ledger';
import { sumUnits } from '@shared/money';
import { actorNames, amountOf } from './accounts';
import { minorUnits } from './entries';
import { LedgerAccountNotFound, LedgerAmountInvalid, LedgerDayClosed, LedgerDayNotOver } from './errors';

const net = (day: Pick<LedgerAccountDay, 'inUnits' | 'outUnits' | 'adjustedUnits'>) =>
  day.inUnits - day.outUnits + day.adjustedUnits;

/**
 * One account's business day from its day totals and its balance now: the closing balance is the
 * balance less what every later day changed, the opening the closing less the day's own change.
 * No posting is read, and an entry always counts in the business day it was made, so a day that
 * has ended never changes.
 */
async function accountDay(account: LedgerAccountRecord, day: string) {
  const days = await readAccountDays(account.id, day);
  const own = days.find((one) => one.day === day) ?? {
    inUnits: 0n,
    outUnits: 0n,
    adjustedUnits: 0n,
  };
  const later = sumUnits(days.filter((one) => one.day > day).map(net));
  const closing = sumUnits([account.balanceUnits, -later]);
  return { own, closing, opening: closing - net(own) };
}

/** The office's accounts, each read on its own (a consistent read; the list's index may lag a posting). */
async function officeAccounts(): Promise<LedgerAccountRecord[]> {
  const listed = (await listLedgerAccounts()).filter(
    (account) => !BOOK_ACCOUNT_KINDS.includes(account.kind as BookAccountKind),
  );
  const accounts = await Promise.all(listed.map((account) => findLedgerAccount(account.id)));
  return accounts
    .filter((account) => account !== undefined)
    .sort((a, b) => a.currency.localeCompare(b.currency) || a.name.localeCompare(b.name));
}

/** GET /admin/ledger/days/{day}: every office account's day, its count, and the day's close. */
export async function ledgerDayReport(day: string): Promise<LedgerDay> {
  const [accounts, state, timeZone] = await Promise.all([
    officeAccounts(),
    readLedgerDayState(day),
    businessTimeZone(),
  ]);
  const names = await actorNames([
    ...state.counts.map((count) => count.countedBy),
    ...(state.closed ? [state.closed.closedBy] : []),
  ]);
  const rows = await Promise.all(
    accounts.map(async (account) => {
      const { own, closing, opening } = await accountDay(account, day);
      const count = state.counts.find((one) => one.accountId === account.id);
      const amount = (units: bigint) => amountOf(units, account.currency);
      return {
        accountId: account.id,
        name: account.name,
        currency: account.currency,
        opening: amount(opening),
        in: amount(own.inUnits),
        out: amount(own.outUnits),
        adjusted: amount(own.adjustedUnits),
        closing: amount(closing),
        count: count
          ? {
              counted: amount(count.countedUnits),
              difference: amount(count.countedUnits - closing),
              countedBy: names.get(count.countedBy) ?? count.countedBy,
              countedAt: count.countedAt,
              note: count.note,
            }
          : null,
      };
    }),
  );
  return {
    day,
    timeZone,
    accounts: rows,
    closed: state.closed
      ? {
          closedBy: names.get(state.closed.closedBy) ?? state.closed.closedBy,
          closedAt: state.closed.closedAt,
        }
      : null,
  };
}

async function requireEnded(day: string, now: Date, orToday: boolean): Promise<void> {
  const today = await businessDay(now);
  if (day > today || (!orToday && day === today)) throw new LedgerDayNotOver(day);
}

/**
 * PUT /admin/ledger/days/{day}/counts/{id}: what staff counted in the desk, or the bank
 * statement's closing balance, for a day that has begun and is not closed; the books' closing
 * then and the difference are kept (a later count replaces it), audited.
 */
export async function countLedgerDay(
  day: string,
  accountId: string,
  body: LedgerCountBody,
  actor: RecordedActor,
  now = new Date(),
): Promise<LedgerDay> {
  await requireEnded(day, now, true);
  const account = await findLedgerAccount(accountId);
  if (!account || BOOK_ACCOUNT_KINDS.includes(account.kind as BookAccountKind))
    throw new LedgerAccountNotFound();
  let countedUnits: bigint;
  try {
    countedUnits = minorUnits(body.counted, account.currency);
  } catch {
    throw new LedgerAmountInvalid(account.currency);
  }
  const { closing } = await accountDay(account, day);
  const count = {
    day,
    accountId,
    countedUnits,
    closingUnits: closing,
    countedBy: actor.id,
    countedAt: now.toISOString(),
    note: body.note?.trim() || null,
  };
  try {
    await new Transaction()
      .addParts(ledgerCountParts(count))
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: 'ledger.count',
          targetType: 'ledgerAccount',
          targetId: accountId,
          before: null,
          after: {
            day,
            counted: amountOf(countedUnits, account.currency),
            closing: amountOf(closing, account.currency),
            difference: amountOf(countedUnits - closing, account.currency),
          },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn(LEDGER_DAY_PART))
      throw new LedgerDayClosed(day);
    throw error;
  }
  return ledgerDayReport(day);
}

/**
 * POST /admin/ledger/days/{day}/close: an ADMIN closes a business day that has ended, once; from
 * then on nothing can be written into it (every entry checks its day is open), and a correction
 * is an adjustment of a day still open. Audited.
 */
export async function closeLedgerDay(
  day: string,
  actor: RecordedActor,
  now = new Date(),
): Promise<LedgerDay> {
  await requireEnded(day, now, false);
  try {
    await new Transaction()
      .addParts([ledgerDayClosePut({ day, closedBy: actor.id, closedAt: now.toISOString() })])
      .add(
        'audit',
        auditPut({
          actorId: actor.id,
          actorRole: actor.role,
          action: 'ledger.day.close',
          targetType: 'ledgerDay',
          targetId: day,
          before: null,
          after: { day },
          at: now,
        }),
      )
      .run();
  } catch (error) {
    if (error instanceof TransactionCancelledError && error.failedOn(LEDGER_DAY_PART))
      throw new LedgerDayClosed(day);
    throw error;
  }
  return ledgerDayReport(day);
}
