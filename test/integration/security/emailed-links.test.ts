import { findUserById } from '@functions/data/users';
import { requestPasswordReset } from '@functions/domain/accounts/forgot-password';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { mailsTo } from '../../support/mail';
import { createVerifiedUser, TEST_PASSWORD, type TestUser, uniqueIdentity } from '../../support/users';
import { mailedToken, registerThroughApi, verifyThroughApi } from '../auth/flows';

const NEW_PASSWORD = 'Another-horse-7';
const reset = (token: string, password = NEW_PASSWORD) =>
  api('POST', '/api/auth/reset-password', { body: { token, password } });
const forgot = (email: string, minutesLater = 0) =>
  requestPasswordReset({
    email,
    ip: `test-ip-${runId()}`,
    now: new Date(Date.now() + minutesLater * 61_000),
  });

let admin: TestUser;
beforeAll(async () => {
  admin = await createVerifiedUser({ role: 'ADMIN' });
});

const changeEmail = (userId: string, email: string) =>
  api('PUT', `/api/admin/users/${userId}`, { token: admin.token, body: { email } });

describe('a mailed link is bound to the newest link of its kind', () => {
  it('ends an earlier reset link as soon as a newer one is mailed', async () => {
    const user = await createVerifiedUser();
    await forgot(user.email);
    const earlier = await mailedToken(user.email, 'reset-password');
    await forgot(user.email, 1);
    const newer = await mailedToken(user.email, 'reset-password');
    expect(newer).not.toBe(earlier);
    expect((await reset(earlier)).status).toBe(400);
    expect((await reset(newer)).status).toBe(200);
  });

  it('refuses an earlier reset link after a newer one was mailed and used', async () => {
    const user = await createVerifiedUser();
    await forgot(user.email);
    const earlier = await mailedToken(user.email, 'reset-password');
    await forgot(user.email, 1);
    expect((await reset(await mailedToken(user.email, 'reset-password'))).status).toBe(200);
    const late = await reset(earlier, 'Third-horse-5');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe('Password reset link is invalid or expired.');
  });
});

describe('a mailed link is bound to the address it was mailed to', () => {
  it('refuses a reset link mailed before an ADMIN changed the address', async () => {
    const user = await createVerifiedUser();
    await forgot(user.email);
    const token = await mailedToken(user.email, 'reset-password');
    expect((await changeEmail(user.id, uniqueIdentity('moved').email)).status).toBe(200);
    expect((await reset(token)).status).toBe(400);
  });

  it('does not verify the new address with a verification link sent to the old one', async () => {
    const registered = await registerThroughApi();
    const token = await mailedToken(registered.email, 'verify-email');
    expect((await changeEmail(registered.userId, uniqueIdentity('moved').email)).status).toBe(200);
    const answer = await verifyThroughApi(token);
    expect(answer.status).toBe(400);
    expect((await findUserById(registered.userId, true))!.emailVerified).toBe(false);
  });

  it('keeps links to an address dead even if the address comes back', async () => {
    const user = await createVerifiedUser();
    await forgot(user.email);
    const token = await mailedToken(user.email, 'reset-password');
    expect((await changeEmail(user.id, uniqueIdentity('away').email)).status).toBe(200);
    expect((await changeEmail(user.id, user.email)).status).toBe(200);
    expect((await reset(token)).status).toBe(400);
  });
});

describe('a staff change of an email', () => {
  it('unverifies the new address, ends every session and tells the old address', async () => {
    const user = await createVerifiedUser();
    const newEmail = uniqueIdentity('new').email;
    const answer = await changeEmail(user.id, newEmail);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ email: newEmail, emailVerified: false });
    expect((await api('GET', '/api/auth/me', { token: user.token })).status).toBe(401);
    const notices = await mailsTo(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.body.text).toContain(newEmail);
  });

  it('leaves the new address to be verified by its holder, with the account password', async () => {
    const user = await createVerifiedUser();
    const newEmail = uniqueIdentity('new').email;
    await changeEmail(user.id, newEmail);
    await api('POST', '/api/auth/resend-verification', { body: { email: newEmail } });
    const verified = await verifyThroughApi(await mailedToken(newEmail, 'verify-email'), TEST_PASSWORD);
    expect(verified.status).toBe(200);
    expect((await findUserById(user.id, true))!.emailVerified).toBe(true);
  });
});
