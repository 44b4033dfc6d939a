import { shiftDay } from '@shared/business-time';
import type { PartnerOverview, PartnerPayoutView } from '@shared/contract/partners';
import { fieldError } from '@shared/field-rules';
import { tronExplorerUrl } from '@shared/payout-details';
import { myPartnerOverview, requestPartnerPayout, setPartnerCode } from '@shared/routes/partners';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PartnerPage } from './partner-page';

const ADDRESS = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const HASH = 'ab'.repeat(32);
const FIRST_DAY = '2026-11-01';

/** 30 days from FIRST_DAY, quiet but for the day before last and the last (today). */
function days(): PartnerOverview['days'] {
  return Array.from({ length: 30 }, (_, index) => {
    const day = shiftDay(FIRST_DAY, index);
    if (index === 28) return { day, clicks: 5, registrations: 2, deals: 1, earned: '1.25' };
    if (index === 29) return { day, clicks: 3, registrations: 1, deals: 2, earned: '0.0037' };
    return { day, clicks: 0, registrations: 0, deals: 0, earned: '0' };
  });
}

const payout = (overrides: Partial<PartnerPayoutView> = {}): PartnerPayoutView => ({
  id: 'p1',
  amount: '20.5',
  address: ADDRESS,
  status: 'requested',
  createdAt: '2026-11-30T09:00:00.000Z',
  decidedAt: null,
  txHash: null,
  reason: null,
  ...overrides,
});

function overview(overrides: Partial<PartnerOverview> = {}): PartnerOverview {
  return {
    code: 'PARTNER7',
    terms: {
      all: { profitPercent: 30, volumePercent: 0.5 },
      own: true,
      directions: [{ direction: 'card-RUB→usdt-trc20', profitPercent: 40, volumePercent: 0 }],
    },
    monitorHosts: [],
    balance: { available: '25.5', pending: '0', paid: '100', earned: '125.5' },
    minimumPayout: '10',
    days: days(),
    subIds: [],
    payouts: [],
    apiKey: null,
    timeZone: 'Europe/Moscow',
    ...overrides,
  };
}

beforeAll(async () => {
  await setupTestI18n('en');
});
afterEach(cleanup);

const open = () =>
  render(
    <MemoryRouter>
      <PartnerPage />
    </MemoryRouter>,
  );

