import { getMarketTicker } from '@shared/routes/market';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TickerCoin } from '../api/market-data';
import { LivePriceTicker, PriceTicker } from './price-ticker';
import { Testimonials } from './testimonials';

function resizeTo(width: number) {
  act(() => {
    window.innerWidth = width;
    window.dispatchEvent(new Event('resize'));
  });
}

beforeAll(async () => {
  await setupTestI18n('en');
});

afterEach(cleanup);

describe('testimonials carousel', () => {
  it.each([
    [375, 1],
    [800, 2],
    [1280, 3],
  ])('shows at %i px %i card(s) and previous/next', (width, cards) => {
    resizeTo(width);

    render(<Testimonials />);

    expect(screen.getAllByRole('blockquote')).toHaveLength(cards);
    expect(screen.getByRole('button', { name: 'Next testimonials' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Previous testimonials' })).toBeTruthy();
  });

  it('follows the window when it is resized', () => {
    resizeTo(1280);
    render(<Testimonials />);

    resizeTo(500);

    expect(screen.getAllByRole('blockquote')).toHaveLength(1);
  });

  it('moves to the next card and wraps around', () => {
    resizeTo(375);
    render(<Testimonials />);
    const next = screen.getByRole('button', { name: 'Next testimonials' });

    fireEvent.click(next);
    expect(screen.getByText(/Maria K\./)).toBeTruthy();
    fireEvent.click(next);
    fireEvent.click(next);
    fireEvent.click(next);
    expect(screen.getByText(/Alexei M\./)).toBeTruthy();
  });

  it('announces the ratings 5, 4.5, 5 and 4', () => {
    resizeTo(375);
    render(<Testimonials />);
    const next = screen.getByRole('button', { name: 'Next testimonials' });
    const ratings: string[] = [];

    for (let index = 0; index < 4; index += 1) {
      ratings.push(screen.getByRole('img').getAttribute('aria-label') ?? '');
      fireEvent.click(next);
    }

    expect(ratings).toEqual([
      'Rating: 5 out of 5',
      'Rating: 4.5 out of 5',
      'Rating: 5 out of 5',
      'Rating: 4 out of 5',
    ]);
  });
});

describe('numbers in the UI language', () => {
  it('writes the rating with a decimal comma in Russian', async () => {
    await setupTestI18n('ru');
    try {
      resizeTo(375);
      render(<Testimonials />);
      fireEvent.click(screen.getByRole('button', { name: 'Следующие отзывы' }));
      expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Оценка: 4,5 из 5');
    } finally {
      await setupTestI18n('en');
    }
  });
});

describe('price ticker', () => {
  const coins: TickerCoin[] = [
    { id: 'bitcoin', symbol: 'BTC', name: 'Bitcoin', price: 60000, change24h: 1.5 },
    { id: 'ethereum', symbol: 'ETH', name: 'Ethereum', price: 3000, change24h: -2 },
    { id: 'binancecoin', symbol: 'BNB', name: 'BNB', price: 500, change24h: 0 },
  ];

  it('colours changes green, red and grey', async () => {
    render(<PriceTicker coins={coins} />);

    const tones = (await screen.findAllByRole('listitem'))
      .slice(0, 3)
      .map((item) => item.querySelector('[data-tone]')?.getAttribute('data-tone'));
    expect(tones).toEqual(['up', 'down', 'flat']);
  });

  it('shows the coins our API answers, stale ones too', async () => {
    const api = fakeApi().answer(
      getMarketTicker,
      ok({ coins, updatedAt: '2026-01-01T00:00:00.000Z', stale: true }, 'OK'),
    );

    render(<LivePriceTicker />);

    await waitFor(() => expect(screen.getAllByText('BTC')).toHaveLength(2));
    expect(api.requests(getMarketTicker)).toHaveLength(1);
  });

  it('hides the coins but keeps its place when the API has none (503)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = fakeApi().answer(
      getMarketTicker,
      refused(503, 'Market data unavailable.', { code: 'MarketDataUnavailable' }),
    );

    const { container } = render(<LivePriceTicker />);

    await waitFor(() => expect(api.requests(getMarketTicker)).toHaveLength(1));
    await waitFor(() => expect(console.warn).toHaveBeenCalled());
    expect(container.querySelector('.ticker--empty')).not.toBeNull();
    expect(screen.queryAllByRole('listitem')).toEqual([]);
  });

  it('keeps its place, empty and hidden from screen readers, while there are no prices', () => {
    const { container } = render(<PriceTicker coins={[]} />);

    expect(container.innerHTML).toBe('<div class="ticker ticker--empty" aria-hidden="true"></div>');
  });
});
