import type { ExchangeStatus } from '@shared/contract/hours';
import type { ClientLimitsView } from '@shared/contract/limits';
import type { CalculateBody } from '@shared/contract/rates';
import type { OwnUser } from '@shared/contract/users';
import type { GeoTree } from '@shared/geo';
import { createApplication, createGuestApplication, validateTelegram } from '@shared/routes/applications';
import { getExchangeStatus, getGeo } from '@shared/routes/geo';
import { myLimits } from '@shared/routes/profile';
import { calculateRate, getRates } from '@shared/routes/rates';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { pendingApplyPrefill, saveApplyPrefill } from '@web/lib/apply-prefill';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import {
  holdAnswers,
  testApplication,
  testCity,
  testClientLimits,
  testContinent,
  testCountry,
  testDirection,
  testExchangeStatus,
  testOwnUser,
  testPublishedRates,
  testQuote,
} from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApplyPage } from './apply-page';

/**
 * What the page asks on opening: the places (GEO unless `geo` says), maintenance and the card
 * schedule (open unless `status` says), the chosen pair's limits and the client's (none unless
 * `limits` says); tests answer the rest.
 */
function stubApi({
  geo = GEO,
  status = testExchangeStatus(),
  limits = testClientLimits(),
}: {
  geo?: GeoTree;
  status?: ExchangeStatus;
  limits?: ClientLimitsView;
} = {}) {
  return fakeApi()
    .answer(getGeo, ok(geo))
    .answer(getExchangeStatus, ok(status))
    .answer(myLimits, ok(limits))
    .answer(getRates, ({ query: { assetFrom = '', assetTo = '' } }) =>
      assetFrom
        ? ok({ updatedAt: null, currencies: [], directions: [testDirection(assetFrom, assetTo)] })
        : ok(testPublishedRates()),
    );
}

/** An individual request as the server answers its creation (201). */
const created = (details: string) => ({
  ...ok(
    testApplication({
      requestType: 'INDIVIDUAL',
      amountFrom: null,
      amountTo: null,
      amountUSD: null,
      assetFrom: null,
      assetTo: null,
      currencyFrom: null,
      currencyTo: null,
      continent: null,
      country: null,
      city: null,
      details,
      contactData: { telegram: '@anna_tg' },
      originFunds: null,
    }),
    'Application created.',
  ),
  status: 201,
});

/** Stands for the order page: says which application the browser was sent to. */
function OrderPageProbe() {
  return <p>Order {useParams().id}</p>;
}

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/apply']}>
      <Routes>
        <Route path="/apply" element={<ApplyPage />} />
        <Route path="/applications/:id" element={<OrderPageProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

function contactInput() {
  return screen.getByLabelText('Telegram contact') as HTMLInputElement;
}

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  useToastStore.getState().clear();
  useAuthStore.setState({
    ...initialAuthState,
    initializing: false,
    isAuthenticated: true,
    user: { id: 'u1', email: 'a@example.com', telegramId: 'anna_tg' } as OwnUser,
  });
});

afterEach(cleanup);

/** Ticks the AML acknowledgement, which both forms require before they send. */
function acknowledgeAml() {
  fireEvent.click(screen.getByRole('checkbox', { name: /held for an AML check/ }));
}

async function openIndividual() {
  renderPage();
  fireEvent.click(screen.getByRole('button', { name: 'Individual' }));
  return contactInput();
}

const GEO: GeoTree = [
  testContinent('cis', 'CIS', [
    testCountry('cis.kazakhstan', 'Kazakhstan', 'KZT', [testCity('cis.kazakhstan.almaty', 'Almaty')]),
  ]),
];

const value = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;

