import { describe, expect, it } from 'vitest';
import { validateDirection, validateUsdValue } from './rate-validation';

const messages = { markup: 'markup', positive: 'positive', minAboveMax: 'minAboveMax' };
const draft = {
  source: 'feed' as const,
  markupPercent: '1.5',
  minAmount: '100',
  maxAmount: '5000',
  isActive: true,
};

describe('validateDirection', () => {
  it('turns a valid row into numbers, empty limits into null', () => {
    expect(validateDirection({ ...draft, maxAmount: '' }, messages).value).toEqual({
      source: 'feed',
      markupPercent: 1.5,
      minAmount: 100,
      maxAmount: null,
      isActive: true,
    });
  });

  it('refuses a markup above 50 %', () => {
    expect(validateDirection({ ...draft, markupPercent: '51' }, messages).errors).toEqual({
      markupPercent: 'markup',
    });
  });

  it('refuses a minimum above the maximum', () => {
    expect(validateDirection({ ...draft, minAmount: '6000' }, messages).errors).toEqual({
      maxAmount: 'minAboveMax',
    });
  });

  it('accepts a decimal comma', () => {
    expect(validateDirection({ ...draft, markupPercent: '2,5' }, messages).value?.markupPercent).toBe(2.5);
  });
});

describe('validateUsdValue', () => {
  it('refuses zero', () => {
    expect(validateUsdValue('0', 'bad').error).toBe('bad');
  });
});
