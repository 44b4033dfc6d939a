import type { AdminUserDetail } from '@shared/contract/admin-users';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { testUser } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin } from '../test-utils';
import { UserDetailModal } from './user-detail-modal';

const WITH_MFA = {
  ...testUser({ id: 'user-1', username: 'anna', role: 'MANAGER', mfaEnabled: true }),
  audit: [],
  mailUndeliverable: null as AdminUserDetail['mailUndeliverable'],
};

function stubDetail(detail: typeof WITH_MFA) {
  vi.spyOn(adminApi, 'user').mockResolvedValue(detail);
  vi.spyOn(adminApi, 'userApplications').mockResolvedValue({
    items: [],
    total: 0,
    page: 1,
    totalPages: 0,
  } as unknown as Awaited<ReturnType<typeof adminApi.userApplications>>);
}

function renderDetail(role: 'ADMIN' | 'SUPER_ADMIN') {
  renderAdmin(<UserDetailModal userId="user-1" onClose={() => {}} onEdit={() => {}} />, { role });
}

describe('UserDetailModal: second factor', () => {
  beforeAll(async () => {
    await setupTestI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    useToastStore.getState().clear();
  });

  it('shows whether the user has a second factor; a super admin resets it after confirming', async () => {
    stubDetail(WITH_MFA);
    const reset = vi
      .spyOn(adminApi, 'resetUserMfa')
      .mockResolvedValue({ success: true, message: '', data: { ...WITH_MFA, mfaEnabled: false } });
    renderDetail('SUPER_ADMIN');

    expect(await screen.findByText('Two-step verification')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reset second factor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset the second factor?' });
    expect(reset).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset second factor' }));

    await vi.waitFor(() => expect(reset).toHaveBeenCalledWith('user-1'));
    await vi.waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        'The second factor of anna was reset.',
      ]),
    );
    await vi.waitFor(() => expect(adminApi.user).toHaveBeenCalledTimes(2));
  });

  it('labels every fact differently, in both languages', async () => {
    for (const language of ['en', 'ru'] as const) {
      await setupTestI18n(language);
      stubDetail(WITH_MFA);
      renderDetail('ADMIN');
      await screen.findByRole('heading', { name: 'anna' });
      const terms = [...document.querySelectorAll('.facts dt')].map((term) => term.textContent);
      expect(terms.length).toBeGreaterThan(10);
      expect(new Set(terms).size).toBe(terms.length);
      cleanup();
    }
    await setupTestI18n('en');
  });

  it('offers no reset to an admin', async () => {
    stubDetail(WITH_MFA);
    renderDetail('ADMIN');

    expect(await screen.findByText('Two-step verification')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset second factor' })).toBeNull();
  });
});

describe('UserDetailModal: mail delivery', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('says an address with no reported problem is fine', async () => {
    await setupTestI18n('en');
    stubDetail(WITH_MFA);
    renderDetail('ADMIN');

    expect(await screen.findByText('Mail delivery')).toBeTruthy();
    expect(screen.getByText('No problem reported')).toBeTruthy();
  });

  it('shows a bounced address as undeliverable, with the date and SES words, in both languages', async () => {
    const bounced = {
      ...WITH_MFA,
      mailUndeliverable: {
        reason: 'bounce' as const,
        detail: 'Permanent/General',
        at: '2026-11-20T10:00:00.000Z',
      },
    };
    await setupTestI18n('en');
    stubDetail(bounced);
    renderDetail('ADMIN');
    expect(
      await screen.findByText('Undeliverable since 20/11/2026: the address bounced. No mail is sent to it.'),
    ).toBeTruthy();
    expect(screen.getByText('Permanent/General')).toBeTruthy();
    cleanup();

    await setupTestI18n('ru');
    stubDetail({
      ...bounced,
      mailUndeliverable: { ...bounced.mailUndeliverable, reason: 'complaint', detail: 'abuse' },
    });
    renderDetail('ADMIN');
    expect(
      await screen.findByText(
        'Не доставляются с 20.11.2026: письмо отмечено как спам. Писем на него не отправляем.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('abuse')).toBeTruthy();
  });
});

describe('UserDetailModal: partner terms', () => {
  beforeAll(async () => {
    await setupTestI18n('en');
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it("links an admin to the user's partner terms", async () => {
    stubDetail(WITH_MFA);
    renderDetail('ADMIN');

    const link = await screen.findByRole('link', { name: 'Partner terms' });
    expect(link.getAttribute('href')).toBe('/admin/partners?user=user-1');
  });

  it('offers a manager, who cannot open the partners, no such link', async () => {
    stubDetail(WITH_MFA);
    renderAdmin(<UserDetailModal userId="user-1" onClose={() => {}} onEdit={() => {}} />, {
      role: 'MANAGER',
    });

    await screen.findByText('Two-step verification');
    expect(screen.queryByRole('link', { name: 'Partner terms' })).toBeNull();
  });
});