describe("the landing calculator's choice", () => {
  beforeEach(() => localStorage.clear());

  it('opens the standard form with the carried city, pair and amount, and takes it once', async () => {
    stubApi();
    saveApplyPrefill({
      city: 'cis.kazakhstan.almaty',
      assetFrom: 'usdt-trc20',
      assetTo: 'cash-KZT',
      amount: '250',
    });

    const first = renderPage();

    await waitFor(() => expect(value('City')).toBe('cis.kazakhstan.almaty'));
    expect([
      value('Continent'),
      value('Country'),
      value('You give'),
      value('You receive'),
      value('Amount'),
    ]).toEqual(['cis', 'cis.kazakhstan', 'usdt-trc20', 'cash-KZT', '250']);
    expect(pendingApplyPrefill()).toBeNull();

    first.unmount();
    renderPage();
    await waitFor(() =>
      expect((screen.getByLabelText('Continent') as HTMLSelectElement).disabled).toBe(false),
    );
    expect([value('City'), value('Amount')]).toEqual(['', '']);
  });

  it('keeps what the user typed while the places were loading', async () => {
    // The typed amount asks for a quote once its pause has passed, which a slow run reaches first.
    const answerPlaces = holdAnswers(
      stubApi().answer(calculateRate, ({ body }) => ok(testQuote(body as CalculateBody))),
      getGeo,
    );
    saveApplyPrefill({
      city: 'cis.kazakhstan.almaty',
      assetFrom: 'card-KZT',
      assetTo: 'usdt-trc20',
      amount: '250',
    });
    renderPage();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '999' } });
    await act(async () => answerPlaces());

    await waitFor(() =>
      expect((screen.getByLabelText('Continent') as HTMLSelectElement).disabled).toBe(false),
    );
    expect([value('City'), value('Amount')]).toEqual(['', '999']);
  });
});

