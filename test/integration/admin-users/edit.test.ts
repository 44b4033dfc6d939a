import { findUserByEmail, findUserByUsername } from '@functions/data/users';
import type { AdminUserDetail } from '@shared/contract/admin-users';
import type { PublicUser } from '@shared/contract/users';
import type { FieldError } from '@shared/envelope';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { createVerifiedUser, loginAs, type TestUser } from '../../support/users';
import { mailedToken, verifyThroughApi } from '../auth/flows';

let admin: TestUser;

beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
});

const edit = (id: string, body: unknown, token = admin.token) =>
  api<PublicUser>('PUT', `/api/admin/users/${id}`, { token, body });
const detail = (id: string) => api<AdminUserDetail>('GET', `/api/admin/users/${id}`, { token: admin.token });

describe('PUT /api/admin/users/{id}', () => {
  it('changes email, username, language and comment and answers the public user', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const tag = runId();
    const answer = await edit(target.id, {
      email: ` New.${tag}@Example.test `,
      username: `renamed_${tag}`,
      language: 'en',
      adminComment: 'Called on Monday',
    });
    expect(answer.status).toBe(200);
    expect(answer.body.message).toBe('User updated.');
    expect(answer.body.data).toMatchObject({
      id: target.id,
      email: `new.${tag}@example.test`,
      username: `renamed_${tag}`,
      language: 'en',
      adminComment: 'Called on Monday',
    });
    expect(Object.keys(answer.body.data!).sort()).toEqual(Object.keys(target.user).sort());
  });

  it('moves the email and username markers: the new values find the user, the old ones are free', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const tag = runId();
    await edit(target.id, { email: `moved.${tag}@example.test`, username: `moved_${tag}` });
    expect((await findUserByEmail(`moved.${tag}@example.test`))?.id).toBe(target.id);
    expect((await findUserByUsername(`moved_${tag}`))?.id).toBe(target.id);
    expect(await findUserByEmail(target.email)).toBeUndefined();
    expect(await findUserByUsername(target.username)).toBeUndefined();
  });

  it('lets the user log in with the new email once its holder has verified it', async () => {
    const target = await createVerifiedUser();
    const email = `login.${runId()}@example.test`;
    await edit(target.id, { email });
    await expect(loginAs(email, target.password)).rejects.toThrow(/403/);
    await api('POST', '/api/auth/resend-verification', { body: { email } });
    expect((await verifyThroughApi(await mailedToken(email, 'verify-email'), target.password)).status).toBe(
      200,
    );
    await expect(loginAs(email, target.password)).resolves.toHaveProperty('token');
  });

  it('removes the username when sent empty, and frees it', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await edit(target.id, { username: '' });
    const other = await createVerifiedUser({ emailVerified: false });
    const reuse = await edit(other.id, { username: target.username });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.username).toBeNull();
    expect(reuse.status).toBe(200);
  });

  it('refuses an email another user has with 409 and a field error on email', async () => {
    const [target, holder] = [await createVerifiedUser(), await createVerifiedUser({ emailVerified: false })];
    const answer = await edit(target.id, { email: holder.email.toUpperCase() });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual<FieldError[]>([
      { path: 'email', param: 'email', code: 'emailInUse', msg: 'This email is already in use.' },
    ]);
  });

  it('refuses a username another user has (in any case) with 409 and a field error on username', async () => {
    const [target, holder] = [await createVerifiedUser(), await createVerifiedUser({ emailVerified: false })];
    const answer = await edit(target.id, { username: holder.username.toUpperCase() });
    expect(answer.status).toBe(409);
    expect(answer.body.errors).toEqual<FieldError[]>([
      { path: 'username', param: 'username', code: 'usernameTaken', msg: 'This username is already taken.' },
    ]);
  });

  it('leaves the user and both markers unchanged when the new username is taken', async () => {
    const [target, holder] = [await createVerifiedUser(), await createVerifiedUser({ emailVerified: false })];
    const email = `kept.${runId()}@example.test`;
    await edit(target.id, { email, username: holder.username });
    expect((await findUserByEmail(target.email))?.id).toBe(target.id);
    expect(await findUserByEmail(email)).toBeUndefined();
    expect((await detail(target.id)).body.data!.username).toBe(target.username);
  });

  it('answers validation errors as [{ param, msg }] for each bad field', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await edit(target.id, {
      email: 'not-an-email',
      username: 'a b',
      role: 'OWNER',
      isActive: 'yes',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors!.map((error) => error.param).sort()).toEqual([
      'email',
      'isActive',
      'role',
      'username',
    ]);
    expect(answer.body.errors!.every((error) => error.msg.length > 0)).toBe(true);
  });

  it('refuses unknown fields, such as a password or referralCount', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await edit(target.id, { referralCount: 99, passwordHash: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors!.map((error) => error.param).sort()).toEqual(['passwordHash', 'referralCount']);
  });

  it('answers 404 for an unknown user', async () => {
    const answer = await edit(`missing-${runId()}`, { adminComment: 'x' });
    expect(answer.status).toBe(404);
  });
});

