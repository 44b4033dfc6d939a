import { cleanup, fireEvent, screen } from '@testing-library/react';
import { refusalError } from '@web/testing/fake-api';
import { testUser } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { UserEditModal } from './user-edit-modal';

const USER = testUser({ id: 'user-1', email: 'anna@example.test', referralCode: 'ABC' });

describe('UserEditModal', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers an ADMIN only the roles below ADMIN', () => {
    renderAdmin(<UserEditModal user={USER} onClose={() => {}} onSaved={() => {}} />, { role: 'ADMIN' });
    const options = Array.from((screen.getByLabelText('Role') as HTMLSelectElement).options).map(
      (o) => o.value,
    );
    expect(options).toEqual(['USER', 'MANAGER']);
  });

  it('sends only the changed fields, an emptied username as null', async () => {
    const update = vi
      .spyOn(adminApi, 'updateUser')
      .mockResolvedValue({ success: true, message: '', data: USER });
    renderAdmin(<UserEditModal user={USER} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(update).toHaveBeenCalledWith('user-1', { username: null }));
  });

  it('shows a server field error under its field', async () => {
    vi.spyOn(adminApi, 'updateUser').mockRejectedValue(
      refusalError(409, 'This email is already in use.', {
        code: 'UserFieldTaken',
        errors: [{ path: 'email', param: 'email', code: 'emailInUse', msg: 'This email is already in use.' }],
      }),
    );
    renderAdmin(<UserEditModal user={USER} onClose={() => {}} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'bob@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const email = screen.getByLabelText('Email');
    await vi.waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This email is already in use.',
    );
  });
});
