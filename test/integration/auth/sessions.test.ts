import { findSession } from '@functions/data/sessions';
import { findUserById } from '@functions/data/users';
import { updateAccount } from '@functions/domain/accounts/account-changes';
import { refreshSession, SESSION_LIFETIME_MS } from '@functions/domain/accounts/sessions';
import { base64url } from 'jose';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { refusal } from '../../support/refusals';
import { createVerifiedUser, loginAs, promote, TEST_PASSWORD } from '../../support/users';
import { me, refresh } from './flows';

const sessionIdOf = (token: string) =>
  String(JSON.parse(new TextDecoder().decode(base64url.decode(token.split('.')[1]!))).sid);

describe('POST /api/auth/refresh', () => {
  it('answers a new access token and a new refresh token', async () => {
    const user = await createVerifiedUser();
    const answer = await refresh(user.refreshToken);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.refreshToken).not.toBe(user.refreshToken);
    expect((await me(answer.body.data!.token)).status).toBe(200);
  });

  it('rotates on every use: each new refresh token works once more', async () => {
    const user = await createVerifiedUser();
    const first = await refresh(user.refreshToken);
    const second = await refresh(first.body.data!.refreshToken);
    expect(second.status).toBe(200);
    expect(sessionIdOf(second.body.data!.token)).toBe(sessionIdOf(user.token));
  });

  it('refuses an unknown refresh token with 401', async () => {
    const answer = await refresh('A'.repeat(43));
    expect(answer.status).toBe(401);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const user = await createVerifiedUser();
    const rotated = await refresh(user.refreshToken);
    const reuse = await refresh(user.refreshToken);
    const newest = await refresh(rotated.body.data!.refreshToken);
    expect(reuse.status).toBe(401);
    expect(newest.status).toBe(401);
    expect((await me(rotated.body.data!.token)).status).toBe(401);
    expect((await me(user.token)).status).toBe(401);
  });

  it('keeps the revocation although the reusing request failed', async () => {
    const user = await createVerifiedUser();
    await refresh(user.refreshToken);
    await refresh(user.refreshToken);
    const session = await findSession(sessionIdOf(user.token));
    expect(session!.revokedAt).toEqual(expect.any(String));
    expect(session!.revokedReason).toBe('refresh-token-reuse');
  });

  it('lets at most one of two parallel refreshes with one token through, and leaves no live family', async () => {
    const user = await createVerifiedUser();
    const answers = await Promise.all([refresh(user.refreshToken), refresh(user.refreshToken)]);
    const winners = answers.filter((answer) => answer.status === 200);
    expect(winners.length).toBeLessThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 401).length).toBeGreaterThanOrEqual(1);
    for (const winner of winners) {
      expect((await refresh(winner.body.data!.refreshToken)).status).toBe(401);
      expect((await me(winner.body.data!.token)).status).toBe(401);
    }
    expect((await findSession(sessionIdOf(user.token)))!.revokedAt).toEqual(expect.any(String));
  });

  it('leaves other sessions of the same user alive when one family is revoked', async () => {
    const user = await createVerifiedUser();
    const other = await loginAs(user.email);
    await refresh(user.refreshToken);
    await refresh(user.refreshToken);
    expect((await me(other.token)).status).toBe(200);
    expect((await refresh(other.refreshToken)).status).toBe(200);
  });

  it('ends the family 30 days after login however often it was refreshed', async () => {
    const user = await createVerifiedUser();
    const afterLifetime = new Date(Date.now() + SESSION_LIFETIME_MS + 1000);
    expect(await refusal(refreshSession(user.refreshToken, afterLifetime))).toMatchObject({ status: 401 });
  });

  it('refuses to refresh for a deactivated user', async () => {
    const user = await createVerifiedUser();
    await updateAccount((await findUserById(user.id, true))!, { isActive: false });
    const answer = await refresh(user.refreshToken);
    expect(answer.status).toBe(403);
  });

  it('mints the new access token with the role the user holds now', async () => {
    const user = await createVerifiedUser();
    await promote(user.id, 'MANAGER');
    const answer = await refresh(user.refreshToken);
    expect(answer.status).toBe(200);
    const claims = JSON.parse(
      new TextDecoder().decode(base64url.decode(answer.body.data!.token.split('.')[1]!)),
    );
    expect(claims.role).toBe('MANAGER');
  });
});

describe('ending sessions', () => {
  it('logout revokes the family: its access token and refresh token stop working at once', async () => {
    const user = await createVerifiedUser();
    const answer = await api('POST', '/api/auth/logout', { token: user.token });
    expect(answer.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await refresh(user.refreshToken)).status).toBe(401);
  });

  it('logout ends only the current session', async () => {
    const user = await createVerifiedUser();
    const other = await loginAs(user.email);
    await api('POST', '/api/auth/logout', { token: user.token });
    expect((await me(other.token)).status).toBe(200);
  });

  it('a deactivated user’s valid token is refused at once with 403', async () => {
    const user = await createVerifiedUser();
    await updateAccount((await findUserById(user.id, true))!, { isActive: false });
    expect((await me(user.token)).status).toBe(403);
  });

  it('a reactivated user must log in again: the old sessions stay ended', async () => {
    const user = await createVerifiedUser();
    await updateAccount((await findUserById(user.id, true))!, { isActive: false });
    await updateAccount((await findUserById(user.id, true))!, { isActive: true });
    expect((await me(user.token)).status).toBe(401);
    expect((await loginAs(user.email, TEST_PASSWORD)).token).toEqual(expect.any(String));
  });

  it('a token whose role no longer matches the stored role is refused at once', async () => {
    const user = await createVerifiedUser({ role: 'MANAGER' });
    await promote(user.id, 'USER');
    expect((await me(user.token)).status).toBe(401);
  });
});
