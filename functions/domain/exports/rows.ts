import type { ApplicationRecord } from '@functions/data/applications';
import { type MovementContext, readMovementContext } from '@functions/data/export-jobs';
import { listLedgerAccounts } from '@functions/data/ledger';
import { type MovementFilter, type MovementRecord, readMovementPage } from '@functions/data/movements';
import { findUserSummaries } from '@functions/data/user-summaries';
import { movedUnits } from '@functions/domain/ledger/entries';
import type { CompletionSnapshot } from '@shared/contract/completion';
import { SYSTEM_ID } from '@shared/contract/deal';
import type { MovementDirectionName } from '@shared/contract/transactions';
import { assetAccountId, ledgerDecimals } from '@shared/ledger';
import { decimal, unitsText } from '@shared/money';

/**
 * One row of an export per movement of money (docs/product.md §2 "Exports"), with what an
 * accountant needs beside it: the deal and its client, the deal's direction, the office account
 * the movement was booked on, the deal's rate, the market's at completion and the deal's profit,
 * who recorded it, and the chain transaction. Amounts and rates are exact decimal text; a CSV
 * dialect or a spreadsheet cell writes them as its reader reads numbers.
 */
export interface ExportRow {
  /** The instant (ISO); the file writes it in the business's time zone. */
  at: string;
  dealId: string;
  /** The client's email, as staff see them; null if the account is gone. */
  client: string | null;
  /** What the client gave → what they received, as asset keys (`usdt-trc20 → card-RUB`). */
  dealDirection: string | null;
  movement: MovementDirectionName;
  /** The office account the movement was booked on (the ledger entry's), else the asset's own, and its name. */
  account: { id: string; name: string };
  /** The movement's amount as money in to the office, or out of it, in `currency`'s decimals. */
  amountIn: string | null;
  amountOut: string | null;
  currency: string;
  /** The deal's rate (what it was completed at, else as quoted) and the market's at completion. */
  dealRate: string | null;
  marketRate: string | null;
  /** The deal's profit in its fiat currency (the completion snapshot's), repeated on each of its rows. */
  profit: string | null;
  profitCurrency: string | null;
  /** The staff member by name, else email (their id if the account is gone); `system` for the chain watcher and jobs. */
  staff: string;
  chainTransaction: string | null;
  reference: string | null;
  note: string | null;
}

/** A USDT (TRC-20) transaction id: 64 hex digits. */
const CHAIN_TRANSACTION = /^[0-9a-f]{64}$/i;

/** A number as the exact decimal it is written as (no exponent). */
function decimalText(value: number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const { units, scale } = decimal(value);
  return unitsText(units, scale);
}

/** Money in the currency's smallest units, as the ledger books it (`500.000000` USDT, `90000.00` RUB). */
function moneyText(amount: number, currency: string): string {
  return unitsText(movedUnits(amount, currency), ledgerDecimals(currency));
}

/** Names already read over the whole file: an account, a staff member or a client is asked for once. */
interface Names {
  accounts: Map<string, string>;
  /** By user id: a staff member's username (else email) and a client's email; null if the account is gone. */
  users: Map<string, { name: string; email: string } | null>;
  /** The deals already read (a deal's movements lie close in time), each with its snapshot if it has one. */
  deals: Map<string, Deal>;
}

interface Deal {
  application: ApplicationRecord | undefined;
  completion: CompletionSnapshot | undefined;
}

/** The deals kept between pages; past this the cache starts again, so a file's memory stays bounded. */
const DEALS_KEPT = 10_000;

async function learnUsers(ids: Iterable<string>, names: Names): Promise<void> {
  const unknown = [...new Set(ids)].filter((id) => id !== SYSTEM_ID && !names.users.has(id));
  if (unknown.length === 0) return;
  const found = await findUserSummaries(unknown);
  for (const id of unknown) {
    const user = found.get(id);
    names.users.set(id, user ? { name: user.username ?? user.email, email: user.email } : null);
  }
}

const accountOf = (id: string, names: Names) => ({ id, name: names.accounts.get(id) ?? id });

function rowOf(movement: MovementRecord, context: MovementContext, names: Names): ExportRow {
  const { application, completion } = names.deals.get(movement.applicationId) ?? {
    application: undefined,
    completion: undefined,
  };
  // Money in: the client paid, or a payout came back. Out: a payout or a refund.
  const incoming = movement.direction === 'in' || movement.direction === 'reversal';
  const amount = moneyText(movement.amount, movement.currency);
  const accountId = context.accounts.get(movement.id);
  const chainTransaction =
    movement.reference !== null && CHAIN_TRANSACTION.test(movement.reference) ? movement.reference : null;
  // A confirmation without a hash or receipt takes its note as its reference: the note says it once.
  const reference =
    chainTransaction === null && movement.reference !== movement.note ? movement.reference : null;
  const staff =
    movement.staffId === SYSTEM_ID
      ? SYSTEM_ID
      : (names.users.get(movement.staffId)?.name ?? movement.staffId);
  return {
    at: movement.at,
    dealId: movement.applicationId,
    client: names.users.get(movement.userId)?.email ?? null,
    dealDirection:
      application?.assetFrom && application.assetTo
        ? `${application.assetFrom} → ${application.assetTo}`
        : null,
    movement: movement.direction,
    account: accountOf(accountId ?? assetAccountId(movement.asset), names),
    amountIn: incoming ? amount : null,
    amountOut: incoming ? null : amount,
    currency: movement.currency,
    dealRate: decimalText(completion?.rate ?? application?.rate?.rate),
    marketRate: decimalText(completion?.marketRate),
    profit: decimalText(completion?.profitFiat),
    profitCurrency: completion?.fiatCurrency ?? null,
    staff,
    chainTransaction,
    reference,
    note: movement.note,
  };
}

/** Movements read per query (a DynamoDB page holds at most 1 MB anyway). */
const PAGE = 1000;

/**
 * Every row of the filter's movements, newest first, a page at a time: each page of movements is
 * read, told about (its ledger entries, and the deals, snapshots and names not yet known, in one
 * round of BatchGetItem), and handed on before the next is read, so a file of any length holds one
 * page in memory besides what its writer keeps.
 */
export async function* exportRows(filter: MovementFilter): AsyncGenerator<ExportRow[]> {
  const names: Names = {
    accounts: new Map((await listLedgerAccounts()).map((account) => [account.id, account.name])),
    users: new Map(),
    deals: new Map(),
  };
  let cursor: string | undefined;
  do {
    const page = await readMovementPage(filter, { limit: PAGE, cursor });
    if (names.deals.size > DEALS_KEPT) names.deals.clear();
    const newDeals = [...new Set(page.movements.map((movement) => movement.applicationId))].filter(
      (id) => !names.deals.has(id),
    );
    const [context] = await Promise.all([
      readMovementContext({
        applicationIds: newDeals,
        movementIds: page.movements.map((movement) => movement.id),
      }),
      learnUsers(
        page.movements.flatMap((movement) => [movement.staffId, movement.userId]),
        names,
      ),
    ]);
    for (const id of newDeals)
      names.deals.set(id, {
        application: context.applications.get(id),
        completion: context.completions.get(id),
      });
    yield page.movements.map((movement) => rowOf(movement, context, names));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}
