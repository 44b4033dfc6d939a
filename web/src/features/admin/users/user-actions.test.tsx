import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { refusalError } from '@web/testing/fake-api';
import { testUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin } from '../test-utils';
import { UserActions } from './user-actions';

const USER = testUser({ id: 'user-1', username: 'anna', role: 'USER', isActive: true });

describe('UserActions', () => {
  beforeAll(async () => {
    await setupTestI18n('ru');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useToastStore.getState().clear();
  });

  it('offers an admin only the details of another admin', () => {
    const other = testUser({ id: 'admin-2', username: 'boris', role: 'ADMIN', isActive: true });
    renderAdmin(<UserActions user={other} onDetail={() => {}} onEdit={() => {}} onChanged={() => {}} />, {
      role: 'ADMIN',
    });

    expect(screen.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Подробнее о boris',
    ]);
  });

  it('shows a refusal of the staff API in Russian in the Russian UI', async () => {
    vi.spyOn(adminApi, 'deactivateUser').mockRejectedValue(
      refusalError(403, 'Only a super admin can change an admin or super admin account.', {
        code: 'AccountRoleTooHigh',
      }),
    );
    renderAdmin(<UserActions user={USER} onDetail={() => {}} onEdit={() => {}} onChanged={() => {}} />);

    fireEvent.click(screen.getByRole('button', { name: 'Деактивировать anna' }));

    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        'Изменять аккаунты администраторов может только супер-администратор.',
      ]),
    );
  });
});
