import { type UpdateGuard, type UserChanges, type UserRecord, updateUser } from '@functions/data/users';

/**
 * Changes a user's stored account with the rules every change obeys: deactivation ends every
 * session at once (the account's session epoch moves on), and reactivation does not revive them.
 */
export async function updateAccount(
  current: UserRecord,
  changes: UserChanges,
  now = new Date(),
  guard: UpdateGuard = {},
): Promise<UserRecord> {
  const deactivates = changes.isActive === false && current.isActive;
  const ruled = deactivates ? { ...changes, sessionEpoch: (current.sessionEpoch ?? 0) + 1 } : changes;
  return updateUser(current, ruled, now, guard);
}
