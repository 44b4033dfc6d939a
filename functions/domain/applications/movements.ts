import type { ApplicationRecord } from '@functions/data/applications';
import type { LedgerEntryRecord } from '@functions/data/ledger';
import { type MovementDirection, movementId, movementPut } from '@functions/data/movements';
import type { TransactItem } from '@functions/data/transactions';
import { exchangeLines, ledgerEntry, movedUnits, withClients } from '@functions/domain/ledger/entries';
import { SYSTEM_ID } from '@shared/contract/deal';
import { type DealMoney, heldOf } from '@shared/deal-money';
import { assetAccountId, bookAccountId, type LedgerEntryKind, type LedgerLine } from '@shared/ledger';
import {
  add,
  compare,
  type Decimal,
  type DecimalLike,
  decimal,
  subtract,
  toNumber,
  unitsText,
} from '@shared/money';
import { askedOf, moneyOf } from './deal-money';

/** The ledger entry a movement is: money in from or out to the client, on the office's account. */
const ENTRY_KINDS: Readonly<Record<MovementDirection, { kind: LedgerEntryKind; sign: 1n | -1n }>> = {
  in: { kind: 'payment', sign: 1n },
  out: { kind: 'payout', sign: -1n },
  refund: { kind: 'refund', sign: -1n },
  // The payout's money came back to the account it left: the client is owed it again.
  reversal: { kind: 'reversal', sign: 1n },
};

/** The fee kept of a refund: the clients' book gives it up, and it is the exchange's. */
const keptFeeLines = (currency: string, units: bigint): LedgerLine[] => [
  { accountId: bookAccountId('clients', currency), currency, units },
  { accountId: bookAccountId('exchange', currency), currency, units: -units },
];

/** What a move records of money that moved: the transaction history's items, the ledger's entries, the deal's money after. */
export interface MovementWrite {
  parts: Array<[string, TransactItem]>;
  entries: LedgerEntryRecord[];
  /** The deal's money with this movement (written on the application in the same transaction). */
  money: DealMoney;
}

/** A move's write of this money, with the other parts of its transaction (a claimed chain transaction). */
export function withMoney(
  written: MovementWrite,
  others: Array<[string, TransactItem]>,
): Omit<MovementWrite, 'money'> {
  return { parts: [...others, ...written.parts], entries: written.entries };
}

/** What a movement of this direction moves when the caller names no amount: what is left of it. */
function amountLeft(application: ApplicationRecord, direction: MovementDirection, money: DealMoney) {
  const left = (whole: DecimalLike | null, done: string) =>
    whole === null ? null : compare(done, 0) > 0 && compare(done, whole) < 0 ? subtract(whole, done) : whole;
  switch (direction) {
    case 'in':
      return left(askedOf(application), money.received);
    case 'out':
      return left(application.amountTo, money.paidOut);
    case 'refund':
      return compare(heldOf(money), 0) > 0 ? heldOf(money) : application.amountFrom;
    case 'reversal':
      return compare(money.paidOut, 0) > 0 ? decimal(money.paidOut) : application.amountTo;
  }
}

/** The deal's money after a movement, and the movement's place among those of its direction. */
function tallied(tally: DealMoney, direction: MovementDirection, amount: DecimalLike, late: boolean) {
  const text = (value: Decimal) => unitsText(value.units, value.scale);
  switch (direction) {
    case 'in':
      return {
        sequence: tally.partsIn + 1,
        money: {
          ...tally,
          received: text(add(tally.received, amount)),
          partsIn: tally.partsIn + 1,
          late: tally.late || late,
        },
      };
    case 'out':
      return {
        sequence: tally.partsOut + 1,
        money: { ...tally, paidOut: text(add(tally.paidOut, amount)), partsOut: tally.partsOut + 1 },
      };
    case 'refund':
      return {
        sequence: tally.refunds + 1,
        money: { ...tally, refunded: text(add(tally.refunded, amount)), refunds: tally.refunds + 1 },
      };
    case 'reversal':
      return { sequence: 1, money: { ...tally, paidOut: text(subtract(tally.paidOut, amount)) } };
  }
}

