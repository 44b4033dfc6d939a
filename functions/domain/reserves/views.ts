import { type ReserveRecord, readReserves } from '@functions/data/reserves';
import type { ReserveView } from '@shared/contract/reserves';

/** A reserve as staff see it: below its alert level or not, and when the current crossing was alerted. */
export function toReserveView(record: ReserveRecord): ReserveView {
  const { code, amount, alertLevel, alertState, alertedAt, updatedAt, updatedBy } = record;
  return {
    code,
    amount,
    alertLevel,
    belowAlert: amount < alertLevel,
    alertedAt: alertState === 'alerted' ? alertedAt : null,
    updatedAt,
    updatedBy,
  };
}

/** GET /admin/reserves: every reserve with its alert level (the dashboard and the reserves page). */
export async function listReserves(): Promise<{ reserves: ReserveView[] }> {
  const reserves = (await readReserves()).map(toReserveView);
  return { reserves: reserves.sort((a, b) => a.code.localeCompare(b.code)) };
}
