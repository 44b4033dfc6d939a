import type { CalculateBody, Quote } from '@shared/contract/rates';
import type { GeoTree } from '@shared/geo';
import { getExchangeStatus, getGeo } from '@shared/routes/geo';
import { myLimits } from '@shared/routes/profile';
import { calculateRate, getRates, tierLimits } from '@shared/routes/rates';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { pendingApplyPrefill } from '@web/lib/apply-prefill';
import { useAuthStore } from '@web/stores/auth-store';
import { type FakeRequest, fakeApi, ok, refused } from '@web/testing/fake-api';
import {
  holdAnswers,
  testCity,
  testClientLimits,
  testContinent,
  testCountry,
  testExchangeStatus,
  testOwnUser,
  testPublishedRates,
  testTierLimits,
} from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { signedOutEachTest } from '@web/testing/signed-out';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import QuoteCalculator from './quote-calculator';

const GEO: GeoTree = [
  testContinent('cis', 'CIS', [
    testCountry(
      'cis.kazakhstan',
      'Kazakhstan',
      'KZT',
      [
        testCity('cis.kazakhstan.almaty', 'Almaty'),
        testCity('cis.kazakhstan.astana', 'Astana', { isActive: false }),
      ],
      { names: { ru: 'Казахстан', en: 'Kazakhstan' } },
    ),
  ]),
  testContinent('europe', 'Europe', [
    testCountry('europe.germany', 'Germany', 'EUR', [testCity('europe.germany.berlin', 'Berlin')], {
      names: { ru: 'Германия', en: 'Germany' },
    }),
  ]),
];

function quoteFor({ assetFrom, assetTo, amount }: CalculateBody): Quote {
  const body = { assetFrom, assetTo, amount };
  return {
    ...body,
    currencyFrom: 'KZT',
    currencyTo: 'USDT',
    amountTo: Math.floor(body.amount * 0.002 * 100) / 100,
    cashStep: null,
    rate: 0.002,
    markupPercent: 1.5,
    source: 'feed',
    usdValueFrom: 0.0021,
    usdValueTo: 1,
    amountUSD: body.amount * 0.0021,
    minAmount: 47_620,
    minAmountUSD: 100,
    maxAmount: null,
    maxAmountTo: 5_000,
    reserve: 5_000,
    belowMinimum: false,
    aboveMaximum: false,
    aboveReserve: false,
    updatedAt: new Date().toISOString(),
  };
}

/** The places are GEO, and no limit applies (the tiers' table); each test answers the quotes. */
function stubPlaces(limits = testTierLimits(), published = testPublishedRates()) {
  return fakeApi()
    .answer(getGeo, ok(GEO, 'OK'))
    .answer(tierLimits, ok(limits))
    .answer(getRates, ok(published));
}

/** The quote of what was asked. */
const answerQuote = (request: FakeRequest) => ok(quoteFor(request.body as CalculateBody), 'OK');

function Where() {
  const location = useLocation();
  return <p>at {`${location.pathname}${location.search}`}</p>;
}

