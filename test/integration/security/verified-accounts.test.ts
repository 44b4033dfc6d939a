import { findUserByEmail, findUserById } from '@functions/data/users';
import { describe, expect, it } from 'vitest';
import { api, asNewVisitor } from '../../support/api';
import { createVerifiedUser, TEST_PASSWORD, type TestUser, uniqueIdentity } from '../../support/users';
import { login, mailedToken, registerThroughApi, verifyThroughApi } from '../auth/flows';

/**
 * The security review's findings on accounts (round 3): a registration takes over only an account
 * nobody ever proved to hold, and a referral counts once, however often its address is verified.
 */
const ATTACKER_PASSWORD = 'Attackers-own-4';

async function moveAddress(staff: TestUser, user: { id: string }): Promise<string> {
  const address = uniqueIdentity('moved').email;
  const moved = await api('PUT', `/api/admin/users/${user.id}`, {
    token: staff.token,
    body: { email: address },
  });
  expect(moved.status).toBe(200);
  return address;
}

const registerAs = (email: string) =>
  api<{ userId: string }>('POST', '/api/auth/register', {
    body: { ...uniqueIdentity('take'), email, password: ATTACKER_PASSWORD },
    headers: asNewVisitor(),
  });

describe('registering an address that has an account', () => {
  it('answers 409 for a formerly verified account whose address staff changed, and keeps its password and role', async () => {
    const superAdmin = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const manager = await createVerifiedUser({ role: 'MANAGER' });
    const address = await moveAddress(superAdmin, manager);
    const before = (await findUserById(manager.id, true))!;
    expect(before.emailVerified).toBe(false);

    const answer = await registerAs(address);

    expect(answer.status).toBe(409);
    const after = (await findUserById(manager.id, true))!;
    expect(after.passwordHash).toBe(before.passwordHash);
    expect(after.role).toBe('MANAGER');
    expect(after.username).toBe(before.username);
  });

  it('answers 409 for an unverified staff account that was never verified', async () => {
    const staff = await createVerifiedUser({ role: 'MANAGER', emailVerified: false });

    expect((await registerAs(staff.email)).status).toBe(409);
    expect((await findUserById(staff.id, true))!.role).toBe('MANAGER');
  });

  it('still takes over a plain user nobody ever verified, with no applications', async () => {
    const first = await registerThroughApi({ password: ATTACKER_PASSWORD });

    const again = await api<{ userId: string }>('POST', '/api/auth/register', {
      body: { ...uniqueIdentity('own'), email: first.email, password: TEST_PASSWORD },
      headers: asNewVisitor(),
    });

    expect(again.status).toBe(201);
    expect(again.body.data!.userId).toBe(first.userId);
    const verified = await verifyThroughApi(await mailedToken(first.email, 'verify-email'), TEST_PASSWORD);
    expect(verified.status).toBe(200);
    expect((await login(first.email, ATTACKER_PASSWORD)).status).toBe(401);
  });
});

describe("an invited user's referral", () => {
  it('counts once, though the address is verified again after a change', async () => {
    const superAdmin = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const inviter = await createVerifiedUser();
    const invited = await registerThroughApi({ invitationCode: inviter.referralCode });
    expect((await verifyThroughApi(await mailedToken(invited.email, 'verify-email'))).status).toBe(200);
    expect((await findUserById(inviter.id, true))!.referralCount).toBe(1);

    const address = await moveAddress(superAdmin, { id: invited.userId });
    await api('POST', '/api/auth/resend-verification', { body: { email: address } });
    expect((await verifyThroughApi(await mailedToken(address, 'verify-email'))).status).toBe(200);

    expect((await findUserById(inviter.id, true))!.referralCount).toBe(1);
  });

  it('counts once when a password reset verifies the changed address', async () => {
    const superAdmin = await createVerifiedUser({ role: 'SUPER_ADMIN' });
    const inviter = await createVerifiedUser();
    const invited = await registerThroughApi({ invitationCode: inviter.referralCode });
    await verifyThroughApi(await mailedToken(invited.email, 'verify-email'));
    const address = await moveAddress(superAdmin, { id: invited.userId });

    await api('POST', '/api/auth/forgot-password', { body: { email: address } });
    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: await mailedToken(address, 'reset-password'), password: 'Fresh-pass-word-5' },
    });

    expect(reset.status).toBe(200);
    expect((await findUserByEmail(address))!.emailVerified).toBe(true);
    expect((await findUserById(inviter.id, true))!.referralCount).toBe(1);
  });
});
