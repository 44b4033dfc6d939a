import type { GeoTree } from '@shared/geo';
import { testCity, testContinent, testCountry } from '@web/testing/fixtures';
import { describe, expect, it } from 'vitest';
import {
  formFromChoice,
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
  selectPlace,
  swapAssets,
} from './exchange-form';

const tree: GeoTree = [
  testContinent('cis', 'CIS', [
    testCountry('cis.kazakhstan', 'Kazakhstan', 'KZT', [
      testCity('cis.kazakhstan.almaty', 'Almaty'),
      testCity('cis.kazakhstan.astana', 'Astana'),
      testCity('cis.kazakhstan.shymkent', 'Shymkent', { isActive: false }),
    ]),
  ]),
  testContinent('europe', 'Europe', [
    testCountry('europe.germany', 'Germany', 'EUR', [testCity('europe.germany.berlin', 'Berlin')]),
  ]),
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

describe('apply form assets and working hours', () => {
  const cashClosed = { cash: false, card: true };

  it('offers no cash while the city is closed, and no card while card exchange is', () => {
    expect(giveOptions('KZT', cashClosed)).toEqual([
      'card-USD',
      'card-EUR',
      'card-RUB',
      'card-KZT',
      'usdt-trc20',
    ]);
    expect(receiveOptions('usdt-trc20', 'KZT', { cash: true, card: false })).toEqual([
      'cash-USD',
      'cash-EUR',
      'cash-RUB',
      'cash-KZT',
    ]);
  });

  it('moves a cash side to the card of its currency when the chosen city is closed', () => {
    const giving = { ...chosen, city: '', assetFrom: 'cash-KZT', assetTo: 'usdt-trc20' };
    expect(selectCity(giving, 'cis.kazakhstan.almaty', 'KZT', cashClosed)).toMatchObject({
      city: 'cis.kazakhstan.almaty',
      assetFrom: 'card-KZT',
      assetTo: 'usdt-trc20',
    });
    const receiving = { ...chosen, city: '', assetFrom: 'usdt-trc20', assetTo: 'cash-EUR' };
    expect(selectCity(receiving, 'cis.kazakhstan.almaty', 'KZT', cashClosed).assetTo).toBe('card-EUR');
  });

  it('leaves the pair alone when no fiat is open at all', () => {
    const giving = { ...chosen, assetFrom: 'cash-KZT', assetTo: 'usdt-trc20' };
    expect(selectCity(giving, 'cis.kazakhstan.almaty', 'KZT', { cash: false, card: false })).toEqual(giving);
  });
});

describe('one select of cities (the landing calculator)', () => {
  it("sets the city's continent and country and switches the source to the country's card", () => {
    const next = selectPlace(tree, INITIAL_STANDARD_FORM, 'cis.kazakhstan.almaty');

    expect(next).toEqual({ ...chosen, assetFrom: 'card-KZT', assetTo: 'usdt-trc20' });
  });

  it('keeps the chosen pair when the new city is in the same country', () => {
    const form = { ...chosen, assetFrom: 'usdt-trc20', assetTo: 'cash-KZT', amount: '100' };

    const next = selectPlace(tree, form, 'cis.kazakhstan.astana');

    expect(next).toEqual({ ...form, city: 'cis.kazakhstan.astana' });
  });

  it('drops the local currency when the city is in a country of another currency', () => {
    const form = { ...chosen, assetFrom: 'usdt-trc20', assetTo: 'cash-KZT' };

    const next = selectPlace(tree, form, 'europe.germany.berlin');

    expect(next).toMatchObject({
      continent: 'europe',
      country: 'europe.germany',
      city: 'europe.germany.berlin',
      assetFrom: 'card-EUR',
      assetTo: 'usdt-trc20',
    });
  });

  it('clears the place for no city, an inactive city or a key that is no city', () => {
    const form = { ...chosen, assetFrom: 'card-KZT' };

    for (const key of ['', 'cis.kazakhstan.shymkent', 'cis.kazakhstan', 'cis.kazakhstan.almaty.x']) {
      expect(selectPlace(tree, form, key), key).toMatchObject({
        continent: '',
        country: '',
        city: '',
        assetFrom: 'cash-USD',
        assetTo: 'usdt-trc20',
      });
    }
  });
});

describe('a choice carried to the apply form', () => {
  it('opens with its city, its pair and its amount as typed', () => {
    const choice = {
      city: 'cis.kazakhstan.almaty',
      assetFrom: 'usdt-trc20',
      assetTo: 'cash-KZT',
      amount: '250,5',
    };

    expect(formFromChoice(tree, choice)).toEqual({ ...chosen, ...choice });
  });

  it('opens without a place when the city is no longer offered, and keeps the pair valid', () => {
    const choice = {
      city: 'cis.kazakhstan.shymkent',
      assetFrom: 'card-KZT',
      assetTo: 'usdt-trc20',
      amount: '900',
    };

    expect(formFromChoice(tree, choice)).toEqual({ ...INITIAL_STANDARD_FORM, amount: '900' });
  });

  it('never opens with a pair the rules refuse', () => {
    const choice = {
      city: 'europe.germany.berlin',
      assetFrom: 'cash-EUR',
      assetTo: 'card-USD',
      amount: '10',
    };

    expect(formFromChoice(tree, choice)).toMatchObject({ assetFrom: 'cash-EUR', assetTo: 'usdt-trc20' });
  });
});

describe('amounts as typed', () => {
  it('accepts a dot or a comma as the decimal separator', () => {
    expect(parseAmount('1500.5')).toBe(1500.5);
    expect(parseAmount('0,25')).toBe(0.25);
    expect(parseAmount('12abc')).toBeNaN();
    expect(parseAmount('')).toBeNaN();
  });
});