describe('the audit trail of staff actions on a user', () => {
  it('records an edit with the actor, time and the changed fields before and after', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const started = new Date().toISOString();
    await edit(target.id, { language: 'en', adminComment: 'first note' });
    const [entry] = (await detail(target.id)).body.data!.audit;
    expect(entry).toMatchObject({
      actorId: admin.id,
      actorRole: 'ADMIN',
      action: 'user.update',
      before: { language: 'ru', adminComment: null },
      after: { language: 'en', adminComment: 'first note' },
    });
    expect(entry!.at >= started).toBe(true);
  });

  it('records role changes, deactivation, activation and referral resets, newest first', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const base = `/api/admin/users/${target.id}`;
    await api('PUT', `${base}/role`, { token: admin.token, body: { role: 'MANAGER' } });
    await api('PUT', `${base}/deactivate`, { token: admin.token });
    await api('PUT', `${base}/activate`, { token: admin.token });
    await api('POST', `${base}/reset-referrals`, { token: admin.token });
    const audit = (await detail(target.id)).body.data!.audit;
    expect(audit.map((entry) => entry.action)).toEqual([
      'user.resetReferrals',
      'user.activate',
      'user.deactivate',
      'user.role',
    ]);
    expect(audit[3]).toMatchObject({ before: { role: 'USER' }, after: { role: 'MANAGER' } });
    expect(audit[2]).toMatchObject({ before: { isActive: true }, after: { isActive: false } });
  });

  it('records nothing for a change that changes nothing', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await edit(target.id, { language: target.user.language, username: target.username });
    expect(answer.status).toBe(200);
    expect((await detail(target.id)).body.data!.audit).toEqual([]);
  });

  it('records nothing for a refused change', async () => {
    const target = await createVerifiedUser({ role: 'ADMIN', emailVerified: false });
    await edit(target.id, { adminComment: 'refused' });
    expect((await detail(target.id)).body.data!.audit).toEqual([]);
  });
});

describe('PUT /api/admin/users/{id}/role', () => {
  it("ends the user's current tokens, which carry the old role", async () => {
    const target = await createVerifiedUser();
    await api('PUT', `/api/admin/users/${target.id}/role`, { token: admin.token, body: { role: 'MANAGER' } });
    const me = await api('GET', '/api/auth/me', { token: target.token });
    expect(me.status).toBe(401);
  });

  it('gives the new role on the next login', async () => {
    const target = await createVerifiedUser();
    await api('PUT', `/api/admin/users/${target.id}/role`, { token: admin.token, body: { role: 'MANAGER' } });
    const { token } = await loginAs(target.email, target.password);
    const managers = await api('GET', '/api/admin/managers', { token });
    expect(managers.status).toBe(200);
  });

  it('refuses a missing or unknown role with a field error', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const missing = await api('PUT', `/api/admin/users/${target.id}/role`, { token: admin.token, body: {} });
    const unknown = await api('PUT', `/api/admin/users/${target.id}/role`, {
      token: admin.token,
      body: { role: 'ROOT' },
    });
    expect([missing.status, unknown.status]).toEqual([400, 400]);
    expect(unknown.body.errors![0]!.param).toBe('role');
  });
});