/** The cells of a table row, as read: its header cell and its data cells. */
const cells = (row: HTMLElement) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('the partner page', () => {
  it('shows the link, the terms and the balance', async () => {
    fakeApi().answer(myPartnerOverview, ok(overview()));
    open();

    expect(await screen.findByText(`${window.location.origin}/?ref=PARTNER7`)).toBeTruthy();
    const terms = within(screen.getByRole('region', { name: 'Your terms' }));
    expect(terms.getByText('Terms set for you.')).toBeTruthy();
    expect(terms.getByText('Other directions').nextSibling?.textContent).toBe(
      '30% of the profit, 0.5% of the volume',
    );
    expect(terms.getByText('Card RUB → USDT (TRC-20)').nextSibling?.textContent).toBe(
      '40% of the profit, 0% of the volume',
    );
    const balance = within(screen.getByRole('region', { name: 'Balance' }));
    expect(balance.getByText('Available').nextSibling?.textContent).toBe('25.5 USDT');
    expect(balance.getByText('Paid out').nextSibling?.textContent).toBe('100 USDT');
    expect(balance.getByText('Earned in all').nextSibling?.textContent).toBe('125.5 USDT');
  });

  it("saves a code of the partner's choosing, upper-cased, and shows the link with it", async () => {
    const api = fakeApi()
      .answer(myPartnerOverview, ok(overview()))
      .answer(setPartnerCode, ok({ code: 'ANNA2026' }));
    open();

    const code = await screen.findByLabelText('Your code');
    expect((code as HTMLInputElement).value).toBe('PARTNER7');
    fireEvent.change(code, { target: { value: ' anna2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save code' }));

    expect(await screen.findByText(`${window.location.origin}/?ref=ANNA2026`)).toBeTruthy();
    expect(api.requests(setPartnerCode).map((request) => request.body)).toEqual([{ code: 'ANNA2026' }]);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(
      'Your link now uses ANNA2026.',
    );
  });

  it("refuses a code the server's rule refuses without asking, and shows a taken code beside the field", async () => {
    const api = fakeApi()
      .answer(myPartnerOverview, ok(overview()))
      .answer(
        setPartnerCode,
        refused(409, 'The code TAKEN1 is taken. Choose another.', {
          code: 'PartnerCodeTaken',
          params: { code: 'TAKEN1' },
          errors: [fieldError('code', 'partnerCodeTaken', { code: 'TAKEN1' })],
        }),
      );
    open();

    const code = await screen.findByLabelText('Your code');
    fireEvent.change(code, { target: { value: 'a-b' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('From 4 to 16 Latin letters and digits.')).toBeTruthy();
    expect(api.requests(setPartnerCode)).toEqual([]);

    fireEvent.change(code, { target: { value: 'taken1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save code' }));
    expect(await screen.findByText('The code TAKEN1 is taken. Choose another.')).toBeTruthy();
    expect(screen.getByText(`${window.location.origin}/?ref=PARTNER7`)).toBeTruthy();
  });

  it('lists the sub-ids of the links followed, as the server orders them, and says how to add one', async () => {
    fakeApi().answer(
      myPartnerOverview,
      ok(
        overview({
          subIds: [
            { subId: 'telegram', clicks: 12, deals: 2, earned: '3.5' },
            { subId: 'blog', clicks: 1, deals: 0, earned: '0' },
          ],
        }),
      ),
    );
    open();

    const table = await screen.findByRole('table', { name: /per sub-id/ });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(cells(header!)).toEqual(['Sub-id', 'Clicks', 'Deals', 'Earned, USDT']);
    expect(rows.map(cells)).toEqual([
      ['telegram', '12', '2', '3.5'],
      ['blog', '1', '0', '0'],
    ]);
    expect(screen.getByText(/Add a sub-id of your own to the link \(&sub=telegram\)/)).toBeTruthy();
  });

  it('shows no sub-id table before a link with one is followed', async () => {
    fakeApi().answer(myPartnerOverview, ok(overview()));
    open();
    await screen.findByRole('region', { name: 'By sub-id' });
    expect(screen.queryByRole('table', { name: /per sub-id/ })).toBeNull();
  });

  it('lists the 30 days oldest first, today last, and their totals to the micro-USDT', async () => {
    fakeApi().answer(myPartnerOverview, ok(overview()));
    open();

    const table = await screen.findByRole('table', { name: /Clicks, registrations, deals and earnings/ });
    const [header, ...rows] = within(table).getAllByRole('row');
    expect(cells(header!)).toEqual(['Day', 'Clicks', 'Sign-ups', 'Deals', 'Earned, USDT']);
    expect(rows).toHaveLength(31);
    expect(cells(rows[0]!)).toEqual(['1 Nov', '0', '0', '0', '0']);
    expect(cells(rows[28]!)).toEqual(['29 Nov', '5', '2', '1', '1.25']);
    expect(cells(rows[29]!)).toEqual(['Today', '3', '1', '2', '0.0037']);
    expect(cells(rows[30]!)).toEqual(['Total', '8', '3', '3', '1.2537']);
  });

  it('asks for a payout of the amount typed to the address typed, then shows it waiting', async () => {
    const api = fakeApi()
      .answer(
        myPartnerOverview,
        ok(overview()),
        ok(
          overview({
            balance: { available: '5', pending: '20.5', paid: '100', earned: '125.5' },
            payouts: [payout()],
          }),
        ),
      )
      .answer(requestPartnerPayout, { ...ok(payout()), status: 201 });
    open();

    const amount = (await screen.findByLabelText('Amount, USDT')) as HTMLInputElement;
    expect(amount.value).toBe('25.5');
    fireEvent.change(amount, { target: { value: '20,5' } });
    fireEvent.change(screen.getByLabelText('Your USDT (TRC-20) address'), {
      target: { value: ` ${ADDRESS} ` },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));

    const payouts = within(screen.getByRole('region', { name: 'Payouts' }));
    expect(await payouts.findByText('Waiting')).toBeTruthy();
    expect(api.requests(requestPartnerPayout).map((request) => request.body)).toEqual([
      { amount: '20.5', address: ADDRESS },
    ]);
    expect(useToastStore.getState().toasts.map((toast) => toast.message)).toEqual([
      'Payout requested. We will send it to your address.',
    ]);
    // The new balance is below the minimum: the form says so and takes no more requests.
    expect(
      screen.getByText('You can request a payout once 10 USDT is available; now 5 USDT is.'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses more than is available, or less than the minimum, without asking the server', async () => {
    const api = fakeApi().answer(myPartnerOverview, ok(overview()));
    open();
    const amount = await screen.findByLabelText('Amount, USDT');
    fireEvent.change(screen.getByLabelText('Your USDT (TRC-20) address'), { target: { value: ADDRESS } });

    fireEvent.change(amount, { target: { value: '30' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('Only 25.5 USDT is available to pay out.')).toBeTruthy();

    fireEvent.change(amount, { target: { value: '9.99' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));
    expect(await screen.findByText('A payout is at least 10 USDT.')).toBeTruthy();
    expect(api.requests(requestPartnerPayout)).toEqual([]);
  });

  it("shows the server's refusal of a request beside the form", async () => {
    fakeApi()
      .answer(myPartnerOverview, ok(overview()))
      .answer(
        requestPartnerPayout,
        refused(409, 'Only 3 USDT is available to pay out.', {
          code: 'PartnerPayoutOverBalance',
          params: { available: '3' },
        }),
      );
    open();
    fireEvent.change(await screen.findByLabelText('Your USDT (TRC-20) address'), {
      target: { value: ADDRESS },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Request payout' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Only 3 USDT is available to pay out.');
  });

  it('is closed, saying why, while nothing is available', async () => {
    fakeApi().answer(
      myPartnerOverview,
      ok(overview({ balance: { available: '0', pending: '0', paid: '0', earned: '0' } })),
    );
    open();

    expect(await screen.findByText('Nothing to pay out yet.')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Request payout' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Amount, USDT') as HTMLInputElement).disabled).toBe(true);
  });

  it('lists payouts with their state: a paid one links its transaction, a refused one says why', async () => {
    fakeApi().answer(
      myPartnerOverview,
      ok(
        overview({
          payouts: [
            payout({ id: 'p2', status: 'paid', txHash: HASH, decidedAt: '2026-11-30T10:00:00.000Z' }),
            payout({
              id: 'p1',
              status: 'rejected',
              reason: 'Wrong network',
              decidedAt: '2026-11-29T10:00:00.000Z',
            }),
          ],
        }),
      ),
    );
    open();

    const payouts = within(await screen.findByRole('region', { name: 'Payouts' }));
    const [, paid, rejected] = payouts.getAllByRole('row');
    expect(within(paid!).getByText('Paid')).toBeTruthy();
    expect(within(paid!).getByRole('link').getAttribute('href')).toBe(tronExplorerUrl(HASH));
    expect(within(rejected!).getByText('Refused')).toBeTruthy();
    expect(within(rejected!).getByText('Reason: Wrong network')).toBeTruthy();
    expect(within(rejected!).queryByRole('link')).toBeNull();
  });

  it('says so and offers to try again when the page cannot load', async () => {
    const api = fakeApi().answer(myPartnerOverview, refused(503, 'Service unavailable'), ok(overview()));
    open();

    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));

    await waitFor(() => expect(screen.getByText(`${window.location.origin}/?ref=PARTNER7`)).toBeTruthy());
    expect(api.requests(myPartnerOverview)).toHaveLength(2);
  });
});
