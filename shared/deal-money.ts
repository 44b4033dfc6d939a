import { compare, type DecimalLike, decimal, subtract } from './money';

/**
 * The money of one deal as it really moved (docs/product.md §4 "Wrong payments"): the parts of
 * the client's payment that arrived, the refunds sent back, and what was paid out (less what came
 * back), kept on the application beside its movements and written in the same transaction as each
 * of them. Amounts are exact decimal strings: `received` and `refunded` in the currency the client
 * pays with, `paidOut` in the one they receive.
 */
export interface DealMoney {
  /**
   * What the client was asked for in all, where it is not the deal's `amountFrom`: a USDT deal's
   * unique payable amount, what arrived plus the rest asked of a top-up, what a deal was
   * recalculated to. Absent: the payable amount told, else `amountFrom`.
   */
  asked?: string;
  received: string;
  refunded: string;
  paidOut: string;
  /** How many movements of each kind the deal holds: the next one's sequence in its id. */
  partsIn: number;
  partsOut: number;
  refunds: number;
  /** A part arrived after the payment window closed (or for a deal that had expired). */
  late: boolean;
}

export const NO_MONEY_YET: DealMoney = {
  received: '0',
  refunded: '0',
  paidOut: '0',
  partsIn: 0,
  partsOut: 0,
  refunds: 0,
  late: false,
};

/** What the client's payment holds now: what arrived less what was sent back. */
export const heldOf = (money: DealMoney) => subtract(money.received, money.refunded);

/** How what the office holds of the client's payment stands against what was asked. */
export type PaymentGap = 'none' | 'short' | 'exact' | 'over';

export function paymentGap(money: DealMoney, asked: DecimalLike | null): PaymentGap {
  const held = heldOf(money);
  if (compare(held, 0) <= 0) return 'none';
  if (asked === null) return 'exact';
  const order = compare(held, asked);
  return order < 0 ? 'short' : order === 0 ? 'exact' : 'over';
}

/** What is still to pay out: what is owed less what went out (negative when more went out). */
export const payoutLeft = (money: DealMoney, owed: DecimalLike | null) =>
  owed === null ? decimal(0) : subtract(owed, money.paidOut);

/** Paid out at least what is owed (a deal that names no amounts is paid out by its record). */
export const paidOutInFull = (money: DealMoney, owed: DecimalLike | null) =>
  compare(payoutLeft(money, owed), 0) <= 0;
