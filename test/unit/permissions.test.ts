import { ROLES, type Role } from '@shared/enums';
import {
  grantableRoles,
  lowestRoleFor,
  mayDo,
  type StaffAction,
  staffEditRefusal,
  staffRefusal,
} from '@shared/permissions';
import { describe, expect, it } from 'vitest';

/**
 * Who may do what to whom (shared/permissions.ts, docs/architecture.md §6): the table the server's
 * checks and the admin screens both read. test/integration/admin-users/ proves the server answers by it.
 */
const actor = (role: Role, id = `actor-${role}`) => ({ id, role, isActive: true });
const account = (role: Role, id = `target-${role}`, isActive = true) => ({ id, role, isActive });

const CHANGES: StaffAction[] = ['edit', 'setRole', 'activate', 'deactivate', 'resetReferrals'];
const ACTIONS: StaffAction[] = [...CHANGES, 'resetMfa'];

/** Every (actor role, action, target role) the given actor role may do, as `ACTION on ROLE`. */
function allowed(role: Role): string[] {
  return ACTIONS.flatMap((action) =>
    ROLES.filter((target) => mayDo(actor(role), action, account(target))).map(
      (target) => `${action} on ${target}`,
    ),
  );
}

const on = (actions: StaffAction[], targets: readonly Role[]) =>
  actions.flatMap((action) => targets.map((target) => `${action} on ${target}`));

describe('who may act on which account', () => {
  it('lets no USER or MANAGER change any account', () => {
    expect(allowed('USER')).toEqual([]);
    expect(allowed('MANAGER')).toEqual([]);
  });

  it('lets an ADMIN change only USER and MANAGER accounts, and reset no second factor', () => {
    expect(allowed('ADMIN')).toEqual(on(CHANGES, ['USER', 'MANAGER']));
  });

  it('lets a SUPER_ADMIN do everything to every other account', () => {
    expect(allowed('SUPER_ADMIN')).toEqual(on(ACTIONS, ROLES));
  });

  it('says why an ADMIN may not touch another ADMIN', () => {
    expect(staffRefusal(actor('ADMIN'), 'edit', account('ADMIN'))).toEqual({
      action: 'edit',
      reason: 'targetRole',
    });
  });

  it('says why a MANAGER may not change a USER', () => {
    expect(staffRefusal(actor('MANAGER'), 'resetReferrals', account('USER'))).toEqual({
      action: 'resetReferrals',
      reason: 'actorRole',
    });
  });

  it('lets an inactive staff member do nothing', () => {
    const inactive = { ...actor('SUPER_ADMIN'), isActive: false };
    expect(ACTIONS.filter((action) => mayDo(inactive, action, account('USER')))).toEqual([]);
  });
});

describe('what staff do to their own account', () => {
  const self = actor('SUPER_ADMIN', 'me');
  const own = account('SUPER_ADMIN', 'me');

  it('lets them edit themselves and reset their own referrals', () => {
    expect(
      ['edit', 'setRole', 'activate', 'resetReferrals'].every((action) =>
        mayDo(self, action as StaffAction, own),
      ),
    ).toBe(true);
  });

  it('never lets them deactivate themselves', () => {
    expect(staffRefusal(self, 'deactivate', own)).toEqual({ action: 'deactivate', reason: 'ownAccount' });
  });

  it('never lets them reset their own second factor (that takes a code, in the profile)', () => {
    expect(staffRefusal(self, 'resetMfa', own)).toEqual({ action: 'resetMfa', reason: 'ownAccount' });
  });
});

describe('the roles staff may grant', () => {
  it('lets an admin grant only the user and manager roles', () => {
    expect(grantableRoles(actor('ADMIN'), account('USER'))).toEqual(['USER', 'MANAGER']);
  });

  it('lets a super admin grant every role', () => {
    expect(grantableRoles(actor('SUPER_ADMIN'), account('USER'))).toEqual([
      'USER',
      'MANAGER',
      'ADMIN',
      'SUPER_ADMIN',
    ]);
  });

  it('offers nothing on an account the actor may not change', () => {
    expect(grantableRoles(actor('MANAGER'), account('USER'))).toEqual([]);
    expect(grantableRoles(actor('ADMIN'), account('ADMIN'))).toEqual([]);
  });

  it('never offers a lower role to staff editing themselves', () => {
    expect(grantableRoles(actor('SUPER_ADMIN', 'me'), account('SUPER_ADMIN', 'me'))).toEqual(['SUPER_ADMIN']);
    expect(grantableRoles(actor('ADMIN', 'me'), account('ADMIN', 'me'))).toEqual([]);
  });
});

describe('an edit of an account', () => {
  it('needs the right to change the account even when it changes nothing', () => {
    expect(staffEditRefusal(actor('ADMIN'), account('ADMIN'), {})).toEqual({
      action: 'edit',
      reason: 'targetRole',
    });
  });

  it('refuses a role the actor may not grant', () => {
    expect(staffEditRefusal(actor('ADMIN'), account('USER'), { role: 'ADMIN' })).toEqual({
      action: 'setRole',
      reason: 'grantedRole',
    });
  });

  it('grants a role the actor may grant', () => {
    expect(
      staffEditRefusal(actor('ADMIN'), account('USER'), { role: 'MANAGER', isActive: true }),
    ).toBeUndefined();
  });

  it('refuses deactivating oneself', () => {
    expect(
      staffEditRefusal(actor('SUPER_ADMIN', 'me'), account('SUPER_ADMIN', 'me'), { isActive: false }),
    ).toEqual({
      action: 'deactivate',
      reason: 'ownAccount',
    });
  });

  it('treats isActive false on an inactive account as no deactivation', () => {
    const inactive = account('USER', 'u', false);
    expect(staffEditRefusal(actor('ADMIN'), inactive, { isActive: false })).toBeUndefined();
  });

  it('refuses lowering one’s own role', () => {
    expect(
      staffEditRefusal(actor('SUPER_ADMIN', 'me'), account('SUPER_ADMIN', 'me'), { role: 'ADMIN' }),
    ).toEqual({
      action: 'setRole',
      reason: 'ownRoleLowered',
    });
  });

  it('names the deactivation first when oneself is both demoted and deactivated', () => {
    const refusal = staffEditRefusal(actor('SUPER_ADMIN', 'me'), account('SUPER_ADMIN', 'me'), {
      role: 'USER',
      isActive: false,
    });
    expect(refusal).toEqual({ action: 'deactivate', reason: 'ownAccount' });
  });

  it('lets a super admin edit their own account and keep their role', () => {
    const me = actor('SUPER_ADMIN', 'me');
    expect(
      staffEditRefusal(me, account('SUPER_ADMIN', 'me'), { role: 'SUPER_ADMIN', isActive: true }),
    ).toBeUndefined();
  });

  it('keeps an admin off their own account, an ADMIN one', () => {
    expect(staffEditRefusal(actor('ADMIN', 'me'), account('ADMIN', 'me'), { role: 'USER' })).toEqual({
      action: 'edit',
      reason: 'targetRole',
    });
  });
});

describe('the lowest role of each action', () => {
  it('is ADMIN for the changes of an account and SUPER_ADMIN for a second factor reset', () => {
    expect(Object.fromEntries(ACTIONS.map((action) => [action, lowestRoleFor(action)]))).toEqual({
      edit: 'ADMIN',
      setRole: 'ADMIN',
      activate: 'ADMIN',
      deactivate: 'ADMIN',
      resetReferrals: 'ADMIN',
      resetMfa: 'SUPER_ADMIN',
    });
  });
});
