import type { OwnUser } from '@shared/contract/users';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { initialAuthState, useAuthStore } from '../stores/auth-store';
import { setupTestI18n } from '../testing/i18n';
import { GuestOnly, RequireAuth } from './guards';
import { AppRoutes } from './router';

const user = { id: 'u1', email: 'a@example.com', username: 'anna', role: 'USER' } as OwnUser;

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route
          path="/login"
          element={
            <GuestOnly>
              <p>login form</p>
            </GuestOnly>
          }
        />
        <Route
          path="/apply"
          element={
            <RequireAuth>
              <p>apply form</p>
            </RequireAuth>
          }
        />
        <Route path="/profile" element={<p>profile page</p>} />
        <Route path="/somewhere" element={<p>somewhere page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState, initializing: false });
});

afterEach(cleanup);

describe('route guards', () => {
  it('shows the access-denied screen with login and register links to visitors on logged-in routes', async () => {
    renderAt('/apply');

    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Fapply',
    );
    expect(screen.getByRole('link', { name: 'Register' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    expect(screen.queryByText('apply form')).toBeNull();
  });

  it('shows logged-in routes to logged-in users', () => {
    useAuthStore.setState({ user, isAuthenticated: true });

    renderAt('/apply');

    expect(screen.getByText('apply form')).toBeTruthy();
  });

  it('sends logged-in users away from guest-only routes to the profile', () => {
    useAuthStore.setState({ user, isAuthenticated: true });

    renderAt('/login');

    expect(screen.getByText('profile page')).toBeTruthy();
  });

  it('sends a user who just logged in to the requested page', () => {
    useAuthStore.setState({ user, isAuthenticated: true });

    renderAt('/login?redirectTo=%2Fsomewhere');

    expect(screen.getByText('somewhere page')).toBeTruthy();
  });

  it('waits for the stored session before deciding', () => {
    useAuthStore.setState({ initializing: true });

    renderAt('/apply');

    expect(screen.getByRole('status').textContent).toContain('Loading...');
    expect(screen.queryByText('apply form')).toBeNull();
  });
});

describe('not found', () => {
  it('answers unknown paths with the 404 page and a link home', async () => {
    render(
      <MemoryRouter initialEntries={['/no/such/page']}>
        <AppRoutes />
      </MemoryRouter>,
    );

    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });
});
