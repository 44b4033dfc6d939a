import { LEDGER_DAY_PART, type LedgerEntryRecord } from '@functions/data/ledger';
import { TransactionCancelledError } from '@functions/data/transactions';
import { businessDay } from '@functions/domain/settings/business-time';
import { bookAccountId, type LedgerEntryKind, type LedgerLine, ledgerDecimals } from '@shared/ledger';
import { type DecimalLike, toUnits } from '@shared/money';
import { LedgerDayClosed } from './errors';

/** An amount of a currency in its minor units, exactly (an amount with more decimals is refused). */
export const minorUnits = (amount: DecimalLike, currency: string): bigint =>
  toUnits(amount, ledgerDecimals(currency));

/**
 * Money that moved, in the currency's minor units: a deal's amount or a transfer's may carry more
 * decimals than the currency's smallest unit (a USDT figure booked against a fiat deal), which no
 * account can hold; it is booked to the nearest unit (half up) rather than refused, since the money
 * did move. Both lines of the entry take the same units, so the books still balance.
 */
export const movedUnits = (amount: DecimalLike, currency: string): bigint =>
  toUnits(amount, ledgerDecimals(currency), 'half-up');

/** What a deal's or staff's entry is about, besides its lines. */
export interface EntryFacts {
  id: string;
  kind: LedgerEntryKind;
  at: string;
  actorId: string;
  applicationId?: string | null;
  reference?: string | null;
  reason?: string | null;
}

/** An entry of these lines, counted in the business day of `at` (written by data/ledger.ts ledgerParts). */
export async function ledgerEntry(facts: EntryFacts, lines: LedgerLine[]): Promise<LedgerEntryRecord> {
  return {
    id: facts.id,
    kind: facts.kind,
    lines,
    at: facts.at,
    // The books' days are the business's (setting businessTimeZone).
    day: await businessDay(new Date(facts.at)),
    actorId: facts.actorId,
    applicationId: facts.applicationId ?? null,
    reference: facts.reference ?? null,
    reason: facts.reason ?? null,
  };
}

/**
 * Money between an office account and the clients' book of its currency: a client's payment in
 * (`units` > 0: the office holds it, the client is owed it), a payout or refund out (`units` < 0).
 */
export function withClients(accountId: string, currency: string, units: bigint): LedgerLine[] {
  return [
    { accountId, currency, units },
    { accountId: bookAccountId('clients', currency), currency, units: -units },
  ];
}

/**
 * The exchange of a deal at its own rate: what the client paid in `from` is the exchange's, and
 * the client is owed `to` instead. After a deal paid and paid out exactly, its clients' lines sum
 * to zero in both currencies, and the exchange's books hold what it took in and gave out.
 */
export function exchangeLines(
  from: { currency: string; units: bigint },
  to: { currency: string; units: bigint },
): LedgerLine[] {
  return [
    { accountId: bookAccountId('clients', from.currency), currency: from.currency, units: from.units },
    { accountId: bookAccountId('exchange', from.currency), currency: from.currency, units: -from.units },
    { accountId: bookAccountId('exchange', to.currency), currency: to.currency, units: to.units },
    { accountId: bookAccountId('clients', to.currency), currency: to.currency, units: -to.units },
  ];
}

/** Staff's correction of an office account (or its opening balance), against the adjustments (or equity) book. */
export function correctionLines(
  kind: 'adjustment' | 'opening',
  accountId: string,
  currency: string,
  units: bigint,
): LedgerLine[] {
  return [
    { accountId, currency, units },
    {
      accountId: bookAccountId(kind === 'opening' ? 'equity' : 'adjustments', currency),
      currency,
      units: -units,
    },
  ];
}

/**
 * Why a write that books `entries` was cancelled, when it is the books' own reason: their business
 * day was closed between reading the clock and the write (409, "record a correction today").
 */
export function closedDayRefusal(
  error: unknown,
  entries: readonly LedgerEntryRecord[],
): LedgerDayClosed | null {
  const day = entries[0]?.day;
  return day && error instanceof TransactionCancelledError && error.failedOn(LEDGER_DAY_PART)
    ? new LedgerDayClosed(day)
    : null;
}
