import { ForbiddenError } from '@functions/commons/errors';
import type { Principal } from '@functions/commons/http-types';
import type { UserChanges, UserRecord } from '@functions/data/users';
import { hasRoleAtLeast, type Role, roleRank } from '@shared/enums';

/** The staff member acting, as the role hierarchy sees them. */
export interface Actor {
  id: string;
  role: Role;
  isActive: boolean;
}

/**
 * Whether `actor` may change `target` at all (architecture §6): MANAGERs change nobody, ADMINs
 * only accounts below ADMIN, SUPER_ADMINs everyone. Throws ForbiddenError with the reason.
 */
export function assertMayManage(actor: Actor, target: UserRecord): void {
  if (!actor.isActive || !hasRoleAtLeast(actor.role, 'ADMIN')) {
    throw new ForbiddenError('Only an admin can change users.');
  }
  if (actor.role !== 'SUPER_ADMIN' && hasRoleAtLeast(target.role, 'ADMIN')) {
    throw new ForbiddenError('Only a super admin can change an admin or super admin account.');
  }
}

/**
 * Whether `actor` may apply `changes` to `target`: the rules of `assertMayManage`, plus ADMINs
 * grant only USER or MANAGER, and nobody deactivates or demotes themselves.
 */
export function assertMayChange(actor: Actor, target: UserRecord, changes: UserChanges): void {
  assertMayManage(actor, target);
  if (changes.role !== undefined && actor.role !== 'SUPER_ADMIN' && hasRoleAtLeast(changes.role, 'ADMIN')) {
    throw new ForbiddenError('Only a super admin can grant the ADMIN or SUPER_ADMIN role.');
  }
  if (actor.id !== target.id) return;
  if (changes.isActive === false && target.isActive) {
    throw new ForbiddenError('You cannot deactivate your own account.');
  }
  if (changes.role !== undefined && roleRank(changes.role) < roleRank(target.role)) {
    throw new ForbiddenError('You cannot lower your own role.');
  }
}

/** The authenticated staff member as the role hierarchy sees them. */
export function actorOf(principal: Principal): Actor {
  return { id: principal.userId, role: principal.role, isActive: principal.user.isActive };
}
