import { adminListPartners, adminPayPartnerPayout, adminRejectPartnerPayout } from '@shared/routes/partners';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { ok, refused } from '@web/testing/fake-api';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAdmin, startI18n } from '../test-utils';
import { PartnersPage } from './partners-page';
import { answerPartners, HASH, PAYOUT, partnersData, WALLET } from './test-fixtures';

beforeAll(async () => {
  await startI18n();
});
afterEach(cleanup);

const open = () => renderAdmin(<PartnersPage />, { url: '/admin/partners' });

/** The waiting payout of 20.5 USDT to anna@example.test. */
const payout = async () =>
  within(await screen.findByRole('listitem', { name: '20.50 USDT to anna@example.test' }));

const toasts = () => useToastStore.getState().toasts.map((toast) => toast.message);

describe('the waiting partner payouts', () => {
  it('name the partner, the amount, the address and the wallets to pay from', async () => {
    answerPartners();
    open();

    const item = await payout();
    expect(item.getByText(PAYOUT.address)).toBeTruthy();
    expect(item.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.getByText(new RegExp(`one of the office's USDT wallets: ${WALLET}\\.`))).toBeTruthy();
    // Asked for at 09:00 UTC: 12:00 in the business's Moscow, whatever the browser's zone.
    expect(item.getByText(/requested .*12:00/i)).toBeTruthy();
    expect(item.getByText('USDT blacklist: not listed')).toBeTruthy();
  });

  it('say when the address could not be checked against the USDT blacklist, and nothing for one asked for before the check', async () => {
    answerPartners(
      partnersData({
        openPayouts: [
          { ...PAYOUT, screened: false },
          { ...PAYOUT, id: 'po-2', partnerEmail: 'old@example.test', screened: null },
        ],
      }),
    );
    open();

    const unchecked = await payout();
    expect(unchecked.getByText(/Not checked against the USDT blacklist/)).toBeTruthy();
    const before = within(screen.getByRole('listitem', { name: '20.50 USDT to old@example.test' }));
    expect(before.queryByText(/USDT blacklist/)).toBeNull();
  });

  it('pay a payout with the hash of the transfer, then read the list again', async () => {
    const api = answerPartners(partnersData(), partnersData({ openPayouts: [] })).answer(
      adminPayPartnerPayout,
      ok({ ...PAYOUT, status: 'paid' as const, txHash: HASH, decidedAt: '2026-11-30T10:00:00.000Z' }),
    );
    open();
    const item = await payout();

    fireEvent.change(item.getByLabelText('Hash of the transfer you sent'), {
      target: { value: ` ${HASH} ` },
    });
    fireEvent.click(item.getByRole('button', { name: 'Pay' }));

    expect(await screen.findByText('No payout is waiting.')).toBeTruthy();
    expect(api.requests(adminPayPartnerPayout)).toMatchObject([
      { params: { id: PAYOUT.id }, body: { txHash: HASH } },
    ]);
    expect(toasts()).toEqual(['20.50 USDT to anna@example.test recorded as paid.']);
  });

  it('refuse a hash that is no hash without asking the server', async () => {
    const api = answerPartners();
    open();
    const item = await payout();

    fireEvent.change(item.getByLabelText('Hash of the transfer you sent'), { target: { value: 'abc' } });
    fireEvent.click(item.getByRole('button', { name: 'Pay' }));

    expect(await item.findByText('A transaction hash is 64 hexadecimal characters.')).toBeTruthy();
    expect(api.requests(adminPayPartnerPayout)).toEqual([]);
  });

  it.each([
    [
      'a transfer of another amount',
      refused(409, 'The transaction is not this payout on chain (wrongAmount).', {
        code: 'PartnerPayoutNotOnChain',
        params: { reason: 'wrongAmount', sent: '20', due: '20.5' },
      }),
      'The transaction is not this payout on chain (does not match: 20 USDT was sent, 20.5 USDT is due).',
    ],
    [
      'a transfer to another address',
      refused(409, 'The transaction is not this payout on chain (wrongWallet).', {
        code: 'PartnerPayoutNotOnChain',
        params: { reason: 'wrongWallet' },
      }),
      'The transaction is not this payout on chain (sent to another address).',
    ],
    [
      'a transfer not final yet',
      refused(503, 'The transaction could not be checked on chain yet (notFinal); try again in a minute.', {
        code: 'PartnerPayoutNotVerified',
        params: { reason: 'notFinal' },
      }),
      'The transaction could not be checked on chain yet (not final on chain yet); try again in a minute.',
    ],
    [
      'a transfer used before',
      refused(409, 'This transaction was already used.', { code: 'ChainTransactionUsed' }),
      'This transaction was already used: a transaction pays one deal, one payout or one refund, once.',
    ],
  ])('say in words why the server refused %s, and keep the payout waiting', async (_case, refusal, text) => {
    const api = answerPartners().answer(adminPayPartnerPayout, refusal);
    open();
    const item = await payout();

    fireEvent.change(item.getByLabelText('Hash of the transfer you sent'), { target: { value: HASH } });
    fireEvent.click(item.getByRole('button', { name: 'Pay' }));

    expect((await item.findByRole('alert')).textContent).toBe(text);
    expect(api.requests(adminListPartners)).toHaveLength(1);
    expect(toasts()).toEqual([]);
  });

  it('reject a payout only with a reason the partner reads', async () => {
    const api = answerPartners(partnersData(), partnersData({ openPayouts: [] })).answer(
      adminRejectPartnerPayout,
      ok({ ...PAYOUT, status: 'rejected' as const, reason: 'Wrong network' }),
    );
    open();
    const item = await payout();

    fireEvent.click(item.getByRole('button', { name: 'Reject…' }));
    fireEvent.click(item.getByRole('button', { name: 'Reject payout' }));
    expect(await item.findByText('Write why (at least 3 characters).')).toBeTruthy();
    expect(api.requests(adminRejectPartnerPayout)).toEqual([]);

    fireEvent.change(item.getByLabelText('Why (the partner reads it)'), {
      target: { value: 'Wrong network' },
    });
    fireEvent.click(item.getByRole('button', { name: 'Reject payout' }));

    await waitFor(() => expect(screen.getByText('No payout is waiting.')).toBeTruthy());
    expect(api.requests(adminRejectPartnerPayout)).toMatchObject([
      { params: { id: PAYOUT.id }, body: { reason: 'Wrong network' } },
    ]);
    expect(toasts()).toEqual([
      'Payout of 20.50 USDT to anna@example.test rejected; the amount is available to them again.',
    ]);
  });
});
