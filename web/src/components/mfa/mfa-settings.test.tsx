import { authMe } from '@shared/routes/auth';
import { mfaDisable, mfaEnable, mfaSetup } from '@shared/routes/mfa';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth-store';
import { done, fakeApi, ok, refused } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MfaSettings } from './mfa-settings';

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, index) => `ABCD${index}-1234${index}`);

function fill(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeAll(async () => {
  await setupTestI18n('en');
});
signedOutEachTest();
afterEach(cleanup);

describe('two-step verification settings', () => {
  it('sets up with the password, a QR code and the key, turns on with a code and shows the recovery codes once', async () => {
    const enabled = testOwnUser({ mfaEnabled: true });
    const api = fakeApi()
      .answer(mfaSetup, ok({ secret: SECRET, otpauthUrl: `otpauth://totp/x?secret=${SECRET}` }))
      .answer(mfaEnable, ok({ recoveryCodes: CODES }))
      .answer(authMe, ok({ user: enabled }));
    render(<MfaSettings user={testOwnUser()} />);

    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByText('Enter your password.')).toBeTruthy();
    expect(api.fetch).not.toHaveBeenCalled();
    fill('Your password', 'Owners-pass-1');
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    expect(await screen.findByText(SECRET)).toBeTruthy();
    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    fill('Code from the app', '12');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Enter the 6 digits shown in the app.')).toBeTruthy();
    fill('Code from the app', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));

    const list = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(CODES);
    expect(screen.getByText(/Save them now/)).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download .txt' })).toBeTruthy();
    expect(api.requests(authMe)).toEqual([]);
    // The set-up's password goes with the first code, not asked again.
    expect(api.requests(mfaSetup).map((request) => request.body)).toEqual([
      { currentPassword: 'Owners-pass-1' },
    ]);
    expect(api.requests(mfaEnable).map((request) => request.body)).toEqual([
      { code: '123456', currentPassword: 'Owners-pass-1' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    await waitFor(() => expect(useAuthStore.getState().user?.mfaEnabled).toBe(true));
    expect(screen.queryByRole('list', { name: 'Your recovery codes' })).toBeNull();
  });

  it("turns off with the password and a recovery code and shows the server's refusal of a wrong one", async () => {
    const api = fakeApi()
      .answer(
        mfaDisable,
        refused(400, 'The code is wrong or has already been used.', {
          code: 'MfaCodeWrong',
          errors: [
            {
              path: 'code',
              param: 'code',
              code: 'mfaCodeWrong',
              msg: 'The code is wrong or has already been used.',
            },
          ],
        }),
        done(),
      )
      .answer(authMe, ok({ user: testOwnUser() }));
    render(<MfaSettings user={testOwnUser({ mfaEnabled: true })} />);

    fill('Your password', 'Owners-pass-1');
    fill('Code or recovery code', 'ZZZZZ-99999');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The code is wrong or has already been used.')).toBeTruthy();
    fill('Code or recovery code', 'ABCDE-12345');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));

    await waitFor(() => expect(api.requests(authMe)).toHaveLength(1));
    expect(api.requests(mfaDisable).at(-1)?.body).toEqual({
      code: 'ABCDE-12345',
      currentPassword: 'Owners-pass-1',
    });
  });
});
