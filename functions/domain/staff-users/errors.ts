import { InvalidRequest, NotFound, NotPermitted, StateConflict } from '@functions/commons/errors';
import type { FieldError } from '@shared/envelope';

export class UserNotFound extends NotFound {
  constructor() {
    super('User not found.');
  }
}

/**
 * The role hierarchy (docs/architecture.md §6, shared/permissions.ts) does not let this staff
 * member make this change: one class per reason, so each has its code.
 */
export abstract class StaffChangeNotPermitted extends NotPermitted {}

/** A MANAGER (or an inactive actor) changing a user. */
export class ChangeNeedsAdmin extends StaffChangeNotPermitted {
  constructor() {
    super('Only an admin can change users.');
  }
}

/** Below SUPER_ADMIN, resetting someone's second factor. */
export class MfaResetNeedsSuperAdmin extends StaffChangeNotPermitted {
  constructor() {
    super('Only a super admin can reset a second factor.');
  }
}

/** An ADMIN changing an ADMIN or SUPER_ADMIN account. */
export class AccountRoleTooHigh extends StaffChangeNotPermitted {
  constructor() {
    super('Only a super admin can change an admin or super admin account.');
  }
}

export class OwnAccountDeactivation extends StaffChangeNotPermitted {
  constructor() {
    super('You cannot deactivate your own account.');
  }
}

/** One's own second factor is turned off in the profile, with a code, not by a reset. */
export class OwnMfaReset extends StaffChangeNotPermitted {
  constructor() {
    super('Turn off your own second factor in your profile, with a code.');
  }
}

/** An ADMIN granting ADMIN or SUPER_ADMIN. */
export class RoleNotGrantable extends StaffChangeNotPermitted {
  constructor() {
    super('Only a super admin can grant the ADMIN or SUPER_ADMIN role.');
  }
}

export class OwnRoleLowered extends StaffChangeNotPermitted {
  constructor() {
    super('You cannot lower your own role.');
  }
}

/** Rights over deals set on an account that is (or becomes) no MANAGER: only a MANAGER's are narrowed. */
export class ScopeOnlyForManagers extends InvalidRequest {
  constructor() {
    super("Only a manager's rights can be narrowed: admins handle every deal.");
  }
}

/** Another request changed the user first; the staff member should reload and decide again. */
export class UserChangedMeanwhile extends StateConflict {
  constructor() {
    super('The user was changed by another request. Please reload and try again.');
  }
}

/** A staff edit gave an email or username another account holds; `fields` says which. */
export class UserFieldTaken extends StateConflict {
  constructor(fields: FieldError[]) {
    super(fields[0]?.msg ?? 'The user was changed by another request. Please reload and try again.', {
      fields,
    });
  }
}

/** An invitation to an address that already has an account: promote that account instead (docs/decisions.md). */
export class InvitationAddressTaken extends StateConflict {
  constructor() {
    super('This address already has an account. Change its role on the users page instead.');
  }
}

/** A second invitation to an address with one still pending: resend that one. */
export class InvitationAlreadyPending extends StateConflict {
  constructor() {
    super('This address already has a pending invitation. Resend it instead.');
  }
}

export class InvitationNotFound extends NotFound {
  constructor() {
    super('Invitation not found: it was accepted or revoked.');
  }
}

/**
 * An invitation whose sender was deactivated or may no longer grant its role: it spoke for them,
 * so it is void (docs/product.md "Staff by invitation").
 */
export class InvitationWithdrawn extends StateConflict {
  constructor() {
    super(
      'This invitation is no longer valid: its sender can no longer grant this role. Ask an administrator for a new one.',
    );
  }
}
