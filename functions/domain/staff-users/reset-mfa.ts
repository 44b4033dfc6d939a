import { actorStillEntitled } from '@functions/data/admin-users';
import { auditPut } from '@functions/data/audit';
import { resetMfa } from '@functions/data/mfa';
import { findUserById, type UserRecord } from '@functions/data/users';
import type { Actor } from '@functions/domain/accounts/principal';
import { UserChangedMeanwhile, UserNotFound } from './errors';
import { assertMay } from './permissions';

/**
 * A SUPER_ADMIN turns off another user's second factor (a lost phone with lost recovery codes).
 * Their sessions end, so whoever holds them must log in again and, being staff, set up a new one.
 * Audited in the same transaction; one's own factor is turned off with a code instead.
 */
export async function resetUserMfa(actor: Actor, targetId: string, now = new Date()): Promise<UserRecord> {
  const target = await findUserById(targetId, true);
  if (!target) throw new UserNotFound();
  assertMay(actor, 'resetMfa', target);
  const reset = await resetMfa(target.id, [
    auditPut({
      actorId: actor.id,
      actorRole: actor.role,
      action: 'user.resetMfa',
      targetType: 'user',
      targetId: target.id,
      before: { mfaEnabled: target.mfaEnabled === true },
      after: { mfaEnabled: false },
      at: now,
    }),
    actorStillEntitled(actor),
  ]);
  if (!reset) throw new UserChangedMeanwhile();
  return { ...target, mfaEnabled: false, sessionEpoch: (target.sessionEpoch ?? 0) + 1 };
}
