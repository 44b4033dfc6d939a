import type { AdminApplicationDetail, AdminApplicationView } from '@shared/contract/applications';
import type { PaymentTemplateView } from '@shared/contract/payment-templates';
import { APPLICATION_STATUSES, type ApplicationStatus, type Role } from '@shared/enums';
import {
  adminChangeApplicationStatus,
  adminConfirmPayment,
  adminGetApplication,
  adminIssueInstructions,
  adminListApplications,
  adminRecordPayout,
  adminRecordRefund,
  adminReversePayout,
} from '@shared/routes/admin-applications';
import { adminListManagers } from '@shared/routes/admin-users';
import { adminAuditTrail } from '@shared/routes/audit';
import { adminAttachChainTransfer } from '@shared/routes/chain';
import { adminCloseDeal, adminReleaseHold, adminResolvePayment } from '@shared/routes/deal-money';
import { getGeo } from '@shared/routes/geo';
import { adminListMessages } from '@shared/routes/messages';
import { adminListPaymentTemplates } from '@shared/routes/payment-templates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import {
  testAdminApplicationDetail,
  testDealMoney,
  testPoolFields,
  withStaffActions,
} from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import axe from 'axe-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../lib/format';
import { renderAdmin, startI18n } from '../test-utils';
import { ApplicationDetailModal } from './application-detail-modal';
import { ApplicationsPage } from './applications-page';
import { DealPanel } from './deal-panel';

const ID = '0123456789abcdef0123456789abcdef';
const LABEL = '0123456789ab';
const TX_HASH = 'a'.repeat(64);

function detail(
  status: ApplicationStatus,
  deal: Partial<AdminApplicationDetail> = {},
): AdminApplicationDetail {
  return testAdminApplicationDetail({ id: ID, status, ...deal });
}

const INSTRUCTIONS: NonNullable<AdminApplicationDetail['instructions']> = {
  text: 'Pay 200 USD to card 4000 0000 0000 0002, J. Smith.',
  issuedAt: '2026-11-20T10:05:00.000Z',
  deadline: '2026-11-20T10:35:00.000Z',
  crypto: null,
  payTo: { kind: 'card', number: '4000000000000002', bank: null, holder: 'J. Smith' },
  collectAt: null,
  templateId: 'tpl-card-usd',
};
const CLIENT_PAID = { at: '2026-11-20T10:10:00.000Z', txHash: null, receiptId: 'receipt-1' };
/** The deal's money once all that was asked arrived and all that is owed went out. */
const PAID_OUT = testDealMoney({
  asked: '200',
  owed: '197',
  received: '200',
  paidOut: '197',
  gap: 'exact',
  payoutLeft: '0',
});
/** A deal's money as its status has it: paid out in full once the payout is on its way or done. */
const moneyIn = (status: ApplicationStatus) =>
  status === 'EXCHANGING' || status === 'COMPLETED' ? { money: PAID_OUT } : {};

const TEMPLATES: PaymentTemplateView[] = [
  {
    kind: 'card',
    id: 'tpl-card-usd',
    label: 'USD card',
    currency: 'USD',
    details: 'Card 4000 0000 0000 0002, J. Smith',
    number: null,
    bank: null,
    holder: null,
    inUse: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    accountId: null,
    ...testPoolFields(),
  },
  {
    kind: 'card',
    id: 'tpl-card-eur',
    label: 'EUR card',
    currency: 'EUR',
    details: 'Card 5555 5555 5555 4444, J. Smith',
    number: null,
    bank: null,
    holder: null,
    inUse: false,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-01T00:00:00.000Z',
    accountId: null,
    ...testPoolFields(),
  },
];

/** The detail modal as the page opens it, its API answering `first` and then `after` once an action succeeded. */
function openDetail(
  first: AdminApplicationDetail,
  after: AdminApplicationDetail = first,
  { role = 'ADMIN' }: { role?: Role } = {},
) {
  const api = fakeApi()
    .answer(getGeo, ok([], 'OK'))
    .answer(adminGetApplication, ok(first), ok(after))
    .answer(adminListPaymentTemplates, ok({ templates: TEMPLATES }))
    .answer(adminListManagers, ok([]))
    .answer(adminListMessages, ok({ items: [], nextCursor: null }))
    .answer(adminAuditTrail, ok({ items: [], nextCursor: null, period: null, timeZone: 'Europe/Moscow' }));
  const onChanged = vi.fn<(row: AdminApplicationView) => void>();
  const onStatus = vi.fn().mockResolvedValue(null);
  renderAdmin(
    <ApplicationDetailModal applicationId={ID} onClose={vi.fn()} onChanged={onChanged} onStatus={onStatus} />,
    { role },
  );
  return { api, onChanged, onStatus };
}

const dealSection = () => screen.getByRole('region', { name: 'Deal' });
const dialogNamed = (name: string) => screen.findByRole('dialog', { name });
const lastToast = () => useToastStore.getState().toasts.at(-1)?.message;

const BUTTONS = {
  issueInstructions: 'Issue instructions',
  reissueInstructions: 'Re-issue instructions',
  confirmPayment: 'Confirm payment',
  recordPayout: 'Record payout',
  completeAtOffice: 'Complete at the office',
  recordRefund: 'Record refund',
};

/** The buttons each status shows, without and with a client payment (shared/lifecycle.ts, by hand). */
const OFFERED: Record<ApplicationStatus, { unpaid: string[]; paid: string[] }> = {
  PENDING: { unpaid: [], paid: [] },
  PROCESSING: {
    unpaid: [BUTTONS.issueInstructions, BUTTONS.completeAtOffice],
    paid: [BUTTONS.issueInstructions, BUTTONS.completeAtOffice],
  },
  WAITING_PAYMENT: {
    unpaid: [BUTTONS.reissueInstructions, BUTTONS.confirmPayment],
    paid: [BUTTONS.reissueInstructions, BUTTONS.confirmPayment],
  },
  PAID: { unpaid: [BUTTONS.confirmPayment], paid: [BUTTONS.confirmPayment] },
  CONFIRMED: { unpaid: [BUTTONS.recordPayout], paid: [BUTTONS.recordPayout] },
  EXCHANGING: { unpaid: [], paid: [] },
  COMPLETED: { unpaid: [], paid: [] },
  CANCELLED: { unpaid: [], paid: [BUTTONS.recordRefund] },
  REJECTED: { unpaid: [], paid: [BUTTONS.recordRefund] },
  EXPIRED: { unpaid: [], paid: [BUTTONS.recordRefund] },
  // Held money is released (below, with it), or rejected and refunded from the status control.
  ON_HOLD: { unpaid: [], paid: [] },
};

