import { describe, expect, it } from 'vitest';
import { canDeactivate, canManageUser, canOpenSection, grantableRoles } from './permissions';

const manager = { id: 'm', role: 'MANAGER' as const };
const admin = { id: 'a', role: 'ADMIN' as const };
const superAdmin = { id: 's', role: 'SUPER_ADMIN' as const };
const user = { id: 'u', role: 'USER' as const };

describe('admin permissions', () => {
  it('lets a manager open applications but not the settings', () => {
    expect(canOpenSection('MANAGER', 'applications')).toBe(true);
    expect(canOpenSection('MANAGER', 'settings')).toBe(false);
  });

  it('lets no manager change a user', () => {
    expect(canManageUser(manager, user)).toBe(false);
  });

  it('lets an admin grant only the user and manager roles', () => {
    expect(grantableRoles(admin, user)).toEqual(['USER', 'MANAGER']);
  });

  it('keeps an admin away from another admin account', () => {
    expect(canManageUser(admin, { role: 'ADMIN' })).toBe(false);
  });

  it('lets a super admin grant every role', () => {
    expect(grantableRoles(superAdmin, user)).toEqual(['USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN']);
  });

  it('never offers a lower role to staff editing themselves', () => {
    expect(grantableRoles(superAdmin, superAdmin)).toEqual(['SUPER_ADMIN']);
  });

  it('never lets staff deactivate themselves', () => {
    expect(canDeactivate(superAdmin, superAdmin)).toBe(false);
  });
});
