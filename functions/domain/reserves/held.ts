import { type LedgerAccountRecord, listLedgerAccounts } from '@functions/data/ledger';
import type { ReserveRecord } from '@functions/data/reserves';
import { currencyDecimals, currencyOfAsset } from '@shared/assets';
import { OFFICE_ACCOUNT_KINDS, type OfficeAccountKind } from '@shared/ledger';
import { fromUnits, sumUnits } from '@shared/money';

/** What a reserve figure needs of an office account. */
export type HeldAccount = Pick<LedgerAccountRecord, 'kind' | 'currency' | 'assets' | 'balanceUnits'>;

const isOffice = (account: HeldAccount) => OFFICE_ACCOUNT_KINDS.includes(account.kind as OfficeAccountKind);

/**
 * The office's accounts with their balances: one Query of the accounts' list (each account item
 * holds its balance, so nothing is summed from postings). The list is an index, so a balance may
 * lag a posting by a moment.
 */
export async function readOfficeAccounts(): Promise<HeldAccount[]> {
  return (await listLedgerAccounts()).filter(isOffice);
}

/** Minor units the office accounts that pay out an asset hold (an account may pay out several). */
export function heldUnits(accounts: readonly HeldAccount[], assetKey: string): bigint {
  return sumUnits(
    accounts
      .filter((account) => isOffice(account) && account.assets.includes(assetKey))
      .map((account) => account.balanceUnits),
  );
}

/**
 * The reserve of what a direction pays out (docs/architecture.md "The ledger", reserves): for a
 * currency the books took over (its reserve item's `bookedAt`), the balance of the office accounts
 * that pay out this asset, so cash RUB and card RUB are separate figures; before that, the
 * currency's one figure; null when the office keeps no reserve of the currency (not limited).
 */
export function reserveOf(
  assetKey: string,
  reserves: ReadonlyMap<string, Pick<ReserveRecord, 'amount' | 'bookedAt'>>,
  accounts: readonly HeldAccount[],
): number | null {
  const code = currencyOfAsset(assetKey);
  const record = reserves.get(code);
  if (!record) return null;
  if (record.bookedAt === null) return record.amount;
  return fromUnits(heldUnits(accounts, assetKey), currencyDecimals(code));
}

/**
 * The reserves as staff see them: a booked currency's amount is what all its office accounts hold
 * (the cash desks, cards and wallets together), the figure its alert level is compared with.
 */
export function withBookedAmounts<T extends Pick<ReserveRecord, 'code' | 'amount' | 'bookedAt'>>(
  records: readonly T[],
  accounts: readonly HeldAccount[],
): T[] {
  return records.map((record) => {
    if (record.bookedAt === null) return record;
    const units = sumUnits(
      accounts
        .filter((account) => isOffice(account) && account.currency === record.code)
        .map((account) => account.balanceUnits),
    );
    return { ...record, amount: fromUnits(units, currencyDecimals(record.code)) };
  });
}

/** One direction's reserve for a quote: the accounts are read only for a currency the books took over. */
export async function reserveForQuote(
  assetKey: string,
  record: Pick<ReserveRecord, 'code' | 'amount' | 'bookedAt'> | undefined,
): Promise<number | null> {
  if (!record) return null;
  const accounts = record.bookedAt === null ? [] : await readOfficeAccounts();
  return reserveOf(assetKey, new Map([[record.code, record]]), accounts);
}
