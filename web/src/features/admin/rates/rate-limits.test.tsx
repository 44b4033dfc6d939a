import type { RatesData } from '@shared/contract/rates';
import { cleanup, screen } from '@testing-library/react';
import { testAdminDirection } from '@web/testing/fixtures';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApi } from '../api/admin-api';
import { renderAdmin, startI18n } from '../test-utils';
import { RatesPage } from './rates-page';

const direction = (assetTo: string, minAmount: number | null, maxAmount: number | null) =>
  testAdminDirection('usdt-trc20', assetTo, { minAmount, maxAmount });

describe("a direction's limits in the rates table", () => {
  beforeAll(startI18n);
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('reads as a range, a bound alone, or none, never as dashes', async () => {
    const rates: RatesData = {
      updatedAt: '2026-11-26T10:00:00.000Z',
      currencies: [],
      directions: [
        direction('card-RUB', 100, 5000),
        direction('cash-RUB', 100, null),
        direction('card-EUR', null, 5000),
        direction('cash-EUR', null, null),
      ],
      reserves: [],
    };
    vi.spyOn(adminApi, 'rates').mockResolvedValue(rates);
    renderAdmin(<RatesPage />);

    expect(await screen.findByText('100 – 5,000 USDT')).toBeTruthy();
    expect(screen.getByText('From 100 USDT')).toBeTruthy();
    expect(screen.getByText('Up to 5,000 USDT')).toBeTruthy();
    expect(screen.getByText('No limits')).toBeTruthy();
    expect(screen.queryByText(/—\s*–|–\s*—/)).toBeNull();
  });
});
