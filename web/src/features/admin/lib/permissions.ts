import { hasRoleAtLeast, ROLES, type Role } from '@shared/enums';

/**
 * What each staff role may do in the admin area (docs/architecture.md §6). The server enforces the same
 * rules; the screens use these only to hide or disable what would be refused.
 */
export interface StaffSubject {
  id: string;
  role: Role;
}

export type AdminSection =
  | 'dashboard'
  | 'users'
  | 'applications'
  | 'rates'
  | 'geo'
  | 'settings'
  | 'placeholder';

const SECTION_MINIMUM: Record<AdminSection, Role> = {
  dashboard: 'MANAGER',
  users: 'MANAGER',
  applications: 'MANAGER',
  rates: 'ADMIN',
  geo: 'ADMIN',
  settings: 'ADMIN',
  placeholder: 'MANAGER',
};

export function canOpenSection(role: Role, section: AdminSection): boolean {
  return hasRoleAtLeast(role, SECTION_MINIMUM[section]);
}

/** ADMINs manage accounts below ADMIN; SUPER_ADMINs manage everyone; MANAGERs nobody. */
export function canManageUser(actor: StaffSubject, target: { role: Role }): boolean {
  if (!hasRoleAtLeast(actor.role, 'ADMIN')) return false;
  return actor.role === 'SUPER_ADMIN' || !hasRoleAtLeast(target.role, 'ADMIN');
}

/** The roles the actor may give: ADMINs grant USER and MANAGER, SUPER_ADMINs any role. */
export function grantableRoles(actor: StaffSubject, target: StaffSubject): Role[] {
  if (!canManageUser(actor, target)) return [];
  const granted = ROLES.filter((role) => actor.role === 'SUPER_ADMIN' || !hasRoleAtLeast(role, 'ADMIN'));
  // Nobody lowers their own role.
  if (actor.id === target.id) return granted.filter((role) => hasRoleAtLeast(role, target.role));
  return granted;
}

export function canDeactivate(actor: StaffSubject, target: StaffSubject): boolean {
  return canManageUser(actor, target) && actor.id !== target.id;
}

export function canResetReferrals(actor: StaffSubject, target: { role: Role }): boolean {
  return canManageUser(actor, target);
}

/** A SUPER_ADMIN turns off another user's second factor (a lost phone); one's own is turned off with a code. */
export function canResetMfa(actor: StaffSubject, target: StaffSubject & { mfaEnabled: boolean }): boolean {
  return actor.role === 'SUPER_ADMIN' && actor.id !== target.id && target.mfaEnabled;
}
