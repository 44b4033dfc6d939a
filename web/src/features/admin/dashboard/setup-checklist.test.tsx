import type { SetupChecklist as Checklist } from '@shared/contract/admin';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { SetupChecklist } from './setup-checklist';

const FRESH: Checklist = {
  steps: [
    { step: 'reserves', done: false, count: { done: 2, of: 9 } },
    { step: 'publish', done: false, count: { done: 0, of: 120 } },
    { step: 'hours', done: true, count: null },
    { step: 'notifyEmail', done: false, count: null },
    { step: 'staffMfa', done: true, count: null },
  ],
};

describe('the first-run checklist on the dashboard', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('lists each step with its state, its count and a link to where it is done', async () => {
    vi.spyOn(adminApi, 'setupChecklist').mockResolvedValue(FRESH);
    renderAdmin(<SetupChecklist />);

    const reserves = await screen.findByRole('link', {
      name: 'Set the reserves of the currencies you exchange',
    });
    expect(reserves.getAttribute('href')).toBe('/admin/reserves');
    expect(
      screen.getByRole('link', { name: 'Publish directions to the rate monitors' }).getAttribute('href'),
    ).toBe('/admin/exchange-rates');
    expect(screen.getByText('2 of 9')).toBeTruthy();
    expect(screen.getAllByText('Done')).toHaveLength(2);
    expect(screen.getAllByText('To do')).toHaveLength(3);
  });

  it('goes away once every step is done', async () => {
    const read = vi
      .spyOn(adminApi, 'setupChecklist')
      .mockResolvedValue({ steps: FRESH.steps.map((step) => ({ ...step, done: true })) });
    renderAdmin(<SetupChecklist />);
    await waitFor(() => expect(read).toHaveBeenCalled());
    expect(screen.queryByText('Before the first deal')).toBeNull();
  });

  it('is neither read nor shown for a MANAGER (the route is an ADMIN’s)', () => {
    const read = vi.spyOn(adminApi, 'setupChecklist').mockResolvedValue(FRESH);
    renderAdmin(<SetupChecklist />, { role: 'MANAGER' });
    expect(read).not.toHaveBeenCalled();
    expect(screen.queryByText('Before the first deal')).toBeNull();
  });
});