describe('apply page', () => {
  it('prefills the contact from the telegramId with a leading @', async () => {
    stubApi({ geo: [] });

    await openIndividual();

    expect(contactInput().value).toBe('@anna_tg');
  });

  it('prefills the contact from a session restored after the page opened', async () => {
    stubApi({ geo: [] });
    const signedIn = useAuthStore.getState();
    useAuthStore.setState({ ...initialAuthState, initializing: true });
    renderPage();
    act(() => useAuthStore.setState({ ...signedIn, initializing: false }));

    expect(((await screen.findByLabelText('Telegram contact')) as HTMLInputElement).value).toBe('@anna_tg');
  });

  it('checks the contact on blur and shows a tick when it is valid', async () => {
    const api = stubApi().answer(validateTelegram, ok({ isValid: true }));
    const input = await openIndividual();

    fireEvent.blur(input);

    await waitFor(() => expect(input.getAttribute('data-check')).toBe('valid'));
    expect(api.requests(validateTelegram).map((request) => request.body)).toEqual([{ username: '@anna_tg' }]);
  });

  it('counts a failed check as valid', async () => {
    stubApi().answer(validateTelegram, refused(500, 'x'));
    const input = await openIndividual();

    fireEvent.blur(input);

    await waitFor(() => expect(input.getAttribute('data-check')).toBe('valid'));
  });

  it('does not check a contact shorter than 3 characters', async () => {
    const api = stubApi();
    const input = await openIndividual();
    fireEvent.change(input, { target: { value: '@a' } });

    fireEvent.blur(input);

    expect(input.getAttribute('data-check')).toBe('idle');
    expect(api.requests(validateTelegram)).toEqual([]);
  });

  it('resets the check to idle when the contact is edited', async () => {
    stubApi().answer(validateTelegram, ok({ isValid: false }));
    const input = await openIndividual();
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('data-check')).toBe('invalid'));

    fireEvent.change(input, { target: { value: '@other_name' } });

    expect(input.getAttribute('data-check')).toBe('idle');
  });

  it('refuses to submit a contact the check rejected', async () => {
    const api = stubApi().answer(validateTelegram, ok({ isValid: false }));
    const input = await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('data-check')).toBe('invalid'));

    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    expect(await screen.findByText('User with this contact not found')).toBeTruthy();
    expect(api.requests(createApplication)).toEqual([]);
  });

  it('blocks the submit with a wait message while the contact is being checked', async () => {
    const api = stubApi().answer(validateTelegram, ok({ isValid: true }));
    const answerCheck = holdAnswers(api, validateTelegram);
    const input = await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('data-check')).toBe('checking'));

    acknowledgeAml();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
        'Please wait, the Telegram contact is being checked.',
      ),
    );
    expect(api.requests(createApplication)).toEqual([]);
    await act(async () => answerCheck());
  });

  it('sends an individual request and goes straight to the new order', async () => {
    const answer = created('Cash EUR to USDT in Paris');
    const api = stubApi().answer(createApplication, answer);
    await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });

    acknowledgeAml();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    expect(await screen.findByText(`Order ${answer.body.data!.id}`)).toBeTruthy();
    expect(screen.queryByLabelText('Details')).toBeNull();
    expect(api.requests(createApplication).map((request) => request.body)).toEqual([
      {
        requestType: 'INDIVIDUAL',
        details: 'Cash EUR to USDT in Paris',
        contactTelegram: '@anna_tg',
        amlAcknowledged: true,
      },
    ]);
    expect(useToastStore.getState().toasts[0]?.type).toBe('success');
  });

  it('sends where the visitor came from with the request, as this browser kept it', async () => {
    localStorage.setItem(
      'visitSource',
      JSON.stringify({ source: { monitorFrom: 'CASHEUR', monitorTo: 'USDTTRC20' }, at: Date.now() }),
    );
    try {
      const api = stubApi().answer(createApplication, created('Cash EUR to USDT in Paris'));
      await openIndividual();
      fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });
      acknowledgeAml();
      fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

      await waitFor(() => expect(api.requests(createApplication)).toHaveLength(1));
      expect(api.requests(createApplication)[0]!.body).toEqual({
        requestType: 'INDIVIDUAL',
        details: 'Cash EUR to USDT in Paris',
        contactTelegram: '@anna_tg',
        amlAcknowledged: true,
        source: { monitorFrom: 'CASHEUR', monitorTo: 'USDTTRC20' },
      });
    } finally {
      // Kept in this worker's jsdom: the other tests send no source.
      localStorage.removeItem('visitSource');
    }
  });

  it('shows a server error as an error toast', async () => {
    stubApi().answer(
      createApplication,
      refused(409, 'You already have 5 open applications. Wait until one is processed or cancel one.', {
        code: 'TooManyOpenApplications',
        params: { limit: 5 },
      }),
    );
    await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Anything' } });

    acknowledgeAml();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() =>
      expect(useToastStore.getState().toasts).toMatchObject([
        {
          type: 'error',
          message: 'You already have 5 open applications. Wait until one is processed or cancel one.',
        },
      ]),
    );
    expect((screen.getByLabelText('Details') as HTMLTextAreaElement).value).toBe('Anything');
  });

  it('sends nothing until the AML acknowledgement is ticked, and links to its rules', async () => {
    const api = stubApi().answer(createApplication, created('Cash EUR to USDT in Paris'));
    await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });

    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    expect(
      await screen.findByText('Tick the box to agree that the funds may be held for an AML check.'),
    ).toBeTruthy();
    expect(api.requests(createApplication)).toEqual([]);
    expect(screen.getByRole('link', { name: 'AML check rules' }).getAttribute('href')).toBe(
      '/license-agreement#rights_obligations',
    );
  });

  it('clears the errors when the mode is switched', async () => {
    stubApi({ geo: [] });
    await openIndividual();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    expect(await screen.findByText('This field must be filled in')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Standard' }));
    fireEvent.click(screen.getByRole('button', { name: 'Individual' }));

    expect(screen.queryByText('This field must be filled in')).toBeNull();
  });

  describe('working hours', () => {
    /** Germany with Berlin closed until Monday 9 March 2026, 10:00 Berlin time (09:00 UTC). */
    const tree: GeoTree = [
      testContinent('europe', 'Europe', [
        testCountry('europe.germany', 'Germany', 'EUR', [
          testCity('europe.germany.berlin', 'Berlin', {
            hours: { timeZone: 'Europe/Berlin', openNow: false, opensAt: '2026-03-09T09:00:00.000Z' },
          }),
          testCity('europe.germany.munich', 'Munich'),
        ]),
      ]),
    ];
    const optionValues = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.value);

    async function chooseCity(city: string) {
      await waitFor(() => expect(optionValues('Continent')).toContain('europe'));
      fireEvent.change(screen.getByLabelText('Continent'), { target: { value: 'europe' } });
      fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'europe.germany' } });
      fireEvent.change(screen.getByLabelText('City'), { target: { value: city } });
    }

    it("offers no cash in a closed city and says when it opens, in the city's time", async () => {
      stubApi({ geo: tree });
      renderPage();
      await chooseCity('europe.germany.munich');
      fireEvent.change(screen.getByLabelText('You give'), { target: { value: 'cash-EUR' } });
      expect(optionValues('You give')).toContain('cash-EUR');

      fireEvent.change(screen.getByLabelText('City'), { target: { value: 'europe.germany.berlin' } });

      expect(optionValues('You give').filter((asset) => asset.startsWith('cash-'))).toEqual([]);
      // The cash choice moves to its card sibling.
      expect((screen.getByLabelText('You give') as HTMLSelectElement).value).toBe('card-EUR');
      expect(
        screen.getByText(
          /^Cash exchange in Berlin is closed now: it opens Mon, Mar 9, 10:00\sAM, local time\.$/,
        ),
      ).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement).disabled).toBe(
        false,
      );
    });

    it('cannot be sent when the city and card exchange are both closed', async () => {
      const api = stubApi({
        geo: tree,
        status: testExchangeStatus({
          cardHours: {
            timeZone: 'Europe/Moscow',
            week: AROUND_THE_CLOCK,
            openNow: false,
            opensAt: null,
            closesAt: null,
          },
        }),
      });
      renderPage();
      await waitFor(() => expect(api.requests(getExchangeStatus).length).toBeGreaterThan(0));
      await chooseCity('europe.germany.berlin');

      expect(optionValues('You give')).toEqual(['usdt-trc20']);
      expect(screen.getByText('Card exchange is closed until further notice.')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    });

    it("in maintenance shows staff's message and sends nothing, in either mode", async () => {
      stubApi({
        geo: tree,
        status: testExchangeStatus({
          maintenance: { active: true, message: { ru: 'Работы до 12:00', en: 'Works until noon' } },
        }),
      });
      renderPage();

      expect(
        await screen.findByText('The exchange is closed for maintenance. Please come back later.'),
      ).toBeTruthy();
      expect(screen.getByText('Works until noon')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
      fireEvent.click(screen.getByRole('button', { name: 'Individual' }));
      fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });
      expect((screen.getByRole('button', { name: 'Submit request' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    });

    it('asks for quotes with the chosen city', async () => {
      const api = stubApi({ geo: tree }).answer(calculateRate, ({ body }) =>
        ok(testQuote(body as CalculateBody)),
      );
      renderPage();
      await chooseCity('europe.germany.munich');
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });

      await waitFor(() =>
        expect(api.requests(calculateRate)[0]?.body).toMatchObject({
          amount: 500,
          city: 'europe.germany.munich',
        }),
      );
    });
  });
});

