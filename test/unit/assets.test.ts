import { assetLabel, isValidExchangePair, offeredFiatAssets, parseAssetKey } from '@shared/assets';
import { describe, expect, it } from 'vitest';

describe('asset keys', () => {
  it('parses cash and card fiat keys and the crypto key', () => {
    expect(parseAssetKey('cash-USD')).toEqual({ kind: 'fiat', fiatKind: 'cash', currency: 'USD' });
    expect(parseAssetKey('card-EUR')).toEqual({ kind: 'fiat', fiatKind: 'card', currency: 'EUR' });
    expect(parseAssetKey('usdt-trc20')).toEqual({ kind: 'crypto', code: 'USDT' });
  });

  it('rejects keys of another shape', () => {
    for (const key of ['cash-usd', 'wire-USD', 'USD', 'usdt-erc20', 'card-EURO', '']) {
      expect(parseAssetKey(key)).toBeNull();
    }
  });

  it('labels assets for display and upper-cases unknown keys', () => {
    expect(assetLabel('cash-USD')).toBe('Cash USD');
    expect(assetLabel('card-RUB', { cash: 'Наличные', card: 'Карта' })).toBe('Карта RUB');
    expect(assetLabel('usdt-trc20')).toBe('USDT (TRC-20)');
    expect(assetLabel('btc')).toBe('BTC');
  });

  it('offers USD, EUR, RUB and the local currency, cash and card each, without duplicates', () => {
    expect(offeredFiatAssets('KZT')).toEqual([
      'cash-USD',
      'card-USD',
      'cash-EUR',
      'card-EUR',
      'cash-RUB',
      'card-RUB',
      'cash-KZT',
      'card-KZT',
    ]);
    expect(offeredFiatAssets('EUR')).toHaveLength(6);
  });

  it('accepts only fiat-to-crypto or crypto-to-fiat pairs', () => {
    expect(isValidExchangePair('cash-USD', 'usdt-trc20')).toBe(true);
    expect(isValidExchangePair('usdt-trc20', 'card-EUR')).toBe(true);
    expect(isValidExchangePair('cash-USD', 'card-EUR')).toBe(false);
    expect(isValidExchangePair('usdt-trc20', 'usdt-trc20')).toBe(false);
    expect(isValidExchangePair('cash-USD', 'bogus')).toBe(false);
  });
});
