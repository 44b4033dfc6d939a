import type { ApplicationDetail } from '@shared/contract/applications';
import {
  cancelMyApplication,
  getMyApplication,
  markPaid,
  setPayoutDetails,
} from '@shared/routes/applications';
import { acceptRequote } from '@shared/routes/deal-money';
import { getGeo } from '@shared/routes/geo';
import { createMyAttachment, listMyMessages, postMyMessage } from '@shared/routes/messages';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { paths } from '@web/config/paths';
import { i18n } from '@web/lib/i18n';
import { initialAuthState, useAuthStore } from '@web/stores/auth-store';
import { fakeApi, notModified, ok, refused, withEtag } from '@web/testing/fake-api';
import {
  testApplication,
  testApplicationDetail,
  testCity,
  testContinent,
  testCountry,
  testDealMoney,
  testOwnUser,
} from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import axe from 'axe-core';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDeadline } from '../lib/format';
import { ORDER_REFRESH_MS } from '../lib/use-order';
import { OrderPage } from './order-page';

const ID = 'abcdef1234567890';
/** A valid TRON address (base58check) and card number (Luhn). */
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
const TX_HASH = 'a'.repeat(64);
const WORKDAY = { open: '10:00', close: '20:00' };
const WORKWEEK = { mon: WORKDAY, tue: WORKDAY, wed: WORKDAY, thu: WORKDAY, fri: WORKDAY };

const at = (minutes: number) => new Date(Date.UTC(2026, 2, 1, 10, minutes)).toISOString();

/** An application waiting for the client's payment in USDT, the payout details given. */
function waitingPayment(changes: Partial<ApplicationDetail> = {}): ApplicationDetail {
  return testApplicationDetail({
    status: 'WAITING_PAYMENT',
    assetFrom: 'usdt-trc20',
    currencyFrom: 'USDT',
    assetTo: 'card-EUR',
    currencyTo: 'EUR',
    payoutKind: 'card',
    payoutDetails: { kind: 'card', card: '•••• 1111' },
    timeline: [
      { status: 'PENDING', at: at(0), actor: 'client' },
      { status: 'PROCESSING', at: at(5), actor: 'staff' },
      { status: 'WAITING_PAYMENT', at: at(10), actor: 'staff' },
    ],
    instructions: {
      text: 'Send the amount to the address below.',
      issuedAt: at(10),
      deadline: at(40),
      crypto: { address: ADDRESS, amount: '1500.0037' },
      payTo: null,
      collectAt: null,
    },
    allowedActions: ['cancel', 'setPayoutDetails', 'markPaid', 'message'],
    ...changes,
  });
}

/** The fake API with the calls every order page makes besides its own: place names, the thread. */
/** A card-RUB → USDT deal waiting for payment, told a card's number, bank and recipient. */
const cardPayment = (changes: Partial<ApplicationDetail> = {}) =>
  waitingPayment({
    assetFrom: 'card-RUB',
    currencyFrom: 'RUB',
    amountFrom: 46_250,
    assetTo: 'usdt-trc20',
    currencyTo: 'USDT',
    payoutKind: 'address',
    payoutDetails: { kind: 'address', address: ADDRESS },
    instructions: {
      text: 'Comment for the transfer: exchange.',
      issuedAt: at(10),
      deadline: at(40),
      crypto: null,
      payTo: { kind: 'card', number: '2202200000000008', bank: 'Sber', holder: 'I. Petrov' },
      collectAt: null,
    },
    ...changes,
  });

/** The section a heading names, once it shows. */
async function sectionHeaded(name: string) {
  return within((await screen.findByRole('heading', { name })).closest('section')!);
}

function orderApi() {
  return fakeApi()
    .answer(getGeo, ok([]))
    .answer(listMyMessages, ok({ items: [], nextCursor: null }));
}

function LoginProbe() {
  const location = useLocation();
  return <p>login page {location.search}</p>;
}

function renderOrder(id = ID) {
  return render(
    <MemoryRouter initialEntries={[paths.order.replace(':id', id)]}>
      <Routes>
        <Route path={paths.order} element={<OrderPage />} />
        <Route path={paths.login} element={<LoginProbe />} />
      </Routes>
    </MemoryRouter>,
  );
}

/** The steps list's items as "label: state" (the state is the visually hidden part). */
function stepsShown(): string[] {
  const list = screen.getByRole('heading', { name: 'Progress' }).parentElement!.querySelector('ol')!;
  return within(list)
    .getAllByRole('listitem')
    .map((item) => {
      const label = item.querySelector('.order-steps__label')!.textContent;
      const state = item.querySelector('.visually-hidden')!.textContent!.replace(/^, /, '');
      return `${label}: ${state}${item.getAttribute('aria-current') ? ' (current)' : ''}`;
    });
}

/** Sets what document.visibilityState says and tells the page, as a browser hiding the tab does. */
function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

beforeAll(async () => {
  await setupTestI18n('en');
});

beforeEach(() => {
  useAuthStore.setState({
    ...initialAuthState,
    initializing: false,
    isAuthenticated: true,
    user: testOwnUser(),
  });
});

