import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { tokenStorage } from '@web/lib/token-storage';
import { useAuthStore } from '@web/stores/auth-store';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfilePage } from './profile-page';

const loaded = testOwnUser({ emailVerified: false, referralCount: 0, applicationCount: 0 });
const current = testOwnUser({ emailVerified: true, referralCount: 4, applicationCount: 2 });

/** GET /auth/me answers `current`; every other call of the page answers an empty list. */
function stubApi() {
  const fetchMock = vi.fn(async (url: string) => {
    const data = url.startsWith('/api/auth/me') ? { user: current } : { items: [] };
    return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

signedOutEachTest();

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  tokenStorage.setTokens('t1', 'r1');
  useAuthStore.setState({ user: loaded, token: 't1', isAuthenticated: true, initializing: false });
});

afterEach(cleanup);

describe('profile page', () => {
  it('reloads the current user when it opens, so counts and the verified badge are current', async () => {
    const fetchMock = stubApi();

    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Completed applications: 2')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(useAuthStore.getState().user?.referralCount).toBe(4);
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/me', expect.anything());
  });

  it('keeps what is typed in the edit dialog when the reloaded user arrives meanwhile', async () => {
    let answerMe: () => void = () => {};
    const meAnswered = new Promise<void>((resolve) => {
      answerMe = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url.startsWith('/api/auth/me')) await meAnswered;
        const data = url.startsWith('/api/auth/me')
          ? { user: current }
          : url.startsWith('/api/misc/avatars')
            ? []
            : { items: [] };
        return new Response(JSON.stringify({ success: true, message: '', data }), { status: 200 });
      }),
    );
    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit profile' }));
    const field = screen.getByLabelText('Telegram contact') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'typed_meanwhile' } });
    answerMe();

    expect(await screen.findByText('Completed applications: 2')).toBeTruthy();
    expect((screen.getByLabelText('Telegram contact') as HTMLInputElement).value).toBe('typed_meanwhile');
  });
});
