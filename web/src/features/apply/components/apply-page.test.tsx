import type { ExchangeStatus } from '@shared/contract/hours';
import type { OwnUser } from '@shared/contract/users';
import type { GeoTree } from '@shared/geo';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { pendingApplyPrefill, saveApplyPrefill } from '@web/lib/apply-prefill';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { useToastStore } from '@web/stores/toast-store';
import { testCity, testContinent, testCountry } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplyPage } from './apply-page';

type Reply = { status: number; body: unknown } | Promise<{ status: number; body: unknown }>;
const requests: Array<{ url: string; body: unknown }> = [];

function stubApi(routes: Record<string, () => Reply>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      requests.push({ url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const route = routes[url.split('?')[0]!];
      if (!route) return new Response('{"success":false,"message":"not found"}', { status: 404 });
      const { status, body } = await route();
      return new Response(JSON.stringify(body), { status });
    }),
  );
}

const ok = (data: unknown, message = '') => ({ status: 200, body: { success: true, message, data } });

function renderPage() {
  return render(
    <MemoryRouter>
      <ApplyPage />
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
  requests.length = 0;
  useToastStore.getState().clear();
  useAuthStore.setState({
    ...initialAuthState,
    initializing: false,
    isAuthenticated: true,
    user: { id: 'u1', email: 'a@example.com', telegramId: 'anna_tg' } as OwnUser,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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

describe("the landing calculator's choice (issue 15 §7)", () => {
  beforeEach(() => localStorage.clear());

  it('opens the standard form with the carried city, pair and amount, and takes it once', async () => {
    stubApi({ '/api/geo': () => ok(GEO) });
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
    let answer: (reply: { status: number; body: unknown }) => void = () => {};
    stubApi({ '/api/geo': () => new Promise((resolve) => (answer = resolve)) });
    saveApplyPrefill({
      city: 'cis.kazakhstan.almaty',
      assetFrom: 'card-KZT',
      assetTo: 'usdt-trc20',
      amount: '250',
    });
    renderPage();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '999' } });
    await act(async () => answer(ok(GEO)));

    await waitFor(() =>
      expect((screen.getByLabelText('Continent') as HTMLSelectElement).disabled).toBe(false),
    );
    expect([value('City'), value('Amount')]).toEqual(['', '999']);
  });
});

describe('apply page', () => {
  it('prefills the contact from the telegramId with a leading @', async () => {
    stubApi({ '/api/geo': () => ok([]) });

    await openIndividual();

    expect(contactInput().value).toBe('@anna_tg');
  });

  it('checks the contact on blur and shows a tick when it is valid', async () => {
    stubApi({ '/api/misc/validate-telegram': () => ok({ isValid: true }) });
    const input = await openIndividual();

    fireEvent.blur(input);

    await waitFor(() => expect(input.getAttribute('data-check')).toBe('valid'));
    expect(requests.find((request) => request.url === '/api/misc/validate-telegram')?.body).toEqual({
      username: '@anna_tg',
    });
  });

  it('counts a failed check as valid', async () => {
    stubApi({
      '/api/misc/validate-telegram': () => ({ status: 500, body: { success: false, message: 'x' } }),
    });
    const input = await openIndividual();

    fireEvent.blur(input);

    await waitFor(() => expect(input.getAttribute('data-check')).toBe('valid'));
  });

  it('does not check a contact shorter than 3 characters', async () => {
    stubApi({});
    const input = await openIndividual();
    fireEvent.change(input, { target: { value: '@a' } });

    fireEvent.blur(input);

    expect(input.getAttribute('data-check')).toBe('idle');
    expect(requests.some((request) => request.url.includes('validate-telegram'))).toBe(false);
  });

  it('resets the check to idle when the contact is edited', async () => {
    stubApi({ '/api/misc/validate-telegram': () => ok({ isValid: false }) });
    const input = await openIndividual();
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('data-check')).toBe('invalid'));

    fireEvent.change(input, { target: { value: '@other_name' } });

    expect(input.getAttribute('data-check')).toBe('idle');
  });

  it('refuses to submit a contact the check rejected', async () => {
    stubApi({ '/api/misc/validate-telegram': () => ok({ isValid: false }) });
    const input = await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('data-check')).toBe('invalid'));

    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    expect(await screen.findByText('User with this contact not found')).toBeTruthy();
    expect(requests.some((request) => request.url === '/api/applications')).toBe(false);
  });

  it('blocks the submit with a wait message while the contact is being checked', async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    stubApi({
      '/api/misc/validate-telegram': () => new Promise((resolve) => (answer = resolve)),
    });
    const input = await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });
    fireEvent.blur(input);
    await waitFor(() => expect(input.getAttribute('data-check')).toBe('checking'));

    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
        'Please wait, the Telegram contact is being checked.',
      ),
    );
    expect(requests.some((request) => request.url === '/api/applications')).toBe(false);
    await act(async () => answer(ok({ isValid: true })));
  });

  it('sends an individual request and clears the details after success', async () => {
    stubApi({ '/api/applications': () => ok({ id: 'a1' }, 'Application created.') });
    await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Cash EUR to USDT in Paris' } });

    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() => expect((screen.getByLabelText('Details') as HTMLTextAreaElement).value).toBe(''));
    expect(requests.find((request) => request.url === '/api/applications')?.body).toEqual({
      requestType: 'INDIVIDUAL',
      details: 'Cash EUR to USDT in Paris',
      contactTelegram: '@anna_tg',
    });
    expect(useToastStore.getState().toasts[0]?.type).toBe('success');
  });

  it('shows a server error as an error toast', async () => {
    stubApi({
      '/api/applications': () => ({
        status: 409,
        body: { success: false, message: 'Too many open applications.' },
      }),
    });
    await openIndividual();
    fireEvent.change(screen.getByLabelText('Details'), { target: { value: 'Anything' } });

    fireEvent.click(screen.getByRole('button', { name: 'Submit request' }));

    await waitFor(() =>
      expect(useToastStore.getState().toasts).toMatchObject([
        { type: 'error', message: 'Too many open applications.' },
      ]),
    );
    expect((screen.getByLabelText('Details') as HTMLTextAreaElement).value).toBe('Anything');
  });

  it('clears the errors when the mode is switched', async () => {
    stubApi({ '/api/geo': () => ok([]) });
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
    const exchange = (changes: Partial<ExchangeStatus> = {}): ExchangeStatus => ({
      maintenance: { active: false, message: { ru: '', en: '' } },
      cardHours: { timeZone: 'UTC', week: AROUND_THE_CLOCK, openNow: true, opensAt: null, closesAt: null },
      ...changes,
    });
    const optionValues = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.value);

    async function chooseCity(city: string) {
      await waitFor(() => expect(optionValues('Continent')).toContain('europe'));
      fireEvent.change(screen.getByLabelText('Continent'), { target: { value: 'europe' } });
      fireEvent.change(screen.getByLabelText('Country'), { target: { value: 'europe.germany' } });
      fireEvent.change(screen.getByLabelText('City'), { target: { value: city } });
    }

    it("offers no cash in a closed city and says when it opens, in the city's time", async () => {
      stubApi({ '/api/geo': () => ok(tree), '/api/status': () => ok(exchange()) });
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
      stubApi({
        '/api/geo': () => ok(tree),
        '/api/status': () =>
          ok(
            exchange({
              cardHours: {
                timeZone: 'Europe/Moscow',
                week: AROUND_THE_CLOCK,
                openNow: false,
                opensAt: null,
                closesAt: null,
              },
            }),
          ),
      });
      renderPage();
      await waitFor(() => expect(requests.some((request) => request.url === '/api/status')).toBe(true));
      await chooseCity('europe.germany.berlin');

      expect(optionValues('You give')).toEqual(['usdt-trc20']);
      expect(screen.getByText('Card exchange is closed until further notice.')).toBeTruthy();
      expect((screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement).disabled).toBe(
        true,
      );
    });

    it("in maintenance shows staff's message and sends nothing, in either mode", async () => {
      stubApi({
        '/api/geo': () => ok(tree),
        '/api/status': () =>
          ok(
            exchange({
              maintenance: { active: true, message: { ru: 'Работы до 12:00', en: 'Works until noon' } },
            }),
          ),
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
      stubApi({
        '/api/geo': () => ok(tree),
        '/api/status': () => ok(exchange()),
        '/api/rates/calculate': () => ok(null),
      });
      renderPage();
      await chooseCity('europe.germany.munich');
      fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });

      await waitFor(() =>
        expect(requests.find((request) => request.url === '/api/rates/calculate')?.body).toMatchObject({
          amount: 500,
          city: 'europe.germany.munich',
        }),
      );
    });
  });
});
