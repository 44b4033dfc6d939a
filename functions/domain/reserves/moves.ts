import type { ApplicationRecord } from '@functions/data/applications';
import { currencyDecimals } from '@shared/assets';
import { compare, negate, ofUnits, toNumber, toUnits } from '@shared/money';
import { ReserveTooLow } from './errors';

/** One reserve's change at a completion: an exact amount of its currency (its decimals at most). */
export interface ReserveMove {
  code: string;
  delta: number;
}

/**
 * The reserve changes completing an application makes, given what the reserves hold now: `amountTo`
 * of the received currency out, `amountFrom` of the given one in, each exact in its currency's
 * decimals (an amount with more is refused, never written). Only currencies with a reserve move; a
 * payout above the reserve is refused.
 */
export function completionMoves(
  application: Pick<ApplicationRecord, 'currencyFrom' | 'currencyTo' | 'amountFrom' | 'amountTo'>,
  held: ReadonlyMap<string, { amount: number }>,
): ReserveMove[] {
  const { currencyFrom, currencyTo, amountFrom, amountTo } = application;
  if (!currencyFrom || !currencyTo || amountFrom === null || amountTo === null) return [];
  const exact = (amount: number, code: string) =>
    ofUnits(toUnits(amount, currencyDecimals(code), 'exact'), currencyDecimals(code));
  const paidOut = held.get(currencyTo);
  if (paidOut && compare(paidOut.amount, amountTo) < 0) {
    throw new ReserveTooLow(currencyTo, paidOut.amount, amountTo);
  }
  return [
    ...(paidOut ? [{ code: currencyTo, delta: toNumber(negate(exact(amountTo, currencyTo))) }] : []),
    ...(held.has(currencyFrom)
      ? [{ code: currencyFrom, delta: toNumber(exact(amountFrom, currencyFrom)) }]
      : []),
  ];
}
