import type { GeoTree } from '@shared/geo';
import { setupTestI18n } from '@web/testing/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  giveOptions,
  INITIAL_STANDARD_FORM,
  localCurrencyOf,
  parseAmount,
  receiveOptions,
  selectAssetFrom,
  selectAssetTo,
  selectCity,
  selectContinent,
  selectCountry,
  swapAssets,
} from './apply-form';
import { validateIndividual, validateStandard } from './apply-validation';

const names = (en: string) => ({ ru: en, en });
const tree: GeoTree = [
  {
    key: 'cis',
    defaultName: 'CIS',
    names: names('CIS'),
    isActive: true,
    countries: [
      {
        key: 'cis.kazakhstan',
        defaultName: 'Kazakhstan',
        names: names('Kazakhstan'),
        isActive: true,
        localCurrency: 'KZT',
        cities: [
          { key: 'cis.kazakhstan.almaty', defaultName: 'Almaty', names: names('Almaty'), isActive: true },
        ],
      },
    ],
  },
];

const chosen = {
  ...INITIAL_STANDARD_FORM,
  continent: 'cis',
  country: 'cis.kazakhstan',
  city: 'cis.kazakhstan.almaty',
};

describe('apply form cascade', () => {
  it('resets country and city when the continent changes', () => {
    const next = selectContinent(chosen, 'europe');

    expect(next).toMatchObject({ continent: 'europe', country: '', city: '' });
  });

  it('resets the city and switches the source to the local currency card when the country changes', () => {
    const next = selectCountry({ ...chosen, assetFrom: 'cash-EUR' }, 'cis.kazakhstan', 'KZT');

    expect(next).toMatchObject({
      country: 'cis.kazakhstan',
      city: '',
      assetFrom: 'card-KZT',
      assetTo: 'usdt-trc20',
    });
  });

  it('keeps the pair valid when a country change turns a crypto source into fiat', () => {
    const next = selectCountry(
      { ...chosen, assetFrom: 'usdt-trc20', assetTo: 'cash-USD' },
      'cis.kazakhstan',
      'KZT',
    );

    expect(next).toMatchObject({ assetFrom: 'card-KZT', assetTo: 'usdt-trc20' });
  });

  it('drops a local-currency asset that the new continent no longer offers', () => {
    const next = selectContinent({ ...chosen, assetFrom: 'card-KZT' }, 'europe');

    expect(next.assetFrom).toBe('cash-USD');
    expect(next.assetTo).toBe('usdt-trc20');
  });

  it('sets the city without touching the rest', () => {
    expect(selectCity({ ...chosen, city: '' }, 'cis.kazakhstan.almaty')).toEqual(chosen);
  });

  it('reads the local currency of the selected country', () => {
    expect(localCurrencyOf(tree, chosen)).toBe('KZT');
    expect(localCurrencyOf(tree, INITIAL_STANDARD_FORM)).toBeNull();
  });
});

describe('apply form assets', () => {
  it('offers cash and card in USD, EUR, RUB and the local currency, then USDT', () => {
    expect(giveOptions('KZT')).toEqual([
      'cash-USD',
      'card-USD',
      'cash-EUR',
      'card-EUR',
      'cash-RUB',
      'card-RUB',
      'cash-KZT',
      'card-KZT',
      'usdt-trc20',
    ]);
  });

  it('offers only USDT for a fiat source and only fiat for a crypto source', () => {
    expect(receiveOptions('cash-EUR', null)).toEqual(['usdt-trc20']);
    expect(receiveOptions('usdt-trc20', null)).toEqual([
      'cash-USD',
      'card-USD',
      'cash-EUR',
      'card-EUR',
      'cash-RUB',
      'card-RUB',
    ]);
  });

  it('moves the destination to a fiat asset when the source becomes USDT', () => {
    const next = selectAssetFrom(
      { ...chosen, assetFrom: 'cash-USD', assetTo: 'usdt-trc20' },
      'usdt-trc20',
      'KZT',
    );

    expect(next).toMatchObject({ assetFrom: 'usdt-trc20', assetTo: 'card-KZT' });
  });

  it('keeps a chosen fiat destination for a crypto source', () => {
    const next = selectAssetTo(
      { ...chosen, assetFrom: 'usdt-trc20', assetTo: 'card-KZT' },
      'cash-RUB',
      'KZT',
    );

    expect(next).toMatchObject({ assetFrom: 'usdt-trc20', assetTo: 'cash-RUB' });
  });

  it('swaps give and receive', () => {
    const next = swapAssets({ ...chosen, assetFrom: 'cash-EUR', assetTo: 'usdt-trc20' }, 'KZT');

    expect(next).toMatchObject({ assetFrom: 'usdt-trc20', assetTo: 'cash-EUR' });
  });
});

