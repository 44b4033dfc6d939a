import type { UserChanges, UserRecord } from '@functions/data/users';
import type { Actor } from '@functions/domain/accounts/principal';
import { type StaffAction, type StaffRefusal, staffEditRefusal, staffRefusal } from '@shared/permissions';
import { StaffChangeNotPermitted } from './errors';

/**
 * The server's side of `shared/permissions.ts` (docs/architecture.md §6), the table the admin
 * screens read too: a refusal becomes StaffChangeNotPermitted (403) saying why.
 */
export function assertMay(actor: Actor, action: StaffAction, target: UserRecord): void {
  refuse(staffRefusal(actor, action, target));
}

/** Whether `actor` may apply `changes` to `target`: an edit, a role change, an activation or deactivation. */
export function assertMayChange(actor: Actor, target: UserRecord, changes: UserChanges): void {
  refuse(staffEditRefusal(actor, target, changes));
}

function refuse(refusal: StaffRefusal | undefined): void {
  if (refusal) throw new StaffChangeNotPermitted(refusalMessage(refusal));
}

function refusalMessage({ action, reason }: StaffRefusal): string {
  switch (reason) {
    case 'actorRole':
      return action === 'resetMfa'
        ? 'Only a super admin can reset a second factor.'
        : 'Only an admin can change users.';
    case 'targetRole':
      return 'Only a super admin can change an admin or super admin account.';
    case 'ownAccount':
      // shared/permissions.ts refuses only deactivate and resetMfa on one's own account.
      return action === 'resetMfa'
        ? 'Turn off your own second factor in your profile, with a code.'
        : 'You cannot deactivate your own account.';
    case 'grantedRole':
      return 'Only a super admin can grant the ADMIN or SUPER_ADMIN role.';
    case 'ownRoleLowered':
      return 'You cannot lower your own role.';
  }
}
