import type { LedgerAccountsData, LedgerAccountView, LedgerDay } from '@shared/contract/ledger';

/** The books' answers the ledger page's tests give (valid by the routes' response schemas). */
export function account(overrides: Partial<LedgerAccountView> = {}): LedgerAccountView {
  return {
    id: 'safe-rub',
    name: 'Safe, Moscow office',
    kind: 'cash',
    side: 'office',
    currency: 'RUB',
    assets: ['cash-RUB'],
    office: 'Moscow, Tverskaya 1',
    address: null,
    balance: '123456.78',
    postings: 3,
    ...overrides,
  };
}

export const SAFE = account();
export const CARD = account({
  id: 'sber-card',
  name: 'Sber card *4321',
  kind: 'card',
  assets: ['card-RUB'],
  office: null,
  balance: '0',
  postings: 0,
});
export const WALLET = account({
  id: 'wallet-1',
  name: 'Hot wallet',
  kind: 'wallet',
  currency: 'USDT',
  assets: ['usdt-trc20'],
  office: null,
  address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
  balance: '1000.5',
  postings: 1,
});
const book = (kind: string, currency: string, balance: string) =>
  account({
    id: `${kind}-${currency}`,
    name: `${kind}-${currency}`,
    kind,
    side: 'books',
    currency,
    assets: [],
    office: null,
    balance,
  });

export const ACCOUNTS: LedgerAccountsData = {
  accounts: [
    SAFE,
    CARD,
    WALLET,
    book('clients', 'RUB', '-500'),
    book('equity', 'RUB', '-122956.78'),
    book('equity', 'USDT', '-1000.5'),
  ],
  currencies: [
    { currency: 'RUB', held: '123456.78', sum: '0' },
    { currency: 'USDT', held: '1000.5', sum: '0' },
  ],
  timeZone: 'Europe/Moscow',
};

export function dayOf(overrides: Partial<LedgerDay> = {}): LedgerDay {
  return {
    day: '2026-11-29',
    timeZone: 'Europe/Moscow',
    accounts: [
      {
        accountId: SAFE.id,
        name: SAFE.name,
        currency: 'RUB',
        opening: '100000',
        in: '30000.5',
        out: '6543.72',
        adjusted: '0',
        closing: '123456.78',
        count: null,
      },
      {
        accountId: WALLET.id,
        name: WALLET.name,
        currency: 'USDT',
        opening: '0',
        in: '1000.5',
        out: '0',
        adjusted: '0',
        closing: '1000.5',
        count: {
          counted: '1000.5',
          difference: '0',
          countedBy: 'anna_manager',
          countedAt: '2026-11-29T17:05:00.000Z',
          note: null,
        },
      },
    ],
    closed: null,
    ...overrides,
  };
}
