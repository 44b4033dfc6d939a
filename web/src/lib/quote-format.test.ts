import { describe, expect, it } from 'vitest';
import { formatMoney, formatQuoteNumber } from './quote-format';

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

  it('leaves rates their digits: two from 1 up, six below', () => {
    expect(formatQuoteNumber(0.042355, 'en')).toBe('0.042355');
    expect(formatQuoteNumber(1.0851, 'en')).toBe('1.09');
  });
});
