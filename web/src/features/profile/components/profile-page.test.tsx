import { listMyApplications } from '@shared/routes/applications';
import { authMe } from '@shared/routes/auth';
import { getGeo } from '@shared/routes/geo';
import { listNotifications } from '@shared/routes/notifications';
import { listAvatars } from '@shared/routes/profile';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { tokenStorage } from '@web/lib/token-storage';
import { useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import {
  holdAnswers,
  testCity,
  testContinent,
  testCountry,
  testCursorPage,
  testOwnUser,
} from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProfilePage } from './profile-page';

const loaded = testOwnUser({ emailVerified: false, referralCount: 0, applicationCount: 0 });
const current = testOwnUser({ emailVerified: true, referralCount: 4, applicationCount: 2 });

/** The page's calls: the reloaded user is `current`; the lists are empty, the places one city. */
function stubApi() {
  return fakeApi()
    .answer(authMe, ok({ user: current }))
    .answer(listMyApplications, ok(testCursorPage([])))
    .answer(listNotifications, ok({ ...testCursorPage([]), unreadCount: 0 }))
    .answer(listAvatars, ok([]))
    .answer(
      getGeo,
      ok([
        testContinent('europe', 'Europe', [
          testCountry('europe.germany', 'Germany', 'EUR', [testCity('europe.germany.berlin', 'Berlin')]),
        ]),
      ]),
    );
}

signedOutEachTest();

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  tokenStorage.setTokens('t1', 'r1');
  useAuthStore.setState({ user: loaded, isAuthenticated: true, initializing: false });
});

afterEach(cleanup);

describe('profile page', () => {
  it('reloads the current user when it opens, so counts and the verified badge are current', async () => {
    const api = stubApi();

    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );

    expect(await screen.findByText('Completed applications: 2')).toBeTruthy();
    expect(screen.getByText('Verified')).toBeTruthy();
    expect(useAuthStore.getState().user?.referralCount).toBe(4);
    expect(api.requests(authMe)).toHaveLength(1);
  });

  it('links to the partner programme', async () => {
    stubApi();
    render(
      <MemoryRouter>
        <ProfilePage />
      </MemoryRouter>,
    );

    expect((await screen.findByRole('link', { name: 'Partner programme' })).getAttribute('href')).toBe(
      '/partner',
    );
  });

  it('keeps what is typed in the edit dialog when the reloaded user arrives meanwhile', async () => {
    const answerMe = holdAnswers(stubApi(), authMe);
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
