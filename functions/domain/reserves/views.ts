import { type ReserveRecord, readReserves } from '@functions/data/reserves';
import type { ReserveView } from '@shared/contract/reserves';
import { namesOf } from '../staff-users/names';
import { readOfficeAccounts, withBookedAmounts } from './held';

/** A reserve as staff see it: below its alert level or not, and when the current crossing was alerted. */
export function toReserveView(record: ReserveRecord): ReserveView {
  const { code, amount, alertLevel, alertState, alertedAt, updatedAt, updatedBy, bookedAt } = record;
  return {
    code,
    amount,
    alertLevel,
    belowAlert: amount < alertLevel,
    alertedAt: alertState === 'alerted' ? alertedAt : null,
    updatedAt,
    updatedBy,
    booked: bookedAt !== null,
  };
}

/** GET /admin/reserves: every reserve with its alert level and who last set it, by name (the dashboard and the reserves page). */
export async function listReserves(): Promise<{ reserves: ReserveView[] }> {
  const [records, accounts] = await Promise.all([readReserves(), readOfficeAccounts()]);
  const reserves = withBookedAmounts(records, accounts).map(toReserveView);
  const nameOf = await namesOf(reserves.map((reserve) => reserve.updatedBy));
  return {
    reserves: reserves
      .map((reserve) => ({ ...reserve, updatedByName: nameOf(reserve.updatedBy) }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}
