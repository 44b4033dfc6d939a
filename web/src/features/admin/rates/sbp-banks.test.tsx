import type { RatesData } from '@shared/contract/rates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { testAdminDirection } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { RatesPage } from './rates-page';

const RATES: RatesData = {
  updatedAt: '2026-11-30T10:00:00.000Z',
  currencies: [],
  directions: [
    testAdminDirection('usdt-trc20', 'card-RUB', { rate: 93.8875, sbpBanks: ['sberbank'] }),
    testAdminDirection('usdt-trc20', 'card-EUR', { rate: 0.92 }),
  ],
  reserves: [],
};

describe('the SBP banks of a card-RUB payout on the rates page', () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('names the banks a direction also pays to by SBP', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    renderAdmin(<RatesPage />);

    expect(await screen.findByText('Also by SBP: Sberbank')).toBeTruthy();
  });

  it("ticks banks in the row's form and sends them in the list's order", async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    const save = vi
      .spyOn(adminApi, 'saveRates')
      .mockResolvedValue({ success: true, data: { changed: 1, rates: RATES } } as never);
    renderAdmin(<RatesPage />);
    await screen.findByText('Also by SBP: Sberbank');

    fireEvent.click(screen.getByRole('button', { name: 'Edit USDT → Card RUB' }));
    const form = screen.getByRole('group', { name: 'Edit USDT → Card RUB' });
    const banks = within(form).getByRole('group', { name: 'Also pays out by SBP to' });
    expect(within(banks).getByRole('checkbox', { name: 'Sberbank' })).toHaveProperty('checked', true);
    fireEvent.click(within(banks).getByRole('checkbox', { name: 'Yandex Bank' }));
    fireEvent.click(within(banks).getByRole('checkbox', { name: 'T-Bank (Tinkoff)' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].directions![0]).toMatchObject({
      assetFrom: 'usdt-trc20',
      assetTo: 'card-RUB',
      sbpBanks: ['sberbank', 'tbank', 'yandex'],
    });
  });

  it('offers no SBP banks on a direction paying out another currency, and sends none', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    const save = vi
      .spyOn(adminApi, 'saveRates')
      .mockResolvedValue({ success: true, data: { changed: 1, rates: RATES } } as never);
    renderAdmin(<RatesPage />);
    await screen.findByText('Also by SBP: Sberbank');

    fireEvent.click(screen.getByRole('button', { name: 'Edit USDT → Card EUR' }));
    const form = screen.getByRole('group', { name: 'Edit USDT → Card EUR' });
    expect(within(form).queryByRole('group', { name: 'Also pays out by SBP to' })).toBeNull();
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].directions![0]).not.toHaveProperty('sbpBanks');
  });
});
