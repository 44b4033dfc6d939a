import { type TemplateContent, templateFits, templateText, templateWanted } from '@shared/payment-templates';
import { describe, expect, it } from 'vitest';

const EUR_CARD: TemplateContent = { kind: 'card', currency: 'EUR', details: 'IBAN ES91 2100' };
const USD_CARD: TemplateContent = { kind: 'card', currency: 'USD', details: 'IBAN US00' };
const MADRID: TemplateContent = { kind: 'office', city: 'europe.spain.madrid', details: 'Calle Mayor 1' };
const KAZAN: TemplateContent = { kind: 'office', city: 'cis.russia.kazan', details: 'Bauman St 5' };
const WALLET: TemplateContent = { kind: 'usdt', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
const ALL = [EUR_CARD, USD_CARD, MADRID, KAZAN, WALLET];

const fitting = (assetFrom: string | null, city: string | null) =>
  ALL.filter((template) => templateFits(template, { assetFrom, city }));

describe('which payment templates fit an application', () => {
  it('a card payment takes the card templates of its currency, wherever the client is', () => {
    expect(fitting('card-EUR', 'europe.spain.madrid')).toEqual([EUR_CARD]);
    expect(fitting('card-USD', null)).toEqual([USD_CARD]);
    expect(fitting('card-GEL', 'asia.georgia.tbilisi')).toEqual([]);
  });

  it("a cash payment takes the offices of the application's city, none without a city", () => {
    expect(fitting('cash-EUR', 'europe.spain.madrid')).toEqual([MADRID]);
    expect(fitting('cash-RUB', 'cis.russia.kazan')).toEqual([KAZAN]);
    expect(fitting('cash-EUR', null)).toEqual([]);
    expect(templateWanted({ assetFrom: 'cash-EUR', city: null })).toBeNull();
  });

  it('a USDT payment takes the USDT templates only', () => {
    expect(fitting('usdt-trc20', 'europe.spain.madrid')).toEqual([WALLET]);
  });

  it('an individual request takes any card or office template, never a USDT one', () => {
    expect(fitting(null, null)).toEqual([EUR_CARD, USD_CARD, MADRID, KAZAN]);
  });

  it('an asset it cannot read takes none', () => {
    expect(fitting('bank-EUR', 'europe.spain.madrid')).toEqual([]);
  });

  it("starts the instructions with the template's details, or the address to send USDT to", () => {
    expect(templateText(EUR_CARD)).toBe('IBAN ES91 2100');
    expect(templateText(MADRID)).toBe('Calle Mayor 1');
    expect(templateText(WALLET)).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });
});
