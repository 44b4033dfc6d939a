import type { UserChanges, UserRecord } from '@functions/data/users';
import type { Actor } from '@functions/domain/accounts/principal';
import { type StaffAction, type StaffRefusal, staffEditRefusal, staffRefusal } from '@shared/permissions';
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
