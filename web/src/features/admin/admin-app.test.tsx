import { cleanup, render, screen } from '@testing-library/react';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { fakeApi } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AdminApp } from './admin-app';

beforeAll(async () => {
  await setupTestI18n('en');
});
signedOutEachTest();
afterEach(cleanup);

describe('admin area of a staff member who must set up two-step verification', () => {
  it('shows only the set-up screen', async () => {
    const api = fakeApi();
    useAuthStore.setState({
      ...initialAuthState,
      initializing: false,
      isAuthenticated: true,
      user: testOwnUser({ role: 'MANAGER', mfaSetupRequired: true }),
    });
    render(
      <MemoryRouter initialEntries={['/admin']}>
        <AdminApp />
      </MemoryRouter>,
    );

    expect(await screen.findByText(/Staff accounts must use two-step verification/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Set up' })).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(api.fetch).not.toHaveBeenCalled();
  });
});
