import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import {
  logIn,
  logInAsSuperAdmin,
  openAs,
  registerVerifiedUser,
  waitForAdmin,
} from '../support/admin-session';
import { showsToast, useBrowser } from '../support/browser';

// biome-ignore lint/correctness/useHookAtTopLevel: useBrowser registers vitest hooks; it is not a React hook.
const newPage = useBrowser();

describe('who reaches the admin area', () => {
  it('shows a visitor access denied with a login link', async () => {
    const page = await newPage({ language: 'en' });
    await openAs(page, null, '/admin');
    await expect(page.getByRole('heading', { name: 'Access denied' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('link', { name: 'Login' }).last().getAttribute('href')).resolves.toContain(
      'redirectTo=%2Fadmin',
    );
  });

  it('shows a logged-in USER access denied', async () => {
    const user = await registerVerifiedUser('usr');
    const page = await newPage({ language: 'en' });
    await openAs(page, user, '/admin/user-management');
    await expect(page.getByText('This area is for staff only.').isVisible()).resolves.toBe(true);
    await expect(page.locator('.admin').count()).resolves.toBe(0);
  });

  it('lets a SUPER_ADMIN promote a user to MANAGER in the edit modal', async () => {
    const user = await registerVerifiedUser('prm');
    const admin = await logInAsSuperAdmin();
    const page = await newPage({ language: 'en' });
    await openAs(page, admin, `/admin/user-management?search=${user.email}`);
    await waitForAdmin(page);
    await page.getByRole('button', { name: `Edit ${user.username}` }).click();
    await page.getByLabel('Role').last().selectOption('MANAGER');
    await showsToast(page, 'User saved.', () => page.getByRole('button', { name: 'Save' }).click());
    const row = page.getByRole('row').filter({ hasText: user.email });
    await expect(row.getByText('Manager').isVisible()).resolves.toBe(true);
    const stored = await api<{ role: string }>('GET', `/api/admin/users/${user.user.id}`, {
      token: admin.token,
    });
    expect(stored.body.data?.role).toBe('MANAGER');
  });

  it('gives a MANAGER the user list without any way to edit a user', async () => {
    const manager = await registerVerifiedUser('mgr');
    const admin = await logInAsSuperAdmin();
    await api('PUT', `/api/admin/users/${manager.user.id}/role`, {
      token: admin.token,
      body: { role: 'MANAGER' },
    });
    const session = await logIn(manager.email, manager.password);
    const page = await newPage({ language: 'en' });
    await openAs(page, session, `/admin/user-management?search=${manager.email}`);
    await waitForAdmin(page);
    await expect(page.getByRole('button', { name: /^Edit / }).count()).resolves.toBe(0);
    await expect(page.getByRole('link', { name: 'System settings' }).count()).resolves.toBe(0);
    const refused = await api('PUT', `/api/admin/users/${manager.user.id}`, {
      token: session.token,
      body: { adminComment: 'self-service' },
    });
    expect(refused.status).toBe(403);
    await page.getByRole('link', { name: 'Dashboard' }).waitFor();
    await page.goto(page.url().replace(/\/admin\/.*$/, '/admin/system-settings'));
    await page.getByRole('heading', { name: 'Not available for your role' }).waitFor();
  });
});