function renderCalculator(address = '/') {
  return render(
    <MemoryRouter initialEntries={[address]}>
      <Routes>
        <Route path="/" element={<QuoteCalculator />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const optionValues = (label: string) => [...select(label).options].map((option) => option.value);

async function citiesLoaded() {
  await waitFor(() =>
    expect(document.querySelector<HTMLSelectElement>('select[name=city]')?.disabled).toBe(false),
  );
}

beforeAll(async () => {
  await setupTestI18n('en');
});
signedOutEachTest();
afterEach(cleanup);

describe('quote calculator', () => {
  it('offers the active cities in one select, grouped by country', async () => {
    stubPlaces().answer(calculateRate, answerQuote);
    renderCalculator();
    await citiesLoaded();

    const groups = [...select('City').querySelectorAll('optgroup')].map((group) => ({
      country: group.label,
      cities: [...group.querySelectorAll('option')].map((option) => option.textContent),
    }));
    expect(groups).toEqual([
      { country: 'Germany', cities: ['Berlin'] },
      { country: 'Kazakhstan', cities: ['Almaty'] },
    ]);
  });

  it("follows the apply form's pair rules: the city's card first, USDT against fiat, swap", async () => {
    stubPlaces().answer(calculateRate, answerQuote);
    renderCalculator();
    await citiesLoaded();
    expect(optionValues('You give')).not.toContain('card-KZT');

    fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });

    expect(select('You give').value).toBe('card-KZT');
    expect(optionValues('You receive')).toEqual(['usdt-trc20']);
    fireEvent.click(screen.getByRole('button', { name: 'Swap give and receive' }));
    expect([select('You give').value, select('You receive').value]).toEqual(['usdt-trc20', 'card-KZT']);
    expect(optionValues('You receive')).toContain('cash-KZT');
    expect(optionValues('You receive')).not.toContain('usdt-trc20');
  });

  it('offers no asset whose direction is switched off, and moves the first pair to one that is published', async () => {
    // Cash USD and EUR switched off both ways (issue 40, defect 14); card EUR only sold for USDT.
    const off = ['cash-USD', 'cash-EUR'].flatMap((cash) => [`${cash}>usdt-trc20`, `usdt-trc20>${cash}`]);
    stubPlaces(testTierLimits(), testPublishedRates([...off, 'card-EUR>usdt-trc20'])).answer(
      calculateRate,
      answerQuote,
    );
    renderCalculator();
    await citiesLoaded();
    await waitFor(() => expect(select('You give').value).not.toBe('cash-USD'));
    expect(optionValues('You give')).not.toContain('cash-USD');
    expect(optionValues('You give')).not.toContain('cash-EUR');
    expect(optionValues('You give')).not.toContain('card-EUR');
    expect(optionValues('You give')).toContain('card-USD');
    fireEvent.change(select('You give'), { target: { value: 'usdt-trc20' } });
    expect(optionValues('You receive')).toContain('card-EUR');
    expect(optionValues('You receive')).not.toContain('cash-USD');
  });

  it('asks one quote once typing stops and shows what the amount buys, the rate and the limits', async () => {
    const api = stubPlaces().answer(calculateRate, answerQuote);
    renderCalculator();
    await citiesLoaded();
    fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });

    for (const typed of ['1', '10', '100', '100000']) {
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: typed } });
    }

    expect(await screen.findByText('≈ 200 USDT')).toBeTruthy();
    // With the city, so the server judges a cash direction by its hours.
    expect(api.requests(calculateRate).map((request) => request.body)).toEqual([
      { assetFrom: 'card-KZT', assetTo: 'usdt-trc20', amount: 100_000, city: 'cis.kazakhstan.almaty' },
    ]);
    // The expensive currency is the unit, so the rate reads as a price: not "1 KZT = 0.002 USDT".
    expect(screen.getByText('1 USDT = 500.00 KZT')).toBeTruthy();
    expect(screen.getByText('47,620 KZT')).toBeTruthy();
    expect(screen.getByText('no limit')).toBeTruthy();
  });

  it("shows a paused direction's refusal in the UI language", async () => {
    await setupTestI18n('ru');
    try {
      stubPlaces().answer(
        calculateRate,
        refused(
          422,
          'Exchange card-EUR → usdt-trc20 is paused because its market price is out of date. Try again later or submit an individual request.',
          { code: 'MarketPriceStale', params: { assetFrom: 'card-EUR', assetTo: 'usdt-trc20' } },
        ),
      );
      renderCalculator();
      await citiesLoaded();
      fireEvent.change(select('Город'), { target: { value: 'europe.germany.berlin' } });

      fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '500' } });

      expect(
        await screen.findByText(
          'Обмен по этой паре приостановлен: рыночная цена устарела. Попробуйте позже или отправьте индивидуальную заявку.',
        ),
      ).toBeTruthy();
      // Names, never keys: the pair is the one chosen in the form above.
      expect(document.body.textContent).not.toMatch(/card-EUR|usdt-trc20/);
    } finally {
      await setupTestI18n('en');
    }
  });

  it('shows the refusal of an amount the apply route would refuse too, by its rule in the UI language', async () => {
    await setupTestI18n('ru');
    try {
      stubPlaces().answer(
        calculateRate,
        refused(400, 'Validation failed.', {
          code: 'ValidationFailed',
          errors: [
            {
              path: 'amount',
              param: 'amount',
              code: 'amountDecimals',
              params: { decimals: 2 },
              msg: 'The amount may have at most 2 decimal places.',
            },
          ],
        }),
      );
      renderCalculator();
      await citiesLoaded();

      fireEvent.change(screen.getByLabelText('Сумма'), { target: { value: '150.001' } });

      expect(await screen.findByText('Сумма может содержать не более 2 знаков после запятой.')).toBeTruthy();
    } finally {
      await setupTestI18n('en');
    }
  });

  it('carries the choice straight to /apply for a visitor, who applies there as a guest', async () => {
    stubPlaces().answer(calculateRate, answerQuote);
    renderCalculator();
    await citiesLoaded();
    fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '150000' } });

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByText('at /apply')).toBeTruthy();
    expect(pendingApplyPrefill()).toEqual({
      city: 'cis.kazakhstan.almaty',
      assetFrom: 'card-KZT',
      assetTo: 'usdt-trc20',
      amount: '150000',
    });
  });

  describe("a monitor's deep link", () => {
    /** GEO with Almaty given its monitors' code, and card RUB paid out listed as Sberbank's card. */
    function stubListedPlaces() {
      const geo = structuredClone(GEO);
      geo[0]!.countries[0]!.cities[0]!.code = 'ALA';
      const rates = testPublishedRates();
      const payout = rates.directions.find(
        (direction) => direction.assetFrom === 'usdt-trc20' && direction.assetTo === 'card-RUB',
      )!;
      payout.monitorCode = 'SBERRUB';
      return fakeApi()
        .answer(getGeo, ok(geo, 'OK'))
        .answer(tierLimits, ok(testTierLimits()))
        .answer(getRates, ok(rates))
        .answer(calculateRate, answerQuote);
    }

    it("chooses the direction of its codes and the city of its city code, as the monitors' file lists them", async () => {
      stubListedPlaces();
      renderCalculator('/?cur_from=CARDKZT&cur_to=USDTTRC20&city=ALA');
      await citiesLoaded();
      await waitFor(() => expect(select('City').value).toBe('cis.kazakhstan.almaty'));
      expect([select('You give').value, select('You receive').value]).toEqual(['card-KZT', 'usdt-trc20']);
    });

    it("takes a direction's own bank code, in any case, without a city", async () => {
      stubListedPlaces();
      renderCalculator('/?cur_from=usdttrc20&cur_to=sberrub');
      await citiesLoaded();
      await waitFor(() => expect(select('You give').value).toBe('usdt-trc20'));
      expect(select('You receive').value).toBe('card-RUB');
      expect(select('City').value).toBe('');
    });

    it('leaves what the visitor chose before the directions arrived as they chose it', async () => {
      const release = holdAnswers(stubListedPlaces(), getRates);
      renderCalculator('/?cur_from=CARDKZT&cur_to=USDTTRC20&city=ALA');
      await citiesLoaded();
      fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });
      fireEvent.change(select('You give'), { target: { value: 'usdt-trc20' } });
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '250' } });
      await act(async () => release());
      await waitFor(() => expect(optionValues('You give')).toContain('card-USD'));
      expect([
        select('City').value,
        select('You give').value,
        screen.getByLabelText<HTMLInputElement>('Amount').value,
      ]).toEqual(['cis.kazakhstan.almaty', 'usdt-trc20', '250']);
    });

    it('leaves the form as it was for codes no published direction is listed under', async () => {
      stubListedPlaces();
      // CARDRUB is not the payout's code (it is listed as SBERRUB), and CASHXYZ is no currency.
      renderCalculator('/?cur_from=USDTTRC20&cur_to=CARDRUB');
      await citiesLoaded();
      await waitFor(() => expect(optionValues('You give')).toContain('card-USD'));
      expect([select('You give').value, select('You receive').value]).toEqual(['cash-USD', 'usdt-trc20']);
      cleanup();
      stubListedPlaces();
      renderCalculator('/?cur_from=CASHXYZ&cur_to=USDTTRC20&city=ALA');
      await citiesLoaded();
      await waitFor(() => expect(optionValues('You give')).toContain('card-USD'));
      expect([select('City').value, select('You give').value]).toEqual(['', 'cash-USD']);
    });
  });

  it('goes straight to /apply for a logged-in user', async () => {
    stubPlaces().answer(calculateRate, answerQuote);
    renderCalculator();
    await citiesLoaded();
    act(() => useAuthStore.setState({ isAuthenticated: true, user: testOwnUser() }));

    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByText('at /apply')).toBeTruthy();
    expect(pendingApplyPrefill()).toMatchObject({ city: '', assetFrom: 'cash-USD', assetTo: 'usdt-trc20' });
  });

  describe('what the verification tier allows, under the quote', () => {
    const table = testTierLimits({
      tiers: {
        email: { perApplication: 1000, perDay: 3000, per30Days: 10000 },
        card: { perApplication: 5000, perDay: 10000, per30Days: 50000 },
        identity: { perApplication: null, perDay: null, per30Days: null },
      },
      firstDeals: { cap: 300, deals: 1 },
    });

    it("tells a visitor a new client's first deals' cap, the tier's limit after it and what a card raises it to", async () => {
      const api = stubPlaces(table).answer(calculateRate, answerQuote);
      renderCalculator();
      await citiesLoaded();
      expect(api.requests(tierLimits)).toHaveLength(0);
      fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });

      // 100,000 KZT at 0.0021 USD each: 210 USD, within the cap.
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100000' } });

      const said = await screen.findByText(
        "Until a new client's first deal is completed, an application may be up to 300 USD; then up to 1,000 USD. A verified card raises it to 5,000 USD.",
      );
      expect(said.classList.contains('calc__limits--above')).toBe(false);
      expect(api.requests(tierLimits)).toHaveLength(1);
    });

    it('says so in the warning colour when the quoted amount is worth more', async () => {
      stubPlaces(table).answer(calculateRate, answerQuote);
      renderCalculator();
      await citiesLoaded();
      fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });

      // 200,000 KZT: 420 USD, above the first deal's 300.
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '200000' } });

      const said = await screen.findByText(/This amount is worth more\./);
      expect(said.classList.contains('calc__limits--above')).toBe(true);
    });

    it('tells a signed-in client what their own tier allows now and how to raise it', async () => {
      act(() => useAuthStore.setState({ isAuthenticated: true, user: testOwnUser() }));
      const api = stubPlaces(table)
        .answer(calculateRate, answerQuote)
        .answer(myLimits, ok(testClientLimits({ tier: 'card', nextTier: 'identity', maxNow: 4200 })));
      renderCalculator();
      await citiesLoaded();

      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1000' } });

      expect(
        await screen.findByText(
          'Your verification tier allows an application of up to 4,200 USD now. Verify your identity to raise it.',
        ),
      ).toBeTruthy();
      expect(api.requests(tierLimits)).toHaveLength(0);
    });

    it('says nothing where no limit applies', async () => {
      stubPlaces().answer(calculateRate, answerQuote);
      renderCalculator();
      await citiesLoaded();
      fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });

      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100000' } });

      expect(await screen.findByText('≈ 200 USDT')).toBeTruthy();
      expect(document.querySelector('.calc__limits')).toBeNull();
    });
  });

  describe('what it says instead of a quote', () => {
    it("shows staff's maintenance message where the API refuses the quote for maintenance", async () => {
      stubPlaces()
        .answer(
          calculateRate,
          refused(409, 'The exchange is closed for maintenance. Please try again later.', {
            code: 'ExchangeInMaintenance',
          }),
        )
        .answer(
          getExchangeStatus,
          ok(
            testExchangeStatus({
              maintenance: { active: true, message: { ru: 'Работы до 12:00', en: 'Works until noon' } },
            }),
          ),
        );
      renderCalculator();
      await citiesLoaded();
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });

      expect(await screen.findByText('Works until noon')).toBeTruthy();
      expect(screen.getByText(/closed for maintenance/)).toBeTruthy();
      expect(screen.queryByText(/cannot be calculated/)).toBeNull();
    });

    it('says that a closed city offers no cash now and when it opens, as the apply form does', async () => {
      const closed: GeoTree = [
        testContinent('europe', 'Europe', [
          testCountry('europe.germany', 'Germany', 'EUR', [
            testCity('europe.germany.berlin', 'Berlin', {
              hours: { timeZone: 'Europe/Berlin', openNow: false, opensAt: '2026-03-09T08:00:00.000Z' },
            }),
            testCity('europe.germany.munich', 'Munich'),
          ]),
        ]),
      ];
      fakeApi()
        .answer(getGeo, ok(closed, 'OK'))
        .answer(getRates, ok(testPublishedRates()))
        .answer(calculateRate, answerQuote);
      renderCalculator();
      await citiesLoaded();

      fireEvent.change(select('City'), { target: { value: 'europe.germany.munich' } });
      expect(document.querySelector('.calc__notice')).toBeNull();
      fireEvent.change(select('City'), { target: { value: 'europe.germany.berlin' } });

      expect(select('You give').value).toBe('card-EUR');
      expect(document.querySelector('.calc__notice')?.textContent).toBe(
        'Cash exchange in Berlin is closed now: it opens Mon, Mar 9, 09:00 AM, local time. Card exchange is offered meanwhile.',
      );
    });

    it('refuses more decimals than the currency has and a non-decimal amount, and asks no quote', async () => {
      const api = stubPlaces().answer(calculateRate, answerQuote);
      renderCalculator();
      await citiesLoaded();
      fireEvent.change(select('City'), { target: { value: 'cis.kazakhstan.almaty' } });

      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100000.123' } });
      expect(await screen.findByText('The amount may have at most 2 decimal places.')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1e5' } });
      expect(await screen.findByText('Please enter the correct positive amount')).toBeTruthy();
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '100000.120' } });
      expect(await screen.findByText('≈ 200 USDT')).toBeTruthy();

      expect(api.requests(calculateRate).map((request) => (request.body as CalculateBody).amount)).toEqual([
        100_000.12,
      ]);
    });
  });
});
