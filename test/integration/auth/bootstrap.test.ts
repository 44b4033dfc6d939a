import { findUserByEmail } from '@functions/data/users';
import { ensureSuperAdmin } from '@functions/domain/accounts/bootstrap';
import { describe, expect, it } from 'vitest';
import { runId } from '../../support/api';
import { login } from './flows';

describe('ensureSuperAdmin (local stack start with ADMIN_EMAIL / ADMIN_PASSWORD)', () => {
  it('creates one verified, active SUPER_ADMIN that can log in, and nothing on a second start', async () => {
    const email = `admin-${runId()}@example.test`;
    const first = await ensureSuperAdmin(email, 'Admin-password-1');
    const second = await ensureSuperAdmin(email, 'Admin-password-1');
    const answer = await login(email, 'Admin-password-1');
    expect([first.created, second.created]).toEqual([true, false]);
    expect(answer.status).toBe(200);
    expect(answer.body.data!.user).toMatchObject({
      role: 'SUPER_ADMIN',
      isActive: true,
      emailVerified: true,
    });
  });

  it('creates exactly one account when two starts race', async () => {
    const email = `Admin-${runId()}@Example.test`;
    const results = await Promise.all([
      ensureSuperAdmin(email, 'Admin-password-2'),
      ensureSuperAdmin(email, 'Admin-password-2'),
    ]);
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect((await findUserByEmail(email))!.role).toBe('SUPER_ADMIN');
  });

  it('leaves an existing account as it is (its password is not reset)', async () => {
    const email = `admin-${runId()}@example.test`;
    await ensureSuperAdmin(email, 'Admin-password-3');
    await ensureSuperAdmin(email, 'Some-other-password');
    expect((await login(email, 'Admin-password-3')).status).toBe(200);
  });

  it('refuses a password or email that registration would refuse, creating nothing', async () => {
    const email = `admin-${runId()}@example.test`;
    await expect(ensureSuperAdmin(email, 'short')).rejects.toThrow(
      'ADMIN_PASSWORD: Password must be at least 8 characters long.',
    );
    await expect(ensureSuperAdmin('not-an-email', 'Admin-password-4')).rejects.toThrow(/^ADMIN_EMAIL: /);
    expect(await findUserByEmail(email)).toBeUndefined();
  });
});
