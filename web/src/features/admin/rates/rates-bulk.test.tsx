import type { RatesData } from '@shared/contract/rates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testAdminDirection } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { RatesPage } from './rates-page';

const RATES: RatesData = {
  updatedAt: '2026-11-26T10:00:00.000Z',
  currencies: [],
  directions: [testAdminDirection('card-RUB', 'usdt-trc20'), testAdminDirection('usdt-trc20', 'card-RUB')],
  reserves: [],
};

describe('changing many directions at once', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('selects all the table shows and publishes them in one PUT of only that field', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    const save = vi
      .spyOn(adminApi, 'saveRates')
      .mockResolvedValue({ success: true, data: { changed: 2, rates: RATES } } as never);
    renderAdmin(<RatesPage />);

    fireEvent.click((await screen.findAllByRole('checkbox'))[0]!);
    const toolbar = screen.getByRole('toolbar', { name: 'Selected directions' });
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Select all shown (2)' }));
    expect(within(toolbar).getByText('Selected: 2')).toBeTruthy();
    fireEvent.click(within(toolbar).getByRole('button', { name: 'Publish to monitors' }));

    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        directions: [
          { assetFrom: 'card-RUB', assetTo: 'usdt-trc20', publishToMonitors: true },
          { assetFrom: 'usdt-trc20', assetTo: 'card-RUB', publishToMonitors: true },
        ],
      }),
    );
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selected directions' })).toBeNull());
  });

  it('switches one selected direction off and keeps the selection when the server refuses', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    const save = vi.spyOn(adminApi, 'saveRates').mockRejectedValue(new Error('refused'));
    renderAdmin(<RatesPage />);

    fireEvent.click((await screen.findAllByRole('checkbox'))[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Switch off' }));

    await waitFor(() =>
      expect(save).toHaveBeenCalledWith({
        directions: [{ assetFrom: 'usdt-trc20', assetTo: 'card-RUB', isActive: false }],
      }),
    );
    expect(screen.getByRole('toolbar', { name: 'Selected directions' })).toBeTruthy();
  });
});
