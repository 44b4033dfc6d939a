import { ROLES, type Role, roleRank } from './enums';

/**
 * Who may do what to whom among user accounts (docs/architecture.md §6): one table read by the
 * server's checks (`functions/domain/staff-users/`) and by the admin screens, which offer only what
 * it allows. Route access (each route's minimum role) comes first; these rules decide, on top of it,
 * which accounts a staff member may act on.
 */

/** What staff do to a user account. */
export type StaffAction = 'edit' | 'setRole' | 'activate' | 'deactivate' | 'resetReferrals' | 'resetMfa';

/** The staff member acting: an inactive one (a retry re-reads them) may do nothing. */
export interface StaffActor {
  id: string;
  role: Role;
  isActive: boolean;
}

/** The account acted on. */
export interface ActedOn {
  id: string;
  role: Role;
  isActive: boolean;
}

/**
 * Why an action is refused: the actor's role may not do it (or the actor is inactive), not to an
 * account of the target's role, not to one's own account, not that role to grant, or it lowers
 * the actor's own role.
 */
export type RefusalReason = 'actorRole' | 'targetRole' | 'ownAccount' | 'grantedRole' | 'ownRoleLowered';

export interface StaffRefusal {
  action: StaffAction;
  reason: RefusalReason;
}

interface ActionRule {
  /** For each role that may act, the roles of the accounts it may act on; a role not named may not. */
  on: Partial<Record<Role, readonly Role[]>>;
  /** Whether staff may do it to their own account. */
  onSelf: boolean;
}

const BELOW_ADMIN: readonly Role[] = ['USER', 'MANAGER'];

/** MANAGERs change nobody, ADMINs the accounts below ADMIN, SUPER_ADMINs everyone. */
const CHANGES: ActionRule['on'] = { ADMIN: BELOW_ADMIN, SUPER_ADMIN: ROLES };

const STAFF_ACTIONS: Record<StaffAction, ActionRule> = {
  /** Any change of the account: alone, its email, username, language or admin comment. */
  edit: { on: CHANGES, onSelf: true },
  /** The role given must be one of GRANTS, and never lower than one's own on one's own account. */
  setRole: { on: CHANGES, onSelf: true },
  activate: { on: CHANGES, onSelf: true },
  /**
   * Nobody deactivates (or, by setRole, demotes) themselves, and only a SUPER_ADMIN touches another:
   * with the data layer's check that the actor still holds their role at commit, one active
   * SUPER_ADMIN always stays.
   */
  deactivate: { on: CHANGES, onSelf: false },
  resetReferrals: { on: CHANGES, onSelf: true },
  /** A lost phone: a SUPER_ADMIN turns off another's second factor; one's own is turned off with a code. */
  resetMfa: { on: { SUPER_ADMIN: ROLES }, onSelf: false },
};

/** The roles each role may give (setRole): ADMINs USER and MANAGER, SUPER_ADMINs any. */
const GRANTS: Partial<Record<Role, readonly Role[]>> = { ADMIN: BELOW_ADMIN, SUPER_ADMIN: ROLES };

/** Why `actor` may not do `action` to `target`, or undefined when they may. */
export function staffRefusal(
  actor: StaffActor,
  action: StaffAction,
  target: ActedOn,
): StaffRefusal | undefined {
  const rule = STAFF_ACTIONS[action];
  const targets = actor.isActive ? rule.on[actor.role] : undefined;
  if (!targets) return { action, reason: 'actorRole' };
  if (!targets.includes(target.role)) return { action, reason: 'targetRole' };
  if (!rule.onSelf && actor.id === target.id) return { action, reason: 'ownAccount' };
  return undefined;
}

export function mayDo(actor: StaffActor, action: StaffAction, target: ActedOn): boolean {
  return staffRefusal(actor, action, target) === undefined;
}

/**
 * Why `actor` may not apply an edit of `target` (PUT /admin/users/{id} and the role, activate and
 * deactivate routes): any change needs `edit`; a role must be one the actor grants and not lower
 * their own; isActive false on an active account is a deactivation, true on an inactive one an
 * activation.
 */
export function staffEditRefusal(
  actor: StaffActor,
  target: ActedOn,
  changes: { role?: Role; isActive?: boolean },
): StaffRefusal | undefined {
  const refusal = staffRefusal(actor, 'edit', target);
  if (refusal) return refusal;
  if (changes.role !== undefined && !(GRANTS[actor.role] ?? []).includes(changes.role)) {
    return { action: 'setRole', reason: 'grantedRole' };
  }
  const activation = activationOf(target, changes.isActive);
  const activationRefusal = activation && staffRefusal(actor, activation, target);
  if (activationRefusal) return activationRefusal;
  if (changes.role !== undefined && lowersOwnRole(actor, target, changes.role)) {
    return { action: 'setRole', reason: 'ownRoleLowered' };
  }
  return undefined;
}

/** The action an edit's isActive is: none when it leaves the account as it is. */
function activationOf(target: ActedOn, isActive: boolean | undefined): StaffAction | undefined {
  if (isActive === undefined || isActive === target.isActive) return undefined;
  return isActive ? 'activate' : 'deactivate';
}

/** The roles `actor` may give `target` (empty: none; the target's own role is among them unless refused). */
export function grantableRoles(actor: StaffActor, target: ActedOn): Role[] {
  if (!mayDo(actor, 'setRole', target)) return [];
  return (GRANTS[actor.role] ?? []).filter((role) => !lowersOwnRole(actor, target, role));
}

/** The lowest role that may do `action` to anyone: what the routes it calls must admit. */
export function lowestRoleFor(action: StaffAction): Role {
  const lowest = ROLES.find((role) => STAFF_ACTIONS[action].on[role] !== undefined);
  if (!lowest) throw new Error(`No role may ${action}`);
  return lowest;
}

function lowersOwnRole(actor: StaffActor, target: ActedOn, role: Role): boolean {
  return actor.id === target.id && roleRank(role) < roleRank(target.role);
}

/**
 * The roles `actor` may invite as staff (POST /admin/staff-invitations): the staff roles they may
 * grant a new account, as a role change would. ADMINs invite MANAGERs; SUPER_ADMINs any staff role.
 */
export function invitableRoles(actor: StaffActor): Role[] {
  return grantableRoles(actor, { id: '', role: 'USER', isActive: true }).filter((role) => role !== 'USER');
}