describe('apply form rules', () => {
  beforeAll(() => setupTestI18n('en'));

  it('accepts a dot or a comma as the decimal separator', () => {
    expect(parseAmount('1500.5')).toBe(1500.5);
    expect(parseAmount('0,25')).toBe(0.25);
    expect(parseAmount('12abc')).toBeNaN();
    expect(parseAmount('')).toBeNaN();
  });

  // Rules of the server's schemas come with the server's text, localized (English here).
  it('requires the geo fields, a positive amount and a 3-character contact', () => {
    const errors = validateStandard({ ...INITIAL_STANDARD_FORM, amount: '0' }, ' @a ', 'idle', null);

    expect(errors).toEqual({
      continent: 'validation.requiredField',
      country: 'validation.requiredField',
      city: 'validation.requiredField',
      amount: 'Please enter the correct positive amount',
      contactTelegram: 'Telegram contact must be at least 3 characters.',
    });
  });

  it('refuses text that is no number', () => {
    expect(validateStandard({ ...chosen, amount: '12abc' }, '@someone', 'valid', null)).toEqual({
      amount: 'validation.invalidAmount',
    });
  });

  it('refuses more decimals than the source asset has, with either separator', () => {
    const fiat = { ...chosen, assetFrom: 'card-KZT', assetTo: 'usdt-trc20' };
    const decimals = 'The amount may have at most 2 decimal places.';
    expect(validateStandard({ ...fiat, amount: '1234.56789' }, '@someone', 'valid', null)).toEqual({
      amount: decimals,
    });
    expect(validateStandard({ ...fiat, amount: '1234,567' }, '@someone', 'valid', null)).toEqual({
      amount: decimals,
    });
    expect(validateStandard({ ...fiat, amount: '1234,56' }, '@someone', 'valid', null)).toEqual({});
    const usdt = { ...chosen, assetFrom: 'usdt-trc20', assetTo: 'card-KZT' };
    expect(validateStandard({ ...usdt, amount: '12.345678' }, '@someone', 'valid', null)).toEqual({});
  });

  it('refuses an amount below the minimum of the quote for exactly that amount and pair', () => {
    const form = { ...chosen, assetFrom: 'card-KZT', assetTo: 'usdt-trc20', amount: '100' };
    const quote = {
      assetFrom: 'card-KZT',
      assetTo: 'usdt-trc20',
      currencyFrom: 'KZT',
      currencyTo: 'USDT',
      amount: 100,
      amountTo: 0.19,
      rate: 0.0019,
      markupPercent: 1,
      source: 'manual' as const,
      usdValueFrom: 0.002,
      usdValueTo: 1,
      amountUSD: 0.2,
      minAmount: 50000,
      minAmountUSD: 100,
      maxAmount: null,
      reserve: null,
      maxAmountTo: null,
      belowMinimum: true,
      aboveMaximum: false,
      aboveReserve: false,
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(validateStandard(form, '@someone', 'valid', quote)).toEqual({
      amount: 'The minimum amount is 50000 KZT (100 USD).',
    });
    // A quote for another amount says nothing about this one.
    expect(validateStandard({ ...form, amount: '200' }, '@someone', 'valid', quote)).toEqual({});
  });

  it('refuses a contact that is neither a username nor an international phone number', () => {
    expect(validateStandard({ ...chosen, amount: '100' }, 'not a contact', 'idle', null)).toEqual({
      contactTelegram: 'Telegram contact must be a username or a phone number.',
    });
  });

  it('reports a contact the remote check refused', () => {
    const errors = validateStandard({ ...chosen, amount: '100' }, '@someone', 'invalid', null);

    expect(errors).toEqual({ contactTelegram: 'validation.invalidTelegramContact' });
  });

  it('accepts a complete standard form', () => {
    expect(validateStandard({ ...chosen, amount: '100' }, '@someone', 'valid', null)).toEqual({});
  });

  it('shows the server’s texts in Russian when the UI is Russian', async () => {
    await setupTestI18n('ru');
    try {
      const form = { ...chosen, assetFrom: 'card-KZT', assetTo: 'usdt-trc20', amount: '1234,567' };
      expect(validateStandard(form, '@someone', 'valid', null)).toEqual({
        amount: 'Сумма может содержать не более 2 знаков после запятой.',
      });
    } finally {
      await setupTestI18n('en');
    }
  });

  it('reports missing details of an individual request under individualDetails', () => {
    expect(validateIndividual('   ', '', 'idle')).toEqual({
      individualDetails: 'validation.requiredField',
      contactTelegram: 'validation.requiredField',
    });
  });
});