describe('deactivation and activation', () => {
  it("refuses the deactivated user's token at once", async () => {
    const target = await createVerifiedUser();
    const before = await api('GET', '/api/auth/me', { token: target.token });
    const answer = await api<PublicUser>('PUT', `/api/admin/users/${target.id}/deactivate`, {
      token: admin.token,
    });
    const after = await api('GET', '/api/auth/me', { token: target.token });
    expect(before.status).toBe(200);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.isActive).toBe(false);
    expect([401, 403]).toContain(after.status);
  });

  it("refuses the deactivated user's refresh token and new logins", async () => {
    const target = await createVerifiedUser();
    await api('PUT', `/api/admin/users/${target.id}/deactivate`, { token: admin.token });
    const refreshed = await api('POST', '/api/auth/refresh', {
      body: { refreshTokenFromBody: target.refreshToken },
    });
    expect(refreshed.status).toBeGreaterThanOrEqual(400);
    await expect(loginAs(target.email, target.password)).rejects.toThrow();
  });

  it('lets a reactivated user log in again, without reviving the sessions deactivation ended', async () => {
    const target = await createVerifiedUser();
    await api('PUT', `/api/admin/users/${target.id}/deactivate`, { token: admin.token });
    const answer = await api<PublicUser>('PUT', `/api/admin/users/${target.id}/activate`, {
      token: admin.token,
    });
    const oldSession = await api('GET', '/api/auth/me', { token: target.token });
    const { token } = await loginAs(target.email, target.password);
    const newSession = await api('GET', '/api/auth/me', { token });
    expect(answer.body.data!.isActive).toBe(true);
    expect(oldSession.status).toBe(401);
    expect(newSession.status).toBe(200);
  });

  it('answers 200 and changes nothing when the user already has that state', async () => {
    const target = await createVerifiedUser({ emailVerified: false });
    const answer = await api<PublicUser>('PUT', `/api/admin/users/${target.id}/activate`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.isActive).toBe(true);
  });
});

describe('POST /api/admin/users/{id}/reset-referrals', () => {
  it('answers the referral count before the reset and sets it to 0', async () => {
    const inviter = await createVerifiedUser({ emailVerified: false });
    await createVerifiedUser({ invitedBy: inviter.id });
    await createVerifiedUser({ invitedBy: inviter.id });
    const answer = await api<{ count: number }>('POST', `/api/admin/users/${inviter.id}/reset-referrals`, {
      token: admin.token,
    });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ count: 2 });
    expect((await detail(inviter.id)).body.data!.referralCount).toBe(0);
  });

  it('answers 0 the second time', async () => {
    const inviter = await createVerifiedUser({ emailVerified: false });
    await createVerifiedUser({ invitedBy: inviter.id });
    const reset = () =>
      api<{ count: number }>('POST', `/api/admin/users/${inviter.id}/reset-referrals`, {
        token: admin.token,
      });
    await reset();
    expect((await reset()).body.data).toEqual({ count: 0 });
  });

  it('records the count it reset in the audit trail', async () => {
    const inviter = await createVerifiedUser({ emailVerified: false });
    await createVerifiedUser({ invitedBy: inviter.id });
    await api('POST', `/api/admin/users/${inviter.id}/reset-referrals`, { token: admin.token });
    const [entry] = (await detail(inviter.id)).body.data!.audit;
    expect(entry).toMatchObject({
      action: 'user.resetReferrals',
      actorId: admin.id,
      before: { referralCount: 1 },
      after: { referralCount: 0 },
    });
  });
});
