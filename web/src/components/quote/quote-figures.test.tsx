import { cleanup, render, screen } from '@testing-library/react';
import { testQuote } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QuoteFigures } from './quote-figures';

describe('QuoteFigures', () => {
  beforeAll(() => setupTestI18n('en'));
  afterEach(cleanup);

  it("says a cash payout is rounded down to the till's step", () => {
    const asked = { assetFrom: 'usdt-trc20', assetTo: 'cash-EUR', amount: 18_987.46 };
    render(<QuoteFigures quote={testQuote(asked, { amountTo: 17_650, cashStep: 10 })} />);

    expect(screen.getByText('≈ 17,650 EUR')).toBeTruthy();
    expect(screen.getByText('paid in multiples of 10 EUR, rounded down')).toBeTruthy();
  });

  it('says nothing of a step for a card or USDT payout', () => {
    render(<QuoteFigures quote={testQuote({ assetFrom: 'usdt-trc20', assetTo: 'card-EUR', amount: 100 })} />);
    expect(screen.queryByText(/multiples of/)).toBeNull();
  });
});
