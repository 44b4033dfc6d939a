import type { ChainReviewTransfer, ChainWalletStatus } from '@shared/contract/chain';
import type { RatesData } from '@shared/contract/rates';
import type { Role } from '@shared/enums';
import type { GeoTree } from '@shared/geo';
import { adminAttachChainTransfer, adminChainReview, adminRefundChainTransfer } from '@shared/routes/chain';
import { getGeo } from '@shared/routes/geo';
import { adminListLedgerAccounts } from '@shared/routes/ledger';
import {
  adminCreatePaymentTemplate,
  adminDeletePaymentTemplate,
  adminListPaymentTemplates,
  adminUpdatePaymentTemplate,
} from '@shared/routes/payment-templates';
import { adminGetRates } from '@shared/routes/rates';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { done, fakeApi, ok, refused } from '@web/testing/fake-api';
import { testCity, testPoolFields } from '@web/testing/fixtures';
import { setupTestI18n } from '@web/testing/i18n';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { account } from '../ledger/test-fixtures';
import { renderAdmin } from '../test-utils';
import { PaymentTemplatesPage } from './payment-templates-page';
import type { PickedTemplate } from './template-picker';

const AT = '2026-11-20T10:00:00.000Z';
const ADDRESS = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

const EUR_CARD: PickedTemplate = {
  kind: 'card',
  id: 't-card',
  label: 'Santander EUR',
  currency: 'EUR',
  details: 'IBAN ES91 2100 0418 4502 0005 1332',
  number: null,
  bank: null,
  holder: null,
  inUse: true,
  createdAt: AT,
  updatedAt: AT,
  accountId: null,
  ...testPoolFields(),
};
const MADRID_OFFICE: PickedTemplate = {
  kind: 'office',
  id: 't-office',
  label: 'Madrid, Calle Mayor',
  city: 'europe.spain.madrid',
  details: 'Calle Mayor 1, 2nd floor',
  inUse: false,
  createdAt: AT,
  updatedAt: AT,
  accountId: null,
};
const WALLET: PickedTemplate = {
  kind: 'usdt',
  id: 't-usdt',
  label: 'Hot wallet',
  address: ADDRESS,
  inUse: false,
  createdAt: AT,
  updatedAt: AT,
  accountId: null,
  ...testPoolFields(),
};

const names = (en: string, ru = en) => ({ ru, en });
const TREE: GeoTree = [
  {
    key: 'europe',
    defaultName: 'Europe',
    names: names('Europe', 'Европа'),
    isActive: true,
    countries: [
      {
        key: 'europe.spain',
        defaultName: 'Spain',
        names: names('Spain', 'Испания'),
        isActive: true,
        localCurrency: 'EUR',
        cities: [
          testCity('europe.spain.madrid', 'Madrid', { names: names('Madrid', 'Мадрид') }),
          testCity('europe.spain.barcelona', 'Barcelona', { names: names('Barcelona', 'Барселона') }),
        ],
      },
    ],
  },
];

const value = (code: string) => ({ code, usdValue: 1, cashStep: null, updatedAt: AT, updatedBy: null });
const RATES: RatesData = {
  updatedAt: AT,
  currencies: [value('USDT'), value('USD'), value('EUR'), value('GEL')],
  directions: [],
  reserves: [],
};

// The office's accounts of several kinds and currencies, and one of the books no template may name.
const SAFE_RUB = account({ id: 'safe-rub', name: 'Safe, Moscow', kind: 'cash', currency: 'RUB' });
const SAFE_EUR = account({ id: 'safe-eur', name: 'Safe, Madrid', kind: 'cash', currency: 'EUR' });
const CARD_EUR = account({ id: 'card-eur', name: 'Santander *1332', kind: 'card', currency: 'EUR' });
const CARD_GEL = account({ id: 'card-gel', name: 'Kaspi *4400', kind: 'card', currency: 'GEL' });
const HOT_WALLET = account({ id: 'wallet-1', name: 'Hot wallet TR7N', kind: 'wallet', currency: 'USDT' });
const EQUITY_EUR = account({
  id: 'equity-EUR',
  name: 'equity-EUR',
  kind: 'equity',
  side: 'books',
  currency: 'EUR',
});
const ACCOUNTS = [SAFE_RUB, SAFE_EUR, CARD_EUR, CARD_GEL, HOT_WALLET, EQUITY_EUR];

