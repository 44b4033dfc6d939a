import { adminListOnShift } from '@shared/routes/shifts';
import { cleanup, screen, within } from '@testing-library/react';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testOwnUser } from '@web/testing/fixtures';
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { OnShiftPanel } from './on-shift-panel';

/** The dashboard's "On shift": who is, by name and role, since when. */

describe("the dashboard's staff on shift", () => {
  beforeAll(startI18n);
  beforeEach(() => {
    useAuthStore.setState({
      ...initialAuthState,
      initializing: false,
      isAuthenticated: true,
      user: testOwnUser({ id: 'staff-1', role: 'MANAGER' }),
    });
  });
  afterEach(() => {
    cleanup();
    useAuthStore.setState(initialAuthState);
  });

  it('lists each by name and role with since when, in the order the server gives', async () => {
    fakeApi().answer(
      adminListOnShift,
      ok([
        { id: 'u1', name: 'anna', role: 'MANAGER' as const, since: '2026-03-02T08:30:00.000Z' },
        { id: 'u2', name: 'boris@example.test', role: 'ADMIN' as const, since: '2026-03-02T09:05:00.000Z' },
      ]),
    );
    renderAdmin(<OnShiftPanel />);

    const list = await screen.findByRole('list', { name: 'On shift' });
    const people = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(people).toHaveLength(2);
    expect(people[0]).toMatch(/^anna Manager since 02\/03\/2026, \d{2}:30$/);
    expect(people[1]).toMatch(/^boris@example\.test Admin since 02\/03\/2026, \d{2}:05$/);
  });

  it('says nobody is on shift, and what that means', async () => {
    fakeApi().answer(adminListOnShift, ok([]));
    renderAdmin(<OnShiftPanel />);

    expect(
      await screen.findByText('Nobody is on shift: alerts reach no one until someone goes on shift.'),
    ).toBeTruthy();
  });

  it('reads the list again when the reader goes on or off shift', async () => {
    const api = fakeApi().answer(
      adminListOnShift,
      ok([]),
      ok([{ id: 'staff-1', name: 'me', role: 'MANAGER' as const, since: '2026-03-02T10:00:00.000Z' }]),
    );
    renderAdmin(<OnShiftPanel />);
    await screen.findByText(/^Nobody is on shift/);

    act(() =>
      useAuthStore.setState({
        user: testOwnUser({ id: 'staff-1', role: 'MANAGER', onShiftSince: '2026-03-02T10:00:00.000Z' }),
      }),
    );

    expect(await screen.findByText('me')).toBeTruthy();
    expect(api.requests(adminListOnShift)).toHaveLength(2);
  });
});
