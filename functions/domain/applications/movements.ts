import type { ApplicationRecord } from '@functions/data/applications';
import type { LedgerEntryRecord } from '@functions/data/ledger';
import { type MovementDirection, movementId, movementPut } from '@functions/data/movements';
import type { TransactItem } from '@functions/data/transactions';
import { exchangeLines, ledgerEntry, movedUnits, withClients } from '@functions/domain/ledger/entries';
import { SYSTEM_ID } from '@shared/contract/deal';
import { assetAccountId, type LedgerEntryKind } from '@shared/ledger';

/** The ledger entry a movement is: money in from or out to the client, on the office's account. */
const ENTRY_KINDS: Readonly<Record<MovementDirection, { kind: LedgerEntryKind; sign: 1n | -1n }>> = {
  in: { kind: 'payment', sign: 1n },
  out: { kind: 'payout', sign: -1n },
  refund: { kind: 'refund', sign: -1n },
  // The payout's money came back to the account it left: the client is owed it again.
  reversal: { kind: 'reversal', sign: 1n },
};

/** What a move records of money that moved: the transaction history's items, and the ledger's entries. */
export interface DealMoney {
  parts: Array<[string, TransactItem]>;
  entries: LedgerEntryRecord[];
}

const NO_MONEY: DealMoney = { parts: [], entries: [] };

/** A move's write of this money, with the other parts of its transaction (a claimed chain transaction). */
export function withMoney(money: DealMoney, others: Array<[string, TransactItem]>): DealMoney {
  return { parts: [...others, ...money.parts], entries: money.entries };
}

/**
 * A movement of money the move confirms, for the transaction history and as its ledger entry (on
 * the account the client was told to pay into, for money in or back; for money out, the account
 * staff named, else the asset's own): the deal's amount, or `record.amount` when what moved is
 * known exactly and differs (a USDT transfer's own amount).
 */
export async function movement(
  application: ApplicationRecord,
  direction: MovementDirection,
  record: {
    staffId: string;
    at: string;
    reference: string | null;
    note: string | null;
    amount?: number;
    /** The second payout of a deal whose first came back. */
    sequence?: number;
    /** The office account the money left (a payout): the asset's own when none is named. */
    accountId?: string | null;
  },
  recordedAtCompletion = false,
): Promise<DealMoney> {
  // A reversal is the payout's money coming back: counted in what the client was paid out.
  const outgoing = direction === 'out' || direction === 'reversal';
  const amount = record.amount ?? (outgoing ? application.amountTo : application.amountFrom);
  const asset = outgoing ? application.assetTo : application.assetFrom;
  const currency = outgoing ? application.currencyTo : application.currencyFrom;
  // An individual request names no amounts: its money is not in the history.
  if (amount === null || asset === null || currency === null) return NO_MONEY;
  const id = movementId(application.id, direction, record.sequence);
  const accountId = outgoing
    ? (record.accountId ?? assetAccountId(asset))
    : (application.instructions?.accountId ?? assetAccountId(asset));
  const { kind, sign } = ENTRY_KINDS[direction];
  const entry = await ledgerEntry(
    {
      id,
      kind,
      at: record.at,
      actorId: record.staffId,
      applicationId: application.id,
      reference: record.reference,
    },
    withClients(accountId, currency, sign * movedUnits(amount, currency)),
  );
  const parts: Array<[string, TransactItem]> = [
    [
      `movement:${direction}`,
      movementPut({
        id,
        applicationId: application.id,
        userId: application.userId,
        direction,
        amount,
        asset,
        currency,
        reference: record.reference,
        note: record.note,
        staffId: record.staffId,
        at: record.at,
        recordedAtCompletion,
      }),
    ],
  ];
  return { parts, entries: [entry] };
}

/**
 * The movements of a deal completed face to face at the office (PROCESSING → COMPLETED): both
 * recorded at completion, by the staff member completing it.
 */
export async function movementsAtCompletion(
  application: ApplicationRecord,
  staffId: string,
  at: string,
): Promise<DealMoney> {
  const record = { staffId, at, reference: null, note: null };
  const paid = await movement(application, 'in', record, true);
  const paidOut = await movement(application, 'out', record, true);
  return { parts: [...paid.parts, ...paidOut.parts], entries: [...paid.entries, ...paidOut.entries] };
}

/**
 * The exchange a settling move books (the deal completes at its own rate): the money the client
 * paid is the exchange's, and what it pays out is owed to the client instead. None for a deal that
 * names no amounts (an individual request).
 */
export async function exchangeEntry(
  application: ApplicationRecord,
  actorId: string | null,
  at: string,
): Promise<LedgerEntryRecord[]> {
  const { amountFrom, amountTo, currencyFrom, currencyTo } = application;
  if (amountFrom === null || amountTo === null || currencyFrom === null || currencyTo === null) return [];
  const entry = await ledgerEntry(
    {
      id: `${application.id}#exchange`,
      kind: 'exchange',
      at,
      actorId: actorId ?? SYSTEM_ID,
      applicationId: application.id,
    },
    exchangeLines(
      { currency: currencyFrom, units: movedUnits(amountFrom, currencyFrom) },
      { currency: currencyTo, units: movedUnits(amountTo, currencyTo) },
    ),
  );
  return [entry];
}
