import {
  adminActivateUser,
  adminDeactivateUser,
  adminResetReferrals,
  adminSetUserRole,
  adminUpdateUser,
} from '@shared/routes/admin-users';
import { adminSecurityAudit } from '@shared/routes/security';
import { adminGetSetting, adminPutSetting } from '@shared/routes/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * The security audit log (GET /admin/security/audit, ADMIN+): of what the audit trail records, the
 * security-relevant changes, newest first, by kind, staff member and period, in cursor pages. Each
 * test reads the entries of an actor of its own, so the shared table's other entries never count.
 */
let admin: TestUser;
let manager: TestUser;
let client: TestUser;

beforeAll(async () => {
  [admin, manager, client] = await Promise.all([
    createVerifiedUser({ role: 'ADMIN' }),
    createVerifiedUser({ role: 'MANAGER' }),
    createVerifiedUser(),
  ]);
});

const today = () => new Date().toISOString().slice(0, 10);

/** A fresh SUPER_ADMIN's role change, deactivation, activation, edit of isActive and a non-security reset. */
async function actorWithChanges() {
  const actor = await createVerifiedUser({ role: 'SUPER_ADMIN' });
  const target = await createVerifiedUser();
  const token = actor.token;
  const params = { id: target.id };
  expect((await call(adminSetUserRole, { params, body: { role: 'MANAGER' }, token })).status).toBe(200);
  expect((await call(adminResetReferrals, { params, token })).status).toBe(200);
  expect((await call(adminDeactivateUser, { params, token })).status).toBe(200);
  expect((await call(adminActivateUser, { params, token })).status).toBe(200);
  // A staff edit counts where it changes the role or isActive; the comment alone is not security's.
  expect((await call(adminUpdateUser, { params, body: { adminComment: 'Checked' }, token })).status).toBe(
    200,
  );
  expect((await call(adminUpdateUser, { params, body: { role: 'USER' }, token })).status).toBe(200);
  return { actor, target };
}

describe('GET /admin/security/audit', () => {
  it('answers the security-relevant changes of an actor, newest first, named, with their kinds', async () => {
    const { actor, target } = await actorWithChanges();

    const answer = await call(adminSecurityAudit, { query: { actorId: actor.id }, token: admin.token });

    expect(answer.status).toBe(200);
    const page = answer.body.data!;
    expect(page.items.map((entry) => [entry.kind, entry.action])).toEqual([
      ['role', 'user.update'],
      ['activation', 'user.activate'],
      ['activation', 'user.deactivate'],
      ['role', 'user.role'],
    ]);
    expect(page.items[0]).toMatchObject({
      actorId: actor.id,
      actorRole: 'SUPER_ADMIN',
      actorName: actor.username,
      targetType: 'user',
      targetId: target.id,
      targetName: target.username,
      before: { role: 'MANAGER' },
      after: { role: 'USER' },
    });
    expect(page.nextCursor).toBeNull();
    expect(page.period).toEqual({ from: expect.any(String), to: today() });
  });

  it('filters by kind, and pages by cursor', async () => {
    const { actor } = await actorWithChanges();
    const query = { actorId: actor.id, kind: 'activation' as const, limit: 1 };

    const first = await call(adminSecurityAudit, { query, token: admin.token });
    const second = await call(adminSecurityAudit, {
      query: { ...query, cursor: first.body.data!.nextCursor! },
      token: admin.token,
    });

    expect(first.body.data!.items.map((entry) => entry.action)).toEqual(['user.activate']);
    expect(first.body.data!.nextCursor).toEqual(expect.any(String));
    expect(second.body.data!.items.map((entry) => entry.action)).toEqual(['user.deactivate']);
    expect(second.body.data!.nextCursor).toBeNull();
  });

  it('shows settings changes, a secret one’s value only to the roles that may read it', async () => {
    const actor = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    for (const key of ['staffMfaRequired', 'ratesExportToken'] as const) {
      const current = (await call(adminGetSetting, { params: { key }, token: actor.token })).body.data!.value;
      const saved = await call(adminPutSetting, {
        params: { key },
        body: { value: current },
        token: actor.token,
      });
      expect(saved.status).toBe(200);
    }
    const query = { actorId: actor.id, kind: 'setting' as const };

    const byAdmin = (await call(adminSecurityAudit, { query, token: admin.token })).body.data!.items;
    const bySuperAdmin = (await call(adminSecurityAudit, { query, token: actor.token })).body.data!.items;

    expect(byAdmin.map((entry) => entry.targetId)).toEqual(['ratesExportToken', 'staffMfaRequired']);
    expect(byAdmin[0]!.after).toMatchObject({ value: null });
    expect(byAdmin[1]!.after).toMatchObject({ value: expect.any(Number) });
    expect(bySuperAdmin[0]!.after).toMatchObject({ value: expect.any(String) });
  });

  it('has staffMfaRequired changed by a SUPER_ADMIN only: an ADMIN’s or a MANAGER’s change is refused and not logged', async () => {
    const admin2 = await createVerifiedUser({ role: 'ADMIN' });
    const current = (
      await call(adminGetSetting, { params: { key: 'staffMfaRequired' }, token: admin2.token })
    ).body.data!.value as number;
    const params = { key: 'staffMfaRequired' };

    const byAdmin = await call(adminPutSetting, {
      params,
      body: { value: 1 - current },
      token: admin2.token,
    });
    const byManager = await call(adminPutSetting, {
      params,
      body: { value: 1 - current },
      token: manager.token,
    });
    const logged = await call(adminSecurityAudit, { query: { actorId: admin2.id }, token: admin.token });

    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body).toMatchObject({ success: false, code: 'SettingNeedsHigherRole' });
    expect(byManager.status).toBe(403);
    expect(logged.body.data!.items).toEqual([]);
    const after = await call(adminGetSetting, { params, token: admin2.token });
    expect(after.body.data!.value).toBe(current);
  });

  it('reads an earlier period without today’s entries', async () => {
    const { actor } = await actorWithChanges();
    const answer = await call(adminSecurityAudit, {
      query: { actorId: actor.id, from: '2026-01-01', to: '2026-01-31' },
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      items: [],
      nextCursor: null,
      period: { from: '2026-01-01', to: '2026-01-31' },
    });
  });

  it.each([
    ['an unknown kind', { kind: 'login' }, 'kind', 'ValidationFailed'],
    ['a period ending before it starts', { from: '2026-02-02', to: '2026-02-01' }, 'to', 'ValidationFailed'],
    ['a day that is no date', { from: '2026-02-30' }, 'from', 'ValidationFailed'],
    ['a cursor it did not hand out', { cursor: 'bm90LWEtY3Vyc29y' }, 'cursor', 'InvalidCursor'],
    ['a page too large', { limit: '101' }, 'limit', 'ValidationFailed'],
  ])('answers 400 in the envelope for %s', async (_case, query, field, code) => {
    const answer = await call(adminSecurityAudit, { query: query as never, token: admin.token });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code,
      errors: [expect.objectContaining({ path: `query.${field}` })],
    });
  });

  it.each([
    ['USER', 403],
    ['MANAGER', 403],
    ['anonymous', 401],
  ] as const)('refuses %s', async (who, status) => {
    const caller = { USER: client, MANAGER: manager, anonymous: undefined }[who];
    const answer = await call(adminSecurityAudit, { token: caller?.token });
    expect(answer.status).toBe(status);
    expect(answer.body.success).toBe(false);
  });
});
