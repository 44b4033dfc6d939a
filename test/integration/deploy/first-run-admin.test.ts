import { findOneTimeToken } from '@functions/data/tokens';
import { findUserByEmail } from '@functions/data/users';
import { FIRST_RUN_RESOURCE_ID, handler } from '@functions/deploy/first-run';
import { setSuperAdminPassword } from '@functions/domain/accounts/bootstrap';
import { hashToken } from '@functions/domain/accounts/secrets';
import { describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { customResourceEvent } from '../../support/cloudformation';
import { latestMailTo } from '../../support/mail';
import { TEST_PASSWORD } from '../../support/users';
import { login, mailCount, mailedToken, registerThroughApi } from '../auth/flows';

describe('the first-run custom resource and the first SUPER_ADMIN', () => {
  it('invites the admin on Create, who sets a password through the mailed link and logs in', async () => {
    const adminEmail = `operator-${runId()}@example.test`;
    const properties = { SeedVersion: 'v1', AdminEmail: adminEmail };

    const created = await handler(customResourceEvent('Create', properties));
    const invited = await findUserByEmail(adminEmail);
    const mail = await latestMailTo(adminEmail);
    const loginBefore = await login(adminEmail, TEST_PASSWORD);
    const token = await mailedToken(adminEmail, 'reset-password');
    const reset = await api('POST', '/api/auth/reset-password', { body: { token, password: TEST_PASSWORD } });
    const again = await api('POST', '/api/auth/reset-password', { body: { token, password: TEST_PASSWORD } });
    const loggedIn = await login(adminEmail, TEST_PASSWORD);

    expect(created).toEqual({
      PhysicalResourceId: FIRST_RUN_RESOURCE_ID,
      Data: { SeedItemsWritten: '0', AdminCreated: 'true', AdminMailQueued: 'true' },
    });
    expect(invited).toMatchObject({ role: 'SUPER_ADMIN', isActive: true, emailVerified: false });
    expect(mail.subject).toBe('Задайте пароль аккаунта администратора');
    expect(mail.body.text).toContain('24');
    expect(loginBefore.status).toBe(401);
    expect(reset.status).toBe(200);
    expect(again.status).toBe(400);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.data!.user).toMatchObject({ role: 'SUPER_ADMIN', emailVerified: true });
  });

  it('keeps the link alive for 24 hours, not the 30 minutes of a reset', async () => {
    const adminEmail = `operator-${runId()}@example.test`;
    const now = Date.now();
    await handler(customResourceEvent('Create', { SeedVersion: 'v1', AdminEmail: adminEmail }));
    const stored = await findOneTimeToken(
      hashToken(await mailedToken(adminEmail, 'reset-password')),
      'reset-password',
    );

    expect(stored!.expiresAtMs - now).toBeGreaterThan(23.9 * 60 * 60 * 1000);
    expect(stored!.expiresAtMs - now).toBeLessThanOrEqual(24 * 60 * 60 * 1000 + 5000);
  });

  it('creates and mails nothing more on Update, and Delete leaves the account as it is', async () => {
    const adminEmail = `operator-${runId()}@example.test`;
    const v1 = { SeedVersion: 'v1', AdminEmail: adminEmail };
    const created = await handler(customResourceEvent('Create', v1));
    const previous = { physicalResourceId: created.PhysicalResourceId, properties: v1 };
    await api('POST', '/api/auth/reset-password', {
      body: { token: await mailedToken(adminEmail, 'reset-password'), password: TEST_PASSWORD },
    });

    const updated = await handler(customResourceEvent('Update', { ...v1, SeedVersion: 'v2' }, previous));
    const deleted = await handler(customResourceEvent('Delete', v1, previous));

    expect(updated.PhysicalResourceId).toBe(FIRST_RUN_RESOURCE_ID);
    expect(updated.Data).toMatchObject({ AdminCreated: 'false', AdminMailQueued: 'false' });
    expect(deleted).toEqual({ PhysicalResourceId: FIRST_RUN_RESOURCE_ID });
    expect(await mailCount(adminEmail)).toBe(1);
    expect((await login(adminEmail, TEST_PASSWORD)).status).toBe(200);
  });

  it('seeds without inviting anybody when no admin address is given', async () => {
    const answer = await handler(customResourceEvent('Create', { SeedVersion: 'v1', AdminEmail: '' }));

    expect(answer.Data).toEqual({ SeedItemsWritten: '0', AdminCreated: 'false', AdminMailQueued: 'false' });
  });
});

describe('the first SUPER_ADMIN without mail (SES sandbox)', () => {
  it("sets the invited admin's password and verifies the address, so the admin can log in", async () => {
    const adminEmail = `operator-${runId()}@example.test`;
    await handler(customResourceEvent('Create', { SeedVersion: 'v1', AdminEmail: adminEmail }));

    const result = await setSuperAdminPassword(adminEmail, 'An-operator-password-1');
    const answer = await login(adminEmail, 'An-operator-password-1');

    expect(result).toEqual({ created: false });
    expect(answer.status).toBe(200);
    expect(answer.body.data!.user).toMatchObject({ role: 'SUPER_ADMIN', emailVerified: true });
  });

  it('creates the SUPER_ADMIN, verified, when the address has no account yet', async () => {
    const adminEmail = `operator-${runId()}@example.test`;

    const result = await setSuperAdminPassword(adminEmail, 'An-operator-password-2');

    expect(result).toEqual({ created: true });
    expect((await login(adminEmail, 'An-operator-password-2')).status).toBe(200);
  });

  it("refuses to set a user's password", async () => {
    const user = await registerThroughApi();

    await expect(setSuperAdminPassword(user.email, 'An-operator-password-3')).rejects.toThrow(
      `${user.email} is a USER, not a SUPER_ADMIN`,
    );
    expect((await login(user.email, 'An-operator-password-3')).status).toBe(401);
  });
});
