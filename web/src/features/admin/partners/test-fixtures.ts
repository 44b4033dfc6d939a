import type { AdminPartnersData, AdminPartnerView } from '@shared/contract/partners';
import type { RatesData } from '@shared/contract/rates';
import { adminListPartners } from '@shared/routes/partners';
import { adminGetRates } from '@shared/routes/rates';
import { fakeApi, ok } from '@web/testing/fake-api';
import { testAdminDirection } from '@web/testing/fixtures';

export const ADDRESS = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
export const WALLET = 'TBXSw8fM4jpQkGc6zZjsVABFpVN7UvXPdV';
export const HASH = 'c0ffee'.padEnd(64, '7');
const AT = '2026-11-30T09:00:00.000Z';

export const ANNA: AdminPartnerView = {
  userId: 'u-anna',
  email: 'anna@example.test',
  code: 'ANNA01',
  terms: { profitPercent: 30, volumePercent: 0.5 },
  directionTerms: [{ direction: 'card-RUB→usdt-trc20', profitPercent: 40, volumePercent: 0 }],
  monitorHosts: [],
  balance: { available: '4.5', pending: '20.5', paid: '100', earned: '125' },
  createdAt: AT,
};

export const BORIS: AdminPartnerView = {
  userId: 'u-boris',
  email: 'boris@example.test',
  code: 'BORIS2',
  terms: null,
  directionTerms: [],
  monitorHosts: ['bestchange.ru'],
  balance: { available: '0', pending: '0', paid: '0', earned: '0' },
  createdAt: AT,
};

export const PAYOUT: AdminPartnersData['openPayouts'][number] = {
  id: 'po-1',
  amount: '20.5',
  address: ADDRESS,
  status: 'requested',
  createdAt: AT,
  decidedAt: null,
  txHash: null,
  reason: null,
  partnerId: ANNA.userId,
  partnerEmail: ANNA.email,
  screened: true,
};

export function partnersData(changes: Partial<AdminPartnersData> = {}): AdminPartnersData {
  return {
    partners: [ANNA, BORIS],
    defaults: { all: { profitPercent: 20, volumePercent: 0 }, directions: [] },
    openPayouts: [PAYOUT],
    wallets: [WALLET],
    timeZone: 'Europe/Moscow',
    ...changes,
  };
}

const RATES: RatesData = {
  updatedAt: null,
  currencies: [],
  directions: [
    testAdminDirection('card-RUB', 'usdt-trc20'),
    testAdminDirection('cash-USD', 'usdt-trc20'),
    testAdminDirection('usdt-trc20', 'cash-EUR'),
  ],
  reserves: [],
};

/** The page's two reads: the partners (each answer in turn, the last kept) and the rates' directions. */
export function answerPartners(...answers: AdminPartnersData[]) {
  const [first = partnersData(), ...rest] = answers;
  return fakeApi()
    .answer(adminListPartners, ok(first), ...rest.map((data) => ok(data)))
    .answer(adminGetRates, ok(RATES));
}
