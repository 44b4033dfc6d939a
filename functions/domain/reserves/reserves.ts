import type { ApplicationRecord } from '@functions/data/applications';
import { auditPut } from '@functions/data/audit';
import { findReserves, readReserves, reserveMove, reserveSet } from '@functions/data/reserves';
import {
  type TransactItem,
  TransactionCancelledError,
  type TransactionPart,
  transactWrite,
} from '@functions/data/transactions';
import type { RecordedActor } from '@functions/domain/accounts/principal';
import { currencyDecimals } from '@shared/assets';
import type { PutReservesBody, ReserveView } from '@shared/contract/reserves';
import { compare, fromUnits } from '@shared/money';
import { checkReserveAlerts } from './alerts';
import { ReserveIsBooked, ReservesChangedMeanwhile, ReserveTooLow } from './errors';
import { heldUnits, readOfficeAccounts, withBookedAmounts } from './held';
import { completionMoves } from './moves';
import { listReserves } from './views';

/**
 * PUT /admin/reserves: staff's amounts and alert levels, each conditional on the version read (a
 * completion meanwhile answers 409), with one audit entry (before/after of every changed reserve)
 * in one transaction; then the alert check of the changed ones (a level set above the amount
 * alerts, an amount topped up re-arms). A currency the books hold takes its alert level only: its
 * amount is its accounts' (another amount is refused, ReserveIsBooked).
 */
export async function putReserves(
  body: PutReservesBody,
  actor: RecordedActor,
): Promise<{ changed: number; reserves: ReserveView[] }> {
  const [records, accounts] = await Promise.all([readReserves(), readOfficeAccounts()]);
  const current = new Map(withBookedAmounts(records, accounts).map((reserve) => [reserve.code, reserve]));
  const now = new Date();
  const at = now.toISOString();
  const writes: TransactItem[] = [];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const change of body.reserves) {
    const previous = current.get(change.code);
    if (previous?.bookedAt && previous.amount !== change.amount) throw new ReserveIsBooked(change.code);
    // Unchanged and already staff's: nothing to write. A seeded reserve saved as it is counts as staff
    // confirming it (the monitors' export and the first-run checklist wait for that).
    const unchanged = previous?.amount === change.amount && previous.alertLevel === change.alertLevel;
    if (unchanged && previous.updatedBy !== null) continue;
    writes.push(reserveSet({ ...change, at, by: actor.id }, previous?.version ?? null));
    before[change.code] = previous ? { amount: previous.amount, alertLevel: previous.alertLevel } : null;
    after[change.code] = { amount: change.amount, alertLevel: change.alertLevel };
  }
  if (writes.length > 0) {
    writes.push(
      auditPut({
        actorId: actor.id,
        actorRole: actor.role,
        action: 'reserves.update',
        targetType: 'reserves',
        targetId: 'table',
        before,
        after,
        at: now,
      }),
    );
    try {
      await transactWrite(writes);
    } catch (error) {
      if (error instanceof TransactionCancelledError && error.conditionFailed) {
        throw new ReservesChangedMeanwhile();
      }
      throw error;
    }
    await checkReserveAlerts(Object.keys(after), now);
  }
  return { changed: Object.keys(after).length, reserves: (await listReserves()).reserves };
}

/** What completing an application does to the reserves, for its status-change transaction. */
export interface ReserveMoves {
  /** One part per moved reserve, named `reserve:{code}`. */
  parts: TransactionPart[];
  /** The currencies moved, for the alert check after the commit. */
  codes: string[];
  /** The refusal when the payout's condition failed (a concurrent completion paid out first). */
  refusal(error: TransactionCancelledError): Promise<ReserveTooLow | null>;
}

const reservePart = (code: string) => `reserve:${code}`;

/**
 * Completing an application (docs/architecture.md §7): the office pays out `amountTo` of the
 * received currency and takes in `amountFrom` of the given one. A currency the books hold moves
 * only there (the deal's ledger entries move its accounts, nothing here: no second figure); a
 * payout still to be booked by this completion (a deal done face to face) is refused when the
 * accounts that pay out the deal's asset hold less. A currency not yet booked moves its one figure
 * as before (completionMoves): DynamoDB adds the exact decimal deltas, a payout above the reserve
 * refused before anything is written and again by the transaction's condition should another
 * completion take it first.
 */
export async function reserveMovesOnCompletion(application: ApplicationRecord): Promise<ReserveMoves> {
  const { currencyFrom, currencyTo, amountTo, assetTo } = application;
  const none: ReserveMoves = { parts: [], codes: [], refusal: async () => null };
  if (!currencyFrom || !currencyTo || application.amountFrom === null || amountTo === null) return none;
  const reserves = await findReserves([currencyFrom, currencyTo], { consistent: true });
  const booked = [...reserves.values()].filter((reserve) => reserve.bookedAt !== null);
  if (booked.some((reserve) => reserve.code === currencyTo) && assetTo && !application.payout) {
    const held = fromUnits(heldUnits(await readOfficeAccounts(), assetTo), currencyDecimals(currencyTo));
    if (compare(held, amountTo) < 0) throw new ReserveTooLow(currencyTo, held, amountTo);
  }
  for (const reserve of booked) reserves.delete(reserve.code);
  const moves = completionMoves(application, reserves);
  const paysOut = moves.some(({ code }) => code === currencyTo);
  return {
    parts: moves.map(({ code, delta }) => ({ name: reservePart(code), item: reserveMove(code, delta) })),
    // A booked currency's accounts moved with the deal's entries: its alert is checked as well.
    codes: [...moves.map(({ code }) => code), ...booked.map((reserve) => reserve.code)],
    refusal: async (error) => {
      if (!paysOut || !error.failedOn(reservePart(currencyTo))) return null;
      const held = (await findReserves([currencyTo], { consistent: true })).get(currencyTo)?.amount ?? 0;
      return new ReserveTooLow(currencyTo, held, amountTo);
    },
  };
}
