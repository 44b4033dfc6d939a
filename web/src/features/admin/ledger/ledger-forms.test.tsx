import {
  adminAdjustLedgerAccount,
  adminCreateLedgerAccount,
  adminGetLedgerDay,
  adminListLedgerAccounts,
  adminTransferBetweenAccounts,
} from '@shared/routes/ledger';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useToastStore } from '@web/stores/toast-store';
import { fakeApi, ok, refused } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';
import { LedgerPage } from './ledger-page';
import { ACCOUNTS, account, CARD, dayOf, SAFE } from './test-fixtures';

function answer() {
  return fakeApi().answer(adminListLedgerAccounts, ok(ACCOUNTS)).answer(adminGetLedgerDay, ok(dayOf()));
}

async function renderAsAdmin() {
  renderAdmin(<LedgerPage />, { role: 'ADMIN', url: '/admin/accounts' });
  await screen.findByRole('region', { name: 'RUB' });
}

/** The success toast said `text` (the toasts are the app frame's, not rendered here). */
const toasted = (text: string) =>
  waitFor(() => expect(useToastStore.getState().toasts.map((toast) => toast.message)).toContain(text));

const dialog = () => within(screen.getByRole('dialog'));
const rowOf = (name: string) => within(screen.getByRole('button', { name }).closest('tr')!);

describe('LedgerPage: an ADMIN opens accounts, records balances and transfers', () => {
  afterEach(cleanup);

  it('opens a card account serving card RUB (en)', async () => {
    await setupTestI18n('en');
    const opened = account({
      id: 'tbank',
      name: 'T-Bank card',
      kind: 'card',
      assets: ['card-RUB'],
      office: null,
      balance: '0',
      postings: 0,
    });
    const api = answer().answer(adminCreateLedgerAccount, { ...ok(opened), status: 201 });
    await renderAsAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'Open an account' }));
    fireEvent.change(dialog().getByLabelText('Name'), { target: { value: 'T-Bank card' } });
    fireEvent.change(dialog().getByLabelText('Kind'), { target: { value: 'card' } });
    fireEvent.change(dialog().getByLabelText('Currency'), { target: { value: 'rub' } });
    fireEvent.click(dialog().getByLabelText('Card RUB'));
    fireEvent.click(dialog().getByRole('button', { name: 'Open the account' }));
    await toasted('Account opened. Record its opening balance on its row.');
    expect(api.requests(adminCreateLedgerAccount)[0]!.body).toEqual({
      name: 'T-Bank card',
      kind: 'card',
      currency: 'RUB',
      assets: ['card-RUB'],
      office: null,
      address: null,
    });
    // The list is read again, with the new account's balances.
    await waitFor(() => expect(api.requests(adminListLedgerAccounts)).toHaveLength(2));
  });

  it('records an opening balance typed the Russian way, with its reason (ru)', async () => {
    await setupTestI18n('ru');
    const api = answer().answer(adminAdjustLedgerAccount, {
      ...ok({ ...CARD, balance: '1234.56', postings: 1 }),
      status: 201,
    });
    await renderAsAdmin();
    fireEvent.click(rowOf(CARD.name).getByRole('button', { name: 'Начальный остаток' }));
    expect((dialog().getByLabelText('Это начальный остаток счёта') as HTMLInputElement).checked).toBe(true);
    fireEvent.change(dialog().getByLabelText('Сумма'), { target: { value: '1 234,56' } });
    fireEvent.change(dialog().getByLabelText('Причина'), {
      target: { value: 'Остаток по выписке на 29.11' },
    });
    fireEvent.click(dialog().getByRole('button', { name: 'Записать' }));
    await toasted('Начальный остаток записан.');
    expect(api.requests(adminAdjustLedgerAccount)[0]).toMatchObject({
      params: { id: CARD.id },
      body: { amount: '1234.56', reason: 'Остаток по выписке на 29.11', opening: true },
    });
  });

  it("shows the server's refusal of a correction in the reader's language, and sends nothing without a reason", async () => {
    await setupTestI18n('en');
    const api = answer().answer(
      adminAdjustLedgerAccount,
      // Worded by its code (errors.json), not by the server's English.
      refused(409, 'Opening already booked.', { code: 'OpeningBalanceRecorded' }),
    );
    await renderAsAdmin();
    fireEvent.click(rowOf(SAFE.name).getByRole('button', { name: 'Correct' }));
    expect(dialog().queryByLabelText("This is the account's opening balance")).toBeNull();
    fireEvent.change(dialog().getByLabelText('Amount'), { target: { value: '-1,000.50' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Record' }));
    expect(dialog().getByLabelText('Reason').getAttribute('aria-invalid')).toBe('true');
    expect(api.requests(adminAdjustLedgerAccount)).toHaveLength(0);
    fireEvent.change(dialog().getByLabelText('Reason'), { target: { value: 'Bank fee for November' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Record' }));
    expect((await dialog().findByRole('alert')).textContent).toContain(
      "The account's opening balance is already recorded; record an adjustment instead.",
    );
    expect(api.requests(adminAdjustLedgerAccount)[0]!.body).toEqual({
      amount: '-1000.50',
      reason: 'Bank fee for November',
    });
  });

  it('records a transfer between two office accounts of one currency (ru)', async () => {
    await setupTestI18n('ru');
    const moved = {
      ...ACCOUNTS,
      accounts: ACCOUNTS.accounts.map((item) =>
        item.id === SAFE.id
          ? { ...item, balance: '113456.78' }
          : item.id === CARD.id
            ? { ...item, balance: '10000' }
            : item,
      ),
    };
    const api = answer().answer(adminTransferBetweenAccounts, { ...ok(moved), status: 201 });
    await renderAsAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'Перевод' }));
    fireEvent.change(dialog().getByLabelText('Откуда'), { target: { value: SAFE.id } });
    // Only the accounts of the same currency are offered as the destination.
    const to = dialog().getByLabelText('Куда (та же валюта)');
    expect(within(to).queryByText(/Hot wallet/)).toBeNull();
    fireEvent.change(to, { target: { value: CARD.id } });
    fireEvent.change(dialog().getByLabelText('Сумма'), { target: { value: '10 000' } });
    fireEvent.change(dialog().getByLabelText('Причина'), { target: { value: 'Из сейфа на карту' } });
    fireEvent.click(dialog().getByRole('button', { name: 'Записать перевод' }));
    await toasted('Перевод записан.');
    expect(api.requests(adminTransferBetweenAccounts)[0]!.body).toEqual({
      from: SAFE.id,
      to: CARD.id,
      amount: '10000',
      reason: 'Из сейфа на карту',
    });
    expect(rowOf(CARD.name).getByText('10 000,00 ₽')).toBeTruthy();
  });
});
