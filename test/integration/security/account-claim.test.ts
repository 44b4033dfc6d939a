import { findUserByEmail } from '@functions/data/users';
import { describe, expect, it } from 'vitest';
import { api, asNewVisitor } from '../../support/api';
import { uniqueIdentity } from '../../support/users';
import { login, mailedToken, registerThroughApi, verifyThroughApi } from '../auth/flows';

/** Someone registers another person's address first, with a password of their own. */
const ATTACKER_PASSWORD = 'Attackers-own-4';
const OWNER_PASSWORD = 'Owners-own-pass-8';

async function claimedByAttacker() {
  return registerThroughApi({ password: ATTACKER_PASSWORD });
}

describe('an address registered by someone else before its owner', () => {
  it('is not verified by the owner clicking the link without knowing the password', async () => {
    const claim = await claimedByAttacker();
    const token = await mailedToken(claim.email, 'verify-email');
    const answer = await verifyThroughApi(token, OWNER_PASSWORD);
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'password' })]);
    expect(answer.body.data).toBeUndefined();
    expect((await findUserByEmail(claim.email))!.emailVerified).toBe(false);
  });

  it("is the owner's after a password reset, and the attacker's password stops working", async () => {
    const claim = await claimedByAttacker();
    await api('POST', '/api/auth/forgot-password', { body: { email: claim.email } });
    const reset = await api('POST', '/api/auth/reset-password', {
      body: { token: await mailedToken(claim.email, 'reset-password'), password: OWNER_PASSWORD },
    });
    expect(reset.status).toBe(200);
    expect((await login(claim.email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(claim.email, OWNER_PASSWORD)).status).toBe(200);
  });

  it("is the owner's when the owner registers again and verifies: no earlier password survives", async () => {
    const claim = await claimedByAttacker();
    const attackersLink = await mailedToken(claim.email, 'verify-email');
    const again = await api<{ userId: string }>('POST', '/api/auth/register', {
      body: { ...uniqueIdentity('own'), email: claim.email, password: OWNER_PASSWORD },
      headers: asNewVisitor(),
    });
    expect(again.status).toBe(201);
    expect(again.body.message).toBe('Registration successful. Please check your inbox to verify your email.');

    expect((await verifyThroughApi(attackersLink, ATTACKER_PASSWORD)).status).toBe(400);
    const verified = await verifyThroughApi(await mailedToken(claim.email, 'verify-email'), OWNER_PASSWORD);
    expect(verified.status).toBe(200);
    expect((await login(claim.email, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await login(claim.email, OWNER_PASSWORD)).status).toBe(200);
  });

  it('still answers 409 once the address is verified', async () => {
    const owner = await registerThroughApi({ password: OWNER_PASSWORD });
    await verifyThroughApi(await mailedToken(owner.email, 'verify-email'), OWNER_PASSWORD);
    const late = await api('POST', '/api/auth/register', {
      body: { ...uniqueIdentity('late'), email: owner.email, password: ATTACKER_PASSWORD },
      headers: asNewVisitor(),
    });
    expect(late.status).toBe(409);
    expect((await login(owner.email, OWNER_PASSWORD)).status).toBe(200);
  });
});