describe('the Telegram bot under the contact', () => {
  const startLink = () => screen.queryByRole('link', { name: /Start @exchange_bot in Telegram/ });

  it('links to the bot when the contact has not started it, and does not stop the submit', async () => {
    const api = stubApi()
      .answer(validateTelegram, ok({ isValid: true, bot: { username: 'exchange_bot', started: false } }))
      .answer(createApplication, created('Cash EUR to USDT in Paris'));
    const input = await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });

    fireEvent.blur(input);

    const link = (await screen.findByRole('link', {
      name: /Start @exchange_bot in Telegram to get your application's updates there/,
    })) as HTMLAnchorElement;
    expect(link.href).toBe('https://t.me/exchange_bot');
    expect(link.target).toBe('_blank');
    expect(screen.queryByText('@exchange_bot started')).toBeNull();

    acknowledgeAml();
    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));
    await waitFor(() => expect(api.requests(createApplication)).toHaveLength(1));

    fireEvent.change(input, { target: { value: '@other_name' } });
    expect(startLink()).toBeNull();
  });

  it('notes that the contact has started the bot', async () => {
    stubApi().answer(
      validateTelegram,
      ok({ isValid: true, bot: { username: 'exchange_bot', started: true } }),
    );
    const input = await openIndividual();

    fireEvent.blur(input);

    expect(await screen.findByText('@exchange_bot started')).toBeTruthy();
    expect(startLink()).toBeNull();
  });

  it.each([
    [
      'Telegram cannot tell (a phone number)',
      { isValid: true, bot: { username: 'exchange_bot', started: null } },
    ],
    ['no bot is configured', { isValid: true }],
  ])('says nothing more when %s', async (_case, answer) => {
    stubApi().answer(validateTelegram, ok(answer));
    const input = await openIndividual();

    fireEvent.blur(input);

    await waitFor(() => expect(input.getAttribute('data-check')).toBe('valid'));
    expect(startLink()).toBeNull();
    expect(screen.queryByText(/@exchange_bot/)).toBeNull();
  });
});