function openPage(
  templates: PickedTemplate[] = [EUR_CARD, MADRID_OFFICE, WALLET],
  review: ChainReviewTransfer[] = [],
  wallets: ChainWalletStatus[] = [],
  role: Role = 'ADMIN',
) {
  const api = fakeApi()
    .answer(adminListPaymentTemplates, ok({ templates }))
    .answer(adminGetRates, ok(RATES))
    .answer(getGeo, ok(TREE))
    .answer(adminListLedgerAccounts, ok({ accounts: ACCOUNTS, currencies: [], timeZone: 'Europe/Moscow' }))
    .answer(adminChainReview, ok({ transfers: review, wallets }));
  renderAdmin(<PaymentTemplatesPage />, { url: '/admin/payment-gateways', role });
  return api;
}

const group = (name: RegExp) => screen.getByRole('region', { name });
const item = (label: string) => screen.getByRole('listitem', { name: label });

/** A select of the dialog once its options have loaded (it is disabled until then). */
function enabledSelect(dialog: ReturnType<typeof within>, label: string) {
  return waitFor(() => {
    const select = dialog.getByLabelText(label) as HTMLSelectElement;
    expect(select.disabled).toBe(false);
    return select;
  });
}

describe('the payment gateways page', () => {
  beforeEach(() => setupTestI18n('en'));
  afterEach(cleanup);

  it('lists the templates under their kind, with what each is for and whether a deal uses it', async () => {
    openPage();
    expect(await screen.findByRole('heading', { name: 'Santander EUR' })).toBeTruthy();
    const cards = within(group(/^Card and bank details/));
    expect(cards.getByText('Card payments in EUR')).toBeTruthy();
    expect(cards.getByText('IBAN ES91 2100 0418 4502 0005 1332')).toBeTruthy();
    expect(cards.getByText('In use')).toBeTruthy();
    const offices = within(group(/^Offices/));
    expect(offices.getByRole('heading', { name: 'Madrid, Calle Mayor' })).toBeTruthy();
    expect(await offices.findByText('Cash in Madrid')).toBeTruthy();
    expect(offices.queryByText('In use')).toBeNull();
    const wallets = within(group(/^USDT \(TRC-20\) addresses/));
    expect(wallets.getByText(ADDRESS)).toBeTruthy();
    expect(wallets.queryByText('Santander EUR')).toBeNull();
  });

  it('says when a kind has no template', async () => {
    openPage([WALLET]);
    await screen.findByRole('heading', { name: 'Hot wallet' });
    expect(within(group(/^Offices/)).getByText('No template of this kind yet.')).toBeTruthy();
  });

  it("shows each card's and wallet's use today and this month against its limits, and how it is given out", async () => {
    const limited: PickedTemplate = {
      ...EUR_CARD,
      ...testPoolFields({
        availability: 'paused',
        limits: { dayAmount: '5000', monthAmount: null, dayDeals: 10, monthDeals: null },
        use: {
          day: '2026-11-20',
          month: '2026-11',
          today: { amount: '4200.000000', deals: 3 },
          thisMonth: { amount: '61000.500000', deals: 12 },
        },
      }),
    } as PickedTemplate;
    openPage([limited, MADRID_OFFICE, WALLET]);
    await screen.findByRole('heading', { name: 'Santander EUR' });
    const card = within(item('Santander EUR'));
    expect(card.getByText('Paused')).toBeTruthy();
    // 4,200 of 5,000 is past 80 %: marked near its limit.
    expect(card.getByText('4,200 of 5,000 EUR · 3 of 10 deals · near its limit')).toBeTruthy();
    expect(card.getByText('61,000.5 EUR · 12 deals')).toBeTruthy();
    expect(within(item('Hot wallet')).getByText('In rotation')).toBeTruthy();
    expect(within(item('Madrid, Calle Mayor')).queryByText('Today')).toBeNull();
  });

  it("creates a card template for one of the rates' fiat currencies and shows it", async () => {
    const created: PickedTemplate = {
      ...EUR_CARD,
      id: 't-new',
      label: 'Kaspi GEL',
      currency: 'GEL',
      inUse: false,
    };
    const api = openPage().answer(adminCreatePaymentTemplate, ok(created));
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New payment template' }));
    const currency = await enabledSelect(dialog, 'Currency');
    expect([...currency.options].map((option) => option.value)).toEqual(['', 'EUR', 'GEL', 'USD']);
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Kaspi GEL' } });
    fireEvent.change(currency, { target: { value: 'GEL' } });
    fireEvent.change(dialog.getByLabelText('Card or account number'), {
      target: { value: '4400 4302 1234 5679' },
    });
    fireEvent.change(dialog.getByLabelText('Bank'), { target: { value: 'Kaspi' } });
    fireEvent.change(dialog.getByLabelText('Recipient'), { target: { value: 'A. Nurlanov' } });
    fireEvent.change(dialog.getByLabelText('Payment details'), { target: { value: 'Card 4400 …' } });
    // In rotation unless chosen otherwise; its limits as typed, empty ones none.
    expect(dialog.getByRole('button', { name: 'In rotation', pressed: true })).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'By hand only' }));
    fireEvent.change(dialog.getByLabelText('Incoming per day, GEL'), { target: { value: '5000' } });
    fireEvent.change(dialog.getByLabelText('Deals per month'), { target: { value: '40' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('heading', { name: 'Kaspi GEL' })).toBeTruthy();
    // The number goes as its digits, for the order page to offer it to copy.
    expect(api.requests(adminCreatePaymentTemplate).map((request) => request.body)).toEqual([
      {
        kind: 'card',
        label: 'Kaspi GEL',
        currency: 'GEL',
        details: 'Card 4400 …',
        number: '4400430212345679',
        bank: 'Kaspi',
        holder: 'A. Nurlanov',
        accountId: null,
        availability: 'manual',
        limits: { dayAmount: '5000', monthAmount: null, dayDeals: null, monthDeals: 40 },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses a card number with a typo before sending, in the words of the shared rule', async () => {
    const api = openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New payment template' }));
    const currency = await enabledSelect(dialog, 'Currency');
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Kaspi GEL' } });
    fireEvent.change(currency, { target: { value: 'GEL' } });
    fireEvent.change(dialog.getByLabelText('Card or account number'), {
      target: { value: '4400 4302 1234 5678' },
    });
    fireEvent.change(dialog.getByLabelText('Payment details'), { target: { value: 'Card 4400 …' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Enter a valid card number.')).toBeTruthy();
    expect(api.requests(adminCreatePaymentTemplate)).toEqual([]);
  });

  it('creates an office template for a city of the tree', async () => {
    const api = openPage().answer(
      adminCreatePaymentTemplate,
      ok({ ...MADRID_OFFICE, id: 't-bcn', label: 'Barcelona', city: 'europe.spain.barcelona' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Office' }));
    const city = await enabledSelect(dialog, 'City');
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Barcelona' } });
    fireEvent.change(city, { target: { value: 'europe.spain.barcelona' } });
    fireEvent.change(dialog.getByLabelText('Payment details'), { target: { value: 'Rambla 5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await within(group(/^Offices/)).findByText('Cash in Barcelona')).toBeTruthy();
    expect(api.requests(adminCreatePaymentTemplate)[0]!.body).toEqual({
      kind: 'office',
      label: 'Barcelona',
      city: 'europe.spain.barcelona',
      details: 'Rambla 5',
      accountId: null,
    });
  });

  it("refuses a TRON address whose checksum fails before sending, in the server's words", async () => {
    const api = openPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = within(await screen.findByRole('dialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'USDT' }));
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Wallet 2' } });
    fireEvent.change(dialog.getByLabelText('TRON (TRC-20) address'), {
      target: { value: `${ADDRESS.slice(0, -1)}u` },
    });
    expect(
      dialog.getByText(
        'The address has a typo: its checksum does not match. Copy it again from your wallet.',
      ),
    ).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(api.requests(adminCreatePaymentTemplate)).toEqual([]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("puts the server's field refusal on its field", async () => {
    openPage().answer(
      adminCreatePaymentTemplate,
      refused(400, 'Validation failed.', {
        code: 'PaymentTemplateFieldsRefused',
        errors: [
          {
            path: 'currency',
            param: 'currency',
            code: 'currencyNotInRates',
            msg: 'The rates know no currency GEL; add it to the rates first.',
            params: { currency: 'GEL' },
          },
        ],
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
    const dialog = within(await screen.findByRole('dialog'));
    await waitFor(() =>
      expect((dialog.getByLabelText('Currency') as HTMLSelectElement).disabled).toBe(false),
    );
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'GEL card' } });
    fireEvent.change(dialog.getByLabelText('Currency'), { target: { value: 'GEL' } });
    fireEvent.change(dialog.getByLabelText('Payment details'), { target: { value: 'Card' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('The rates know no currency GEL; add it to the rates first.'),
    ).toBeTruthy();
  });

  it('edits a template in place, its kind fixed', async () => {
    const api = openPage().answer(adminUpdatePaymentTemplate, ok({ ...WALLET, label: 'Cold wallet' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Edit the template Hot wallet' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Hot wallet' }));
    expect(dialog.queryByRole('button', { name: 'Card' })).toBeNull();
    fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Cold wallet' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Cold wallet' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Hot wallet' })).toBeNull();
    expect(api.requests(adminUpdatePaymentTemplate)).toMatchObject([
      { params: { id: 't-usdt' }, body: { kind: 'usdt', label: 'Cold wallet', address: ADDRESS } },
    ]);
  });

  it('deletes a template after the confirmation', async () => {
    const api = openPage().answer(adminDeletePaymentTemplate, done('Payment template deleted.'));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete the template Madrid, Calle Mayor' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete the payment template?' }));
    expect(api.requests(adminDeletePaymentTemplate)).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Madrid, Calle Mayor' })).toBeNull());
    expect(api.requests(adminDeletePaymentTemplate)).toMatchObject([{ params: { id: 't-office' } }]);
    // The dialog closes in an effect after the render that drops the template: wait for it too.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps a template a deal uses, saying why in the UI language', async () => {
    await setupTestI18n('ru');
    const api = openPage().answer(
      adminDeletePaymentTemplate,
      refused(409, 'This payment template is used by 2 deal(s) under way; it can be deleted once they end.', {
        code: 'TemplateInUse',
        params: { openDeals: 2 },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить шаблон Santander EUR' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Удалить шаблон оплаты?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Удалить' }));
    expect(
      await dialog.findByText(
        'Этот шаблон оплаты используется в незавершённых сделках (2); удалить его можно, когда они завершатся.',
      ),
    ).toBeTruthy();
    expect(api.requests(adminDeletePaymentTemplate)).toHaveLength(1);
    fireEvent.click(dialog.getByRole('button', { name: 'Отмена' }));
    expect(within(item('Santander EUR')).getByText('Используется')).toBeTruthy();
  });

  it('shows a MANAGER the templates read-only and the transfers waiting for staff, reading no rates', async () => {
    const api = openPage(undefined, [], [], 'MANAGER');
    expect(await screen.findByRole('heading', { name: 'Santander EUR' })).toBeTruthy();
    expect(
      await screen.findByRole('region', { name: /USDT transfers waiting for staff \(0\)/ }),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New template' })).toBeNull();
    expect(within(item('Santander EUR')).queryAllByRole('button')).toEqual([]);
    expect(api.requests(adminGetRates)).toEqual([]);
  });

  describe("the office account a template's money is booked on", () => {
    const optionsOf = (select: HTMLElement) =>
      [...(select as HTMLSelectElement).options].map((option) => option.textContent);
    const accountSelect = (dialog: ReturnType<typeof within>) =>
      waitFor(() => {
        const select = dialog.getByLabelText('Account') as HTMLSelectElement;
        expect(select.disabled).toBe(false);
        return select;
      });

    it("offers only the office's accounts that fit the kind and currency, and none", async () => {
      openPage();
      fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
      const dialog = within(await screen.findByRole('dialog'));
      const currency = await enabledSelect(dialog, 'Currency');
      fireEvent.change(currency, { target: { value: 'EUR' } });
      expect(optionsOf(await accountSelect(dialog))).toEqual([
        "None (the asset's own account)",
        'Safe, Madrid (EUR)',
        'Santander *1332 (EUR)',
      ]);
      fireEvent.click(dialog.getByRole('button', { name: 'USDT' }));
      expect(optionsOf(dialog.getByLabelText('Account'))).toEqual([
        "None (the asset's own account)",
        'Hot wallet TR7N (USDT)',
      ]);
      fireEvent.click(dialog.getByRole('button', { name: 'Office' }));
      expect(optionsOf(dialog.getByLabelText('Account'))).toEqual([
        "None (the asset's own account)",
        'Safe, Moscow (RUB)',
        'Safe, Madrid (EUR)',
      ]);
    });

    it('asks for the account again when the currency changes', async () => {
      openPage();
      fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
      const dialog = within(await screen.findByRole('dialog'));
      await waitFor(() =>
        expect((dialog.getByLabelText('Currency') as HTMLSelectElement).disabled).toBe(false),
      );
      fireEvent.change(dialog.getByLabelText('Currency'), { target: { value: 'EUR' } });
      const select = await accountSelect(dialog);
      fireEvent.change(select, { target: { value: CARD_EUR.id } });
      expect(select.value).toBe(CARD_EUR.id);
      fireEvent.change(dialog.getByLabelText('Currency'), { target: { value: 'GEL' } });
      expect(select.value).toBe('');
      expect(optionsOf(select)).toEqual(["None (the asset's own account)", 'Kaspi *4400 (GEL)']);
    });

    it('sends the id of the account chosen, and shows its name in the list', async () => {
      const api = openPage().answer(
        adminCreatePaymentTemplate,
        ok({ ...EUR_CARD, id: 't-gel', label: 'Kaspi GEL', currency: 'GEL', accountId: CARD_GEL.id }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'New template' }));
      const dialog = within(await screen.findByRole('dialog'));
      await waitFor(() =>
        expect((dialog.getByLabelText('Currency') as HTMLSelectElement).disabled).toBe(false),
      );
      fireEvent.change(dialog.getByLabelText('Name'), { target: { value: 'Kaspi GEL' } });
      fireEvent.change(dialog.getByLabelText('Currency'), { target: { value: 'GEL' } });
      fireEvent.change(dialog.getByLabelText('Payment details'), { target: { value: 'Card 4400 …' } });
      fireEvent.change(await accountSelect(dialog), { target: { value: CARD_GEL.id } });
      fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

      const saved = await screen.findByRole('listitem', { name: 'Kaspi GEL' });
      expect(within(saved).getByText('Kaspi *4400')).toBeTruthy();
      expect(api.requests(adminCreatePaymentTemplate)[0]!.body).toEqual({
        kind: 'card',
        label: 'Kaspi GEL',
        currency: 'GEL',
        details: 'Card 4400 …',
        number: null,
        bank: null,
        holder: null,
        accountId: 'card-gel',
        availability: 'rotation',
        limits: { dayAmount: null, monthAmount: null, dayDeals: null, monthDeals: null },
      });
    });

    it("sends null for none, taking a template off its account onto its asset's own", async () => {
      const booked = { ...EUR_CARD, accountId: CARD_EUR.id };
      const api = openPage([booked]).answer(adminUpdatePaymentTemplate, ok({ ...booked, accountId: null }));
      const listed = await screen.findByRole('listitem', { name: 'Santander EUR' });
      expect(await within(listed).findByText('Santander *1332')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Edit the template Santander EUR' }));
      const dialog = within(await screen.findByRole('dialog', { name: 'Edit Santander EUR' }));
      const select = await accountSelect(dialog);
      expect(select.value).toBe(CARD_EUR.id);
      fireEvent.change(select, { target: { value: '' } });
      fireEvent.click(dialog.getByRole('button', { name: 'Save' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(api.requests(adminUpdatePaymentTemplate)).toMatchObject([
        { params: { id: 't-card' }, body: { kind: 'card', accountId: null } },
      ]);
      expect(within(item('Santander EUR')).queryByText('Santander *1332')).toBeNull();
    });

    it("shows the server's refusal of the account beside the select, in Russian", async () => {
      await setupTestI18n('ru');
      openPage([WALLET]).answer(
        adminUpdatePaymentTemplate,
        refused(400, 'Validation failed.', {
          code: 'PaymentTemplateFieldsRefused',
          errors: [
            {
              path: 'accountId',
              param: 'accountId',
              code: 'templateAccount',
              msg: "Choose an office account of the template's currency (a cash desk for an office), or none.",
            },
          ],
        }),
      );
      fireEvent.click(await screen.findByRole('button', { name: 'Изменить шаблон Hot wallet' }));
      const dialog = within(await screen.findByRole('dialog'));
      const select = await waitFor(() => {
        const found = dialog.getByLabelText('Счёт') as HTMLSelectElement;
        expect(found.disabled).toBe(false);
        return found;
      });
      expect(optionsOf(select)).toEqual(['Нет (собственный счёт актива)', 'Hot wallet TR7N (USDT)']);
      fireEvent.change(select, { target: { value: HOT_WALLET.id } });
      fireEvent.click(dialog.getByRole('button', { name: 'Сохранить' }));
      const refusal = await dialog.findByText(
        'Выберите счёт в валюте шаблона (для офиса — кассу) или оставьте пустым.',
      );
      expect(select.getAttribute('aria-describedby')).toContain(refusal.id);
    });
  });

  describe('the USDT transfers waiting for staff', () => {
    const UNDERPAID: ChainReviewTransfer = {
      txId: 'a'.repeat(64),
      from: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
      to: ADDRESS,
      amount: '499.500000',
      reason: 'underpaid',
      seenAt: AT,
      blockTime: AT,
      application: { id: 'app-1', status: 'WAITING_PAYMENT', payableAmount: '500.0037' },
    };

    it('lists each with its reason, exact amount, sender, wallet and the application it was nearest to', async () => {
      openPage(undefined, [
        UNDERPAID,
        { ...UNDERPAID, txId: 'b'.repeat(64), reason: 'unknown', application: null },
      ]);
      const section = await screen.findByRole('region', { name: /USDT transfers waiting for staff \(2\)/ });
      const first = within(section).getByRole('listitem', { name: 'a'.repeat(64) });
      expect(within(first).getByText('Underpaid')).toBeTruthy();
      expect(within(first).getByText('499.500000 USDT')).toBeTruthy();
      expect(within(first).getByText('TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj')).toBeTruthy();
      expect(within(first).getByText('app-1 · Waiting for payment · expected 500.0037 USDT')).toBeTruthy();
      const second = within(section).getByRole('listitem', { name: 'b'.repeat(64) });
      expect(within(second).getByText('Unknown')).toBeTruthy();
      expect(within(second).getByText('none')).toBeTruthy();
    });

    it("shows each wallet's last read, its lag and its failed reads", async () => {
      openPage(
        undefined,
        [],
        [
          { address: ADDRESS, lastReadAt: AT, lagSeconds: 12, errors: 0, lastError: null },
          {
            address: 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj',
            lastReadAt: null,
            lagSeconds: null,
            errors: 3,
            lastError: 'TRON provider answered 500',
          },
        ],
      );
      const wallets = await screen.findByRole('list', { name: 'Wallets watched' });
      const [first, second] = within(wallets).getAllByRole('listitem');
      expect(first!.textContent).toContain(ADDRESS);
      expect(first!.textContent).toContain('(12 s ago)');
      expect(second!.textContent).toContain('not read yet');
      expect(second!.textContent).toContain('failed reads: 3: TRON provider answered 500');
    });

    it('attaches a transfer to its application, and marks another refunded with its hash, each leaving the list', async () => {
      const api = openPage(undefined, [UNDERPAID, { ...UNDERPAID, txId: 'b'.repeat(64), application: null }])
        .answer(
          adminAttachChainTransfer,
          ok({
            txId: 'a'.repeat(64),
            resolution: 'attached' as const,
            applicationId: 'app-1',
            status: 'PAID' as const,
            refundTxHash: null,
          }),
        )
        .answer(
          adminRefundChainTransfer,
          refused(409, 'This transfer no longer waits for staff. Reload the list.', {
            code: 'ChainTransferNotWaiting',
          }),
        );
      const first = await screen.findByRole('listitem', { name: 'a'.repeat(64) });
      fireEvent.click(within(first).getByRole('button', { name: 'Attach to the application' }));
      await waitFor(() => expect(screen.queryByRole('listitem', { name: 'a'.repeat(64) })).toBeNull());
      expect(api.requests(adminAttachChainTransfer)).toMatchObject([
        { params: { txId: 'a'.repeat(64) }, body: { applicationId: 'app-1' } },
      ]);

      const second = screen.getByRole('listitem', { name: 'b'.repeat(64) });
      fireEvent.change(within(second).getByLabelText('Refund transaction hash'), {
        target: { value: 'c'.repeat(64) },
      });
      fireEvent.click(within(second).getByRole('button', { name: 'Mark refunded' }));
      expect(
        await within(second).findByText('This transfer no longer waits for staff. Reload the list.'),
      ).toBeTruthy();
      expect(api.requests(adminRefundChainTransfer)).toMatchObject([
        { params: { txId: 'b'.repeat(64) }, body: { txHash: 'c'.repeat(64) } },
      ]);
    });

    describe('attaching a transfer of another amount', () => {
      const ATTACHED = {
        txId: 'a'.repeat(64),
        resolution: 'attached' as const,
        applicationId: 'app-1',
        status: 'PAID' as const,
        refundTxHash: null,
      };

      it('shows the amount that arrived beside the one asked, and the difference', async () => {
        openPage(undefined, [UNDERPAID]);
        const first = await screen.findByRole('listitem', { name: 'a'.repeat(64) });
        expect(
          within(first).getByText(
            'Arrived 499.500000 USDT; application app-1 expects 500.0037 USDT (difference -0.503700 USDT).',
          ),
        ).toBeTruthy();
      });

      it('shows no difference when the amounts are the same, nor for another application typed in', async () => {
        openPage(undefined, [
          { ...UNDERPAID, reason: 'late', amount: '500.003700' },
          { ...UNDERPAID, txId: 'b'.repeat(64) },
        ]);
        const same = await screen.findByRole('listitem', { name: 'a'.repeat(64) });
        expect(within(same).queryByText(/^Arrived/)).toBeNull();
        const other = screen.getByRole('listitem', { name: 'b'.repeat(64) });
        fireEvent.change(within(other).getByLabelText('Application ID'), { target: { value: 'app-2' } });
        expect(within(other).queryByText(/^Arrived/)).toBeNull();
      });

      it.each(['ADMIN', 'MANAGER'] as const)(
        'lets a %s attach it as it arrived, with no acceptance to tick',
        async (role) => {
          const api = openPage(undefined, [UNDERPAID], [], role).answer(
            adminAttachChainTransfer,
            ok(ATTACHED),
          );
          const first = await screen.findByRole('listitem', { name: 'a'.repeat(64) });
          expect(within(first).queryByRole('checkbox')).toBeNull();
          expect(within(first).getByText(/^Arrived 499.500000 USDT/)).toBeTruthy();
          fireEvent.click(within(first).getByRole('button', { name: 'Attach to the application' }));
          await waitFor(() => expect(api.requests(adminAttachChainTransfer)).toHaveLength(1));
          expect(api.requests(adminAttachChainTransfer)[0]).toEqual(
            expect.objectContaining({ params: { txId: 'a'.repeat(64) }, body: { applicationId: 'app-1' } }),
          );
        },
      );
    });

    it('says when none is waiting', async () => {
      openPage();
      const section = await screen.findByRole('region', { name: /USDT transfers waiting for staff/ });
      expect(await within(section).findByText('No transfer is waiting.')).toBeTruthy();
    });
  });
});
