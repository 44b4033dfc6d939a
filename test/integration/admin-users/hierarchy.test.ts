import type { PublicUser } from '@shared/contract/users';
import { ROLES, type Role, STAFF_ROLES } from '@shared/enums';
import { mayDo, type StaffActor, staffEditRefusal } from '@shared/permissions';
import {
  adminDeactivateUser,
  adminResetReferrals,
  adminResetUserMfa,
  adminSetUserRole,
  adminUpdateUser,
} from '@shared/routes/admin-users';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiAnswer, api, call } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/** The role hierarchy of docs/architecture.md §6, enforced by the server on every staff write to a user. */
let admin: TestUser;
let superAdmin: TestUser;

beforeAll(async () => {
  [admin, superAdmin] = await Promise.all([
    createVerifiedUser({ role: 'ADMIN' }),
    createVerifiedUser({ role: 'SUPER_ADMIN' }),
  ]);
});

const setRole = (token: string, id: string, role: string) =>
  api<PublicUser>('PUT', `/api/admin/users/${id}/role`, { token, body: { role } });

describe('what an ADMIN may do', () => {
  it('grants MANAGER to a USER', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await setRole(admin.token, target.id, 'MANAGER');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.role).toBe('MANAGER');
  });

  it('returns a MANAGER to USER', async () => {
    const target = await createVerifiedUser({ role: 'MANAGER', emailVerified: false });
    const answer = await setRole(admin.token, target.id, 'USER');
    expect(answer.status).toBe(200);
    expect(answer.body.data!.role).toBe('USER');
  });

  it.each(['ADMIN', 'SUPER_ADMIN'])('may not grant %s', async (role) => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await setRole(admin.token, target.id, role);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Only a super admin can grant the ADMIN or SUPER_ADMIN role.');
  });

  it('may not grant ADMIN through the general edit either', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await api('PUT', `/api/admin/users/${target.id}`, {
      token: admin.token,
      body: { role: 'ADMIN' },
    });
    expect(answer.status).toBe(403);
  });

  it.each([
    ['PUT', 'edit', '', { adminComment: 'x' }],
    ['PUT', 'role change', '/role', { role: 'USER' }],
    ['PUT', 'deactivation', '/deactivate', undefined],
    ['PUT', 'activation', '/activate', undefined],
    ['POST', 'referral reset', '/reset-referrals', undefined],
  ])('may not touch another ADMIN (%s: %s)', async (method, _what, suffix, body) => {
    const other = await createVerifiedUser({ role: 'ADMIN', emailVerified: false });
    const answer = await api(method, `/api/admin/users/${other.id}${suffix}`, { token: admin.token, body });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Only a super admin can change an admin or super admin account.');
  });

  it('may not touch a SUPER_ADMIN', async () => {
    const other = await createVerifiedUser({ role: 'SUPER_ADMIN', emailVerified: false });
    const answer = await api('PUT', `/api/admin/users/${other.id}/deactivate`, { token: admin.token });
    expect(answer.status).toBe(403);
  });

  it('leaves a refused target unchanged', async () => {
    const other = await createVerifiedUser({ role: 'ADMIN', emailVerified: false });
    await api('PUT', `/api/admin/users/${other.id}/deactivate`, { token: admin.token });
    const detail = await api<PublicUser>('GET', `/api/admin/users/${other.id}`, { token: admin.token });
    expect(detail.body.data!.isActive).toBe(true);
  });
});

describe('what a MANAGER may do', () => {
  it('reads users but edits nobody, not even a USER', async () => {
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const target = await createVerifiedUser({ emailVerified: false });
    const read = await api('GET', `/api/admin/users/${target.id}`, { token: manager.token });
    const edit = await api('PUT', `/api/admin/users/${target.id}`, {
      token: manager.token,
      body: { adminComment: 'no' },
    });
    expect(read.status).toBe(200);
    expect(edit.status).toBe(403);
  });
});

