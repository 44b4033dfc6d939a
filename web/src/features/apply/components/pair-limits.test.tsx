import type { Quote, QuoteLimits } from '@shared/contract/rates';
import type { OwnUser } from '@shared/contract/users';
import { getExchangeStatus, getGeo } from '@shared/routes/geo';
import { myLimits } from '@shared/routes/profile';
import { calculateRate, getRates } from '@shared/routes/rates';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { fakeApi, ok } from '@web/testing/fake-api';
import {
  testClientLimits,
  testDirection,
  testExchangeStatus,
  testPublishedRates,
} from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApplyPage } from './apply-page';

/**
 * The standard form shows the chosen pair's limits before an amount is typed (the minimum, the
 * maximum, the most that can be received), and refuses an amount whose payout exceeds the reserve
 * with the server's text, as the quote states it.
 */

/** GET /rates for one pair: its direction with these limits now, or no direction for a pair not offered. */
const LIMITS: Record<string, QuoteLimits> = {
  'cash-USD>usdt-trc20': { minAmount: 100, maxAmount: null, maxAmountTo: 1000 },
  'usdt-trc20>cash-USD': { minAmount: 100, maxAmount: 20_000, maxAmountTo: 15_000 },
};

const QUOTE: Quote = {
  assetFrom: 'cash-USD',
  assetTo: 'usdt-trc20',
  currencyFrom: 'USD',
  currencyTo: 'USDT',
  amount: 1500,
  amountTo: 1470,
  cashStep: null,
  rate: 0.98,
  markupPercent: 2,
  source: 'manual',
  usdValueFrom: 1,
  usdValueTo: 1,
  amountUSD: 1500,
  minAmount: 100,
  minAmountUSD: 100,
  maxAmount: null,
  reserve: 1000,
  maxAmountTo: 1000,
  belowMinimum: false,
  aboveMaximum: false,
  aboveReserve: true,
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function stubApi() {
  return fakeApi()
    .answer(getGeo, ok([]))
    .answer(getExchangeStatus, ok(testExchangeStatus()))
    .answer(myLimits, ok(testClientLimits()))
    .answer(calculateRate, ok(QUOTE))
    .answer(getRates, ({ query: { assetFrom = '', assetTo = '' } }) => {
      if (!assetFrom) return ok(testPublishedRates());
      const quoteLimits = LIMITS[`${assetFrom}>${assetTo}`];
      return ok({
        updatedAt: null,
        currencies: [],
        directions: quoteLimits
          ? [
              testDirection(assetFrom, assetTo, {
                minAmount: quoteLimits.minAmount,
                maxAmount: quoteLimits.maxAmount,
                // The most that can be received is the reserve here.
                reserve: quoteLimits.maxAmountTo,
                quoteLimits,
              }),
            ]
          : [],
      });
    });
}

let api: ReturnType<typeof stubApi>;

const panel = () => within(screen.getByRole('region', { name: 'Estimated exchange' }));
/** The value shown under a term of the panel. */
const shownFor = (term: string) => panel().getByText(term).nextElementSibling?.textContent;

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  useAuthStore.setState({
    ...initialAuthState,
    initializing: false,
    isAuthenticated: true,
    user: { id: 'u1', email: 'a@example.com', telegramId: null } as OwnUser,
  });
  api = stubApi();
  render(
    <MemoryRouter>
      <ApplyPage />
    </MemoryRouter>,
  );
});

afterEach(cleanup);

describe('the limits of the chosen pair', () => {
  it('show the minimum, the maximum and the most that can be received before an amount is typed', async () => {
    expect(shownFor('Minimum')).toBe('…');
    await waitFor(() => expect(shownFor('Minimum')).toBe('100 USD'));
    expect(shownFor('Maximum')).toBe('no limit');
    expect(shownFor('Receive up to')).toBe('1,000 USDT');
    expect(api.requests(getRates).map((request) => request.query)).toContainEqual({
      assetFrom: 'cash-USD',
      assetTo: 'usdt-trc20',
    });
    expect(api.requests(calculateRate)).toEqual([]);
  });

  it("follow the pair: swapped, they are the other direction's", async () => {
    await waitFor(() => expect(shownFor('Minimum')).toBe('100 USD'));
    fireEvent.click(screen.getByRole('button', { name: 'Swap give and receive' }));
    await waitFor(() => expect(shownFor('Maximum')).toBe('20,000 USDT'));
    expect(shownFor('Minimum')).toBe('100 USDT');
    expect(shownFor('Receive up to')).toBe('15,000 USD');
  });

  it('refuse an amount whose payout is above the reserve, with the reason beside the amount', async () => {
    await waitFor(() => expect(shownFor('Minimum')).toBe('100 USD'));
    const amount = screen.getByLabelText('Amount');
    fireEvent.change(amount, { target: { value: '1500' } });

    const warning = await screen.findByText(
      'The exchange can pay out at most 1,000 USDT now; lower the amount.',
      {},
      { timeout: 3000 },
    );
    expect(warning.getAttribute('role')).toBe('alert');
    expect(panel().getByText('≈ 1,470 USDT')).toBeTruthy();
    fireEvent.blur(amount);
    // The field's error writes the amount as the panel does, not "1000".
    await waitFor(() =>
      expect(
        screen.getAllByText('The exchange can pay out at most 1,000 USDT now; lower the amount.'),
      ).toHaveLength(2),
    );
  });
});
