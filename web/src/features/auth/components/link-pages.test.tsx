import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { saveApplyPrefill } from '@web/lib/apply-prefill';
import { newPasswordProblem } from '@web/lib/password-rules';
import { useAuthStore } from '@web/stores/auth-store';
import { answerFetchWith, testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { LoginPage } from './login-page';
import { ResetPasswordPage } from './reset-password-page';
import { VerifyEmailPage } from './verify-email-page';

const user = testOwnUser();
const session = { user, token: 't1', refreshToken: 'r1' };

function renderAt(url: string, page: ReactElement) {
  window.history.replaceState(null, '', url);
  return render(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/verify-email" element={page} />
        <Route path="/reset-password" element={page} />
        <Route path="/login" element={page} />
        <Route path="/profile" element={<p>profile page</p>} />
        <Route path="/apply" element={<p>apply page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The JSON body of the fetch call number `index`. */
function bodyOf(fetchMock: ReturnType<typeof vi.fn>, index = 0): unknown {
  const init = fetchMock.mock.calls[index]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}

/** Each fetch answers the next of `answers` (status 200 unless given). */
function answerInTurn(...answers: Array<{ status?: number; body: unknown }>) {
  const fetchMock = vi.fn();
  for (const { status = 200, body } of answers) {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
  }
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

beforeAll(async () => {
  await setupTestI18n('en');
  // The password rules load with the first check (the common-password list): load them before the tests.
  await newPasswordProblem('');
});
signedOutEachTest();
afterEach(cleanup);

describe('verify-email page', () => {
  it('posts the token of the link fragment with the password, then logs the user in', async () => {
    const fetchMock = answerFetchWith(200, {
      success: true,
      message: 'Email verified successfully!',
      data: session,
    });
    renderAt('/verify-email#token=from-the-mail', <VerifyEmailPage />);

    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Email verified successfully!')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/verify-email', expect.anything());
    expect(bodyOf(fetchMock)).toEqual({ token: 'from-the-mail', password: 'Correct-horse-9' });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it("leads to the apply form instead when the visitor came with the landing calculator's quote", async () => {
    saveApplyPrefill({
      city: 'europe.germany.berlin',
      assetFrom: 'cash-EUR',
      assetTo: 'usdt-trc20',
      amount: '500',
    });
    answerFetchWith(200, { success: true, message: 'Email verified successfully!', data: session });
    renderAt('/verify-email#token=from-the-mail', <VerifyEmailPage />);

    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Taking you to your application…')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Continue to the application' }));
    expect(await screen.findByText('apply page')).toBeTruthy();
  });

  it('takes the token of an older query link and moves it out of the query', async () => {
    const fetchMock = answerFetchWith(400, {
      success: false,
      message: 'Verification link is invalid or expired.',
    });
    renderAt('/verify-email?token=older-link', <VerifyEmailPage />);

    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.hash).toBe('#token=older-link');
    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Verification link is invalid or expired.')).toBeTruthy();
    expect(bodyOf(fetchMock)).toEqual({ token: 'older-link', password: 'Correct-horse-9' });
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('asks for the code before logging in when the account has a second factor', async () => {
    const fetchMock = answerInTurn(
      {
        body: {
          success: true,
          message: 'Email verified. Enter the code from your authenticator app to log in.',
          data: { mfaRequired: true, mfaToken: 'm3' },
        },
      },
      { body: { success: true, message: 'ok', data: session } },
    );
    renderAt('/verify-email#token=from-the-mail', <VerifyEmailPage />);
    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    await screen.findByLabelText('Code from the app');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    fill('Code from the app', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Email verified successfully!')).toBeTruthy();
    expect(bodyOf(fetchMock, 1)).toEqual({ mfaToken: 'm3', code: '123456' });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it("shows the spec's message when the link has no token", () => {
    renderAt('/verify-email', <VerifyEmailPage />);

    expect(screen.getByText('Verification token is missing or invalid.')).toBeTruthy();
  });
});

describe('reset-password page', () => {
  it('refuses a password of spaces before sending it', async () => {
    const fetchMock = answerFetchWith(200, { success: true, message: 'ok', data: session });
    renderAt('/reset-password#token=reset-1', <ResetPasswordPage />);

    fill('New password', ' '.repeat(8));
    fill('Confirm new password', ' '.repeat(8));
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Password must not consist of spaces only.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the message, then logs the user in on the way to the profile', async () => {
    const fetchMock = answerFetchWith(200, {
      success: true,
      message: 'Your password has been reset.',
      data: session,
    });
    renderAt('/reset-password#token=reset-1', <ResetPasswordPage />);

    fill('New password', 'Brand-new-pass-7');
    fill('Confirm new password', 'Brand-new-pass-7');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(bodyOf(fetchMock)).toEqual({ token: 'reset-1', password: 'Brand-new-pass-7' });
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Go to profile' }));
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('leads to the code step when the account has a second factor', async () => {
    const fetchMock = answerInTurn(
      {
        body: {
          success: true,
          message: 'Your password has been reset. You are now logged in.',
          data: { mfaRequired: true, mfaToken: 'm1' },
        },
      },
      { body: { success: true, message: 'ok', data: session } },
    );
    renderAt('/reset-password#token=reset-1', <ResetPasswordPage />);
    fill('New password', 'Brand-new-pass-7');
    fill('Confirm new password', 'Brand-new-pass-7');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    await screen.findByLabelText('Code from the app');
    expect(screen.getByText('Your password has been reset.')).toBeTruthy();
    expect(screen.queryByText(/You are now logged in/)).toBeNull();
    fill('Code from the app', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(bodyOf(fetchMock, 1)).toEqual({ mfaToken: 'm1', code: '123456' });
  });
});

describe('login code step', () => {
  it('asks for the code after the password and accepts a recovery code instead', async () => {
    const fetchMock = answerInTurn(
      { body: { success: true, message: 'ok', data: { mfaRequired: true, mfaToken: 'm2' } } },
      { status: 401, body: { success: false, message: 'Login failed.' } },
      { body: { success: true, message: 'ok', data: session } },
    );
    renderAt('/login', <LoginPage />);
    fill('Email or username', 'anna');
    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const code = (await screen.findByLabelText('Code from the app')) as HTMLInputElement;
    expect(code.autocomplete).toBe('one-time-code');
    expect(code.inputMode).toBe('numeric');
    fill('Code from the app', '12345');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6 digits shown in the app.')).toBeTruthy();
    fill('Code from the app', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Login failed.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fill('Recovery code', 'abcde-12345');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(bodyOf(fetchMock, 1)).toEqual({ mfaToken: 'm2', code: '654321' });
    expect(bodyOf(fetchMock, 2)).toEqual({ mfaToken: 'm2', code: 'abcde-12345' });
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});
