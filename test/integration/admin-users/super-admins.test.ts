import { findUserById } from '@functions/data/users';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * One active SUPER_ADMIN always stays. The table is shared with other tests (which create super
 * admins of their own), so these tests use races between the super admins they create: each
 * demotion or deactivation of a super admin commits only while the acting super admin is still
 * active and still SUPER_ADMIN, so two super admins removing each other cannot both succeed.
 */
async function isActiveSuperAdmin(user: TestUser): Promise<boolean> {
  const stored = await findUserById(user.id, true);
  return stored?.role === 'SUPER_ADMIN' && stored.isActive;
}

async function pairOfSuperAdmins(): Promise<[TestUser, TestUser]> {
  const first = await createVerifiedUser({ role: 'SUPER_ADMIN' });
  const second = await createVerifiedUser({ role: 'SUPER_ADMIN' });
  return [first, second];
}

describe('two super admins racing to remove each other', () => {
  it('lets at most one demotion succeed and leaves the other super admin in place', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = await pairOfSuperAdmins();
      const answers = await Promise.all([
        api('PUT', `/api/admin/users/${second.id}/role`, { token: first.token, body: { role: 'USER' } }),
        api('PUT', `/api/admin/users/${first.id}/role`, { token: second.token, body: { role: 'USER' } }),
      ]);
      const statuses = answers.map((answer) => answer.status);
      const survivors = [await isActiveSuperAdmin(first), await isActiveSuperAdmin(second)];
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
      expect(statuses.every((status) => [200, 401, 403, 409].includes(status))).toBe(true);
      expect(survivors.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('lets at most one deactivation succeed and leaves the other super admin active', async () => {
    for (let round = 0; round < 5; round += 1) {
      const [first, second] = await pairOfSuperAdmins();
      const answers = await Promise.all([
        api('PUT', `/api/admin/users/${second.id}/deactivate`, { token: first.token }),
        api('PUT', `/api/admin/users/${first.id}/deactivate`, { token: second.token }),
      ]);
      const survivors = [await isActiveSuperAdmin(first), await isActiveSuperAdmin(second)];
      expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(1);
      expect(survivors.filter(Boolean).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('refuses the loser of the race with a clear answer, not an error', async () => {
    const [first, second] = await pairOfSuperAdmins();
    const answers = await Promise.all([
      api('PUT', `/api/admin/users/${second.id}/role`, { token: first.token, body: { role: 'ADMIN' } }),
      api('PUT', `/api/admin/users/${first.id}/role`, { token: second.token, body: { role: 'ADMIN' } }),
    ]);
    const loser = answers.find((answer) => answer.status !== 200)!;
    expect(loser.status).toBeGreaterThanOrEqual(400);
    expect(loser.status).toBeLessThan(500);
    expect(loser.body.message.length).toBeGreaterThan(0);
  });
});

describe('a demoted super admin', () => {
  it('can no longer demote anyone with the token they held', async () => {
    const [first, second] = await pairOfSuperAdmins();
    const third = await createVerifiedUser({ role: 'SUPER_ADMIN', emailVerified: false });
    await api('PUT', `/api/admin/users/${second.id}/role`, { token: first.token, body: { role: 'USER' } });
    const answer = await api('PUT', `/api/admin/users/${third.id}/role`, {
      token: second.token,
      body: { role: 'USER' },
    });
    expect(answer.status).toBe(401);
    expect(await isActiveSuperAdmin(second)).toBe(false);
  });
});

describe('a third super admin removing two others at once', () => {
  it('succeeds with both, because the acting super admin remains', async () => {
    const [first, second] = await pairOfSuperAdmins();
    const actor = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const answers = await Promise.all(
      [first, second].map((target) =>
        api('PUT', `/api/admin/users/${target.id}/role`, { token: actor.token, body: { role: 'ADMIN' } }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(await isActiveSuperAdmin(actor)).toBe(true);
  });
});
