import type { StaffInvitationView } from '@shared/contract/staff-invitations';
import { adminInviteStaff } from '@shared/routes/admin-users';
import { authAcceptStaffInvitation, authOpenStaffInvitation } from '@shared/routes/auth';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testUser } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { InviteStaffModal } from './invite-staff-modal';
import { StaffInvitationPage } from './staff-invitation-page';

const INVITATION: StaffInvitationView = {
  id: 'inv-1',
  email: 'new.staff@example.test',
  role: 'MANAGER',
  language: 'en',
  invitedBy: { id: 'staff-1', name: 'anna_admin' },
  createdAt: '2026-11-26T10:00:00.000Z',
  sentAt: '2026-11-26T10:00:00.000Z',
  expiresAt: '2026-11-28T10:00:00.000Z',
  expired: false,
};

const roleOptions = () =>
  Array.from((screen.getByLabelText('Role') as HTMLSelectElement).options).map((option) => option.value);

describe('InviteStaffModal', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('offers an ADMIN the MANAGER role only, a SUPER_ADMIN every staff role', () => {
    renderAdmin(<InviteStaffModal onClose={() => {}} onInvited={() => {}} />, { role: 'ADMIN' });
    expect(roleOptions()).toEqual(['MANAGER']);
    cleanup();
    renderAdmin(<InviteStaffModal onClose={() => {}} onInvited={() => {}} />, { role: 'SUPER_ADMIN' });
    expect(roleOptions()).toEqual(['MANAGER', 'ADMIN', 'SUPER_ADMIN']);
  });

  it('sends the address, role and language, and hands back the invitation', async () => {
    const api = fakeApi().answer(adminInviteStaff, ok(INVITATION));
    const onInvited = vi.fn();
    renderAdmin(<InviteStaffModal onClose={() => {}} onInvited={onInvited} />, { role: 'SUPER_ADMIN' });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' new.staff@example.test ' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'ADMIN' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await vi.waitFor(() => expect(onInvited).toHaveBeenCalledWith(INVITATION));
    expect(api.requests(adminInviteStaff)[0]!.body).toEqual({
      email: 'new.staff@example.test',
      role: 'ADMIN',
      language: 'en',
    });
  });

  it('shows the refusal of an address that has an account', async () => {
    fakeApi().answer(
      adminInviteStaff,
      refused(409, 'This address already has an account. Change its role on the users page instead.', {
        code: 'InvitationAddressTaken',
      }),
    );
    renderAdmin(<InviteStaffModal onClose={() => {}} onInvited={() => {}} />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'client@example.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText(
        'This address already has an account. Change its role on the users page instead.',
      ),
    ).toBeTruthy();
  });
});

describe('StaffInvitationPage', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    window.location.hash = '';
  });

  it('opens the link, sets the password and the first code, starts the session and shows the recovery codes', async () => {
    window.location.hash = '#token=inv-1.secret';
    const api = fakeApi()
      .answer(
        authOpenStaffInvitation,
        ok({
          email: INVITATION.email,
          role: 'MANAGER' as const,
          language: 'en' as const,
          expiresAt: INVITATION.expiresAt,
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl:
            'otpauth://totp/Exchange:new.staff%40example.test?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
        }),
      )
      .answer(
        authAcceptStaffInvitation,
        ok({
          session: {
            user: {
              ...testUser({ email: INVITATION.email, role: 'MANAGER' }),
              mfaSetupRequired: false,
              telegramAccount: null,
              onShiftSince: null,
            },
            token: 'access',
            refreshToken: 'refresh',
          },
          recoveryCodes: Array.from({ length: 10 }, (_, index) => `AAAAA-0000${index}`),
        }),
      );
    const startSession = vi.spyOn(useAuthStore.getState(), 'startSession');
    renderAdmin(<StaffInvitationPage />, { url: '/admin/invitation' });
    await screen.findByText(/You are invited as Manager with the address new.staff@example.test/);
    expect(api.requests(authOpenStaffInvitation)[0]!.body).toEqual({ token: 'inv-1.secret' });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Invited-staff-7' } });
    fireEvent.change(screen.getByLabelText('Repeat the password'), { target: { value: 'Invited-staff-7' } });
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join the staff' }));
    await screen.findByText(/Welcome! Your staff account is ready/);
    expect(api.requests(authAcceptStaffInvitation)[0]!.body).toEqual({
      token: 'inv-1.secret',
      password: 'Invited-staff-7',
      code: '123456',
    });
    expect(startSession).toHaveBeenCalled();
    expect(screen.getAllByText(/^AAAAA-0000/)).toHaveLength(10);
  });

  it('shows why a used or expired link does not work', async () => {
    window.location.hash = '#token=inv-1.old';
    fakeApi().answer(
      authOpenStaffInvitation,
      refused(400, 'This invitation link is invalid or has expired. Ask an administrator for a new one.', {
        code: 'InvitationLinkInvalid',
      }),
    );
    renderAdmin(<StaffInvitationPage />, { url: '/admin/invitation' });
    expect(
      await screen.findByText(
        'This invitation link is invalid or has expired. Ask an administrator for a new one.',
      ),
    ).toBeTruthy();
  });
});
