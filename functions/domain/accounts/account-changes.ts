import { logger } from '@functions/commons/logger';
import { sendMail } from '@functions/commons/mailer';
import {
  normalizeEmail,
  type UpdateGuard,
  type UserChanges,
  type UserRecord,
  updateUser,
} from '@functions/data/users';
import { addressChangedMail } from '@functions/mail/account-mails';

/**
 * Changes a user's stored account with the rules every change obeys: deactivation ends every
 * session at once (the account's session epoch moves on), and reactivation does not revive them.
 * A new email is unverified until its holder confirms it, ends every session (the data layer also
 * ends every mailed link), and the old address is told.
 */
export async function updateAccount(
  current: UserRecord,
  changes: UserChanges,
  now = new Date(),
  guard: UpdateGuard = {},
): Promise<UserRecord> {
  const deactivates = changes.isActive === false && current.isActive;
  const movesAddress = changes.email !== undefined && normalizeEmail(changes.email) !== current.email;
  const endsSessions = deactivates || movesAddress;
  const ruled: UserChanges = {
    ...changes,
    ...(endsSessions ? { sessionEpoch: (current.sessionEpoch ?? 0) + 1 } : {}),
    ...(movesAddress ? { emailVerified: false } : {}),
  };
  const updated = await updateUser(current, ruled, now, guard);
  if (movesAddress) await tellOldAddress(current, updated.email);
  return updated;
}

/** A mail failure does not undo the change: it is logged. */
async function tellOldAddress(before: UserRecord, newEmail: string): Promise<void> {
  try {
    await sendMail(addressChangedMail(before, newEmail));
  } catch (error) {
    logger.error('address-changed mail not sent', { userId: before.id, error: error as Error });
  }
}
