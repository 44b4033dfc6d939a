import { myLimits } from '@shared/routes/profile';
import { tierLimits } from '@shared/routes/rates';
import { adminPutSetting } from '@shared/routes/settings';
import { describe, expect, it } from 'vitest';
import { call } from '../../support/api';
import { createVerifiedUser } from '../../support/users';

/**
 * The limits over HTTP on the shared stack, whose limits are off (infra/local/stack.ts `limits`):
 * what a client is shown, and the settings' rule. Each limit at its edge is limits.test.ts's.
 */
describe('GET /api/users/limits', () => {
  it("answers a new client's tier, the next one, and no limit where none is set", async () => {
    const client = await createVerifiedUser();

    const answer = await call(myLimits, { token: client.token });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({
      tier: 'email',
      nextTier: 'card',
      perApplication: null,
      firstDeals: null,
      perDay: { limit: null, used: 0, left: null },
      per30Days: { limit: null, used: 0, left: null },
      maxNow: null,
    });
  });
});

describe('GET /api/limits', () => {
  it("answers a visitor every tier without a limit, and no first deals' cap, where the limits are off", async () => {
    const answer = await call(tierLimits);

    expect(answer.status).toBe(200);
    const none = { perApplication: null, perDay: null, per30Days: null };
    expect(answer.body.data).toEqual({
      tiers: { email: none, card: none, identity: none },
      firstDeals: null,
    });
  });
});

describe('a limit setting', () => {
  it('refuses an amount with more than two decimals, naming the rule', async () => {
    const admin = await createVerifiedUser({ role: 'ADMIN' });

    const answer = await call(adminPutSetting, {
      token: admin.token,
      params: { key: 'limitEmailPerDayUSD' },
      body: { value: '3000.001' },
    });

    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ param: 'value', code: 'settingLimit' })]);
  });
});
