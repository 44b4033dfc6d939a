import { authLogin, authResetPassword, authVerifyEmail } from '@shared/routes/auth';
import { mfaVerify } from '@shared/routes/mfa';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { saveApplyPrefill } from '@web/lib/apply-prefill';
import { newPasswordProblem } from '@web/lib/password-rules';
import { useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
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

beforeAll(async () => {
  await setupTestI18n('en');
  // The password rules load with the first check (the common-password list): load them before the tests.
  await newPasswordProblem('');
});
signedOutEachTest();
afterEach(cleanup);

describe('verify-email page', () => {
  it('posts the token of the link fragment with the password, then logs the user in', async () => {
    const api = fakeApi().answer(authVerifyEmail, ok(session, 'Email verified successfully!'));
    renderAt('/verify-email#token=from-the-mail', <VerifyEmailPage />);

    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Email verified successfully!')).toBeTruthy();
    expect(api.requests(authVerifyEmail).map((request) => request.body)).toEqual([
      { token: 'from-the-mail', password: 'Correct-horse-9' },
    ]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it("leads to the apply form instead when the visitor came with the landing calculator's quote", async () => {
    saveApplyPrefill({
      city: 'europe.germany.berlin',
      assetFrom: 'cash-EUR',
      assetTo: 'usdt-trc20',
      amount: '500',
    });
    fakeApi().answer(authVerifyEmail, ok(session, 'Email verified successfully!'));
    renderAt('/verify-email#token=from-the-mail', <VerifyEmailPage />);

    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Taking you to your application…')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Continue to the application' }));
    expect(await screen.findByText('apply page')).toBeTruthy();
  });

  it('takes the token of an older query link and moves it out of the query', async () => {
    const api = fakeApi().answer(
      authVerifyEmail,
      refused(400, 'Verification link is invalid or expired.', { code: 'VerificationLinkInvalid' }),
    );
    renderAt('/verify-email?token=older-link', <VerifyEmailPage />);

    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.hash).toBe('#token=older-link');
    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    expect(await screen.findByText('Verification link is invalid or expired.')).toBeTruthy();
    expect(api.requests(authVerifyEmail).map((request) => request.body)).toEqual([
      { token: 'older-link', password: 'Correct-horse-9' },
    ]);
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('asks for the code before logging in when the account has a second factor', async () => {
    const api = fakeApi()
      .answer(
        authVerifyEmail,
        ok(
          { mfaRequired: true as const, mfaToken: 'm3' },
          'Email verified. Enter the code from your authenticator app to log in.',
        ),
      )
      .answer(mfaVerify, ok(session, 'ok'));
    renderAt('/verify-email#token=from-the-mail', <VerifyEmailPage />);
    fill('Password', 'Correct-horse-9');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));

    await screen.findByLabelText('Code from the app');
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    fill('Code from the app', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('Email verified successfully!')).toBeTruthy();
    expect(api.requests(mfaVerify).map((request) => request.body)).toEqual([
      { mfaToken: 'm3', code: '123456' },
    ]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it("shows the spec's message when the link has no token", () => {
    renderAt('/verify-email', <VerifyEmailPage />);

    expect(screen.getByText('Verification token is missing or invalid.')).toBeTruthy();
  });
});

describe('reset-password page', () => {
  it('refuses a password of spaces before sending it', async () => {
    const api = fakeApi().answer(authResetPassword, ok(session, 'ok'));
    renderAt('/reset-password#token=reset-1', <ResetPasswordPage />);

    fill('New password', ' '.repeat(8));
    fill('Confirm new password', ' '.repeat(8));
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Password must not consist of spaces only.')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('shows the message, then logs the user in on the way to the profile', async () => {
    const api = fakeApi().answer(authResetPassword, ok(session, 'Your password has been reset.'));
    renderAt('/reset-password#token=reset-1', <ResetPasswordPage />);

    fill('New password', 'Brand-new-pass-7');
    fill('Confirm new password', 'Brand-new-pass-7');
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));

    expect(await screen.findByText('Your password has been reset.')).toBeTruthy();
    expect(api.requests(authResetPassword).map((request) => request.body)).toEqual([
      { token: 'reset-1', password: 'Brand-new-pass-7' },
    ]);
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Go to profile' }));
    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });

  it('leads to the code step when the account has a second factor', async () => {
    const api = fakeApi()
      .answer(
        authResetPassword,
        ok(
          { mfaRequired: true as const, mfaToken: 'm1' },
          'Your password has been reset. You are now logged in.',
        ),
      )
      .answer(mfaVerify, ok(session, 'ok'));
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
    expect(api.requests(mfaVerify).map((request) => request.body)).toEqual([
      { mfaToken: 'm1', code: '123456' },
    ]);
  });
});

describe('login code step', () => {
  it('asks for the code after the password and accepts a recovery code instead', async () => {
    const api = fakeApi()
      .answer(authLogin, ok({ mfaRequired: true as const, mfaToken: 'm2' }, 'ok'))
      .answer(
        mfaVerify,
        refused(400, 'The code is wrong or has already been used.', { code: 'MfaCodeWrong' }),
        ok(session, 'ok'),
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
    expect(await screen.findByText('The code is wrong or has already been used.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    fill('Recovery code', 'abcde-12345');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('profile page')).toBeTruthy();
    expect(api.requests(mfaVerify).map((request) => request.body)).toEqual([
      { mfaToken: 'm2', code: '654321' },
      { mfaToken: 'm2', code: 'abcde-12345' },
    ]);
    expect(useAuthStore.getState().isAuthenticated).toBe(true);
  });
});