describe("the client's verification tier's limits", () => {
  const limits = testClientLimits({
    perApplication: 1000,
    perDay: { limit: 3000, used: 2500, left: 500 },
    per30Days: { limit: 10000, used: 2500, left: 7500 },
    maxNow: 500,
  });

  async function fillStandard(amount: string) {
    await waitFor(() =>
      expect([...(screen.getByLabelText('Continent') as HTMLSelectElement).options].length).toBeGreaterThan(
        1,
      ),
    );
    fireEvent.change(screen.getByLabelText('Continent'), { target: { value: 'cis' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'cis.kazakhstan' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'cis.kazakhstan.almaty' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: amount } });
  }

  it('says what the tier allows per application, what is left today, and how to raise it', async () => {
    stubApi({ limits });
    renderPage();

    expect(
      await screen.findByText(
        'Your verification tier (email only) allows up to 1,000 USD per application. 500 USD left today. 7,500 USD left in 30 days. Verify a card to raise your limits.',
      ),
    ).toBeTruthy();
  });

  it('refuses an amount above what is left before sending it', async () => {
    const api = stubApi({ limits }).answer(calculateRate, ({ body }) => ok(testQuote(body as CalculateBody)));
    renderPage();
    await fillStandard('500.01');
    await waitFor(() => expect(api.requests(calculateRate).at(-1)?.body).toMatchObject({ amount: 500.01 }));
    // The quote of exactly this amount has arrived: the panel no longer calculates.
    await waitFor(() => expect(screen.queryByText('Calculating…')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(
      await screen.findByText(
        'Above your limit: an application may be worth up to 500 USD now (this one is 500.01 USD).',
      ),
    ).toBeTruthy();
    expect(api.requests(createApplication)).toEqual([]);
  });
});

describe('a visitor who is not signed in applies as a guest', () => {
  const guestSession = {
    user: testOwnUser({ id: 'g1', email: 'guest@example.com', emailVerified: false }),
    token: 'guest-token',
    refreshToken: 'guest-refresh',
  };

  beforeEach(() => {
    useAuthStore.setState({ ...initialAuthState, initializing: false, isAuthenticated: false, user: null });
  });

  async function fillGuest(email: string) {
    await waitFor(() =>
      expect([...(screen.getByLabelText('Continent') as HTMLSelectElement).options].length).toBeGreaterThan(
        1,
      ),
    );
    fireEvent.change(screen.getByLabelText('Continent'), { target: { value: 'cis' } });
    fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'cis.kazakhstan' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'cis.kazakhstan.almaty' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '250' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.change(contactInput(), { target: { value: '@guest_tg' } });
    acknowledgeAml();
  }

  it('asks for an email, offers no individual request or saved card, and reads no limits of an account', async () => {
    const api = stubApi().answer(calculateRate, ({ body }) => ok(testQuote(body as CalculateBody)));
    renderPage();
    await fillGuest('not-an-address');
    expect(screen.queryByRole('radio', { name: /Individual/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeTruthy();
    expect(api.requests(createGuestApplication)).toEqual([]);
    expect(api.requests(myLimits)).toEqual([]);
  });

  it('sends the application with the email, keeps the session it answers, and goes straight to the order', async () => {
    const api = stubApi()
      .answer(calculateRate, ({ body }) => ok(testQuote(body as CalculateBody)))
      .answer(validateTelegram, ok({ isValid: true }))
      .answer(createGuestApplication, {
        ...ok({
          outcome: 'created' as const,
          application: testApplication({ id: 'g-app' }),
          session: guestSession,
        }),
        status: 201,
      });
    renderPage();
    await fillGuest('guest@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByText('Order g-app')).toBeTruthy();
    expect(api.requests(createGuestApplication)[0]!.body).toMatchObject({
      email: 'guest@example.com',
      language: 'en',
      application: { requestType: 'STANDARD', city: 'cis.kazakhstan.almaty', amount: 250 },
    });
    expect(useAuthStore.getState()).toMatchObject({ isAuthenticated: true, user: { id: 'g1' } });
  });

  it("says the address's owner was mailed, and shows nothing else, when the address has an account", async () => {
    stubApi()
      .answer(calculateRate, ({ body }) => ok(testQuote(body as CalculateBody)))
      .answer(validateTelegram, ok({ isValid: true }))
      .answer(createGuestApplication, { ...ok({ outcome: 'confirmByMail' as const }), status: 202 });
    renderPage();
    await fillGuest('owner@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(
      await screen.findByText(/An account already uses owner@example.com\. We mailed its owner a link/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull();
    expect(useAuthStore.getState().isAuthenticated).toBe(false);
  });

  it("shows the server's refusal of the application's fields under them", async () => {
    stubApi()
      .answer(calculateRate, ({ body }) => ok(testQuote(body as CalculateBody)))
      .answer(validateTelegram, ok({ isValid: true }))
      .answer(
        createGuestApplication,
        refused(400, 'Validation failed.', {
          code: 'ApplicationRulesBroken',
          errors: [
            {
              path: 'application.amount',
              param: 'application.amount',
              msg: 'The minimum amount is 300 KZT.',
              code: 'minAmount',
            },
          ],
        }),
      );
    renderPage();
    await fillGuest('guest@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findAllByText('The minimum amount is 300 KZT.')).not.toHaveLength(0);
    expect(screen.getByLabelText('Amount').getAttribute('aria-invalid')).toBe('true');
  });
});
