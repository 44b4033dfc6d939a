import { findUserByEmail, findUserByReferralCode, findUserByUsername } from '@functions/data/users';
import { registerUser } from '@functions/domain/accounts/registration';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../support/api';
import { TEST_PASSWORD, uniqueIdentity } from '../../support/users';
import { mailedToken, verifyThroughApi } from './flows';

// The one allowed mock: SES fails for the registration this file runs in-process. The API the
// resend call reaches runs in the stack's own process with the real mailer.
vi.mock('@functions/commons/mailer', () => ({
  sendMail: vi.fn(async () => {
    throw new Error('SES is unavailable');
  }),
}));

describe('an SES failure during registration', () => {
  it('reports that the mail was not sent and leaves a complete account', async () => {
    const identity = uniqueIdentity('ses');
    const result = await registerUser(
      { ...identity, password: TEST_PASSWORD },
      `test-ip-${identity.username}`,
    );
    const byEmail = await findUserByEmail(identity.email);
    expect(result.verificationEmailSent).toBe(false);
    expect(byEmail!.id).toBe(result.userId);
    expect((await findUserByUsername(identity.username))!.id).toBe(result.userId);
    expect((await findUserByReferralCode(byEmail!.referralCode!))!.id).toBe(result.userId);
  });

  it('lets the user ask for the mail again and verify with it', async () => {
    const identity = uniqueIdentity('ses');
    await registerUser({ ...identity, password: TEST_PASSWORD }, `test-ip-${identity.username}`);
    const resend = await api('POST', '/api/auth/resend-verification', { body: { email: identity.email } });
    const verified = await verifyThroughApi(await mailedToken(identity.email, 'verify-email'));
    expect(resend.status).toBe(200);
    expect(verified.status).toBe(200);
  });
});
