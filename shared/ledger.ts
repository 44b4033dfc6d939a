import { assetLabel, currencyDecimals, parseAssetKey } from './assets';
import type { Language } from './enums';

/**
 * The books (docs/architecture.md "The ledger"): every movement of money is one balanced entry of
 * lines between accounts, in integer minor units of each line's currency (kopecks, cents,
 * micro-USDT), so that per currency the lines of an entry, and so every balance of the books,
 * sum to zero.
 *
 * Two sorts of account:
 * - the office's, each a place money is held: a cash desk (per office and currency), a bank card
 *   or account, a USDT wallet;
 * - the books', one of each kind per currency: what the clients are owed (`clients`), the
 *   exchange's position (`exchange`: what deals took in and gave out at their rates), corrections
 *   with a written reason (`adjustments`), what the owner put in (`equity`, the opening
 *   balances), and what partners have earned and are owed (`partners`, their shares of deals).
 * An office account's balance is what it holds (positive); the books' accounts hold the other side.
 */
export const OFFICE_ACCOUNT_KINDS = ['cash', 'card', 'bank', 'wallet'] as const;
export type OfficeAccountKind = (typeof OFFICE_ACCOUNT_KINDS)[number];
export const BOOK_ACCOUNT_KINDS = ['clients', 'exchange', 'adjustments', 'equity', 'partners'] as const;
export type BookAccountKind = (typeof BOOK_ACCOUNT_KINDS)[number];
export type LedgerAccountKind = OfficeAccountKind | BookAccountKind;

/** What an entry records. */
export const LEDGER_ENTRY_KINDS = [
  /** An office account's balance when the books started, or when the account was opened. */
  'opening',
  /** Staff's correction of an office account, with a written reason. */
  'adjustment',
  /** Money moved between two office accounts of one currency (the safe to a card). */
  'transfer',
  /** A client's payment arrived (or a part of it). */
  'payment',
  /** The exchange itself: the deal's money in, at its rate, for the money it owes out. */
  'exchange',
  /** The office paid a client out (or a part of it). */
  'payout',
  /** A client's money sent back. */
  'refund',
  /** A payout that came back. */
  'reversal',
  /** What an ADMIN closed a deal with, when paid out and owed differ. */
  'writeOff',
  /** The share of a completed deal its partner earned, owed to them out of the exchange's (USDT). */
  'partnerShare',
  /** A partner paid what they earned, from an office wallet (its hash checked on chain). */
  'partnerPayout',
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

export interface LedgerLine {
  accountId: string;
  currency: string;
  /** Minor units of the currency; positive into the account, negative out of it. */
  units: bigint;
}

/** The book account of a kind for a currency: one each, created by the first line that names it. */
export const bookAccountId = (kind: BookAccountKind, currency: string) => `${kind}-${currency}`;

/**
 * An asset's own office account (`asset-card-RUB`): where its money is booked while no named
 * account (a card, a desk, a wallet) is chosen for it, as a deal whose instructions came from no
 * template. An install starts with these: its reserves open them.
 */
const ASSET_ACCOUNT_PREFIX = 'asset-';
export const assetAccountId = (assetKey: string) => `${ASSET_ACCOUNT_PREFIX}${assetKey}`;

const OWN_ACCOUNT_WORDS: Record<Language, { cash: string; card: string; unnamed: string }> = {
  ru: { cash: 'Наличные', card: 'Карта', unnamed: 'счёт не назван' },
  en: { cash: 'Cash', card: 'Card', unnamed: 'no named account' },
};

/**
 * An account as staff read it: an asset's own account by its asset in the reader's language
 * (`Card EUR, no named account`: it keeps its id as its name), any other by its own name.
 */
export function accountNameIn(account: { id: string; name: string }, language: Language): string {
  if (!account.id.startsWith(ASSET_ACCOUNT_PREFIX)) return account.name;
  const words = OWN_ACCOUNT_WORDS[language];
  return `${assetLabel(account.id.slice(ASSET_ACCOUNT_PREFIX.length), words)}, ${words.unnamed}`;
}

/** What an account opened by its first line is: a book account, or an asset's own account. */
export interface AutoOpenedAccount {
  kind: LedgerAccountKind;
  /** The asset keys it takes and pays: none for a book account. */
  assets: string[];
}

/** The account an id names when no one opened it by hand; null for a named account. */
export function autoOpenedAccount(accountId: string): AutoOpenedAccount | null {
  const book = BOOK_ACCOUNT_KINDS.find((kind) => accountId.startsWith(`${kind}-`));
  if (book) return { kind: book, assets: [] };
  if (!accountId.startsWith('asset-')) return null;
  const assetKey = accountId.slice('asset-'.length);
  const asset = parseAssetKey(assetKey);
  if (!asset) return null;
  const kind: OfficeAccountKind =
    asset.kind === 'crypto' ? 'wallet' : asset.fiatKind === 'cash' ? 'cash' : 'card';
  return { kind, assets: [assetKey] };
}

/** The currencies whose lines do not sum to zero (an entry is balanced when there are none). */
export function unbalancedCurrencies(lines: readonly LedgerLine[]): string[] {
  const sums = new Map<string, bigint>();
  for (const line of lines) sums.set(line.currency, (sums.get(line.currency) ?? 0n) + line.units);
  return [...sums].filter(([, sum]) => sum !== 0n).map(([currency]) => currency);
}

/** Minor units per whole unit of a currency: kopecks and cents for fiat, micro-USDT. */
export const ledgerDecimals = currencyDecimals;
