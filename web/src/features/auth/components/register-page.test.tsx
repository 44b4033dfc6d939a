import { authRegister } from '@shared/routes/auth';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { newPasswordProblem } from '@web/lib/password-rules';
import { clearReferralCode, saveReferralCode } from '@web/lib/referral-cookie';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readReferralCode } from '../lib/referral-code';
import { RegisterPage } from './register-page';

function renderPage() {
  return render(
    <MemoryRouter>
      <RegisterPage />
    </MemoryRouter>,
  );
}

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillValidForm() {
  fill('Email', 'anna@example.com');
  fill('Username', 'anna_1');
  fill('Password', 'long-enough');
  fill('Confirm password', 'long-enough');
  fireEvent.click(screen.getByLabelText("I don't have an invitation code"));
  fireEvent.click(screen.getByRole('checkbox', { name: /User Agreement/ }));
}

beforeAll(async () => {
  await setupTestI18n('en');
  // The password rules load with the first check (the common-password list): load them before the tests.
  await newPasswordProblem('');
});

beforeEach(() => {
  useAuthStore.setState({ ...initialAuthState, initializing: false });
  clearReferralCode();
});

afterEach(cleanup);

describe('register page', () => {
  it('locks the invitation code and hides the no-code box when a referral code is applied', () => {
    saveReferralCode('FRIEND42');

    renderPage();

    const code = screen.getByLabelText('Invitation code') as HTMLInputElement;
    expect(code.value).toBe('FRIEND42');
    expect(code.readOnly).toBe(true);
    expect(screen.queryByLabelText("I don't have an invitation code")).toBeNull();
  });

  it('drops a referral code the server refuses and unlocks the field, keeping the error under it', async () => {
    saveReferralCode('STALE1');
    fakeApi().answer(
      authRegister,
      refused(400, 'Validation failed.', {
        errors: [
          {
            path: 'invitationCode',
            param: 'invitationCode',
            code: 'invitationCodeInvalid',
            msg: 'Invitation code is invalid.',
          },
        ],
      }),
    );
    renderPage();
    fill('Email', 'anna@example.com');
    fill('Username', 'anna_1');
    fill('Password', 'long-enough');
    fill('Confirm password', 'long-enough');
    fireEvent.click(screen.getByRole('checkbox', { name: /User Agreement/ }));

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(screen.getByText('Invitation code is invalid.')).toBeTruthy());
    const code = screen.getByLabelText('Invitation code') as HTMLInputElement;
    expect(code.readOnly).toBe(false);
    expect(code.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText("I don't have an invitation code")).toBeTruthy();
    expect(readReferralCode()).toBeNull();
  });

  it('offers the no-code box when no referral code is applied', () => {
    renderPage();

    expect(screen.getByLabelText("I don't have an invitation code")).toBeTruthy();
  });

  it('shows the spec texts for a form sent empty', async () => {
    renderPage();

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect((await screen.findAllByText('This field must be filled in')).length).toBe(2);
    expect(screen.getByText('You must accept the terms of use.')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters long.')).toBeTruthy();
    expect(screen.getByText(/Enter your invitation code/)).toBeTruthy();
  });

  it('refuses one of the most common passwords before sending the form', async () => {
    const api = fakeApi();
    renderPage();
    fillValidForm();
    fill('Password', 'Password1');
    fill('Confirm password', 'Password1');

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(
      await screen.findByText('This password is one of the most common ones. Please choose another.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(api.fetch).not.toHaveBeenCalled();
  });

  it('clears a field error when the field is edited', async () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true'));

    fill('Email', 'a');

    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('links the terms checkbox to the license agreement', () => {
    renderPage();

    expect(screen.getByRole('link', { name: 'User Agreement' }).getAttribute('href')).toBe(
      '/license-agreement',
    );
  });

  it('puts server field errors under their fields', async () => {
    fakeApi().answer(
      authRegister,
      refused(409, 'Registration failed.', {
        errors: [
          {
            path: 'username',
            param: 'username',
            code: 'usernameTaken',
            msg: 'This username is already taken.',
          },
        ],
      }),
    );
    renderPage();
    fillValidForm();

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(screen.getByText('This username is already taken.')).toBeTruthy());
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the confirmation screen with a resend button after registering', async () => {
    fakeApi().answer(authRegister, {
      ...ok(
        { userId: 'u1', verificationEmailSent: true },
        'Registration successful. Please check your inbox to verify your email.',
      ),
      status: 201,
    });
    renderPage();
    fillValidForm();

    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Resend verification email' })).toBeTruthy();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });
});
