import { cleanup, render, screen } from '@testing-library/react';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Header } from './header';

function renderHeaderFor(role: 'USER' | 'MANAGER') {
  useAuthStore.setState({ ...initialAuthState, isAuthenticated: true, user: testOwnUser({ role }) });
  render(
    <MemoryRouter>
      <Header />
    </MemoryRouter>,
  );
}

describe('Header', () => {
  beforeAll(() => setupTestI18n('en'));
  afterEach(() => {
    cleanup();
    useAuthStore.setState(initialAuthState);
  });

  it('puts the avatar before the Admin button for staff (docs/product.md §2)', () => {
    renderHeaderFor('MANAGER');
    const avatar = screen.getByRole('link', { name: 'Your profile' });
    const admin = screen.getByRole('link', { name: 'Admin' });
    expect(avatar.compareDocumentPosition(admin) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows no Admin button to a user', () => {
    renderHeaderFor('USER');
    expect(screen.getByRole('link', { name: 'Your profile' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Admin' })).toBeNull();
  });
});
