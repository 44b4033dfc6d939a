import { accountNameIn, assetAccountId } from '@shared/ledger';
import { describe, expect, it } from 'vitest';

describe('an account as staff read it', () => {
  it("names an asset's own account by its asset in the reader's language", () => {
    const own = { id: assetAccountId('card-EUR'), name: assetAccountId('card-EUR') };
    expect(accountNameIn(own, 'en')).toBe('Card EUR, no named account');
    expect(accountNameIn(own, 'ru')).toBe('Карта EUR, счёт не назван');
    const wallet = { id: assetAccountId('usdt-trc20'), name: assetAccountId('usdt-trc20') };
    expect(accountNameIn(wallet, 'ru')).toBe('USDT (TRC-20), счёт не назван');
  });

  it('names every other account by the name staff gave it', () => {
    expect(accountNameIn({ id: 'acc-1', name: 'Safe, Moscow office' }, 'en')).toBe('Safe, Moscow office');
    expect(accountNameIn({ id: 'exchange-RUB', name: 'exchange-RUB' }, 'ru')).toBe('exchange-RUB');
  });
});
