import type { UserChanges, UserRecord } from '@functions/data/users';
import type { Actor } from '@functions/domain/accounts/principal';
import { hasRoleAtLeast, roleRank } from '@shared/enums';
import { StaffChangeNotPermitted } from './errors';

/**
 * Whether `actor` may change `target` at all (docs/architecture.md §6): MANAGERs change nobody, ADMINs
 * only accounts below ADMIN, SUPER_ADMINs everyone. Throws StaffChangeNotPermitted with the reason.
 */
export function assertMayManage(actor: Actor, target: UserRecord): void {
  if (!actor.isActive || !hasRoleAtLeast(actor.role, 'ADMIN')) {
    throw new StaffChangeNotPermitted('Only an admin can change users.');
  }
  if (actor.role !== 'SUPER_ADMIN' && hasRoleAtLeast(target.role, 'ADMIN')) {
    throw new StaffChangeNotPermitted('Only a super admin can change an admin or super admin account.');
  }
}

/**
 * Whether `actor` may apply `changes` to `target`: the rules of `assertMayManage`, plus ADMINs
 * grant only USER or MANAGER, and nobody deactivates or demotes themselves.
 */
export function assertMayChange(actor: Actor, target: UserRecord, changes: UserChanges): void {
  assertMayManage(actor, target);
  if (changes.role !== undefined && actor.role !== 'SUPER_ADMIN' && hasRoleAtLeast(changes.role, 'ADMIN')) {
    throw new StaffChangeNotPermitted('Only a super admin can grant the ADMIN or SUPER_ADMIN role.');
  }
  if (actor.id !== target.id) return;
  if (changes.isActive === false && target.isActive) {
    throw new StaffChangeNotPermitted('You cannot deactivate your own account.');
  }
  if (changes.role !== undefined && roleRank(changes.role) < roleRank(target.role)) {
    throw new StaffChangeNotPermitted('You cannot lower your own role.');
  }
}
