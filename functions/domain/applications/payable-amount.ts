import { holdPayableAmount, payableAmountHolds } from '@functions/data/payable-amounts';
import { toUnits, unitsText } from '@shared/money';
import { PayableAmountsTaken } from './errors';

/** A payable amount is written with 4 decimals: steps of 0.0001 USDT. */
const PAYABLE_DECIMALS = 4;
/** The most added to make an amount unique on a wallet: 99 steps, 0.0099 USDT. */
const MAX_PAYABLE_STEPS = 99;

/**
 * The amount the client is told to send to `wallet`, unique among the amounts held on it
 * (docs/architecture.md "The chain watcher"): the application's amount (rounded up to 0.0001) plus
 * the fewest steps of 0.0001, at most 0.0099, whose wallet+amount pair is free, held until
 * `heldUntil`. `keep` is the amount issued before on this wallet (re-issued instructions keep it).
 * All 100 taken: PayableAmountsTaken.
 */
export async function uniquePayableAmount(options: {
  wallet: string;
  amount: number;
  applicationId: string;
  heldUntil: string;
  keep: string | null;
  now: Date;
}): Promise<string> {
  const { wallet, applicationId, heldUntil } = options;
  const now = options.now.toISOString();
  const hold = (units: bigint) =>
    holdPayableAmount(
      { wallet, units, amount: unitsText(units, PAYABLE_DECIMALS), applicationId, heldUntil },
      now,
    );
  if (options.keep !== null) {
    const kept = toUnits(options.keep, PAYABLE_DECIMALS);
    if (await hold(kept)) return unitsText(kept, PAYABLE_DECIMALS);
  }
  const first = toUnits(options.amount, PAYABLE_DECIMALS, 'up');
  const last = first + BigInt(MAX_PAYABLE_STEPS);
  const held = await payableAmountHolds(wallet, first, last);
  const taken = new Set(
    held.filter((one) => one.applicationId !== applicationId && one.heldUntil >= now).map((one) => one.units),
  );
  for (let units = first; units <= last; units += 1n) {
    // A free one may still be taken meanwhile by another issue: the conditional Put decides.
    if (!taken.has(units) && (await hold(units))) return unitsText(units, PAYABLE_DECIMALS);
  }
  throw new PayableAmountsTaken(unitsText(first, PAYABLE_DECIMALS));
}
