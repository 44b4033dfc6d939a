import { adminGetLedgerDay, adminListLedgerAccounts } from '@shared/routes/ledger';
import { cleanup, screen, within } from '@testing-library/react';
import { fakeApi, ok } from '@web/testing/fake-api';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { renderAdmin } from '../test-utils';
import { LedgerPage } from './ledger-page';
import { ACCOUNTS, account, dayOf, WALLET } from './test-fixtures';

const group = (currency: string) => within(screen.getByRole('region', { name: currency }));

function answer(accounts = ACCOUNTS) {
  return fakeApi().answer(adminListLedgerAccounts, ok(accounts)).answer(adminGetLedgerDay, ok(dayOf()));
}

describe('LedgerPage: the accounts', () => {
  afterEach(cleanup);

  it('groups the office accounts by currency with their balances, then the books, balanced (en)', async () => {
    await setupTestI18n('en');
    answer();
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('region', { name: 'RUB' });
    const rub = group('RUB');
    expect(rub.getByText('The office holds ₽123,456.78')).toBeTruthy();
    expect(rub.getByText('Books balanced')).toBeTruthy();
    const safe = within(rub.getByRole('button', { name: 'Safe, Moscow office' }).closest('tr')!);
    expect(safe.getByText('Cash desk')).toBeTruthy();
    expect(safe.getByText('Cash RUB')).toBeTruthy();
    expect(safe.getByText('Moscow, Tverskaya 1')).toBeTruthy();
    expect(safe.getByText('₽123,456.78')).toBeTruthy();
    expect(
      within(rub.getByRole('button', { name: 'Owed to clients' }).closest('tr')!).getByText('-₽500.00'),
    ).toBeTruthy();
    const usdt = group('USDT');
    expect(usdt.getByText('The office holds 1,000.50 USDT')).toBeTruthy();
    expect(usdt.getByText('TJRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBeTruthy();
    // A MANAGER reads the accounts: opening, correcting and moving money are an ADMIN's.
    expect(screen.queryByRole('button', { name: 'Open an account' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Correct' })).toBeNull();
  });

  it('writes the amounts with Russian grouping and decimal comma (ru)', async () => {
    await setupTestI18n('ru');
    answer();
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('region', { name: 'RUB' });
    const rub = group('RUB');
    expect(rub.getByText('В кассах и на счетах: 123 456,78 ₽')).toBeTruthy();
    expect(rub.getByText('Книги сходятся')).toBeTruthy();
    expect(
      within(rub.getByRole('button', { name: 'Долг перед клиентами' }).closest('tr')!).getByText('-500,00 ₽'),
    ).toBeTruthy();
    expect(group('USDT').getByText('В кассах и на счетах: 1 000,50 USDT')).toBeTruthy();
  });

  it('writes a balance exactly from its decimal string, where a float would lose the kopeck', async () => {
    await setupTestI18n('en');
    const big = '98765432109876.54';
    answer({
      accounts: [
        account({ balance: big }),
        account({
          id: 'equity-RUB',
          name: 'equity-RUB',
          kind: 'equity',
          side: 'books',
          assets: [],
          office: null,
          balance: `-${big}`,
        }),
      ],
      currencies: [{ currency: 'RUB', held: big, sum: '0' }],
      timeZone: 'Europe/Moscow',
    });
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('region', { name: 'RUB' });
    // Number('98765432109876.54') is 98765432109876.55.
    expect(group('RUB').getByText('The office holds ₽98,765,432,109,876.54')).toBeTruthy();
  });

  it('says by how much the books are off when a currency does not sum to zero (en and ru)', async () => {
    const off = {
      ...ACCOUNTS,
      currencies: [{ currency: 'RUB', held: '123456.78', sum: '0.01' }, ACCOUNTS.currencies[1]!],
    };
    await setupTestI18n('en');
    answer(off);
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    expect(await screen.findByText('Books off by ₽0.01')).toBeTruthy();
    cleanup();
    await setupTestI18n('ru');
    answer(off);
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    expect(await screen.findByText('Книги не сходятся на 0,01 ₽')).toBeTruthy();
  });

  it("puts a wallet's balance on chain under the booked one and flags a difference (en and ru)", async () => {
    const withChain = (chain: NonNullable<(typeof WALLET)['chain']>) => ({
      ...ACCOUNTS,
      accounts: ACCOUNTS.accounts.map((one) => (one.id === WALLET.id ? { ...WALLET, chain } : one)),
    });
    await setupTestI18n('en');
    answer(withChain({ balance: '1000.5', difference: '0' }));
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('region', { name: 'USDT' });
    const agreeing = within(group('USDT').getByRole('button', { name: 'Hot wallet' }).closest('tr')!);
    expect(agreeing.getByText('On chain: 1,000.50 USDT')).toBeTruthy();
    expect(agreeing.queryByText(/Chain differs/)).toBeNull();
    cleanup();

    await setupTestI18n('ru');
    answer(withChain({ balance: '999.5', difference: '-1' }));
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('region', { name: 'USDT' });
    const differing = within(group('USDT').getByRole('button', { name: 'Hot wallet' }).closest('tr')!);
    expect(differing.getByText('В блокчейне: 999,50 USDT')).toBeTruthy();
    expect(differing.getByText('Блокчейн расходится на -1,00 USDT')).toBeTruthy();
  });

  it('says the balance on chain is unavailable when it could not be read', async () => {
    await setupTestI18n('en');
    answer({
      ...ACCOUNTS,
      accounts: ACCOUNTS.accounts.map((one) =>
        one.id === WALLET.id ? { ...WALLET, chain: { balance: null, difference: null } } : one,
      ),
    });
    renderAdmin(<LedgerPage />, { role: 'MANAGER', url: '/admin/accounts' });
    await screen.findByRole('region', { name: 'USDT' });

    expect(group('USDT').getByText('On chain: unavailable')).toBeTruthy();
    // The booked balance stands as it is.
    expect(group('USDT').getAllByText('1,000.50 USDT').length).toBeGreaterThan(0);
  });
});
