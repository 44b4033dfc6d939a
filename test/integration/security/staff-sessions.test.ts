import { randomUUID } from 'node:crypto';
import { authLogout, authMe, authRefresh } from '@shared/routes/auth';
import { adminRevokeSession, adminSecurityAudit, adminSecuritySessions } from '@shared/routes/security';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createVerifiedUser, loginAs, type TestUser } from '../../support/users';

/**
 * The security page's staff sessions (GET /admin/security/sessions, ADMIN+) and their revoke
 * (DELETE /admin/security/sessions/{id}, SUPER_ADMIN): a revoked session ends at once, as a logout
 * ends one — its refresh token and its access token are refused — and the revoke is audited.
 */

/** The session id (`sid`) an access token carries. */
function sessionOf(token: string): string {
  const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as {
    sid: string;
  };
  return payload.sid;
}

let superAdmin: TestUser;
let admin: TestUser;
let manager: TestUser;
let client: TestUser;

beforeAll(async () => {
  [superAdmin, admin, manager, client] = await Promise.all([
    createVerifiedUser({ role: 'SUPER_ADMIN' }),
    createVerifiedUser({ role: 'ADMIN' }),
    createVerifiedUser({ role: 'MANAGER' }),
    createVerifiedUser(),
  ]);
});

/** The token of the file's caller of that kind (none for anonymous). */
function tokenOf(who: 'ADMIN' | 'MANAGER' | 'USER' | 'anonymous'): string | undefined {
  return { ADMIN: admin, MANAGER: manager, USER: client, anonymous: undefined }[who]?.token;
}

async function sessionsSeenBy(viewer: TestUser, memberId: string) {
  const answer = await call(adminSecuritySessions, { token: viewer.token });
  expect(answer.status).toBe(200);
  return answer.body.data!.staff.find((member) => member.id === memberId);
}

describe('GET /admin/security/sessions', () => {
  it('lists each staff member with their live sessions, newest first, marking the caller’s own', async () => {
    const target = await createVerifiedUser({ role: 'MANAGER' });
    const second = await loginAs(target.email);

    const member = await sessionsSeenBy(admin, target.id);

    expect(member).toMatchObject({ id: target.id, email: target.email, role: 'MANAGER', mfaEnabled: false });
    expect(member!.sessions.map((session) => session.id)).toEqual([
      sessionOf(second.token),
      sessionOf(target.token),
    ]);
    expect(member!.sessions[0]).toMatchObject({ current: false, lastRefreshedAt: null });
    expect(Date.parse(member!.sessions[0]!.endsAt)).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const own = await sessionsSeenBy(admin, admin.id);
    expect(own!.sessions.find((session) => session.id === sessionOf(admin.token))?.current).toBe(true);
  });

  it('lists no client and no session a logout ended', async () => {
    const target = await createVerifiedUser({ role: 'MANAGER' });
    const second = await loginAs(target.email);
    await call(authRefresh, { body: { refreshTokenFromBody: second.refreshToken } });
    expect((await call(authLogout, { token: target.token })).status).toBe(200);

    const member = await sessionsSeenBy(superAdmin, target.id);
    const everyone = (await call(adminSecuritySessions, { token: superAdmin.token })).body.data!.staff;

    expect(member!.sessions.map((session) => session.id)).toEqual([sessionOf(second.token)]);
    expect(member!.sessions[0]!.lastRefreshedAt).not.toBeNull();
    expect(everyone.some((person) => person.id === client.id)).toBe(false);
  });

  it.each([
    ['USER', 403],
    ['MANAGER', 403],
    ['anonymous', 401],
  ] as const)('refuses %s', async (who, status) => {
    const answer = await call(adminSecuritySessions, { token: tokenOf(who) });
    expect(answer.status).toBe(status);
    expect(answer.body.success).toBe(false);
  });
});

describe('DELETE /admin/security/sessions/{id}', () => {
  it('ends the session at once: its refresh and its access token are refused, the others live on', async () => {
    const target = await createVerifiedUser({ role: 'MANAGER' });
    const other = await loginAs(target.email);
    const revoked = sessionOf(target.token);

    const answer = await call(adminRevokeSession, { params: { id: revoked }, token: superAdmin.token });

    expect(answer.status).toBe(200);
    expect(answer.body.success).toBe(true);
    const refresh = await call(authRefresh, { body: { refreshTokenFromBody: target.refreshToken } });
    expect(refresh.status).toBe(401);
    expect((await call(authMe, { token: target.token })).status).toBe(401);
    expect((await call(authMe, { token: other.token })).status).toBe(200);
    expect((await call(authRefresh, { body: { refreshTokenFromBody: other.refreshToken } })).status).toBe(
      200,
    );
    const member = await sessionsSeenBy(superAdmin, target.id);
    expect(member!.sessions.map((session) => session.id)).toEqual([sessionOf(other.token)]);
  });

  it('is audited on the staff member, and a second revoke of it is refused with 409', async () => {
    const target = await createVerifiedUser({ role: 'ADMIN' });
    const actor = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const id = sessionOf(target.token);
    expect((await call(adminRevokeSession, { params: { id }, token: actor.token })).status).toBe(200);

    const again = await call(adminRevokeSession, { params: { id }, token: actor.token });
    const audit = await call(adminSecurityAudit, { query: { actorId: actor.id }, token: admin.token });

    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: 'StaffSessionAlreadyEnded' });
    expect(audit.body.data!.items).toEqual([
      expect.objectContaining({
        kind: 'session',
        action: 'session.revoke',
        actorId: actor.id,
        actorName: actor.username,
        targetType: 'user',
        targetId: target.id,
        targetName: target.username,
        after: expect.objectContaining({ sessionId: id }),
      }),
    ]);
  });

  it.each([
    ['ADMIN', 403],
    ['MANAGER', 403],
    ['USER', 403],
    ['anonymous', 401],
  ] as const)('refuses %s and the session lives on', async (who, status) => {
    const target = await createVerifiedUser({ role: 'MANAGER' });

    const answer = await call(adminRevokeSession, {
      params: { id: sessionOf(target.token) },
      token: tokenOf(who),
    });

    expect(answer.status).toBe(status);
    expect((await call(authMe, { token: target.token })).status).toBe(200);
  });

  it('answers 400 in the envelope for an id that is no session id', async () => {
    const answer = await call(adminRevokeSession, {
      params: { id: 'not-a-session' },
      token: superAdmin.token,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'ValidationFailed',
      errors: [expect.objectContaining({ code: 'sessionId' })],
    });
  });

  it('answers 404 for an unknown session and for a client’s, which it leaves alone', async () => {
    const unknown = await call(adminRevokeSession, { params: { id: randomUUID() }, token: superAdmin.token });
    const clients = await call(adminRevokeSession, {
      params: { id: sessionOf(client.token) },
      token: superAdmin.token,
    });

    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ success: false, code: 'StaffSessionNotFound' });
    expect(clients.status).toBe(404);
    expect((await call(authMe, { token: client.token })).status).toBe(200);
  });
});