describe('what a SUPER_ADMIN may do', () => {
  it('grants ADMIN and SUPER_ADMIN', async () => {
    const first = await createVerifiedUser({ emailVerified: false });
    const second = await createVerifiedUser({ emailVerified: false });
    const toAdmin = await setRole(superAdmin.token, first.id, 'ADMIN');
    const toSuper = await setRole(superAdmin.token, second.id, 'SUPER_ADMIN');
    expect([toAdmin.status, toSuper.status]).toEqual([200, 200]);
    expect([toAdmin.body.data!.role, toSuper.body.data!.role]).toEqual(['ADMIN', 'SUPER_ADMIN']);
  });

  it('edits and deactivates an ADMIN', async () => {
    const other = await createVerifiedUser({ role: 'ADMIN', emailVerified: false });
    const edit = await api<PublicUser>('PUT', `/api/admin/users/${other.id}`, {
      token: superAdmin.token,
      body: { adminComment: 'reviewed', isActive: false },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({ adminComment: 'reviewed', isActive: false });
  });

  it('edits their own comment and language', async () => {
    const self = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const answer = await api<PublicUser>('PUT', `/api/admin/users/${self.id}`, {
      token: self.token,
      body: { adminComment: 'me', language: 'en' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ adminComment: 'me', language: 'en' });
  });
});

describe('nobody deactivates or demotes themselves', () => {
  it('refuses a SUPER_ADMIN deactivating themselves', async () => {
    const self = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const answer = await api('PUT', `/api/admin/users/${self.id}/deactivate`, { token: self.token });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You cannot deactivate your own account.');
  });

  it('refuses a SUPER_ADMIN deactivating themselves through the general edit', async () => {
    const self = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const answer = await api('PUT', `/api/admin/users/${self.id}`, {
      token: self.token,
      body: { isActive: false },
    });
    expect(answer.status).toBe(403);
  });

  it.each(['ADMIN', 'MANAGER', 'USER'])('refuses a SUPER_ADMIN demoting themselves to %s', async (role) => {
    const self = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const answer = await setRole(self.token, self.id, role);
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('You cannot lower your own role.');
  });

  it('refuses an ADMIN demoting or deactivating themselves', async () => {
    const self = await createVerifiedUser({ role: 'ADMIN' });
    const demote = await setRole(self.token, self.id, 'USER');
    const deactivate = await api('PUT', `/api/admin/users/${self.id}/deactivate`, { token: self.token });
    expect([demote.status, deactivate.status]).toEqual([403, 403]);
  });

  it('keeps the refused super admin in place', async () => {
    const self = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    await setRole(self.token, self.id, 'USER');
    const me = await api<{ user: PublicUser }>('GET', '/api/auth/me', { token: self.token });
    expect(me.status).toBe(200);
    expect(me.body.data!.user.role).toBe('SUPER_ADMIN');
  });
});

/**
 * The server answers each staff action on each account as the table the admin screens read
 * (shared/permissions.ts) says: 200 where it allows the action, 403 where it refuses it.
 */
interface ActionCase {
  name: string;
  send: (token: string, id: string) => Promise<ApiAnswer>;
  allowed: (actor: StaffActor, target: PublicUser) => boolean;
}

const ACTIONS: ActionCase[] = [
  {
    name: 'edit',
    send: (token, id) =>
      call(adminUpdateUser, { params: { id }, body: { adminComment: 'by the table' }, token }),
    allowed: (actor, target) => !staffEditRefusal(actor, target, {}),
  },
  ...(['MANAGER', 'ADMIN'] as const).map(
    (role): ActionCase => ({
      name: `role ${role}`,
      send: (token, id) => call(adminSetUserRole, { params: { id }, body: { role }, token }),
      allowed: (actor, target) => !staffEditRefusal(actor, target, { role }),
    }),
  ),
  {
    name: 'deactivate',
    send: (token, id) => call(adminDeactivateUser, { params: { id }, token }),
    allowed: (actor, target) => !staffEditRefusal(actor, target, { isActive: false }),
  },
  {
    name: 'reset referrals',
    send: (token, id) => call(adminResetReferrals, { params: { id }, token }),
    allowed: (actor, target) => mayDo(actor, 'resetReferrals', target),
  },
  {
    name: 'reset second factor',
    send: (token, id) => call(adminResetUserMfa, { params: { id }, token }),
    allowed: (actor, target) => mayDo(actor, 'resetMfa', target),
  },
];

describe('the server answers as shared/permissions.ts says', () => {
  const actors = new Map<Role, TestUser>();
  beforeAll(async () => {
    for (const role of STAFF_ROLES) actors.set(role, await createVerifiedUser({ role }));
  });

  for (const actorRole of STAFF_ROLES) {
    for (const targetRole of ROLES) {
      for (const action of ACTIONS) {
        it(`${actorRole} ${action.name} on a ${targetRole}`, async () => {
          const actor = actors.get(actorRole)!;
          const target = await createVerifiedUser({ role: targetRole, emailVerified: false });
          const expected = action.allowed(actor.user, target.user) ? 200 : 403;
          const answer = await action.send(actor.token, target.id);
          expect(answer.status).toBe(expected);
          expect(answer.body.success).toBe(expected === 200);
        });
      }
    }
  }

  for (const role of STAFF_ROLES) {
    it(`answers a ${role} acting on their own account as the table says`, async () => {
      const self = actors.get(role)!;
      const expected = ACTIONS.map(
        (action) => `${action.name}: ${action.allowed(self.user, self.user) ? 200 : 403}`,
      );
      const answers: string[] = [];
      for (const action of ACTIONS)
        answers.push(`${action.name}: ${(await action.send(self.token, self.id)).status}`);
      expect(answers).toEqual(expected);
    });
  }
});
