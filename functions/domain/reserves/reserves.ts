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
import type { PutReservesBody, ReserveView } from '@shared/contract/reserves';
import { checkReserveAlerts } from './alerts';
import { ReservesChangedMeanwhile, ReserveTooLow } from './errors';
import { completionMoves } from './moves';
import { listReserves } from './views';

/**
 * PUT /admin/reserves: staff's amounts and alert levels, each conditional on the version read (a
 * completion meanwhile answers 409), with one audit entry (before/after of every changed reserve)
 * in one transaction; then the alert check of the changed ones (a level set above the amount
 * alerts, an amount topped up re-arms).
 */
export async function putReserves(
  body: PutReservesBody,
  actor: RecordedActor,
): Promise<{ changed: number; reserves: ReserveView[] }> {
  const current = new Map((await readReserves()).map((reserve) => [reserve.code, reserve]));
  const now = new Date();
  const at = now.toISOString();
  const writes: TransactItem[] = [];
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const change of body.reserves) {
    const previous = current.get(change.code);
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
 * received currency and takes in `amountFrom` of the given one (completionMoves). DynamoDB adds
 * the exact decimal deltas. A payout above the reserve is refused before anything is written, and
 * again by the transaction's condition should another completion take it first.
 */
export async function reserveMovesOnCompletion(application: ApplicationRecord): Promise<ReserveMoves> {
  const { currencyFrom, currencyTo, amountTo } = application;
  const none: ReserveMoves = { parts: [], codes: [], refusal: async () => null };
  if (!currencyFrom || !currencyTo || application.amountFrom === null || amountTo === null) return none;
  const reserves = await findReserves([currencyFrom, currencyTo], { consistent: true });
  const moves = completionMoves(application, reserves);
  const paysOut = moves.some(({ code }) => code === currencyTo);
  return {
    parts: moves.map(({ code, delta }) => ({ name: reservePart(code), item: reserveMove(code, delta) })),
    codes: moves.map(({ code }) => code),
    refusal: async (error) => {
      if (!paysOut || !error.failedOn(reservePart(currencyTo))) return null;
      const held = (await findReserves([currencyTo], { consistent: true })).get(currencyTo)?.amount ?? 0;
      return new ReserveTooLow(currencyTo, held, amountTo);
    },
  };
}
