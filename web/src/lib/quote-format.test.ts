import { describe, expect, it } from 'vitest';
import { formatMoney, formatRate } from './quote-format';

describe('formatMoney: amounts in quotes and lists (shared/assets SHOWN_DECIMALS)', () => {
  it('writes two decimals, none for a whole amount, in both languages', () => {
    expect(formatMoney(847.1, 'en')).toBe('847.10');
    expect(formatMoney(847.1, 'ru')).toBe('847,10');
    expect(formatMoney(1500, 'en')).toBe('1,500');
    expect(formatMoney(1500, 'ru')).toBe('1\u00a0500');
  });

  it('cuts six USDT decimals to two, never showing more than there is (847.099999 is 847.09, not 847.10)', () => {
    expect(formatMoney(847.099999, 'en')).toBe('847.09');
    expect(formatMoney(500.0037, 'en')).toBe('500');
    expect(formatMoney(0.999999, 'en')).toBe('0.99');
  });

  it('writes rates with the expensive currency as the unit (shared/rate-display), or a dash', () => {
    expect(formatRate('card-RUB', 'usdt-trc20', 0.010316, 'ru')).toBe('1 USDT = 96,94 RUB');
    expect(formatRate('usdt-trc20', 'card-EUR', 0.9249, 'en')).toBe('1 EUR = 1.0812 USDT');
    expect(formatRate('card-RUB', 'usdt-trc20', null, 'en')).toBe('—');
  });
});
