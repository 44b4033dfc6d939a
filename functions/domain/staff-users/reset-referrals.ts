import { actorStillEntitled, resetReferralsUpdate } from '@functions/data/admin-users';
import { auditPut } from '@functions/data/audit';
import { transactWrite } from '@functions/data/transactions';
import { findUserById } from '@functions/data/users';
import type { Actor } from '@functions/domain/accounts/principal';
import { isLostRace, rereadActor, STAFF_WRITE_ATTEMPTS } from './change-user';
import { UserChangedMeanwhile, UserNotFound } from './errors';
import { assertMay } from './permissions';

/**
 * Sets a user's referral count to 0 and returns the count it had, in one transaction with the
 * audit entry and the actor check (same hierarchy as any other change to the user).
 */
export async function resetReferrals(actor: Actor, targetId: string, now = new Date()): Promise<number> {
  let current = actor;
  for (let attempt = 0; attempt < STAFF_WRITE_ATTEMPTS; attempt += 1) {
    if (attempt > 0) current = await rereadActor(actor.id);
    const target = await findUserById(targetId, true);
    if (!target) throw new UserNotFound();
    assertMay(current, 'resetReferrals', target);
    const count = target.referralCount ?? 0;
    const items = [
      resetReferralsUpdate(target, now),
      auditPut({
        actorId: current.id,
        actorRole: current.role,
        action: 'user.resetReferrals',
        targetType: 'user',
        targetId: target.id,
        before: { referralCount: count },
        after: { referralCount: 0 },
        at: now,
      }),
    ];
    if (current.id !== target.id) items.push(actorStillEntitled(current));
    try {
      await transactWrite(items);
      return count;
    } catch (error) {
      if (!isLostRace(error)) throw error;
    }
  }
  throw new UserChangedMeanwhile();
}
