import type { UserChanges, UserRecord } from '@functions/data/users';
import type { Actor } from '@functions/domain/accounts/principal';
import { ROLES, type Role } from '@shared/enums';
import {
  invitableRoles,
  type StaffAction,
  type StaffActor,
  type StaffRefusal,
  staffEditRefusal,
  staffRefusal,
} from '@shared/permissions';
import {
  AccountRoleTooHigh,
  ChangeNeedsAdmin,
  MfaResetNeedsSuperAdmin,
  OwnAccountDeactivation,
  OwnMfaReset,
  OwnRoleLowered,
  RoleNotGrantable,
  type StaffChangeNotPermitted,
} from './errors';

/**
 * The server's side of `shared/permissions.ts` (docs/architecture.md §6), the table the admin
 * screens read too: a refusal becomes a StaffChangeNotPermitted (403) of its reason.
 */
export function assertMay(actor: Actor, action: StaffAction, target: UserRecord): void {
  refuse(staffRefusal(actor, action, target));
}

/** Whether `actor` may apply `changes` to `target`: an edit, a role change, an activation or deactivation. */
export function assertMayChange(actor: Actor, target: UserRecord, changes: UserChanges): void {
  refuse(staffEditRefusal(actor, target, changes));
}

/**
 * Whether an invitation's sender may still grant its role: an invitation speaks for its sender, so
 * it lapses when they are deactivated or lose the right to grant that role (ADMIN → MANAGER only).
 */
export function inviterMayGrant(inviter: StaffActor | undefined, role: Role): boolean {
  return inviter !== undefined && invitableRoles(inviter).includes(role);
}

/** The roles whose active holders may invite `role`: what the accepting transaction checks the inviter for. */
export function rolesMayInvite(role: Role): Role[] {
  return ROLES.filter((holder) => invitableRoles({ id: '', role: holder, isActive: true }).includes(role));
}

function refuse(refusal: StaffRefusal | undefined): void {
  if (refusal) throw refusalError(refusal);
}

function refusalError({ action, reason }: StaffRefusal): StaffChangeNotPermitted {
  switch (reason) {
    case 'actorRole':
      return action === 'resetMfa' ? new MfaResetNeedsSuperAdmin() : new ChangeNeedsAdmin();
    case 'targetRole':
      return new AccountRoleTooHigh();
    case 'ownAccount':
      // shared/permissions.ts refuses only deactivate and resetMfa on one's own account.
      return action === 'resetMfa' ? new OwnMfaReset() : new OwnAccountDeactivation();
    case 'grantedRole':
      return new RoleNotGrantable();
    case 'ownRoleLowered':
      return new OwnRoleLowered();
  }
}