describe('the deal panel of the application detail', () => {
  beforeAll(startI18n);

  describe('offers each action exactly where the lifecycle allows it', () => {
    const offered = () =>
      within(dealSection())
        .queryAllByRole('button')
        .map((button) => button.textContent);

    it.each(APPLICATION_STATUSES)('in %s', (status) => {
      fakeApi().answer(getGeo, ok([], 'OK'));
      const props = { locked: false, onDone: vi.fn(), onRefused: vi.fn(), onStatus: vi.fn() };
      const { unmount } = renderAdmin(<DealPanel application={detail(status, moneyIn(status))} {...props} />);
      expect(offered()).toEqual(OFFERED[status].unpaid);
      unmount();
      renderAdmin(
        <DealPanel
          application={detail(status, { clientPaid: CLIENT_PAID, ...moneyIn(status) })}
          {...props}
        />,
      );
      expect(offered()).toEqual(OFFERED[status].paid);
    });

    it('offers nothing on the staff member’s own application', () => {
      fakeApi().answer(getGeo, ok([], 'OK'));
      renderAdmin(
        <DealPanel
          application={detail('PROCESSING', { userId: 'staff-1' })}
          locked
          onDone={vi.fn()}
          onRefused={vi.fn()}
          onStatus={vi.fn()}
        />,
      );
      expect(offered()).toEqual([]);
    });

    it('offers no second refund', () => {
      fakeApi().answer(getGeo, ok([], 'OK'));
      const refund = { at: '2026-11-21T09:00:00.000Z', by: 'staff-2', txHash: null, note: 'bank ref 7' };
      renderAdmin(
        <DealPanel
          application={detail('CANCELLED', { clientPaid: CLIENT_PAID, refund })}
          locked={false}
          onDone={vi.fn()}
          onRefused={vi.fn()}
          onStatus={vi.fn()}
        />,
      );
      expect(offered()).toEqual([]);
      expect(within(dealSection()).getByText('bank ref 7')).toBeTruthy();
    });
  });

  it('shows the instructions with their deadline and countdown, the card in full and the client’s payment', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T10:20:00.000Z'));
    try {
      openDetail(
        detail('WAITING_PAYMENT', {
          instructions: INSTRUCTIONS,
          payoutKind: 'card',
          payoutDetails: { kind: 'card', card: '4000000000000002' },
          clientPaid: { at: '2026-11-20T10:15:00.000Z', txHash: TX_HASH, receiptId: null },
        }),
      );
      const deal = await screen.findByRole('region', { name: 'Deal' });
      expect(within(deal).getByText(INSTRUCTIONS.text)).toBeTruthy();
      expect(within(deal).getByRole('timer').textContent).toBe('15:00 left');
      expect(within(deal).getByText('4000 0000 0000 0002')).toBeTruthy();
      expect(within(deal).getByText(TX_HASH)).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows an SBP payout by its bank’s name and the phone in full', async () => {
    openDetail(
      detail('PROCESSING', {
        assetTo: 'card-RUB',
        payoutKind: 'card',
        payoutDetails: { kind: 'sbp', phone: '+79991234567', bank: 'tbank' },
      }),
    );
    const deal = await screen.findByRole('region', { name: 'Deal' });
    expect(within(deal).getByText('T-Bank (Tinkoff)')).toBeTruthy();
    expect(within(deal).getByText('+7 999 123-45-67')).toBeTruthy();
  });

  it('says a client receiving cash needs no payout details, and when none were given yet', async () => {
    openDetail(detail('PROCESSING', { assetTo: 'cash-USD', payoutKind: 'none' }));
    const deal = await screen.findByRole('region', { name: 'Deal' });
    expect(within(deal).getByText('In cash at the office (no details needed)')).toBeTruthy();
    expect(within(deal).getByText('Not issued yet')).toBeTruthy();
  });

  it('says whether the payout address was screened against the USDT blacklist', async () => {
    const address = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
    openDetail(
      detail('PROCESSING', {
        payoutKind: 'address',
        payoutDetails: { kind: 'address', address, screened: false },
      }),
    );
    const deal = await screen.findByRole('region', { name: 'Deal' });
    expect(within(deal).getByText(address)).toBeTruthy();
    expect(
      within(deal).getByText('not screened (the TRON provider did not answer): check it before paying out'),
    ).toBeTruthy();
  });

  it("shows the on-chain check of the client's hash and of the payout's, with why it does not match", async () => {
    openDetail(
      detail('EXCHANGING', {
        clientPaid: {
          at: '2026-11-20T10:10:00.000Z',
          txHash: TX_HASH,
          receiptId: null,
          chainCheck: { state: 'matched', at: '2026-11-20T10:10:00.000Z' },
        },
        paymentConfirmation: { at: '2026-11-20T10:10:00.001Z', by: 'system', txHash: TX_HASH, note: null },
        payout: {
          at: '2026-11-20T11:00:00.000Z',
          by: 'staff-2',
          txHash: 'b'.repeat(64),
          note: null,
          chainCheck: { state: 'mismatch', reason: 'wrongAmount', at: '2026-11-20T11:00:00.000Z' },
        },
      }),
    );
    const deal = await screen.findByRole('region', { name: 'Deal' });
    expect(within(deal).getByText('matches (checked by the system)')).toBeTruthy();
    expect(within(deal).getByText('the system, checked on chain')).toBeTruthy();
    expect(within(deal).getByText('does not match, check it: another amount was sent')).toBeTruthy();
  });

  it("names both amounts when the payout's hash moved another amount, in the page's language", async () => {
    const payout = detail('EXCHANGING', {
      payout: {
        at: '2026-11-20T11:00:00.000Z',
        by: 'staff-2',
        txHash: 'b'.repeat(64),
        note: null,
        chainCheck: {
          state: 'mismatch',
          reason: 'wrongAmount',
          sent: '1499.500000',
          due: '1500',
          at: '2026-11-20T11:00:00.000Z',
        },
      },
    });
    openDetail(payout);
    const deal = await screen.findByRole('region', { name: 'Deal' });
    expect(within(deal).getByText('does not match: 1,499.5 USDT was sent, 1,500 USDT is due')).toBeTruthy();
    cleanup();
    await setupTestI18n('ru');
    try {
      openDetail(payout);
      const ru = await screen.findByRole('region', { name: 'Сделка' });
      expect(
        within(ru).getByText(/^не совпадает: отправлено 1\s499,5 USDT, причитается 1\s500 USDT$/),
      ).toBeTruthy();
    } finally {
      cleanup();
      await startI18n();
    }
  });

  describe('USDT on chain', () => {
    const CRYPTO = { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '1000.0000' };
    const transfer = (
      changes: Partial<AdminApplicationDetail['chainTransfers'][number]>,
    ): AdminApplicationDetail['chainTransfers'][number] => ({
      txId: TX_HASH,
      amount: '999.000000',
      blockTime: '2026-11-20T10:12:00.000Z',
      seenAt: '2026-11-20T10:12:30.000Z',
      state: 'review',
      reason: 'underpaid',
      confirmedAt: null,
      attachedBy: null,
      ...changes,
    });

    it('says first what arrived against what was asked while a transfer waits for staff, with its hash', async () => {
      openDetail(
        detail('WAITING_PAYMENT', {
          instructions: { ...INSTRUCTIONS, crypto: CRYPTO },
          chainTransfers: [transfer({})],
        }),
      );
      const deal = await screen.findByRole('region', { name: 'Deal' });
      expect(within(deal).getByRole('status').textContent).toContain('999 of 1,000 USDT arrived: on review');
      expect(within(deal).getByRole('link', { name: 'Open the review list' }).getAttribute('href')).toBe(
        '/admin/payment-gateways',
      );
      expect(within(deal).getByText('waiting on the review list: Underpaid')).toBeTruthy();
      expect(within(deal).getByText(TX_HASH)).toBeTruthy();
      expect(within(deal).getByText('Not reported by the client; USDT was seen on chain')).toBeTruthy();
    });

    it('names an overpayment against what was asked, and a late one by its reason', async () => {
      openDetail(
        detail('WAITING_PAYMENT', {
          instructions: { ...INSTRUCTIONS, crypto: CRYPTO },
          chainTransfers: [
            transfer({ amount: '1010.500000', reason: 'overpaid' }),
            transfer({ txId: 'c'.repeat(64), amount: '1000.000000', reason: 'late' }),
          ],
        }),
      );
      const deal = await screen.findByRole('region', { name: 'Deal' });
      const waiting = within(deal).getByRole('status');
      expect(waiting.textContent).toContain('1,010.5 USDT arrived where 1,000 USDT was asked: on review');
      expect(waiting.textContent).toContain('1,000 USDT arrived: on review (Late (after the window))');
    });

    it("shows the chain watcher's confirmation with the amount that arrived, when, and its hash", async () => {
      openDetail(
        detail('CONFIRMED', {
          instructions: { ...INSTRUCTIONS, crypto: CRYPTO },
          paymentConfirmation: { at: '2026-11-20T10:13:00.000Z', by: 'system', txHash: TX_HASH, note: null },
          chainTransfers: [
            transfer({
              amount: '1000.000000',
              state: 'confirmed',
              reason: null,
              confirmedAt: '2026-11-20T10:13:00.000Z',
            }),
          ],
        }),
      );
      const deal = await screen.findByRole('region', { name: 'Deal' });
      expect(within(deal).queryByRole('status')).toBeNull();
      expect(within(deal).getByText('1,000 USDT')).toBeTruthy();
      expect(within(deal).getByText(formatDateTime('2026-11-20T10:12:00.000Z', 'en'))).toBeTruthy();
      expect(within(deal).getByText('confirmed by the chain watcher')).toBeTruthy();
      expect(within(deal).getByText('the system, checked on chain')).toBeTruthy();
      expect(within(deal).getAllByText(TX_HASH)).toHaveLength(2);
    });
  });

  it('says a hash could not be verified, and why', async () => {
    openDetail(
      detail('PAID', {
        clientPaid: {
          at: '2026-11-20T10:10:00.000Z',
          txHash: TX_HASH,
          receiptId: null,
          chainCheck: { state: 'unverified', reason: 'providerFailed', at: '2026-11-20T10:10:00.000Z' },
        },
      }),
    );
    const deal = await screen.findByRole('region', { name: 'Deal' });
    expect(within(deal).getByText('not verified: the TRON provider did not answer')).toBeTruthy();
  });

  describe('issuing the payment instructions', () => {
    it('prefills the text from a picked template, sends it with the template and the window, and shows the answer', async () => {
      const { api, onChanged } = openDetail(
        detail('PROCESSING'),
        detail('WAITING_PAYMENT', { instructions: INSTRUCTIONS }),
      );
      api.answer(adminIssueInstructions, ok(detail('WAITING_PAYMENT', { instructions: INSTRUCTIONS })));
      fireEvent.click(await screen.findByRole('button', { name: 'Issue instructions' }));
      const dialog = await dialogNamed(`Payment instructions for application ${LABEL}`);

      // Only the template that fits a card-USD payment is offered.
      fireEvent.click(await within(dialog).findByRole('button', { name: /USD card/ }));
      expect(within(dialog).queryByRole('button', { name: /EUR card/ })).toBeNull();
      const text = within(dialog).getByLabelText('Instructions for the client') as HTMLTextAreaElement;
      expect(text.value).toBe('Card 4000 0000 0000 0002, J. Smith');
      fireEvent.change(text, { target: { value: `${text.value}. Reference: ${LABEL}.` } });
      fireEvent.change(within(dialog).getByLabelText('Payment window, minutes'), { target: { value: '45' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Issue instructions' }));

      await waitFor(() => expect(api.requests(adminIssueInstructions)).toHaveLength(1));
      expect(api.requests(adminIssueInstructions)[0]).toMatchObject({
        params: { id: ID },
        body: {
          text: `Card 4000 0000 0000 0002, J. Smith. Reference: ${LABEL}.`,
          templateId: 'tpl-card-usd',
          paymentWindowMinutes: 45,
        },
      });
      // The detail the call answered is shown at once, without reading it again.
      await screen.findByText(INSTRUCTIONS.text);
      expect(api.requests(adminGetApplication)).toHaveLength(1);
      expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ status: 'WAITING_PAYMENT' }));
      expect(lastToast()).toBe('Payment instructions issued.');
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: /Payment instructions for/ })).toBeNull(),
      );
    });

    it('leaves the window to the setting when staff give none', async () => {
      const { api } = openDetail(
        detail('PROCESSING'),
        detail('WAITING_PAYMENT', { instructions: INSTRUCTIONS }),
      );
      api.answer(adminIssueInstructions, ok(detail('WAITING_PAYMENT', { instructions: INSTRUCTIONS })));
      fireEvent.click(await screen.findByRole('button', { name: 'Issue instructions' }));
      const dialog = await dialogNamed(`Payment instructions for application ${LABEL}`);
      fireEvent.change(within(dialog).getByLabelText('Instructions for the client'), {
        target: { value: 'Pay in cash at the desk.' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Issue instructions' }));
      await waitFor(() => expect(api.requests(adminIssueInstructions)).toHaveLength(1));
      expect(api.requests(adminIssueInstructions)[0]!.body).toEqual({ text: 'Pay in cash at the desk.' });
    });

    it('refuses a window outside 1–1440 before sending, and sends an empty text for the server to fill from the details', async () => {
      const { api } = openDetail(detail('PROCESSING'));
      api.answer(adminIssueInstructions, ok(detail('WAITING_PAYMENT', { instructions: INSTRUCTIONS })));
      fireEvent.click(await screen.findByRole('button', { name: 'Issue instructions' }));
      const dialog = await dialogNamed(`Payment instructions for application ${LABEL}`);
      fireEvent.change(within(dialog).getByLabelText('Payment window, minutes'), {
        target: { value: '1441' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Issue instructions' }));
      expect(
        within(dialog).getByText('The payment window must be a whole number of minutes from 1 to 1440.'),
      ).toBeTruthy();
      expect(api.requests(adminIssueInstructions)).toHaveLength(0);
      fireEvent.change(within(dialog).getByLabelText('Payment window, minutes'), { target: { value: '' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Issue instructions' }));
      await waitFor(() => expect(api.requests(adminIssueInstructions)).toHaveLength(1));
      // Nothing picked: the system picks the details, and their text is the instructions'.
      expect(api.requests(adminIssueInstructions)[0]!.body).toEqual({ text: '' });
    });

    it('shows the server’s refusal of the template at the picker and keeps the dialog open', async () => {
      const { api } = openDetail(detail('PROCESSING', { assetFrom: 'usdt-trc20', assetTo: 'card-USD' }));
      api.answer(
        adminIssueInstructions,
        refused(400, 'Validation failed.', {
          code: 'ValidationFailed',
          errors: [
            {
              path: 'templateId',
              param: 'templateId',
              code: 'usdtTemplateRequired',
              msg: 'The client pays in USDT: pick the USDT template (worded by the server).',
            },
          ],
        }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Issue instructions' }));
      const dialog = await dialogNamed(`Payment instructions for application ${LABEL}`);
      fireEvent.change(within(dialog).getByLabelText('Instructions for the client'), {
        target: { value: 'Pay.' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Issue instructions' }));
      expect(
        await within(dialog).findByText(
          'The client pays in USDT: pick the USDT wallet they send to, or put one in rotation.',
        ),
      ).toBeTruthy();
      expect(
        screen.getByRole('dialog', { name: `Payment instructions for application ${LABEL}` }),
      ).toBeTruthy();
      expect(api.requests(adminGetApplication)).toHaveLength(1);
    });

    it('re-issues from WAITING_PAYMENT starting from the current text and template', async () => {
      const waiting = detail('WAITING_PAYMENT', { instructions: INSTRUCTIONS });
      const { api } = openDetail(waiting);
      api.answer(adminIssueInstructions, ok(waiting));
      fireEvent.click(await screen.findByRole('button', { name: 'Re-issue instructions' }));
      const dialog = await dialogNamed(`Re-issue the payment instructions of application ${LABEL}`);
      expect(
        (within(dialog).getByLabelText('Instructions for the client') as HTMLTextAreaElement).value,
      ).toBe(INSTRUCTIONS.text);
      fireEvent.change(within(dialog).getByLabelText('Payment window, minutes'), { target: { value: '60' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Re-issue instructions' }));
      await waitFor(() => expect(api.requests(adminIssueInstructions)).toHaveLength(1));
      expect(api.requests(adminIssueInstructions)[0]!.body).toEqual({
        text: INSTRUCTIONS.text,
        templateId: 'tpl-card-usd',
        paymentWindowMinutes: 60,
      });
      expect(lastToast()).toBe('Payment instructions issued again.');
    });
  });

  describe('confirming the payment', () => {
    it('sends the note when one is given', async () => {
      const paid = detail('PAID', { instructions: INSTRUCTIONS, clientPaid: CLIENT_PAID });
      const { api } = openDetail(paid, detail('CONFIRMED'));
      api.answer(adminConfirmPayment, ok(detail('CONFIRMED')));
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
      const dialog = await dialogNamed(`Confirm the payment of application ${LABEL}`);
      fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
        target: { value: 'Seen in the bank' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      await waitFor(() => expect(api.requests(adminConfirmPayment)).toHaveLength(1));
      expect(api.requests(adminConfirmPayment)[0]!.body).toEqual({
        note: 'Seen in the bank',
        amount: '200',
        seenReceived: '0',
      });
      // The answer is the panel now: the payment's actions are gone without a second read.
      await waitFor(() => expect(screen.queryByRole('button', { name: 'Confirm payment' })).toBeNull());
      expect(api.requests(adminGetApplication)).toHaveLength(1);
      expect(lastToast()).toBe('Payment confirmed.');
    });

    it('words a refusal by its code, reloads the detail and offers what is allowed now', async () => {
      const { api } = openDetail(
        detail('WAITING_PAYMENT', { instructions: INSTRUCTIONS }),
        detail('CONFIRMED'),
      );
      api.answer(
        adminConfirmPayment,
        refused(409, 'An application cannot move from CONFIRMED to CONFIRMED (worded by the server).', {
          code: 'TransitionNotAllowed',
          params: { from: 'CONFIRMED', to: 'CONFIRMED' },
        }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
      const dialog = await dialogNamed(`Confirm the payment of application ${LABEL}`);
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      await waitFor(() =>
        expect(lastToast()).toBe('An application cannot move from CONFIRMED to CONFIRMED.'),
      );
      expect(api.requests(adminConfirmPayment)[0]!.body).toEqual({ amount: '200', seenReceived: '0' });
      await waitFor(() => expect(api.requests(adminGetApplication)).toHaveLength(2));
      expect(await screen.findByRole('button', { name: 'Record payout' })).toBeTruthy();
      expect(screen.queryByRole('dialog', { name: /Confirm the payment/ })).toBeNull();
    });
  });

  describe('recording the payout', () => {
    const open = async () => {
      const { api } = openDetail(detail('CONFIRMED'), detail('EXCHANGING'));
      api.answer(adminRecordPayout, ok(detail('EXCHANGING')));
      fireEvent.click(await screen.findByRole('button', { name: 'Record payout' }));
      return { api, dialog: await dialogNamed(`Record the payout of application ${LABEL}`) };
    };

    it('refuses a bad transaction hash before sending', async () => {
      const { api, dialog } = await open();
      fireEvent.change(within(dialog).getByLabelText('Transaction hash'), { target: { value: 'abc123' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
      expect(within(dialog).getByText('A transaction hash is 64 hexadecimal characters.')).toBeTruthy();
      expect(api.requests(adminRecordPayout)).toHaveLength(0);
    });

    it('asks for a hash or a note', async () => {
      const { api, dialog } = await open();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
      expect(within(dialog).getByText('Give the payout transaction hash or a note.')).toBeTruthy();
      expect(api.requests(adminRecordPayout)).toHaveLength(0);
    });

    it('sends a valid hash', async () => {
      const { api, dialog } = await open();
      fireEvent.change(within(dialog).getByLabelText('Transaction hash'), {
        target: { value: ` ${TX_HASH} ` },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
      await waitFor(() => expect(api.requests(adminRecordPayout)).toHaveLength(1));
      expect(api.requests(adminRecordPayout)[0]!.body).toEqual({
        txHash: TX_HASH,
        amount: '197',
        seenPaidOut: '0',
      });
      expect(lastToast()).toBe('Payout recorded.');
    });

    it('sends a note alone (a cash handover)', async () => {
      const { api, dialog } = await open();
      fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Handed over in cash' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
      await waitFor(() => expect(api.requests(adminRecordPayout)).toHaveLength(1));
      expect(api.requests(adminRecordPayout)[0]!.body).toEqual({
        note: 'Handed over in cash',
        amount: '197',
        seenPaidOut: '0',
      });
    });
  });

  it('records a refund with its reference and note', async () => {
    const cancelled = detail('CANCELLED', { clientPaid: CLIENT_PAID });
    const refund = { at: '2026-11-21T09:00:00.000Z', by: 'staff-1', txHash: null, note: 'SWIFT 123' };
    // The server's answers after the refund: no second refund offered.
    const refunded = withStaffActions({ ...cancelled, refund });
    const { api } = openDetail(cancelled, refunded);
    api.answer(adminRecordRefund, ok(refunded));
    fireEvent.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = await dialogNamed(`Record a refund of application ${LABEL}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    expect(within(dialog).getByText('Give the refund reference.')).toBeTruthy();
    expect(api.requests(adminRecordRefund)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Refund reference'), { target: { value: 'SWIFT 123' } });
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), {
      target: { value: 'Returned in full' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(api.requests(adminRecordRefund)).toHaveLength(1));
    expect(api.requests(adminRecordRefund)[0]!.body).toEqual({
      reference: 'SWIFT 123',
      note: 'Returned in full',
    });
    expect(await within(dealSection()).findByText('SWIFT 123')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Record refund' })).toBeNull();
  });

  describe('reversing a payout', () => {
    const PAYOUT = {
      at: '2026-11-20T11:00:00.000Z',
      by: 'staff-2',
      txHash: TX_HASH,
      note: 'Sent to the client',
    };
    const exchanging = detail('EXCHANGING', { clientPaid: CLIENT_PAID, payout: PAYOUT, money: PAID_OUT });
    const REVERSAL = {
      at: '2026-11-21T09:00:00.000Z',
      by: 'staff-1',
      reference: 'Return 4471',
      reason: 'The client’s bank sent it back.',
      payout: PAYOUT,
    };
    const reversed = detail('CONFIRMED', { clientPaid: CLIENT_PAID, payout: null, payoutReversal: REVERSAL });
    const offered = () =>
      within(dealSection())
        .queryAllByRole('button')
        .map((button) => button.textContent);
    const panel = (application: AdminApplicationDetail, role: Role) => {
      fakeApi().answer(getGeo, ok([], 'OK'));
      renderAdmin(
        <DealPanel
          application={application}
          locked={false}
          onDone={vi.fn()}
          onRefused={vi.fn()}
          onStatus={vi.fn()}
        />,
        { role },
      );
    };

    it('is offered to an ADMIN while the payout stands', () => {
      panel(exchanging, 'ADMIN');
      expect(offered()).toEqual(['Reverse payout']);
    });

    it('is not offered to a MANAGER', () => {
      panel(withStaffActions(exchanging, 'MANAGER'), 'MANAGER');
      expect(offered()).toEqual([]);
    });

    it('is not offered without a recorded payout', () => {
      panel(detail('EXCHANGING', { clientPaid: CLIENT_PAID }), 'ADMIN');
      expect(offered()).not.toContain('Reverse payout');
    });

    it('offers no refund while a payout stands', () => {
      panel(detail('REJECTED', { clientPaid: CLIENT_PAID, payout: PAYOUT }), 'ADMIN');
      expect(offered()).toEqual([]);
    });

    it('asks for the reference and the reason, sends them and shows the reversal the server answered', async () => {
      const { api } = openDetail(exchanging, reversed);
      api.answer(adminReversePayout, ok(reversed));
      fireEvent.click(await screen.findByRole('button', { name: 'Reverse payout' }));
      const dialog = await dialogNamed(`Reverse the payout of application ${LABEL}`);
      expect(
        within(dialog).getByText(
          "The payout came back to the office: the deal returns to “Confirmed” and may be paid out again, or rejected and the client's payment refunded.",
        ),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse payout' }));
      expect(within(dialog).getByText('Give the reference of the money that came back.')).toBeTruthy();
      expect(within(dialog).getByText('Say why the payout is reversed.')).toBeTruthy();
      expect(api.requests(adminReversePayout)).toHaveLength(0);

      fireEvent.change(within(dialog).getByLabelText('Reference of the money that came back'), {
        target: { value: 'Return 4471' },
      });
      fireEvent.change(within(dialog).getByLabelText('Reason'), {
        target: { value: 'The client’s bank sent it back.' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse payout' }));

      await waitFor(() => expect(api.requests(adminReversePayout)).toHaveLength(1));
      expect(api.requests(adminReversePayout)[0]).toMatchObject({
        params: { id: ID },
        body: { reference: 'Return 4471', reason: 'The client’s bank sent it back.' },
      });
      expect(lastToast()).toBe('Payout reversal recorded.');
      expect(await within(dealSection()).findByText('Return 4471')).toBeTruthy();
      expect(await screen.findByRole('button', { name: 'Record payout' })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Reverse payout' })).toBeNull();
    });

    it('words the server’s refusal of a second reversal and reloads the detail', async () => {
      const { api } = openDetail(exchanging, reversed);
      api.answer(
        adminReversePayout,
        refused(409, 'Already reversed (worded by the server).', { code: 'PayoutAlreadyReversed' }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Reverse payout' }));
      const dialog = await dialogNamed(`Reverse the payout of application ${LABEL}`);
      fireEvent.change(within(dialog).getByLabelText('Reference of the money that came back'), {
        target: { value: 'Return 4471' },
      });
      fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Sent back.' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Reverse payout' }));
      await waitFor(() => expect(lastToast()).toBe("This application's payout was already reversed once."));
      await waitFor(() => expect(api.requests(adminGetApplication)).toHaveLength(2));
    });

    it('shows when, by whom, the reference, the reason and the reversed payout among the deal’s facts', () => {
      panel(reversed, 'ADMIN');
      const facts = within(dealSection());
      expect(facts.getByText('Payout reversed')).toBeTruthy();
      expect(facts.getByText(formatDateTime(REVERSAL.at, 'en'))).toBeTruthy();
      expect(facts.getByText('you')).toBeTruthy();
      expect(facts.getByText('Return 4471')).toBeTruthy();
      expect(facts.getByText('The client’s bank sent it back.')).toBeTruthy();
      expect(facts.getByText(TX_HASH)).toBeTruthy();
      expect(facts.getByText('Sent to the client')).toBeTruthy();
      expect(facts.queryByText('Payout')).toBeNull();
    });
  });

  it('completes at the office through the status route, after the confirmation', async () => {
    const processing = detail('PROCESSING');
    const completed = detail('COMPLETED');
    const api = fakeApi()
      .answer(getGeo, ok([], 'OK'))
      .answer(
        adminListApplications,
        ok({ items: [processing], total: 1, totalPages: 1, nextCursor: null, window: null }),
      )
      .answer(adminGetApplication, ok(processing), ok(completed))
      .answer(adminChangeApplicationStatus, ok(completed, 'OK'))
      .answer(adminListManagers, ok([]))
      .answer(adminListMessages, ok({ items: [], nextCursor: null }))
      .answer(adminAuditTrail, ok({ items: [], nextCursor: null, period: null, timeZone: 'Europe/Moscow' }));
    renderAdmin(<ApplicationsPage />, { url: `/admin/application-management?open_id=${ID}` });

    fireEvent.click(
      await within(await screen.findByRole('region', { name: 'Deal' })).findByRole('button', {
        name: 'Complete at the office',
      }),
    );
    const dialog = await dialogNamed(`Complete application ${LABEL} at the office?`);
    expect(
      within(dialog).getByText(
        "A deal done face to face: the client's payment and the payout are both recorded as money movements when it completes.",
      ),
    ).toBeTruthy();
    expect(api.requests(adminChangeApplicationStatus)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete at the office' }));

    await waitFor(() => expect(api.requests(adminChangeApplicationStatus)).toHaveLength(1));
    expect(api.requests(adminChangeApplicationStatus)[0]).toMatchObject({
      params: { id: ID },
      body: { status: 'COMPLETED', expectedStatus: 'PROCESSING' },
    });
    await waitFor(() => expect(api.requests(adminGetApplication)).toHaveLength(2));
  });
});

describe('accessibility of the deal', () => {
  beforeAll(startI18n);

  const violations = async () =>
    (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } })).violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.html).join(' | ')}`,
    );

  it('names every control of the panel and of each dialog', async () => {
    const { api } = openDetail(
      detail('WAITING_PAYMENT', {
        instructions: INSTRUCTIONS,
        payoutKind: 'card',
        payoutDetails: { kind: 'card', card: '4000000000000002' },
      }),
    );
    await screen.findByRole('button', { name: 'Confirm payment' });
    await waitFor(() => expect(api.requests(adminListMessages)).toHaveLength(1));
    expect(await violations()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Re-issue instructions' }));
    const dialog = await dialogNamed(`Re-issue the payment instructions of application ${LABEL}`);
    await within(dialog).findByRole('button', { name: /USD card/ });
    expect(await violations()).toEqual([]);
    // axe over the panel and each dialog: seconds of CPU on a loaded machine (no timing is asserted).
  }, 60_000);

  it('names every control of the payout reversal and its fact', async () => {
    const payout = { at: '2026-11-20T11:00:00.000Z', by: 'staff-2', txHash: TX_HASH, note: null };
    const reversal = {
      at: '2026-11-21T09:00:00.000Z',
      by: 'staff-2',
      reference: 'Return 4471',
      reason: 'Sent back.',
      payout,
    };
    const { api } = openDetail(
      detail('EXCHANGING', { clientPaid: CLIENT_PAID, payout, payoutReversal: null }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Reverse payout' }));
    await dialogNamed(`Reverse the payout of application ${LABEL}`);
    await waitFor(() => expect(api.requests(adminListMessages)).toHaveLength(1));
    expect(await violations()).toEqual([]);
    cleanup();

    renderAdmin(
      <DealPanel
        application={detail('CONFIRMED', { clientPaid: CLIENT_PAID, payoutReversal: reversal })}
        locked={false}
        onDone={vi.fn()}
        onRefused={vi.fn()}
        onStatus={vi.fn()}
      />,
    );
    expect(await violations()).toEqual([]);
  }, 60_000);
});

describe('the thread in the application detail', () => {
  beforeAll(startI18n);

  it('reads the staff side of the thread and clears the row’s unread count', async () => {
    const { api, onChanged } = openDetail(detail('PAID', { unreadMessages: 2 }));
    await screen.findByRole('region', { name: 'Messages with the client' });
    await waitFor(() => expect(api.requests(adminListMessages)).toHaveLength(1));
    expect(api.requests(adminListMessages)[0]!.params).toEqual({ id: ID });
    await waitFor(() =>
      expect(onChanged).toHaveBeenCalledWith(expect.objectContaining({ unreadMessages: 0 })),
    );
  });
});

describe('the timeline of the application detail', () => {
  beforeAll(startI18n);

  it('shows a payout reversal with its reference and reason', async () => {
    openDetail(
      detail('CONFIRMED', {
        history: [
          {
            from: 'EXCHANGING',
            to: 'CONFIRMED',
            at: '2026-11-21T09:00:00.000Z',
            actorId: 'abcdef0123456789',
            actorRole: 'ADMIN',
            actorName: 'anna',
            reason: null,
            details: { reference: 'Return 4471', reason: 'Sent back by the bank' },
          },
        ],
      }),
    );
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByRole('listitem').textContent).toBe(
      `${formatDateTime('2026-11-21T09:00:00.000Z', 'en')} Exchanging → Confirmed (anna, Admin)` +
        'Reference: Return 4471Reason: Sent back by the bank',
    );
  });

  it('shows every move and deal action with who made it, when, and what it carried', async () => {
    openDetail(
      detail('EXCHANGING', {
        history: [
          {
            from: null,
            to: 'PENDING',
            at: '2026-11-20T10:00:00.000Z',
            actorId: 'client-1',
            actorRole: 'USER',
            reason: null,
          },
          {
            from: 'PENDING',
            to: 'PROCESSING',
            at: '2026-11-20T10:01:00.000Z',
            actorId: 'staff-1',
            actorRole: 'ADMIN',
            reason: null,
            details: null,
          },
          {
            from: 'PROCESSING',
            to: 'WAITING_PAYMENT',
            at: '2026-11-20T10:05:00.000Z',
            actorId: 'abcdef0123456789',
            actorRole: 'MANAGER',
            reason: null,
            details: { deadline: '2026-11-20T10:35:00.000Z', windowMinutes: 30, templateId: 'tpl-card-usd' },
          },
          {
            from: 'WAITING_PAYMENT',
            to: 'PAID',
            at: '2026-11-20T10:10:00.000Z',
            actorId: 'client-1',
            actorRole: 'USER',
            reason: null,
            details: { txHash: null, receiptId: 'receipt-1' },
          },
          {
            from: 'CONFIRMED',
            to: 'EXCHANGING',
            at: '2026-11-20T10:30:00.000Z',
            actorId: 'abcdef0123456789',
            actorRole: 'MANAGER',
            actorName: 'olga',
            reason: null,
            details: { txHash: TX_HASH, note: null },
          },
        ],
        templateNames: { 'tpl-card-usd': 'USD card' },
        audit: [
          {
            at: '2026-11-20T10:08:00.000Z',
            actorId: 'abcdef0123456789',
            actorRole: 'MANAGER',
            actorName: 'olga',
            action: 'application.instructions',
            before: { deadline: '2026-11-20T10:35:00.000Z' },
            after: { deadline: '2026-11-20T11:08:00.000Z', windowMinutes: 60, templateId: null },
          },
        ],
      }),
    );
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const lines = within(timeline)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    const when = (iso: string) => formatDateTime(iso, 'en');
    expect(lines).toEqual([
      `${when('2026-11-20T10:00:00.000Z')} Pending (client)`,
      `${when('2026-11-20T10:01:00.000Z')} Pending → Processing (Admin, you)`,
      // An actor the server found no name for (an account since deleted) shows its short id.
      `${when('2026-11-20T10:05:00.000Z')} Processing → Waiting for payment (abcdef01, Manager)` +
        `Deadline: ${when('2026-11-20T10:35:00.000Z')}Window, minutes: 30Template: USD card`,
      `${when('2026-11-20T10:08:00.000Z')} Payment instructions issued again (olga, Manager)` +
        `Deadline: ${when('2026-11-20T11:08:00.000Z')}Window, minutes: 60`,
      `${when('2026-11-20T10:10:00.000Z')} Waiting for payment → Paid (client)Receipt: receipt-1`,
      `${when('2026-11-20T10:30:00.000Z')} Confirmed → Exchanging (olga, Manager)Transaction hash: ${TX_HASH}`,
    ]);
  });
});

describe('the words, figures and names staff read in the detail', () => {
  beforeAll(startI18n);

  it("writes a chain confirmation's amount, time and match in words, and the template's name, never its id", async () => {
    openDetail(
      detail('CONFIRMED', {
        instructions: { ...INSTRUCTIONS, templateId: 'tpl-card-usd' },
        templateNames: { 'tpl-card-usd': 'USD card' },
        history: [
          {
            from: 'WAITING_PAYMENT',
            to: 'CONFIRMED',
            at: '2026-11-20T10:12:00.000Z',
            actorId: null,
            actorRole: 'SYSTEM',
            reason: null,
            details: {
              txId: TX_HASH,
              amount: '300.000000',
              confirmedAt: '2026-11-20T10:12:00.000Z',
              gap: 'exact',
              chainCheck: 'matched',
            },
          },
        ],
      }),
    );
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    const line = within(timeline).getByRole('listitem').textContent;
    const when = formatDateTime('2026-11-20T10:12:00.000Z', 'en');
    expect(line).toMatch(/Amount: 300(?![\d.,])/);
    expect(line).toContain(`Confirmed: ${when}`);
    expect(line).toContain('Against the amount due: exact');
    expect(line).toContain('On-chain check: matches (checked by the system)');
    expect(line).not.toMatch(/300\.000000|T10:12|matched/);
    const deal = await screen.findByRole('region', { name: 'Deal' });
    expect(within(deal).getByText('USD card')).toBeTruthy();
    expect(within(deal).queryByText('tpl-card-usd')).toBeNull();
  });
});

describe('a payment that arrived otherwise than asked, in the deal panel', () => {
  beforeAll(startI18n);

  /** A card-USD deal of 400 USD paid 300: short by 100, staff may recalculate or wait for the rest. */
  const SHORT = testDealMoney({
    asked: '400',
    owed: '394',
    received: '300',
    gap: 'short',
    difference: '100',
    payoutLeft: '394',
  });
  const short = (changes: Partial<AdminApplicationDetail> = {}) =>
    detail('PAID', {
      amountFrom: 400,
      amountTo: 394,
      instructions: INSTRUCTIONS,
      clientPaid: CLIENT_PAID,
      money: SHORT,
      allowedActions: ['confirmPayment', 'recalculate', 'awaitTopUp', 'recordRefund'],
      ...changes,
    });
  const buttons = () =>
    within(dealSection())
      .queryAllByRole('button')
      .map((button) => button.textContent);
  const line = (label: string) =>
    within(dealSection())
      .getAllByText(`${label}:`)
      .map((term) => term.parentElement?.textContent);

  it('shows the money, says "short by" and offers only what the server allows', async () => {
    openDetail(short());
    await screen.findByRole('region', { name: 'Deal' });
    expect(within(dealSection()).getByText('Short by 100 USD: 300 USD of 400 USD arrived.')).toBeTruthy();
    expect(line('Asked')).toEqual(['Asked: 400 USD']);
    expect(line('Received')).toEqual(['Received: 300 USD']);
    expect(line('Paid out')).toEqual(['Paid out: 0 USDT']);
    expect(line('Left to pay out')).toEqual(['Left to pay out: 394 USDT']);
    expect(buttons()).toEqual([
      'Confirm payment',
      'Recalculate to what arrived',
      'Wait for the rest',
      'Record refund',
    ]);
  });

  it('recalculates to what arrived after a confirmation, and shows the new amounts', async () => {
    const recalculated = detail('CONFIRMED', {
      amountFrom: 300,
      amountTo: 295.5,
      money: testDealMoney({
        asked: '300',
        owed: '295.5',
        received: '300',
        gap: 'exact',
        payoutLeft: '295.5',
      }),
      allowedActions: ['recordPayout'],
    });
    const { api } = openDetail(short(), recalculated);
    api.answer(adminResolvePayment, ok(recalculated));
    fireEvent.click(await screen.findByRole('button', { name: 'Recalculate to what arrived' }));
    const dialog = await dialogNamed(`Recalculate application ${LABEL} to what arrived`);
    expect(within(dialog).getByText(/The deal becomes what arrived, 300 USD, at its own rate/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Recalculate' }));
    await waitFor(() => expect(api.requests(adminResolvePayment)).toHaveLength(1));
    expect(api.requests(adminResolvePayment)[0]).toMatchObject({
      params: { id: ID },
      body: { choice: 'recalculate' },
    });
    await waitFor(() => expect(line('Asked')).toEqual(['Asked: 300 USD']));
    expect(line('Left to pay out')).toEqual(['Left to pay out: 295.5 USDT']);
    expect(within(dealSection()).queryByText(/^Short by/)).toBeNull();
    expect(lastToast()).toBe('Deal recalculated to what arrived.');
  });

  it('waits for the rest, naming what is missing', async () => {
    const { api } = openDetail(short());
    api.answer(
      adminResolvePayment,
      ok(short({ status: 'WAITING_PAYMENT', allowedActions: ['confirmPayment'] })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Wait for the rest' }));
    const dialog = await dialogNamed(`Wait for the rest of application ${LABEL}`);
    expect(within(dialog).getByText(/send the missing 100 USD/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Wait for the rest' }));
    await waitFor(() => expect(api.requests(adminResolvePayment)).toHaveLength(1));
    expect(api.requests(adminResolvePayment)[0]!.body).toEqual({ choice: 'awaitTopUp' });
  });

  describe('confirming what arrived', () => {
    const openConfirm = async (application: AdminApplicationDetail) => {
      const { api } = openDetail(application);
      api.answer(adminConfirmPayment, ok(application));
      fireEvent.click(await screen.findByRole('button', { name: 'Confirm payment' }));
      return { api, dialog: await dialogNamed(`Confirm the payment of application ${LABEL}`) };
    };

    it('pre-fills what is still asked and sends what staff enter, a comma read as the decimal point', async () => {
      const { api, dialog } = await openConfirm(short());
      const amount = within(dialog).getByLabelText('Amount that arrived, USD') as HTMLInputElement;
      expect(amount.value).toBe('100');
      fireEvent.change(amount, { target: { value: '99,5' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      await waitFor(() => expect(api.requests(adminConfirmPayment)).toHaveLength(1));
      expect(api.requests(adminConfirmPayment)[0]!.body).toEqual({ amount: '99.5', seenReceived: '300' });
    });

    it('refuses an amount that is not a positive number before sending', async () => {
      const { api, dialog } = await openConfirm(short());
      fireEvent.change(within(dialog).getByLabelText('Amount that arrived, USD'), {
        target: { value: '-5' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      expect(
        within(dialog).getByText('Enter the amount as a positive number, with at most 6 decimals.'),
      ).toBeTruthy();
      expect(api.requests(adminConfirmPayment)).toHaveLength(0);
    });

    it("takes a USDT payment's amount from the chain: no field, nothing sent", async () => {
      const { api, dialog } = await openConfirm(
        short({ currencyFrom: 'USDT', assetFrom: 'usdt-trc20', currencyTo: 'USD', assetTo: 'card-USD' }),
      );
      expect(within(dialog).queryByLabelText(/Amount that arrived/)).toBeNull();
      expect(
        within(dialog).getByText("USDT: the amount the client's transaction moved on chain is recorded."),
      ).toBeTruthy();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm payment' }));
      await waitFor(() => expect(api.requests(adminConfirmPayment)).toHaveLength(1));
      // What had arrived as staff saw it, so a part recorded meanwhile refuses this one.
      expect(api.requests(adminConfirmPayment)[0]!.body).toEqual({ seenReceived: '300' });
    });
  });

  it('records a payout part, pre-filled with what is left to pay out', async () => {
    const exchanging = detail('EXCHANGING', {
      money: testDealMoney({ ...PAID_OUT, paidOut: '100', payoutLeft: '97' }),
      allowedActions: ['recordPayout'],
    });
    const { api } = openDetail(exchanging);
    api.answer(adminRecordPayout, ok(exchanging));
    fireEvent.click(await screen.findByRole('button', { name: 'Record payout' }));
    const dialog = await dialogNamed(`Record the payout of application ${LABEL}`);
    expect((within(dialog).getByLabelText('Amount sent, USDT') as HTMLInputElement).value).toBe('97');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Second part' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record payout' }));
    await waitFor(() => expect(api.requests(adminRecordPayout)).toHaveLength(1));
    expect(api.requests(adminRecordPayout)[0]!.body).toEqual({
      amount: '97',
      note: 'Second part',
      seenPaidOut: '100',
    });
  });

  it('refunds the excess of an overpayment, asking where it went', async () => {
    const over = short({
      money: testDealMoney({ ...SHORT, received: '425', gap: 'over', difference: '25' }),
      allowedActions: ['recalculate', 'refundExcess'],
    });
    const { api } = openDetail(over);
    api.answer(adminResolvePayment, ok(over));
    expect(
      await screen.findByText('25 USD above the amount: 425 USD arrived where 400 USD was asked.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refund the excess' }));
    const dialog = await dialogNamed(`Refund the excess of application ${LABEL}`);
    fireEvent.change(within(dialog).getByLabelText('Refund reference'), { target: { value: 'SWIFT 77' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund the excess' }));
    expect(
      within(dialog).getByText('Say where the money was sent back: the address or the card.'),
    ).toBeTruthy();
    expect(api.requests(adminResolvePayment)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Where it went (address or card)'), {
      target: { value: '4000 0000 0000 0002' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refund the excess' }));
    await waitFor(() => expect(api.requests(adminResolvePayment)).toHaveLength(1));
    expect(api.requests(adminResolvePayment)[0]!.body).toEqual({
      choice: 'refundExcess',
      reference: 'SWIFT 77',
      destination: '4000 0000 0000 0002',
    });
  });

  it('sends where a refund went', async () => {
    const cancelled = detail('CANCELLED', { clientPaid: CLIENT_PAID, allowedActions: ['recordRefund'] });
    const { api } = openDetail(cancelled);
    api.answer(adminRecordRefund, ok(cancelled));
    fireEvent.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = await dialogNamed(`Record a refund of application ${LABEL}`);
    fireEvent.change(within(dialog).getByLabelText('Refund reference'), { target: { value: 'SWIFT 123' } });
    fireEvent.change(within(dialog).getByLabelText('Where it went (address or card)'), {
      target: { value: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(api.requests(adminRecordRefund)).toHaveLength(1));
    expect(api.requests(adminRecordRefund)[0]!.body).toEqual({
      reference: 'SWIFT 123',
      destination: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    });
  });

  it('shows why a payment is held, its score and categories, and releases it with a note', async () => {
    const hold = {
      reason: 'amlRisk' as const,
      txId: TX_HASH,
      sender: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
      at: '2026-11-20T10:20:00.000Z',
      expectedBy: '2026-11-21T10:20:00.000Z',
      riskScore: '87.5',
      threshold: '50',
      signals: [{ key: 'sanctions', label: 'Sanctions', category: 'high', share: '61.2' }],
      released: null,
    };
    const held = detail('ON_HOLD', { hold, allowedActions: ['releaseHold'] });
    const released = detail('CONFIRMED', {
      hold: { ...hold, released: { at: '2026-11-20T11:00:00.000Z', by: 'staff-1', note: 'Source shown' } },
      allowedActions: ['recordPayout'],
    });
    const { api } = openDetail(held, released);
    api.answer(adminReleaseHold, ok(released));
    expect(await screen.findByText('The AML check scored the funds above the threshold')).toBeTruthy();
    expect(screen.getByText('87.5 of 100 (threshold 50)')).toBeTruthy();
    expect(screen.getByText(/Sanctions · high risk · 61.2 %/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Release the hold' }));
    const dialog = await dialogNamed(`Release the held payment of application ${LABEL}`);
    fireEvent.change(within(dialog).getByLabelText('Note (optional)'), { target: { value: 'Source shown' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release' }));
    await waitFor(() => expect(api.requests(adminReleaseHold)).toHaveLength(1));
    expect(api.requests(adminReleaseHold)[0]!.body).toEqual({ note: 'Source shown' });
    expect(await screen.findByText(/Released by you/)).toBeTruthy();
  });

  it('offers to keep the network fee of a USDT refund, sent back to the sender by default', async () => {
    const hold = {
      reason: 'blacklisted' as const,
      txId: TX_HASH,
      sender: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
      at: '2026-11-20T10:20:00.000Z',
      expectedBy: '2026-11-21T10:20:00.000Z',
      riskScore: null,
      threshold: null,
      signals: [],
      released: null,
    };
    const rejected = detail('REJECTED', {
      hold,
      instructions: {
        ...INSTRUCTIONS,
        crypto: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '1000' },
      },
      allowedActions: ['recordRefund'],
    });
    const { api } = openDetail(rejected);
    api.answer(adminRecordRefund, ok(rejected));
    fireEvent.click(await screen.findByRole('button', { name: 'Record refund' }));
    const dialog = await dialogNamed(`Record a refund of application ${LABEL}`);
    fireEvent.change(within(dialog).getByLabelText('Refund reference'), { target: { value: TX_HASH } });
    fireEvent.change(within(dialog).getByLabelText('Network fee kept, USDT (optional)'), {
      target: { value: '1.5' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(api.requests(adminRecordRefund)).toHaveLength(1));
    expect(api.requests(adminRecordRefund)[0]!.body).toEqual({
      reference: TX_HASH,
      destination: hold.sender,
      networkFee: '1.5',
    });
  });

  it('says a payment is late, offers the current rate and shows the quote offered', async () => {
    const late = short({
      money: testDealMoney({ ...SHORT, received: '400', gap: 'exact', difference: null, late: true }),
      allowedActions: ['offerRequote', 'recordRefund'],
    });
    const offered = short({
      money: {
        ...late.money,
        requote: { amountFrom: 400, amountTo: 380, rate: 0.95, until: '2026-11-20T11:00:00.000Z' },
      },
      allowedActions: ['recordRefund'],
    });
    const { api } = openDetail(late, offered);
    api.answer(adminResolvePayment, ok(offered));
    expect(
      await screen.findByText('The payment arrived late, after the payment window closed.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Offer the current rate' }));
    const dialog = await dialogNamed(`Offer the current rate for application ${LABEL}`);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Offer the current rate' }));
    await waitFor(() => expect(api.requests(adminResolvePayment)).toHaveLength(1));
    expect(api.requests(adminResolvePayment)[0]!.body).toEqual({ choice: 'offerRequote' });
    expect(
      await within(dealSection()).findByText(
        new RegExp(
          `^New quote offered to the client: pays 400 USD, receives 380 USDT, .*; valid until ${formatDateTime('2026-11-20T11:00:00.000Z', 'en').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.$`,
        ),
      ),
    ).toBeTruthy();
  });

  it('lets an ADMIN close with a difference, a reason required, and shows the closing', async () => {
    const exchanging = detail('EXCHANGING', {
      money: testDealMoney({ ...PAID_OUT, paidOut: '196.5', payoutLeft: '0.5' }),
      allowedActions: ['recordPayout', 'closeWithDifference'],
    });
    const closing = {
      at: '2026-11-20T12:00:00.000Z',
      by: 'staff-1',
      reason: 'Bank fee taken',
      difference: '0.5',
    };
    const closed = detail('COMPLETED', {
      money: { ...exchanging.money, closing },
      allowedActions: [],
    });
    const { api } = openDetail(exchanging, closed);
    api.answer(adminCloseDeal, ok(closed));
    fireEvent.click(await screen.findByRole('button', { name: 'Close with a difference' }));
    const dialog = await dialogNamed(`Close application ${LABEL} with a difference`);
    expect(within(dialog).getByText(/Paid out 196.5 USDT of 197 USDT owed/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close with a difference' }));
    expect(within(dialog).getByText('Say why the deal is closed with a difference.')).toBeTruthy();
    expect(api.requests(adminCloseDeal)).toHaveLength(0);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Bank fee taken' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close with a difference' }));
    await waitFor(() => expect(api.requests(adminCloseDeal)).toHaveLength(1));
    expect(api.requests(adminCloseDeal)[0]!.body).toEqual({ reason: 'Bank fee taken' });
    await within(dealSection()).findByText('Closed with a difference');
    expect(line('Difference')).toEqual(['Difference: 0.5 USDT']);
    expect(line('By')).toContain('By: you');
  });

  it('attaches a transfer waiting for staff to this deal, and reads the deal again', async () => {
    const waiting = detail('WAITING_PAYMENT', {
      instructions: {
        ...INSTRUCTIONS,
        crypto: { address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '1000' },
      },
      chainTransfers: [
        {
          txId: TX_HASH,
          amount: '999.000000',
          blockTime: '2026-11-20T10:12:00.000Z',
          seenAt: '2026-11-20T10:12:30.000Z',
          state: 'review',
          reason: 'underpaid',
          confirmedAt: null,
          attachedBy: null,
        },
      ],
    });
    const { api } = openDetail(waiting, short());
    api.answer(
      adminAttachChainTransfer,
      ok({
        txId: TX_HASH,
        resolution: 'attached' as const,
        applicationId: ID,
        status: 'PAID' as const,
        refundTxHash: null,
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Attach to this deal' }));
    await waitFor(() => expect(api.requests(adminAttachChainTransfer)).toHaveLength(1));
    expect(api.requests(adminAttachChainTransfer)[0]).toMatchObject({
      params: { txId: TX_HASH },
      body: { applicationId: ID },
    });
    await waitFor(() => expect(api.requests(adminGetApplication)).toHaveLength(2));
    expect(await within(dealSection()).findByText(/^Short by 100 USD/)).toBeTruthy();
    expect(lastToast()).toBe('Transfer attached to this deal: recorded as it arrived.');
  });
});

describe('the payer’s card in the deal panel', () => {
  const CARD = { id: 'c1', bank: 'Sber', last4: '4242', holder: 'IVAN PETROV', verificationRequired: true };

  it('says why instructions are not offered while the card waits for its verification', async () => {
    openDetail(detail('PROCESSING', { payerCard: { ...CARD, verified: false } }));

    expect(
      await within(await screen.findByRole('region', { name: 'Deal' })).findByText('not verified'),
    ).toBeTruthy();
    expect(
      screen.getByText(/payment instructions are not offered until staff approve its photo/),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Issue instructions' })).toBeNull();
  });

  it('flags a payer’s name that differs from the verified holder’s', async () => {
    openDetail(
      detail('CONFIRMED', {
        payerCard: { ...CARD, verified: true },
        paymentConfirmation: {
          at: '2026-11-20T10:20:00.000Z',
          by: 'staff-1',
          txHash: null,
          note: null,
          payerName: 'Petr Sidorov',
          payerNameMismatch: true,
        },
      }),
    );

    expect(await screen.findByText('differs from the verified holder')).toBeTruthy();
    expect(screen.getByText(/Petr Sidorov/)).toBeTruthy();
  });
});
