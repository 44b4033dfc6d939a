import { listActiveStaff } from '@functions/data/admin-users';
import { listAuditFor } from '@functions/data/audit';
import { findUndeliverableAddress } from '@functions/data/undeliverable';
import { findUserById } from '@functions/data/users';
import type { AdminUserDetail, ManagerOption } from '@shared/contract/admin-users';
import { withApplicationCounts } from './application-counts';
import { UserNotFound } from './errors';
import { namesOf } from './names';

/** How many of a user's latest audit entries the detail shows. */
export const USER_AUDIT_SHOWN = 20;

/**
 * One user as staff see them: the public fields, completed applications, the latest staff actions
 * and whether SES reported their address undeliverable (a bounce or a complaint).
 */
export async function getUserDetail(userId: string): Promise<AdminUserDetail> {
  const user = await findUserById(userId);
  if (!user) throw new UserNotFound();
  const [[publicUser], audit, undeliverable] = await Promise.all([
    withApplicationCounts([user]),
    listAuditFor('user', userId, USER_AUDIT_SHOWN),
    findUndeliverableAddress(user.email),
  ]);
  const nameOf = await namesOf(audit.map((entry) => entry.actorId));
  return {
    ...publicUser!,
    mailUndeliverable: undeliverable
      ? { reason: undeliverable.reason, detail: undeliverable.detail, at: undeliverable.at }
      : null,
    audit: audit.map(({ at, actorId, actorRole, action, before, after }) => ({
      at,
      actorId,
      actorRole,
      actorName: nameOf(actorId),
      action,
      before,
      after,
    })),
  };
}

/** Active staff (MANAGER, ADMIN, SUPER_ADMIN) for the assignee picker, by username then email. */
export async function listManagers(): Promise<ManagerOption[]> {
  const staff = await listActiveStaff();
  return staff
    .map((user) => ({ id: user.id, username: user.username ?? null, email: user.email, role: user.role }))
    .sort((a, b) => (a.username ?? a.email).localeCompare(b.username ?? b.email));
}
