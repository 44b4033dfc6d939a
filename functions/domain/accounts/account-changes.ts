import { outboxPut } from '@functions/data/outbox';
import {
  normalizeEmail,
  type UpdateGuard,
  type UserChanges,
  type UserRecord,
  updateUser,
} from '@functions/data/users';
import { addressChangedMail } from '@functions/mail/account-mails';
import { countQueuedMails } from '../outbox/queue';

/**
 * Changes a user's stored account with the rules every change obeys: deactivation ends every
 * session at once (the account's session epoch moves on), and reactivation does not revive them.
 * A new email is unverified until its holder confirms it, ends every session (the data layer also
 * ends every mailed link), and the old address is told: the mail is queued in the change's own
 * transaction.
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
    // Unverified again, but verified once: never taken over by a registration, never counted again.
    ...(movesAddress && current.emailVerified ? { verifiedOnce: true } : {}),
  };
  const tellOldAddress = movesAddress
    ? [outboxPut('address-changed', addressChangedMail(current, normalizeEmail(changes.email!)), now)]
    : [];
  const updated = await updateUser(current, ruled, now, {
    ...guard,
    extraItems: [...(guard.extraItems ?? []), ...tellOldAddress],
  });
  countQueuedMails(tellOldAddress.length);
  return updated;
}
