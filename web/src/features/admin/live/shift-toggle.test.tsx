import { adminSetShift } from '@shared/routes/shifts';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { ShiftToggle } from './shift-toggle';

/** The admin frame's shift switch: what it shows comes from the server's answer, kept in the session's user. */

const SINCE = '2026-03-02T08:30:00.000Z';

function signIn(onShiftSince: string | null) {
  useAuthStore.setState({
    ...initialAuthState,
    initializing: false,
    isAuthenticated: true,
    user: testOwnUser({ id: 'staff-1', role: 'MANAGER', onShiftSince }),
  });
}

const shiftSwitch = () => screen.getByRole('switch', { name: 'On shift' });

describe('the shift switch', () => {
  beforeAll(startI18n);
  beforeEach(() => useToastStore.setState({ toasts: [] }));
  afterEach(() => {
    cleanup();
    useAuthStore.setState(initialAuthState);
  });

  it('shows a staff member off shift as off', () => {
    signIn(null);
    renderAdmin(<ShiftToggle />, { role: 'MANAGER' });

    expect(shiftSwitch().getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('off shift')).toBeTruthy();
  });

  it('puts them on shift and shows since when, as the server stored it', async () => {
    signIn(null);
    const api = fakeApi().answer(adminSetShift, ok({ onShiftSince: SINCE }));
    renderAdmin(<ShiftToggle />, { role: 'MANAGER' });

    fireEvent.click(shiftSwitch());

    await waitFor(() => expect(shiftSwitch().getAttribute('aria-checked')).toBe('true'));
    expect(api.requests(adminSetShift).map((request) => request.body)).toEqual([{ onShift: true }]);
    expect(useAuthStore.getState().user!.onShiftSince).toBe(SINCE);
    expect(screen.getByText(/^since /).textContent).toContain('02/03/2026');
  });

  it('takes them off shift', async () => {
    signIn(SINCE);
    const api = fakeApi().answer(adminSetShift, ok({ onShiftSince: null }));
    renderAdmin(<ShiftToggle />, { role: 'MANAGER' });

    fireEvent.click(shiftSwitch());

    await waitFor(() => expect(shiftSwitch().getAttribute('aria-checked')).toBe('false'));
    expect(api.requests(adminSetShift).map((request) => request.body)).toEqual([{ onShift: false }]);
    expect(useAuthStore.getState().user!.onShiftSince).toBeNull();
  });

  it('stays as it was and says so when the server refuses', async () => {
    signIn(null);
    fakeApi().answer(adminSetShift, refused(403, 'Only staff go on shift.'));
    renderAdmin(<ShiftToggle />, { role: 'MANAGER' });

    fireEvent.click(shiftSwitch());

    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
        'Only staff go on shift.',
      ]),
    );
    expect(shiftSwitch().getAttribute('aria-checked')).toBe('false');
  });
});
