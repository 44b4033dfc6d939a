import type { PublicRatesData } from '@shared/contract/rates';
import type { GeoTree } from '@shared/geo';
import { getExchangeStatus, getGeo } from '@shared/routes/geo';
import { getRates } from '@shared/routes/rates';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { testCity, testContinent, testCountry, testExchangeStatus } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { directionsOffered, type PublishedDirection } from '../lib/rate-rows';
import { RatesPage } from './rates-page';

const AT = '2026-03-01T10:15:00.000Z';

function direction(assetFrom: string, assetTo: string, rate: number | null = 1): PublishedDirection {
  return {
    assetFrom,
    assetTo,
    rate,
    rawPrice: rate,
    fixedRate: null,
    source: 'feed',
    state: rate === null ? 'paused' : 'live',
    pausedReason: rate === null ? 'missing' : null,
    priceAsOf: AT,
    markupPercent: 1.5,
    minRate: null,
    maxRate: null,
    maxAgeMinutes: 15,
    minAmount: 100,
    maxAmount: null,
    isActive: true,
    publishToMonitors: false,
    monitorCode: null,
    sbpBanks: [],
    updatedAt: AT,
    reserve: 250_000,
    quoteLimits: { minAmount: 100, maxAmount: null, maxAmountTo: 250_000 },
  };
}

/** Both directions of cash and card for each currency. */
function bothWays(...currencies: string[]): PublishedDirection[] {
  return currencies.flatMap((currency) =>
    ['cash', 'card'].flatMap((kind) => [
      direction(`${kind}-${currency}`, 'usdt-trc20'),
      direction('usdt-trc20', `${kind}-${currency}`),
    ]),
  );
}

const pairs = (directions: PublishedDirection[]) => directions.map((d) => `${d.assetFrom}>${d.assetTo}`);

describe('the directions a place offers', () => {
  const published = bothWays('USD', 'EUR', 'RUB', 'KZT', 'GEL');

  it('are, before a city is chosen, those of USD, EUR and RUB, each fiat asset both ways', () => {
    expect(pairs(directionsOffered(published, null))).toEqual([
      'cash-USD>usdt-trc20',
      'usdt-trc20>cash-USD',
      'card-USD>usdt-trc20',
      'usdt-trc20>card-USD',
      'cash-EUR>usdt-trc20',
      'usdt-trc20>cash-EUR',
      'card-EUR>usdt-trc20',
      'usdt-trc20>card-EUR',
      'cash-RUB>usdt-trc20',
      'usdt-trc20>cash-RUB',
      'card-RUB>usdt-trc20',
      'usdt-trc20>card-RUB',
    ]);
  });

  it("add the country's own currency for a city, and no other country's", () => {
    const offered = pairs(directionsOffered(published, 'KZT'));

    expect(offered).toHaveLength(16);
    expect(offered.slice(12)).toEqual([
      'cash-KZT>usdt-trc20',
      'usdt-trc20>cash-KZT',
      'card-KZT>usdt-trc20',
      'usdt-trc20>card-KZT',
    ]);
    expect(offered.some((pair) => pair.includes('GEL'))).toBe(false);
  });

  it('leave out what is not published or has no rate', () => {
    const withGaps = [
      ...published.filter((d) => d.assetFrom !== 'cash-EUR'),
      direction('cash-EUR', 'usdt-trc20', null),
    ];

    expect(pairs(directionsOffered(withGaps, null))).not.toContain('cash-EUR>usdt-trc20');
    expect(directionsOffered(withGaps, null)).toHaveLength(11);
  });
});

const GEO: GeoTree = [
  testContinent('cis', 'CIS', [
    testCountry('cis.kazakhstan', 'Kazakhstan', 'KZT', [testCity('cis.kazakhstan.almaty', 'Almaty')]),
  ]),
];

/** The places are GEO; each test answers the rates. */
/** The places, and the exchange's status (open unless `status` says). */
function stubPlaces(status = testExchangeStatus()) {
  return fakeApi().answer(getGeo, ok(GEO, 'OK')).answer(getExchangeStatus, ok(status));
}

const data: PublicRatesData = {
  updatedAt: AT,
  currencies: [],
  directions: [
    ...bothWays('USD', 'EUR', 'RUB').filter((d) => d.assetFrom !== 'card-EUR'),
    {
      ...direction('card-KZT', 'usdt-trc20', 0.002058),
      minAmount: null,
      maxAmount: 5_000_000,
      reserve: 40_000,
      quoteLimits: { minAmount: 48_590.87, maxAmount: 5_000_000, maxAmountTo: 10_290 },
    },
  ],
};

function renderPage() {
  return render(
    <MemoryRouter>
      <RatesPage />
    </MemoryRouter>,
  );
}

const rowNames = () => screen.getAllByRole('rowheader').map((cell) => cell.textContent);

beforeAll(async () => {
  await setupTestI18n('en');
});
signedOutEachTest();
afterEach(cleanup);

describe('rates page', () => {
  it('lists what every city offers until a city is chosen', async () => {
    stubPlaces().answer(getRates, ok(data, 'OK'));
    renderPage();

    expect(await screen.findByRole('heading', { name: 'Offered in every city' })).toBeTruthy();
    // The header row and 11 directions: card EUR → USDT is not published (paused), KZT is Kazakhstan's.
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(12));
    expect(rowNames()).not.toContain('Card EUR');
    expect(rowNames()).not.toContain('Card KZT');
  });

  it("adds the city's own currency with its rate, limits and update time", async () => {
    stubPlaces().answer(getRates, ok(data, 'OK'));
    renderPage();
    const city = screen.getByLabelText('City') as HTMLSelectElement;
    await waitFor(() => expect(city.disabled).toBe(false));

    fireEvent.change(city, { target: { value: 'cis.kazakhstan.almaty' } });

    expect(screen.getByRole('heading', { name: 'Rates in Almaty, Kazakhstan' })).toBeTruthy();
    const row = (await screen.findByRole('rowheader', { name: 'Card KZT' })).closest('tr')!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 5)).toEqual([
      'USDT (TRC-20)',
      '1 USDT = 485.91 KZT',
      '48,590.87 KZT',
      '5,000,000 KZT',
      '40,000 USDT',
    ]);
    expect(within(row).getByRole('cell', { name: /:/ }).querySelector('time')?.getAttribute('dateTime')).toBe(
      AT,
    );
  });

  it("tells of maintenance above the rates, with staff's message", async () => {
    stubPlaces(
      testExchangeStatus({ maintenance: { active: true, message: { ru: 'Работы до 12:00', en: '' } } }),
    ).answer(getRates, ok(data, 'OK'));
    renderPage();

    // Staff wrote no English: the Russian message is shown rather than none.
    expect(await screen.findByText('Работы до 12:00')).toBeTruthy();
    expect(
      screen.getByText('The exchange is closed for maintenance: no application can be sent now.'),
    ).toBeTruthy();
    expect((await screen.findAllByRole('rowheader')).length).toBeGreaterThan(0);
  });

  it('shows no notice while the exchange works', async () => {
    stubPlaces().answer(getRates, ok(data, 'OK'));
    renderPage();
    await screen.findAllByRole('rowheader');
    expect(screen.queryByText(/closed for maintenance/)).toBeNull();
  });

  it('says so when the rates cannot be loaded, and tries again on request', async () => {
    let fail = true;
    stubPlaces().answer(getRates, () =>
      fail ? refused(500, 'Internal server error.', { code: 'InternalError' }) : ok(data, 'OK'),
    );
    renderPage();
    expect(await screen.findByText('The rates could not be loaded. Please try again.')).toBeTruthy();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(12));
  });
});
