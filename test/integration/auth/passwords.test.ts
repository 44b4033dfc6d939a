import { RESET_TOKEN_TTL_MS, requestPasswordReset } from '@functions/domain/accounts/forgot-password';
import { resetPassword } from '@functions/domain/accounts/password-reset';
import { LIMITS } from '@functions/domain/accounts/throttling';
import { refusalOf } from '@functions/pipeline/middleware/error-mapper';
import { describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { latestMailTo } from '../../support/mail';
import { refusal } from '../../support/refusals';
import { createVerifiedUser, loginAs, TEST_PASSWORD, uniqueIdentity } from '../../support/users';
import { login, mailCount, mailedToken, me, refresh } from './flows';
import { hitWindowForTest } from './throttle-support';

const NEW_PASSWORD = 'Another-strong-7';
const changePassword = (token: string, body: Record<string, unknown>) =>
  api('POST', '/api/auth/change-password', { token, body });
const forgot = (email: string) => api('POST', '/api/auth/forgot-password', { body: { email } });
const reset = (token: string, password: string) =>
  api('POST', '/api/auth/reset-password', { body: { token, password } });

describe('POST /api/auth/change-password', () => {
  it('refuses a wrong current password with a field error on currentPassword', async () => {
    const user = await createVerifiedUser();
    const answer = await changePassword(user.token, {
      currentPassword: 'not-my-password',
      newPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'currentPassword' })]);
  });

  it('refuses a new password shorter than 8 characters with a field error on newPassword', async () => {
    const user = await createVerifiedUser();
    const answer = await changePassword(user.token, { currentPassword: TEST_PASSWORD, newPassword: 'short' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'newPassword' })]);
  });

  it('replaces the password: the old one stops working, the new one logs in', async () => {
    const user = await createVerifiedUser();
    const answer = await changePassword(user.token, {
      currentPassword: TEST_PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(answer.status).toBe(200);
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('ends the other sessions but keeps the one that changed the password', async () => {
    const user = await createVerifiedUser();
    const other = await loginAs(user.email);
    await changePassword(user.token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    expect((await me(other.token)).status).toBe(401);
    expect((await refresh(other.refreshToken)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
    expect((await refresh(user.refreshToken)).status).toBe(200);
  });

  it('mails a notice about the change', async () => {
    const user = await createVerifiedUser({ language: 'en' });
    await changePassword(user.token, { currentPassword: TEST_PASSWORD, newPassword: NEW_PASSWORD });
    const mail = await latestMailTo(user.email);
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.body.html).toContain('<html');
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers the same 200 for an existing, an unknown and a deactivated account', async () => {
    const active = await createVerifiedUser();
    const inactive = await createVerifiedUser({ isActive: false });
    const answers = await Promise.all([
      forgot(active.email),
      forgot(uniqueIdentity('no').email),
      forgot(inactive.email),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers[1]!.body).toEqual(answers[0]!.body);
    expect(answers[2]!.body).toEqual(answers[0]!.body);
  });

  it('mails a reset link to an existing active account only', async () => {
    const active = await createVerifiedUser();
    const inactive = await createVerifiedUser({ isActive: false });
    await Promise.all([forgot(active.email), forgot(inactive.email)]);
    expect(await mailedToken(active.email, 'reset-password')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await mailCount(inactive.email)).toBe(0);
  });

  it('sends no second mail to one address within a minute, with the same answer', async () => {
    const user = await createVerifiedUser();
    const first = await forgot(user.email);
    const second = await forgot(user.email);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await mailCount(user.email)).toBe(1);
  });

  it("counts the minute from the last mail, not by the clock: a second apart across a minute's edge, one mail", async () => {
    const user = await createVerifiedUser();
    const ip = `test-ip-${runId()}`;
    const edge = (Math.floor(Date.now() / 60_000) + 2) * 60_000;
    await requestPasswordReset({ email: user.email, ip, now: new Date(edge - 500) });
    await requestPasswordReset({ email: user.email, ip, now: new Date(edge + 500) });
    expect(await mailCount(user.email)).toBe(1);
    await requestPasswordReset({ email: user.email, ip, now: new Date(edge + 60_000) });
    expect(await mailCount(user.email)).toBe(2);
  });

  it('answers a sixth request for one address in a day like the others but mails nothing', async () => {
    const user = await createVerifiedUser();
    const ip = `test-ip-${runId()}`;
    // Midday UTC, two minutes apart: six requests in one daily window and none in the same minute.
    const start = new Date().setUTCHours(12, 0, 0, 0);
    const outcomes: string[] = [];
    const mailsAfterEach: number[] = [];

    for (let index = 0; index < 6; index += 1) {
      const now = new Date(start + index * 2 * 60_000);
      outcomes.push(
        await requestPasswordReset({ email: user.email, ip, now }).then(
          () => 'answered',
          (error: unknown) => String(refusalOf(error)?.status),
        ),
      );
      mailsAfterEach.push(await mailCount(user.email));
    }

    expect(outcomes).toEqual(Array(6).fill('answered'));
    expect(mailsAfterEach).toEqual([1, 2, 3, 4, 5, 5]);
  });

  it('refuses an address that asked too often with 429', async () => {
    const ip = `test-ip-${runId()}`;
    await hitWindowForTest('forgot-ip-3600000', ip, LIMITS.forgotPerIp.max, LIMITS.forgotPerIp.windowMs);
    expect(await refusal(requestPasswordReset({ email: uniqueIdentity().email, ip }))).toMatchObject({
      status: 429,
    });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('sets the new password and ends every session', async () => {
    const user = await createVerifiedUser();
    await forgot(user.email);
    const answer = await reset(await mailedToken(user.email, 'reset-password'), NEW_PASSWORD);
    expect(answer.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await login(user.email, NEW_PASSWORD)).status).toBe(200);
  });

  it('accepts a reset link only once', async () => {
    const user = await createVerifiedUser();
    await forgot(user.email);
    const token = await mailedToken(user.email, 'reset-password');
    await reset(token, NEW_PASSWORD);
    const again = await reset(token, 'Third-password-9');
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('Password reset link is invalid or expired.');
  });

  it('refuses a link older than 30 minutes', async () => {
    const user = await createVerifiedUser();
    await forgot(user.email);
    const token = await mailedToken(user.email, 'reset-password');
    const later = new Date(Date.now() + RESET_TOKEN_TTL_MS + 1000);
    expect(await refusal(resetPassword({ token, password: NEW_PASSWORD, now: later }))).toMatchObject({
      status: 400,
    });
    expect((await login(user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('refuses an unknown token with 400', async () => {
    const answer = await reset('y'.repeat(43), NEW_PASSWORD);
    expect(answer.status).toBe(400);
  });

  it('refuses a new password shorter than 8 characters with a field error', async () => {
    const answer = await reset('y'.repeat(43), 'short');
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'password' })]);
  });
});
