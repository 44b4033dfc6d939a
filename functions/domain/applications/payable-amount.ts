import {
  findPayableAmountHold,
  holdPayableAmount,
  payableAmountHolds,
  payableAmountRelease,
} from '@functions/data/payable-amounts';
import type { TransactItem } from '@functions/data/transactions';
import { toUnits, unitsText } from '@shared/money';
import { PayableAmountsTaken } from './errors';

/** A payable amount is written with 4 decimals: steps of 0.0001 USDT. */
const PAYABLE_DECIMALS = 4;
/**
 * The most added to make an amount unique on a wallet: 999 steps, 0.0999 USDT. An amount stays
 * held while its deal is open and for the retention after (data/payable-amounts.ts), so a busy
 * wallet needs more than the first hundred; the fewest steps free are always taken first.
 */
const MAX_PAYABLE_STEPS = 999;

/**
 * The amount the client is told to send to `wallet`, unique among the amounts held on it
 * (docs/architecture.md "The chain watcher"): the application's amount (rounded up to 0.0001) plus
 * the fewest steps of 0.0001 whose wallet+amount pair is free, held until `heldUntil`. `keep` is
 * the amount issued before on this wallet (re-issued instructions keep it, and the time it was
 * first told). All taken: PayableAmountsTaken.
 */
export async function uniquePayableAmount(options: {
  wallet: string;
  amount: number;
  applicationId: string;
  heldUntil: string;
  keep: { amount: string; since: string } | null;
  now: Date;
}): Promise<{ amount: string; since: string }> {
  const { wallet, applicationId, heldUntil } = options;
  const now = options.now.toISOString();
  const hold = async (units: bigint, since: string) =>
    (await holdPayableAmount(
      { wallet, units, amount: unitsText(units, PAYABLE_DECIMALS), applicationId, heldUntil, since },
      now,
    ))
      ? { amount: unitsText(units, PAYABLE_DECIMALS), since }
      : null;
  if (options.keep !== null) {
    const kept = await hold(toUnits(options.keep.amount, PAYABLE_DECIMALS), options.keep.since);
    if (kept) return kept;
  }
  const first = toUnits(options.amount, PAYABLE_DECIMALS, 'up');
  const last = first + BigInt(MAX_PAYABLE_STEPS);
  const held = new Map((await payableAmountHolds(wallet, first, last)).map((one) => [one.units, one]));
  for (let units = first; units <= last; units += 1n) {
    const current = held.get(units);
    const own = current?.applicationId === applicationId;
    if (current && !own && (current.freeAfter === null || current.freeAfter >= now)) continue;
    // A free one may still be taken meanwhile by another issue: the conditional Put decides.
    const taken = await hold(units, current && own ? current.since : now);
    if (taken) return taken;
  }
  throw new PayableAmountsTaken(unitsText(first, PAYABLE_DECIMALS));
}

/**
 * How long an ended deal keeps its payable amount (docs/product.md §4 "USDT on chain"): a payment
 * arriving this late still finds the deal it was told to, and is never taken for a newer one.
 */
export const LATE_PAYMENT_RETENTION_DAYS = 30;

/**
 * The release of the amount a deal was told to pay on a wallet, for the transaction that ends the
 * deal (or moves it to another wallet): free for another application a retention after `at`.
 * Nothing when the deal was told no USDT amount, or its hold is gone or another's (a hold from
 * before holds stayed with their deal, which its TTL removed or another deal took).
 */
export async function payableAmountReleaseItem(
  applicationId: string,
  crypto: { address: string; amount: string | number } | null | undefined,
  at: Date,
): Promise<TransactItem | null> {
  if (!crypto) return null;
  const units = toUnits(crypto.amount, PAYABLE_DECIMALS);
  const hold = await findPayableAmountHold(crypto.address, units);
  if (hold?.applicationId !== applicationId || hold.freeAfter !== null) return null;
  const freeAfter = new Date(at.getTime() + LATE_PAYMENT_RETENTION_DAYS * 86_400_000).toISOString();
  return payableAmountRelease({ wallet: crypto.address, units, applicationId }, freeAfter);
}
