import { joinGuestApplication, openGuestOrder } from '@shared/routes/applications';
import { cleanup, render, screen } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GuestLinkPage } from './guest-link-page';

const session = {
  user: testOwnUser({ id: 'g1', emailVerified: false }),
  token: 'g-token',
  refreshToken: 'g-refresh',
};

/** Stands for where the page sends the browser: says the path and query it arrived at. */
function Arrived() {
  const { pathname, search } = useLocation();
  return <p>at {`${pathname}${search}`}</p>;
}

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/guest/:action" element={<GuestLinkPage />} />
        <Route path="/applications/:id" element={<Arrived />} />
        <Route path="/login" element={<Arrived />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await setupTestI18n('en');
});
signedOutEachTest();
afterEach(cleanup);

describe("a guest's order link", () => {
  it('opens the order with the session the link gives', async () => {
    const api = fakeApi().answer(openGuestOrder, ok({ applicationId: 'app-7', session }));
    renderAt('/guest/order#token=from-the-mail-0123456789');

    expect(await screen.findByText('at /applications/app-7')).toBeTruthy();
    expect(api.requests(openGuestOrder).map((request) => request.body)).toEqual([
      { token: 'from-the-mail-0123456789' },
    ]);
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: { id: 'g1' } });
  });

  it('sends the owner to sign in, on to the order, once the account has a password', async () => {
    fakeApi().answer(
      openGuestOrder,
      refused(409, 'This account has a password now: sign in to see the order.', {
        code: 'GuestOrderNeedsSignIn',
        params: { applicationId: 'app-7' },
      }),
    );
    renderAt('/guest/order#token=from-the-mail-0123456789');

    expect(await screen.findByText('at /login?redirectTo=%2Fapplications%2Fapp-7')).toBeTruthy();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it('says a link that no longer works does not, with a way to sign in', async () => {
    fakeApi().answer(
      openGuestOrder,
      refused(400, 'This link is no longer valid.', { code: 'GuestLinkInvalid' }),
    );
    renderAt('/guest/order#token=old-link-0123456789');

    expect(await screen.findByText('This link is no longer valid.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toBeTruthy();
  });
});

describe("the owner's link that adds a guest's application", () => {
  it('adds it once and offers to sign in to follow it, without a session', async () => {
    const api = fakeApi().answer(joinGuestApplication, { ...ok({ applicationId: 'app-9' }), status: 201 });
    renderAt('/guest/join#token=from-the-mail-0123456789');

    expect(
      await screen.findByText('The application is in your account now. Sign in to follow it.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to follow it' }).getAttribute('href')).toBe(
      '/login?redirectTo=%2Fapplications%2Fapp-9',
    );
    expect(api.requests(joinGuestApplication)).toHaveLength(1);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