afterEach(() => {
  vi.useRealTimers();
  Reflect.deleteProperty(document, 'visibilityState');
  useAuthStore.setState(initialAuthState);
});

describe('the order page', () => {
  it('shows the normal path as steps with when and by whom each was reached', async () => {
    orderApi().answer(getMyApplication, ok(waitingPayment()));

    renderOrder();

    expect(await screen.findByRole('heading', { level: 1, name: 'Application abcdef12' })).toBeTruthy();
    expect(stepsShown()).toEqual([
      'Submitted: done',
      'Taken by staff: done',
      'Waiting for your payment: current step (current)',
      'You have paid: not yet',
      'Payment received: not yet',
      'Paying out: not yet',
      'Completed: not yet',
    ]);
    const taken = screen.getByText('Taken by staff').closest('li')!;
    expect(taken.querySelector('.order-steps__when')?.textContent).toMatch(
      /^1 Mar 2026, \d\d:\d\d, by staff$/,
    );
    expect(taken.querySelector('time')?.getAttribute('dateTime')).toBe(at(5));
  });

  it('marks a step the deal passed without stopping as skipped', async () => {
    const detail = waitingPayment({
      status: 'CONFIRMED',
      allowedActions: ['message'],
      timeline: [
        { status: 'PENDING', at: at(0), actor: 'client' },
        { status: 'PROCESSING', at: at(5), actor: 'staff' },
        { status: 'WAITING_PAYMENT', at: at(10), actor: 'staff' },
        { status: 'CONFIRMED', at: at(20), actor: 'staff' },
      ],
    });
    orderApi().answer(getMyApplication, ok(detail));

    renderOrder();

    await screen.findByRole('heading', { level: 1 });
    expect(stepsShown()).toEqual([
      'Submitted: done',
      'Taken by staff: done',
      'Waiting for your payment: done',
      'You have paid: skipped',
      'Payment received: current step (current)',
      'Paying out: not yet',
      'Completed: not yet',
    ]);
  });

  it('shows a held payment as a step of its own, and when to expect an answer', async () => {
    const detail = waitingPayment({
      status: 'ON_HOLD',
      allowedActions: ['message'],
      hold: { at: at(20), expectedBy: '2026-11-21T10:00:00.000Z' },
      timeline: [
        { status: 'PENDING', at: at(0), actor: 'client' },
        { status: 'PROCESSING', at: at(5), actor: 'staff' },
        { status: 'WAITING_PAYMENT', at: at(10), actor: 'staff' },
        { status: 'ON_HOLD', at: at(20), actor: 'system' },
      ],
    });
    orderApi().answer(getMyApplication, ok(detail));

    renderOrder();

    await screen.findByRole('heading', { level: 1 });
    expect(stepsShown()).toEqual([
      'Submitted: done',
      'Taken by staff: done',
      'Waiting for your payment: done',
      'You have paid: skipped',
      'Payment being checked: current step (current)',
      'Payment received: not yet',
      'Paying out: not yet',
      'Completed: not yet',
    ]);
    expect(screen.getByText(/Your payment has arrived and is being checked/).textContent).toContain(
      'Expect an answer by',
    );
  });

  it('ends the steps where an off-path end stopped the deal, with the reason', async () => {
    const detail = testApplicationDetail({
      status: 'REJECTED',
      rejectionReason: 'Documents missing',
      allowedActions: ['message'],
      timeline: [
        { status: 'PENDING', at: at(0), actor: 'client' },
        { status: 'PROCESSING', at: at(5), actor: 'staff' },
        { status: 'REJECTED', at: at(9), actor: 'staff' },
      ],
    });
    orderApi().answer(getMyApplication, ok(detail));

    renderOrder();

    await screen.findByRole('heading', { level: 1 });
    expect(stepsShown()).toEqual([
      'Submitted: done',
      'Taken by staff: done',
      'Rejected: the application ended here (current)',
    ]);
    expect(screen.getByText('Reason: Documents missing')).toBeTruthy();
  });

  it('offers each action only when allowedActions lists it', async () => {
    orderApi().answer(getMyApplication, ok(waitingPayment({ allowedActions: ['message'] })));

    renderOrder();

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save payout details' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
    expect(screen.getByText('The time to pay has run out.', { selector: '.alert' })).toBeTruthy();
  });

  it('has no accessibility violations axe finds, with every part shown', async () => {
    orderApi().answer(getMyApplication, ok(waitingPayment({ unreadMessages: 1 })));
    const { container } = renderOrder();
    await screen.findByRole('img', { name: `QR code of the address ${ADDRESS}` });
    await screen.findByRole('button', { name: 'Send' });

    // Colours are checked in the browser (jsdom computes no styles).
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });

    expect(results.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
  });

  it('offers cancel, the payout form and "I have paid" when they are allowed', async () => {
    orderApi().answer(getMyApplication, ok(waitingPayment()));

    renderOrder();

    expect(await screen.findByRole('button', { name: 'Cancel application' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save payout details' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
    expect(screen.getByText('•••• 1111')).toBeTruthy();
  });

  it("mounts the thread on the client's side while messages are allowed, and leaves it out otherwise", async () => {
    const api = orderApi().answer(
      getMyApplication,
      ok(testApplicationDetail({ unreadMessages: 2 })),
      ok(testApplicationDetail({ id: 'closed000thread', allowedActions: [], unreadMessages: 0 })),
    );

    const { unmount } = renderOrder();

    expect(await screen.findByRole('heading', { name: 'Messages' })).toBeTruthy();
    expect(screen.getByText('Unread messages: 2')).toBeTruthy();
    await waitFor(() =>
      expect(api.requests(listMyMessages).map((request) => request.params)).toEqual([{ id: ID }]),
    );

    unmount();
    renderOrder('closed000thread');
    await screen.findByRole('heading', { level: 1, name: 'Application closed00' });
    expect(screen.queryByRole('heading', { name: 'Messages' })).toBeNull();
  });

  it('states the rate and the amounts as the calculator and the mails write them', async () => {
    const detail = testApplicationDetail({
      assetFrom: 'card-RUB',
      currencyFrom: 'RUB',
      amountFrom: 50_000,
      assetTo: 'usdt-trc20',
      currencyTo: 'USDT',
      amountTo: 515.788699,
      rate: {
        rate: 0.01068634,
        markupPercent: 1,
        usdValueFrom: 0.0108,
        usdValueTo: 1,
        quotedAt: '2026-11-20T10:00:00.000Z',
      },
    });
    orderApi().answer(getMyApplication, ok(detail));

    renderOrder();

    await screen.findByRole('heading', { level: 1 });
    expect(document.querySelector('.order-summary__rate')?.textContent).toBe('1 USDT = 93.58 RUB');
    expect(screen.getByText('515.78 USDT (TRC-20)')).toBeTruthy();
    expect(screen.getByText('50,000 Card RUB')).toBeTruthy();
  });

  it('asks for nothing to receive cash', async () => {
    const detail = testApplicationDetail({
      assetTo: 'cash-EUR',
      currencyTo: 'EUR',
      payoutKind: 'none',
      allowedActions: ['cancel', 'message'],
    });
    orderApi().answer(getMyApplication, ok(detail));

    renderOrder();

    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Where you receive' })).toBeNull();
    expect(screen.getByText('In cash at the office')).toBeTruthy();
  });

  it('shows the instructions with copy buttons, a QR code of the address and the time left', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date(at(20)));
    orderApi().answer(getMyApplication, ok(waitingPayment()));

    renderOrder();

    expect(await screen.findByRole('heading', { name: 'Payment instructions' })).toBeTruthy();
    expect(screen.getByText('Send the amount to the address below.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy amount' })).toBeTruthy();
    expect(await screen.findByRole('img', { name: `QR code of the address ${ADDRESS}` })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toBe('20:00 left to pay');
    const live = document.querySelector('[aria-live="polite"]')!;
    expect(live.textContent).toBe('Minutes left to pay: about 20.');

    await act(() => vi.advanceTimersByTimeAsync(3_000));

    expect(screen.getByRole('timer').textContent).toBe('19:57 left to pay');
    // The live region speaks at coarse steps, not every second.
    expect(live.textContent).toBe('Minutes left to pay: about 20.');
  });

  it('shows and copies the payable amount exactly as issued, every decimal', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    orderApi().answer(
      getMyApplication,
      ok(
        waitingPayment({
          instructions: {
            ...waitingPayment().instructions!,
            crypto: { address: ADDRESS, amount: '1234.5000' },
          },
        }),
      ),
    );

    renderOrder();
    fireEvent.click(await screen.findByRole('button', { name: 'Copy amount' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy address' }));

    expect(screen.getByText('1234.5000 USDT')).toBeTruthy();
    await waitFor(() => expect(writeText.mock.calls).toEqual([['1234.5000'], [ADDRESS]]));
  });

  it('links the payout of a completed USDT deal to the block explorer', async () => {
    const hash = 'a'.repeat(64);
    orderApi().answer(
      getMyApplication,
      ok(
        testApplicationDetail({
          status: 'COMPLETED',
          allowedActions: ['message'],
          payout: { at: '2026-03-01T12:00:00.000Z', txHash: hash },
        }),
      ),
    );
    renderOrder();

    const link = (await screen.findByText(hash)).closest('a')!;
    expect(link.getAttribute('href')).toBe(`https://tronscan.org/#/transaction/${hash}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toContain('opens Tronscan');
  });

  describe('the payout details form', () => {
    it.each([
      ['not written as a TRON address', '0xdAC17F958D2ee523a2206206994597C13D831ec7', 'tronAddress'],
      ['with a typo its checksum catches', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'tronAddressChecksum'],
    ])('refuses an address %s before sending, and says which', async (_case, address, rule) => {
      const api = orderApi()
        .answer(getMyApplication, ok(testApplicationDetail()))
        .answer(setPayoutDetails, ok(testApplicationDetail()));
      renderOrder();

      fireEvent.change(await screen.findByLabelText('Your TRC-20 address'), {
        target: { value: address },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

      expect(await screen.findByText(i18n.t(`errors:fields.${rule}`))).toBeTruthy();
      expect(screen.getByLabelText('Your TRC-20 address').getAttribute('aria-invalid')).toBe('true');
      expect(api.requests(setPayoutDetails)).toEqual([]);
    });

    it('refuses a card number that fails the Luhn check before sending', async () => {
      const detail = testApplicationDetail({ assetTo: 'card-EUR', currencyTo: 'EUR', payoutKind: 'card' });
      const api = orderApi().answer(getMyApplication, ok(detail)).answer(setPayoutDetails, ok(detail));
      renderOrder();

      fireEvent.change(await screen.findByLabelText('Your card number'), {
        target: { value: '4111 1111 1111 1112' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

      expect(await screen.findByText('Enter a valid card number.')).toBeTruthy();
      expect(api.requests(setPayoutDetails)).toEqual([]);
    });

    it('sends a valid card as its digits and shows what the server answered', async () => {
      const detail = testApplicationDetail({ assetTo: 'card-EUR', currencyTo: 'EUR', payoutKind: 'card' });
      const api = orderApi()
        .answer(getMyApplication, ok(detail))
        .answer(
          setPayoutDetails,
          ok(testApplicationDetail({ ...detail, payoutDetails: { kind: 'card', card: '•••• 1111' } })),
        );
      renderOrder();

      fireEvent.change(await screen.findByLabelText('Your card number'), {
        target: { value: '4111 1111 1111 1111' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

      expect(await screen.findByText('•••• 1111')).toBeTruthy();
      expect(api.requests(setPayoutDetails).map((request) => [request.params, request.body])).toEqual([
        [{ id: ID }, { card: '4111111111111111' }],
      ]);
      expect(screen.getByLabelText('New card number')).toBeTruthy();
    });

    /** A USDT → card-RUB deal whose direction also pays by SBP to two banks. */
    const sbpDeal = (changes: Partial<ApplicationDetail> = {}) =>
      testApplicationDetail({
        assetFrom: 'usdt-trc20',
        assetTo: 'card-RUB',
        currencyTo: 'RUB',
        payoutKind: 'card',
        sbpBanks: ['sberbank', 'tbank'],
        ...changes,
      });

    it('offers no choice of SBP where the direction pays to none', async () => {
      orderApi().answer(getMyApplication, ok(sbpDeal({ sbpBanks: [] })));
      renderOrder();

      expect(await screen.findByLabelText('Your card number')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'SBP (phone)' })).toBeNull();
    });

    it("sends an SBP phone as +7 and 10 digits with one of the direction's banks", async () => {
      const api = orderApi()
        .answer(getMyApplication, ok(sbpDeal()))
        .answer(
          setPayoutDetails,
          ok(sbpDeal({ payoutDetails: { kind: 'sbp', phone: '+7 ••• •••-45-67', bank: 'tbank' } })),
        );
      renderOrder();

      fireEvent.click(await screen.findByRole('button', { name: 'SBP (phone)' }));
      const bank = screen.getByLabelText('Your bank');
      expect([...bank.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
        'Choose a bank',
        'Sberbank',
        'T-Bank (Tinkoff)',
      ]);
      fireEvent.change(screen.getByLabelText('Your phone number'), {
        target: { value: '8 (999) 123-45-67' },
      });
      fireEvent.change(bank, { target: { value: 'tbank' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

      expect(await screen.findByText('T-Bank (Tinkoff), +7 ••• •••-45-67')).toBeTruthy();
      expect(api.requests(setPayoutDetails).map((request) => request.body)).toEqual([
        { phone: '+79991234567', bank: 'tbank' },
      ]);
    });

    it('refuses a phone that is not Russian, and no bank chosen, before sending', async () => {
      const api = orderApi().answer(getMyApplication, ok(sbpDeal())).answer(setPayoutDetails, ok(sbpDeal()));
      renderOrder();

      fireEvent.click(await screen.findByRole('button', { name: 'SBP (phone)' }));
      fireEvent.change(screen.getByLabelText('Your phone number'), { target: { value: '+44 20 7946 0958' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

      expect(await screen.findByText(i18n.t('errors:fields.sbpPhone'))).toBeTruthy();
      expect(screen.getByText(i18n.t('errors:fields.sbpBank'))).toBeTruthy();
      expect(screen.getByLabelText('Your phone number').getAttribute('aria-invalid')).toBe('true');
      expect(api.requests(setPayoutDetails)).toEqual([]);
    });

    it("shows the server's refusal of a bank on the bank's field", async () => {
      orderApi()
        .answer(getMyApplication, ok(sbpDeal()))
        .answer(
          setPayoutDetails,
          refused(400, 'ValidationError', {
            errors: [{ path: 'bank', param: 'bank', code: 'sbpBankNotOffered', msg: 'not offered' }],
          }),
        );
      renderOrder();

      fireEvent.click(await screen.findByRole('button', { name: 'SBP (phone)' }));
      fireEvent.change(screen.getByLabelText('Your phone number'), { target: { value: '+7 999 123 45 67' } });
      fireEvent.change(screen.getByLabelText('Your bank'), { target: { value: 'sberbank' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

      expect(await screen.findByText(i18n.t('errors:fields.sbpBankNotOffered'))).toBeTruthy();
      expect(screen.getByLabelText('Your bank').getAttribute('aria-invalid')).toBe('true');
    });

    it('sends a valid address', async () => {
      const api = orderApi()
        .answer(getMyApplication, ok(testApplicationDetail()))
        .answer(
          setPayoutDetails,
          ok(testApplicationDetail({ payoutDetails: { kind: 'address', address: ADDRESS } })),
        );
      renderOrder();

      fireEvent.change(await screen.findByLabelText('Your TRC-20 address'), {
        target: { value: ` ${ADDRESS} ` },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Save payout details' }));

      await waitFor(() =>
        expect(api.requests(setPayoutDetails).map((request) => request.body)).toEqual([{ address: ADDRESS }]),
      );
    });
  });

  describe('what to do now', () => {
    it('says first how much to transfer to which card, each with a copy button, and by when', async () => {
      const copied: string[] = [];
      vi.stubGlobal('navigator', {
        ...navigator,
        clipboard: { writeText: async (text: string) => void copied.push(text) },
      });
      orderApi().answer(getMyApplication, ok(cardPayment()));
      renderOrder();

      const block = await sectionHeaded('Transfer 46,250 RUB to the card or account');
      expect(block.getByText('2202 2000 0000 0008')).toBeTruthy();
      expect(block.getByText('Sber')).toBeTruthy();
      expect(block.getByText('I. Petrov')).toBeTruthy();
      expect(block.getByText(formatDeadline(at(40), 'en'))).toBeTruthy();
      expect(block.getByText('Comment for the transfer: exchange.')).toBeTruthy();
      // It comes before everything else the card says.
      const now = screen.getByRole('heading', { name: 'What to do now' }).closest('section')!;
      expect(now.querySelector('.order-instructions')).toBe(now.querySelector('.stack > *'));

      fireEvent.click(block.getByRole('button', { name: 'Copy amount' }));
      fireEvent.click(block.getByRole('button', { name: 'Copy number' }));
      await waitFor(() => expect(copied).toEqual(['46250', '2202200000000008']));
    });

    it("names the office to bring cash to, with its address and its city's hours, in cash words", async () => {
      const office = {
        label: 'Office on Tverskaya',
        address: 'Tverskaya 1, floor 2',
        city: 'europe.russia.moscow',
      };
      // The geo tree first: its first answer is the one every read gets.
      fakeApi()
        .answer(listMyMessages, ok({ items: [], nextCursor: null }))
        .answer(
          getGeo,
          ok([
            testContinent('europe', 'Europe', [
              testCountry('europe.russia', 'Russia', 'RUB', [
                testCity('europe.russia.moscow', 'Moscow', {
                  hours: {
                    timeZone: 'Europe/Moscow',
                    week: { ...WORKWEEK, sat: null, sun: null },
                    openNow: true,
                    opensAt: null,
                    closesAt: at(50),
                  },
                }),
              ]),
            ]),
          ]),
        )
        .answer(
          getMyApplication,
          ok(
            cardPayment({
              assetFrom: 'cash-RUB',
              instructions: { ...cardPayment().instructions!, payTo: { kind: 'office', ...office } },
            }),
          ),
        );
      renderOrder();

      const block = await sectionHeaded('Bring 46,250 RUB in cash to the office');
      expect(block.getByText('Office on Tverskaya')).toBeTruthy();
      expect(block.getByText('Tverskaya 1, floor 2')).toBeTruthy();
      expect(await block.findByText(/Mon–Fri 10:00–20:00; Sat–Sun closed \(Moscow, UTC\+3\)/)).toBeTruthy();
      expect(screen.getByText(i18n.t('profile:order.now.WAITING_PAYMENT_CASH'))).toBeTruthy();
      expect(screen.getByText(i18n.t('profile:order.paid.leadCash'))).toBeTruthy();
    });

    it('tells a client paid out in cash where to collect it until it is handed over', async () => {
      const collectAt = {
        label: 'Office on Tverskaya',
        address: 'Tverskaya 1',
        city: 'europe.russia.moscow',
      };
      const usdtToCash = (status: ApplicationDetail['status']) =>
        waitingPayment({
          status,
          assetTo: 'cash-RUB',
          currencyTo: 'RUB',
          payoutKind: 'none',
          payoutDetails: null,
          instructions: { ...waitingPayment().instructions!, collectAt },
        });
      orderApi().answer(getMyApplication, ok(usdtToCash('EXCHANGING')), ok(usdtToCash('COMPLETED')));

      const { unmount } = renderOrder();
      const block = await sectionHeaded('Where to collect your cash');
      expect(block.getByText('Tverskaya 1')).toBeTruthy();
      unmount();

      renderOrder();
      await screen.findByRole('heading', { level: 1 });
      expect(screen.queryByRole('heading', { name: 'Where to collect your cash' })).toBeNull();
    });
  });

  describe('"I have paid"', () => {
    /** Opens the confirmation: nothing is sent by the button alone. */
    async function openConfirmation() {
      fireEvent.click(await screen.findByRole('button', { name: 'I have paid' }));
      return within(await screen.findByRole('dialog', { name: 'Confirm your payment' }));
    }

    it('asks to confirm first, and sends nothing when the client has not paid yet', async () => {
      const api = orderApi().answer(getMyApplication, ok(waitingPayment()));
      renderOrder();

      const dialog = await openConfirmation();
      expect(api.requests(markPaid)).toEqual([]);
      fireEvent.click(dialog.getByRole('button', { name: 'Not paid yet' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.requests(markPaid)).toEqual([]);
      expect(screen.getByRole('button', { name: 'I have paid' })).toBeTruthy();
    });

    it('sends the transaction hash once confirmed and shows the application as paid', async () => {
      const paid = waitingPayment({
        status: 'PAID',
        allowedActions: ['message'],
        clientPaid: { at: at(25), txHash: TX_HASH, receiptId: null },
      });
      const api = orderApi().answer(getMyApplication, ok(waitingPayment())).answer(markPaid, ok(paid));
      renderOrder();

      const dialog = await openConfirmation();
      fireEvent.change(dialog.getByLabelText('Transaction hash (optional)'), { target: { value: TX_HASH } });
      fireEvent.click(dialog.getByRole('button', { name: 'Yes, I have paid' }));

      await waitFor(() =>
        expect(api.requests(markPaid).map((request) => request.body)).toEqual([{ txHash: TX_HASH }]),
      );
      expect(await screen.findByText(TX_HASH)).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'I have paid' })).toBeNull();
    });

    it('refuses a malformed hash before sending, and sends nothing but the press without one', async () => {
      const api = orderApi()
        .answer(getMyApplication, ok(waitingPayment()))
        .answer(markPaid, ok(waitingPayment({ status: 'PAID', allowedActions: ['message'] })));
      renderOrder();

      const dialog = await openConfirmation();
      fireEvent.change(dialog.getByLabelText('Transaction hash (optional)'), { target: { value: 'abc' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Yes, I have paid' }));
      expect(await dialog.findByText(i18n.t('errors:fields.txHash'))).toBeTruthy();
      expect(api.requests(markPaid)).toEqual([]);

      fireEvent.change(dialog.getByLabelText('Transaction hash (optional)'), { target: { value: '' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Yes, I have paid' }));
      await waitFor(() => expect(api.requests(markPaid).map((request) => request.body)).toEqual([{}]));
    });

    it("sends the receipt in the application's thread and names it as the payment's proof", async () => {
      const card = cardPayment();
      const upload = { url: 'http://uploads.test/bucket', fields: { key: 'attachments/x/r1', Policy: 'p' } };
      const api = orderApi()
        .answer(getMyApplication, ok(card))
        .answer(createMyAttachment, ok({ id: 'receipt-1', upload, expiresAt: at(70) }))
        .answer(
          postMyMessage,
          ok({
            id: 'm1',
            from: 'client' as const,
            mine: true,
            text: 'Payment receipt',
            attachments: [],
            createdAt: at(20),
          }),
        )
        .answer(markPaid, ok(waitingPayment({ ...card, status: 'PAID', allowedActions: ['message'] })));
      const uploads: string[] = [];
      vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
        if (String(input).startsWith(upload.url)) {
          uploads.push(((init!.body as FormData).get('file') as File).name);
          return new Response(null, { status: 204 });
        }
        return api.fetch(input, init);
      });
      renderOrder();

      const dialog = await openConfirmation();
      // No hash to give for a card transfer.
      expect(dialog.queryByLabelText('Transaction hash (optional)')).toBeNull();
      const receipt = new File([new Uint8Array(200)], 'receipt.pdf', { type: 'application/pdf' });
      fireEvent.change(dialog.getByLabelText('Payment receipt (optional)'), { target: { files: [receipt] } });
      fireEvent.click(dialog.getByRole('button', { name: 'Yes, I have paid' }));

      await waitFor(() =>
        expect(api.requests(markPaid).map((request) => request.body)).toEqual([{ receiptId: 'receipt-1' }]),
      );
      expect(api.requests(createMyAttachment).map((request) => request.body)).toEqual([
        { fileName: 'receipt.pdf', contentType: 'application/pdf', size: 200 },
      ]);
      expect(uploads).toEqual(['receipt.pdf']);
      expect(api.requests(postMyMessage).map((request) => request.body)).toEqual([
        { text: 'Payment receipt', attachmentIds: ['receipt-1'] },
      ]);
    });

    it('refuses a file that is not a picture or a PDF before sending anything', async () => {
      const api = orderApi().answer(getMyApplication, ok(waitingPayment()));
      renderOrder();

      const dialog = await openConfirmation();
      const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
      fireEvent.change(dialog.getByLabelText('Payment receipt (optional)'), { target: { files: [text] } });
      fireEvent.click(dialog.getByRole('button', { name: 'Yes, I have paid' }));

      expect(
        await dialog.findByText(i18n.t('errors:thread.problems.type', { name: 'notes.txt' })),
      ).toBeTruthy();
      expect(api.requests(createMyAttachment)).toEqual([]);
      expect(api.requests(markPaid)).toEqual([]);
    });

    it('words a refusal by its code', async () => {
      orderApi()
        .answer(getMyApplication, ok(waitingPayment()))
        .answer(
          markPaid,
          refused(409, 'Server English.', {
            code: 'TransitionNotAllowed',
            params: { from: 'EXPIRED', to: 'PAID' },
          }),
        );
      renderOrder();

      const dialog = await openConfirmation();
      fireEvent.click(dialog.getByRole('button', { name: 'Yes, I have paid' }));

      expect(
        await dialog.findByText(i18n.t('errors:codes.TransitionNotAllowed', { from: 'EXPIRED', to: 'PAID' })),
      ).toBeTruthy();
      expect(screen.queryByText('Server English.')).toBeNull();
    });
  });

  it('cancels only after the confirmation, then shows the application as it is now', async () => {
    const api = orderApi()
      .answer(
        getMyApplication,
        ok(testApplicationDetail()),
        ok(testApplicationDetail({ status: 'CANCELLED', allowedActions: ['message'] })),
      )
      .answer(cancelMyApplication, ok(testApplication({ status: 'CANCELLED' })));
    renderOrder();

    fireEvent.click(await screen.findByRole('button', { name: 'Cancel application' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel application abcdef12?' });
    expect(api.requests(cancelMyApplication)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, cancel it' }));

    expect(await screen.findByText('This application was cancelled.')).toBeTruthy();
    expect(api.requests(cancelMyApplication).map((request) => request.params)).toEqual([{ id: ID }]);
    expect(screen.queryByRole('button', { name: 'Cancel application' })).toBeNull();
  });

  it("shows an application that is not the caller's as not found", async () => {
    orderApi().answer(
      getMyApplication,
      refused(404, 'Application not found.', { code: 'ApplicationNotFound' }),
    );

    renderOrder('someone-elses-id');

    expect(await screen.findByRole('heading', { level: 1, name: 'Application not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My applications' }).getAttribute('href')).toBe(paths.profile);
  });

  it('sends a visitor to the login, to come back after', async () => {
    useAuthStore.setState({ ...initialAuthState, initializing: false });
    fakeApi();

    renderOrder();

    expect(
      await screen.findByText(`login page ?redirectTo=${encodeURIComponent(`/applications/${ID}`)}`),
    ).toBeTruthy();
  });

  describe('refreshing', () => {
    it('asks again every 15 s with the ETag it holds and keeps what it shows on a 304', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      const id = 'etag0000order01';
      const api = orderApi().answer(getMyApplication, (request) =>
        request.headers['If-None-Match'] === '"e1"'
          ? notModified('"e1"')
          : withEtag(
              ok(
                waitingPayment({
                  id,
                  status: 'PROCESSING',
                  instructions: null,
                  allowedActions: ['cancel'],
                }),
              ),
              '"e1"',
            ),
      );
      renderOrder(id);
      expect(
        await screen.findByText('Staff are preparing your payment instructions; they will appear here.'),
      ).toBeTruthy();

      await act(() => vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS));
      await act(() => vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS));

      expect(api.requests(getMyApplication).map((request) => request.headers['If-None-Match'])).toEqual([
        undefined,
        '"e1"',
        '"e1"',
      ]);
      expect(screen.getByRole('heading', { level: 1, name: 'Application etag0000' })).toBeTruthy();
      expect(
        screen.getByText('Staff are preparing your payment instructions; they will appear here.'),
      ).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Cancel application' })).toBeTruthy();
    });

    it('shows what changed on the server at the next refresh', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      orderApi().answer(getMyApplication, ok(testApplicationDetail()), ok(waitingPayment()));
      renderOrder();
      await screen.findByText('Nothing for now: your application is waiting for staff to take it.');

      await act(() => vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS));

      expect(await screen.findByRole('heading', { name: 'Payment instructions' })).toBeTruthy();
    });

    it('stops while the page is hidden and catches up at once when it is seen again', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      // No thread (its own timer is its own): the page's timers alone.
      const api = orderApi().answer(
        getMyApplication,
        ok(testApplicationDetail({ allowedActions: ['cancel'] })),
      );
      renderOrder();
      await screen.findByRole('heading', { level: 1 });
      await act(() => vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS));
      expect(api.requests(getMyApplication)).toHaveLength(2);

      setVisibility('hidden');
      expect(vi.getTimerCount()).toBe(0);
      await act(() => vi.advanceTimersByTimeAsync(4 * ORDER_REFRESH_MS));
      expect(api.requests(getMyApplication)).toHaveLength(2);

      setVisibility('visible');
      await waitFor(() => expect(api.requests(getMyApplication)).toHaveLength(3));
      await act(() => vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS));
      expect(api.requests(getMyApplication)).toHaveLength(4);
    });

    it('keeps what it shows and says so when a refresh fails', async () => {
      vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
      orderApi().answer(
        getMyApplication,
        ok(testApplicationDetail()),
        refused(500, 'Internal server error.', { code: 'InternalError' }),
      );
      renderOrder();
      await screen.findByRole('heading', { level: 1 });

      await act(() => vi.advanceTimersByTimeAsync(ORDER_REFRESH_MS));

      expect(await screen.findByText(/Could not refresh the application/)).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1, name: 'Application abcdef12' })).toBeTruthy();
    });
  });
});

describe('what arrived against what was asked, on the order page', () => {
  /** A card-EUR → USDT deal of 400 EUR, as the owner reads it. */
  const card = (changes: Partial<ApplicationDetail>) =>
    waitingPayment({
      assetFrom: 'card-EUR',
      currencyFrom: 'EUR',
      assetTo: 'usdt-trc20',
      currencyTo: 'USDT',
      amountFrom: 400,
      amountTo: 430.5,
      instructions: {
        text: 'Pay by SEPA.',
        issuedAt: at(10),
        deadline: at(55),
        crypto: null,
        payTo: null,
        collectAt: null,
      },
      ...changes,
    });
  const received = (money: Partial<ApplicationDetail['money']>) =>
    testDealMoney({ asked: '400', owed: '430.5', payoutLeft: '430.5', ...money });

  it('says what is missing and the deadline to send it by, in the visitor’s time zone', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at(20)));
    orderApi().answer(
      getMyApplication,
      ok(card({ money: received({ received: '300', gap: 'short', difference: '100' }) })),
    );
    renderOrder();
    expect(
      await screen.findByText(
        `We received 300 EUR of 400 EUR: send 100 EUR more by ${formatDeadline(at(55), 'en')}.`,
      ),
    ).toBeTruthy();
  });

  it('says the office will be in touch about the rest once the deadline has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(at(56)));
    orderApi().answer(
      getMyApplication,
      ok(
        card({
          status: 'PAID',
          allowedActions: ['message'],
          money: received({ received: '300', gap: 'short', difference: '100' }),
        }),
      ),
    );
    renderOrder();
    expect(
      await screen.findByText(
        'We received 300 EUR of 400 EUR, 100 EUR short: the office will contact you about the rest.',
      ),
    ).toBeTruthy();
  });

  it('says more than asked arrived', async () => {
    orderApi().answer(
      getMyApplication,
      ok(
        card({
          status: 'PAID',
          allowedActions: ['message'],
          money: received({ received: '425', gap: 'over', difference: '25' }),
        }),
      ),
    );
    renderOrder();
    expect(
      await screen.findByText('We received 425 EUR, more than asked: the office will contact you.'),
    ).toBeTruthy();
  });

  it('offers the new quote of a late payment, accepts it and shows the confirmed deal', async () => {
    const until = at(90);
    const late = card({
      status: 'PAID',
      allowedActions: ['message', 'acceptRequote'],
      money: received({
        received: '400',
        gap: 'exact',
        late: true,
        requote: { amountFrom: 400, amountTo: 420.25, rate: 1.050625, until },
      }),
    });
    const confirmed = card({
      status: 'CONFIRMED',
      amountTo: 420.25,
      allowedActions: ['message'],
      money: received({ received: '400', gap: 'exact', late: true, owed: '420.25', payoutLeft: '420.25' }),
    });
    const api = orderApi()
      .answer(getMyApplication, ok(late), ok(confirmed))
      .answer(acceptRequote, ok(confirmed));
    renderOrder();

    const offer = await screen.findByRole('region', { name: 'A new quote for your late payment' });
    expect(within(offer).getByText('420.25 USDT (TRC-20)')).toBeTruthy();
    expect(within(offer).getByText('400 Card EUR')).toBeTruthy();
    expect(within(offer).getByText(formatDeadline(until, 'en'))).toBeTruthy();
    fireEvent.click(within(offer).getByRole('button', { name: 'Accept the new quote' }));

    expect(
      await screen.findByText('Your payment has arrived. The office is preparing your payout.'),
    ).toBeTruthy();
    expect(api.requests(acceptRequote).map((request) => request.params)).toEqual([{ id: ID }]);
    expect(screen.queryByRole('region', { name: 'A new quote for your late payment' })).toBeNull();
    expect(screen.queryByText(/after the time to pay ran out/)).toBeNull();
  });

  it('says a late payment waits for the office while no quote is offered', async () => {
    orderApi().answer(
      getMyApplication,
      ok(
        card({
          status: 'PAID',
          allowedActions: ['message'],
          money: received({ received: '400', gap: 'exact', late: true }),
        }),
      ),
    );
    renderOrder();
    expect(
      await screen.findByText(
        'Your payment arrived after the time to pay ran out: the office will contact you.',
      ),
    ).toBeTruthy();
  });
});

describe('an application that waits for its card’s verification', () => {
  it('asks the client to verify the card, with a link to it', async () => {
    orderApi().answer(
      getMyApplication,
      ok(
        testApplicationDetail({
          status: 'PROCESSING',
          payerCard: {
            id: 'c1',
            bank: 'Sber',
            last4: '4242',
            holder: 'IVAN PETROV',
            verified: false,
            verificationRequired: true,
          },
        }),
      ),
    );

    renderOrder();

    const link = await screen.findByRole('link', { name: 'Verify the card' });
    expect(link.getAttribute('href')).toBe(`${paths.verification}#card-c1`);
    expect(screen.getByText(/Verify your card •••• 4242 to continue/)).toBeTruthy();
  });
});
