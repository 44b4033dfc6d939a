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
    testAdminDirection('usdt-trc20', 'card-RUB', {
      rate: 93.8875,
      rawPrice: 93.8875,
      marketPrice: { sources: ['central-bank'], coefficient: '1.015' },
    }),
    testAdminDirection('card-RUB', 'usdt-trc20', {
      rate: 0.0105,
      rawPrice: 0.0105,
      marketPrice: { sources: ['usdt-market', 'central-bank'], coefficient: '1' },
    }),
  ],
  reserves: [],
};

const rowOf = (name: string) => screen.getByRole('rowheader', { name: new RegExp(name) }).closest('tr')!;

describe("a feed direction's market price on the rates page", () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('states the source times its coefficient, and the median of several', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    renderAdmin(<RatesPage />);

    await screen.findByText('Follows the market feed: 1.015 × Bank of Russia rate; markup 0 %');
    expect(
      screen.getByText('Follows the market feed: median (EXMO market, Bank of Russia rate); markup 0 %'),
    ).toBeTruthy();
  });

  it("edits the sources and the coefficient and sends them with the row's terms", async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    const save = vi
      .spyOn(adminApi, 'saveRates')
      .mockResolvedValue({ success: true, data: { changed: 1, rates: RATES } } as never);
    renderAdmin(<RatesPage />);
    await screen.findByText('Follows the market feed: 1.015 × Bank of Russia rate; markup 0 %');

    fireEvent.click(screen.getByRole('button', { name: 'Edit USDT → Card RUB' }));
    const form = screen.getByRole('group', { name: 'Edit USDT → Card RUB' });
    const sources = within(form).getByRole('group', { name: 'Market price' });
    expect(within(sources).getByRole('checkbox', { name: 'Bank of Russia rate' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(within(sources).getByRole('checkbox', { name: 'EXMO market' }));
    fireEvent.change(within(form).getByLabelText('Coefficient'), { target: { value: '1,02' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]![0].directions![0]).toMatchObject({
      assetFrom: 'usdt-trc20',
      assetTo: 'card-RUB',
      source: 'feed',
      marketPrice: { sources: ['usdt-market', 'central-bank'], coefficient: '1.02' },
    });
  });

  it('keeps a feed direction without any source from being sent', async () => {
    vi.spyOn(adminApi, 'rates').mockResolvedValue(RATES);
    const save = vi.spyOn(adminApi, 'saveRates');
    renderAdmin(<RatesPage />);
    await screen.findByText('Follows the market feed: 1.015 × Bank of Russia rate; markup 0 %');

    fireEvent.click(within(rowOf('USDT → Card RUB')).getByRole('button', { name: 'Edit USDT → Card RUB' }));
    const form = screen.getByRole('group', { name: 'Edit USDT → Card RUB' });
    fireEvent.click(within(form).getByRole('checkbox', { name: 'Bank of Russia rate' }));
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    expect(await within(form).findByText('Choose at least one source.')).toBeTruthy();
    expect(save).not.toHaveBeenCalled();
  });
});
