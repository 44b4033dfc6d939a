import { LIMITS } from '@functions/domain/accounts/throttling';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, TEST_PASSWORD } from '../../support/users';
import { login, mailedToken } from '../auth/flows';

describe('an account someone keeps locked with wrong passwords', () => {
  it('lets its owner in through a reset link, and the session outlives the next lock', async () => {
    const owner = await createVerifiedUser();
    const lockOut = async () => {
      for (let attempt = 0; attempt < LIMITS.accountFailures.max; attempt += 1) {
        await login(owner.email, 'Wrong-guess-1');
      }
    };
    await lockOut();
    expect((await login(owner.email, TEST_PASSWORD)).status).toBe(429);

    await api('POST', '/api/auth/forgot-password', { body: { email: owner.email } });
    const reset = await api<{ token: string }>('POST', '/api/auth/reset-password', {
      body: { token: await mailedToken(owner.email, 'reset-password'), password: 'Owners-new-pass-3' },
    });
    expect(reset.status).toBe(200);
    const session = reset.body.data!.token;
    expect((await api('GET', '/api/auth/me', { token: session })).status).toBe(200);

    await lockOut();
    expect((await api('GET', '/api/auth/me', { token: session })).status).toBe(200);
  });
});
