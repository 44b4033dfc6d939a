import { INITIAL_STANDARD_FORM } from '@web/lib/exchange-form';
import { setupTestI18n } from '@web/testing/i18n';
import { beforeAll, describe, expect, it } from 'vitest';
import { validateIndividual, validateStandard } from './apply-validation';

const chosen = {
  ...INITIAL_STANDARD_FORM,
  continent: 'cis',
  country: 'cis.kazakhstan',
  city: 'cis.kazakhstan.almaty',
};

describe('apply form rules', () => {
  beforeAll(() => setupTestI18n('en'));

  // Rules of the server's schemas come with the server's text, localized (English here).
  it('requires the geo fields, a positive amount and a 3-character contact', () => {
    const errors = validateStandard({ ...INITIAL_STANDARD_FORM, amount: '0' }, ' @a ', 'idle', null, true);

    expect(errors).toEqual({
      continent: 'validation.requiredField',
      country: 'validation.requiredField',
      city: 'validation.requiredField',
      amount: 'Please enter the correct positive amount',
      contactTelegram: 'Telegram contact must be at least 3 characters.',
    });
  });

  it('refuses text that is no number', () => {
    expect(validateStandard({ ...chosen, amount: '12abc' }, '@someone', 'valid', null, true)).toEqual({
      amount: 'validation.invalidAmount',
    });
  });

  it('refuses more decimals than the source asset has, with either separator', () => {
    const fiat = { ...chosen, assetFrom: 'card-KZT', assetTo: 'usdt-trc20' };
    const decimals = 'The amount may have at most 2 decimal places.';
    expect(validateStandard({ ...fiat, amount: '1234.56789' }, '@someone', 'valid', null, true)).toEqual({
      amount: decimals,
    });
    expect(validateStandard({ ...fiat, amount: '1234,567' }, '@someone', 'valid', null, true)).toEqual({
      amount: decimals,
    });
    expect(validateStandard({ ...fiat, amount: '1234,56' }, '@someone', 'valid', null, true)).toEqual({});
    const usdt = { ...chosen, assetFrom: 'usdt-trc20', assetTo: 'card-KZT' };
    expect(validateStandard({ ...usdt, amount: '12.345678' }, '@someone', 'valid', null, true)).toEqual({});
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
      cashStep: null,
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
    expect(validateStandard(form, '@someone', 'valid', quote, true)).toEqual({
      amount: 'The minimum amount is 50,000 KZT (100 USD).',
    });
    // A quote for another amount says nothing about this one.
    expect(validateStandard({ ...form, amount: '200' }, '@someone', 'valid', quote, true)).toEqual({});
  });

  it('refuses a contact that is neither a username nor an international phone number', () => {
    expect(validateStandard({ ...chosen, amount: '100' }, 'not a contact', 'idle', null, true)).toEqual({
      contactTelegram: 'Telegram contact must be a username or a phone number.',
    });
  });

  it('reports a contact the remote check refused', () => {
    const errors = validateStandard({ ...chosen, amount: '100' }, '@someone', 'invalid', null, true);

    expect(errors).toEqual({ contactTelegram: 'validation.invalidTelegramContact' });
  });

  it('accepts a complete standard form', () => {
    expect(validateStandard({ ...chosen, amount: '100' }, '@someone', 'valid', null, true)).toEqual({});
  });

  it('shows the server’s texts in Russian when the UI is Russian', async () => {
    await setupTestI18n('ru');
    try {
      const form = { ...chosen, assetFrom: 'card-KZT', assetTo: 'usdt-trc20', amount: '1234,567' };
      expect(validateStandard(form, '@someone', 'valid', null, true)).toEqual({
        amount: 'Сумма может содержать не более 2 знаков после запятой.',
      });
    } finally {
      await setupTestI18n('en');
    }
  });

  it('reports missing details of an individual request under individualDetails', () => {
    expect(validateIndividual('   ', '', 'idle', true)).toEqual({
      individualDetails: 'validation.requiredField',
      contactTelegram: 'validation.requiredField',
    });
  });

  it('requires the AML acknowledgement on both forms', () => {
    expect(validateStandard({ ...chosen, amount: '100' }, '@someone', 'valid', null, false)).toEqual({
      amlAcknowledged: 'validation.amlAcknowledgementRequired',
    });
    expect(validateIndividual('Cash in Lisbon', '@someone', 'valid', false)).toEqual({
      amlAcknowledged: 'validation.amlAcknowledgementRequired',
    });
  });
});