/**
 * A movement of money the move records, for the transaction history and as its ledger entry (on
 * the account the client was told to pay into, for money in or back; for money out, the account
 * staff named, else the asset's own): `record.amount` as it really moved, else what is left of
 * the deal's amount in that direction. Each is the next of its direction on the deal
 * (`{id}#in`, `{id}#in#2`…): two records of the same next part cannot both be written.
 */
export async function movement(
  application: ApplicationRecord,
  direction: MovementDirection,
  record: {
    staffId: string;
    at: string;
    reference: string | null;
    note: string | null;
    amount?: DecimalLike;
    /** The office account the money left (a payout): the asset's own when none is named. */
    accountId?: string | null;
    /** Where a refund went (an address or a card). */
    destination?: string | null;
    /** The money arrived after the payment window. */
    late?: boolean;
    /**
     * A refund's network fee the office kept (a held USDT payment sent back less the fee): the
     * client's claim is settled by what went out and this, which becomes the exchange's.
     */
    withheldFee?: DecimalLike | null;
  },
  recordedAtCompletion = false,
  money: DealMoney = moneyOf(application),
): Promise<MovementWrite> {
  // A reversal is the payout's money coming back: counted in what the client was paid out.
  const outgoing = direction === 'out' || direction === 'reversal';
  const amount = record.amount ?? amountLeft(application, direction, money);
  const asset = outgoing ? application.assetTo : application.assetFrom;
  const currency = outgoing ? application.currencyTo : application.currencyFrom;
  // An individual request names no amounts: its money is not in the history.
  if (amount === null || asset === null || currency === null) return { parts: [], entries: [], money };
  const withheld = direction === 'refund' && record.withheldFee ? record.withheldFee : null;
  const next = tallied(money, direction, withheld ? add(amount, withheld) : amount, record.late ?? false);
  const id = movementId(application.id, direction, next.sequence);
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
    [
      ...withClients(accountId, currency, sign * movedUnits(amount, currency)),
      ...(withheld ? keptFeeLines(currency, movedUnits(withheld, currency)) : []),
    ],
  );
  const parts: Array<[string, TransactItem]> = [
    [
      `movement:${direction}`,
      movementPut({
        id,
        applicationId: application.id,
        userId: application.userId,
        direction,
        amount: toNumber(amount),
        asset,
        currency,
        reference: record.reference,
        note: record.note,
        staffId: record.staffId,
        at: record.at,
        recordedAtCompletion,
        accountId,
        ...(record.destination ? { destination: record.destination } : {}),
        ...(withheld ? { networkFee: toNumber(withheld) } : {}),
      }),
    ],
  ];
  return { parts, entries: [entry], money: next.money };
}

/**
 * The movements of a deal completed face to face at the office (PROCESSING → COMPLETED): both
 * recorded at completion, by the staff member completing it.
 */
export async function movementsAtCompletion(
  application: ApplicationRecord,
  staffId: string,
  at: string,
): Promise<MovementWrite> {
  const record = { staffId, at, reference: null, note: null };
  const paid = await movement(application, 'in', record, true);
  const paidOut = await movement(application, 'out', record, true, paid.money);
  return {
    parts: [...paid.parts, ...paidOut.parts],
    entries: [...paid.entries, ...paidOut.entries],
    money: paidOut.money,
  };
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
  // What the office holds of the client's payment is what it exchanged (a USDT payment's unique
  // amount is a few steps above the deal's); a deal done face to face records it in this move.
  const held = heldOf(moneyOf(application));
  const given = compare(held, 0) > 0 ? held : amountFrom;
  const entry = await ledgerEntry(
    {
      id: `${application.id}#exchange`,
      kind: 'exchange',
      at,
      actorId: actorId ?? SYSTEM_ID,
      applicationId: application.id,
    },
    exchangeLines(
      { currency: currencyFrom, units: movedUnits(given, currencyFrom) },
      { currency: currencyTo, units: movedUnits(amountTo, currencyTo) },
    ),
  );
  return [entry];
}
