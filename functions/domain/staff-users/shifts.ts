import { auditPut } from '@functions/data/audit';
import { listOnShift, shiftEndUpdate, shiftStartUpdate } from '@functions/data/shifts';
import { Transaction, TransactionCancelledError } from '@functions/data/transactions';
import { findUserById, type UserRecord } from '@functions/data/users';
import type { OnShiftStaff, OwnShift } from '@shared/contract/shifts';
import { isStaffRole } from '@shared/enums';

/**
 * Staff shifts (docs/operations.md "Staff shifts and rights"): each staff member says when they are on
 * shift; alerts of new deals and messages (the admin page's sound and notifications, the staff
 * group's mentions) reach those on shift, and the dashboard shows who is.
 */

/**
 * PUT /admin/shift: starts or ends the caller's shift, with its audit entry in the same write.
 * Asking for the state already stored changes nothing; a write that lost to another request of the
 * same staff member (another tab) answers the state that request left.
 */
export async function setOwnShift(user: UserRecord, onShift: boolean, now = new Date()): Promise<OwnShift> {
  const since = user.shiftSince ?? null;
  if (onShift === (since !== null)) return { onShiftSince: since };
  const at = now.toISOString();
  const transaction = new Transaction()
    .add('shift', since === null ? shiftStartUpdate(user.id, at) : shiftEndUpdate(user.id, since))
    .add(
      'audit',
      auditPut({
        actorId: user.id,
        actorRole: user.role,
        action: onShift ? 'user.shiftStart' : 'user.shiftEnd',
        targetType: 'user',
        targetId: user.id,
        before: { onShiftSince: since },
        after: { onShiftSince: onShift ? at : null },
        at: now,
      }),
    );
  try {
    await transaction.run();
    return { onShiftSince: onShift ? at : null };
  } catch (error) {
    if (!(error instanceof TransactionCancelledError && error.failedOn('shift'))) throw error;
    return { onShiftSince: (await findUserById(user.id, true))?.shiftSince ?? null };
  }
}

/**
 * The staff on shift, longest on shift first: a shift outlives neither the account's activity nor
 * its staff role, so a holder deactivated or made a client since is left out.
 */
export async function staffOnShift(): Promise<UserRecord[]> {
  return (await listOnShift()).filter((user) => user.isActive && isStaffRole(user.role));
}

/** GET /admin/shifts: who is on shift, by name, since when. */
export async function listStaffOnShift(): Promise<OnShiftStaff> {
  return (await staffOnShift()).map((user) => ({
    id: user.id,
    name: user.username ?? user.email,
    role: user.role,
    since: user.shiftSince!,
  }));
}
