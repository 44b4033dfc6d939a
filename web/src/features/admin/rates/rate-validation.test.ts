import { describe, expect, it } from 'vitest';
import { effectiveMinimum, guardFigures, sidesOfDirection } from './rate-figures';
import {
  type DirectionDraft,
  validateCashStep,
  validateDirection,
  validateUsdValue,
} from './rate-validation';

const messages = {
  markup: 'markup',
  positive: 'positive',
  minAboveMax: 'minAboveMax',
  figure: 'figure',
  figureBeyondRaw: 'figureBeyondRaw',
  maxAge: 'maxAge',
  monitorCode: 'monitorCode',
};
const draft: DirectionDraft = {
  source: 'feed',
  markupPercent: '1.5',
  figure: '',
  minAmount: '100',
  maxAmount: '5000',
  isActive: true,
  guardLow: '',
  guardHigh: '',
  maxAgeMinutes: '15',
  publishToMonitors: false,
  monitorCode: '',
};
/** RUB → USDT at a raw price of 0.0105 USDT a RUB (1 USDT = 95,24 RUB before the markup). */
const rubToUsdt = {
  assetFrom: 'card-RUB',
  assetTo: 'usdt-trc20',
  rate: 0.0104,
  rawPrice: 0.0105,
  minRate: null,
  maxRate: null,
};
const usdtToRub = {
  assetFrom: 'usdt-trc20',
  assetTo: 'card-RUB',
  rate: 94,
  rawPrice: 95,
  minRate: null,
  maxRate: null,
};
const contextOf = (direction: typeof rubToUsdt, rawPrice: number | null = direction.rawPrice) => ({
  sides: sidesOfDirection(direction),
  rawPrice,
  initial: { figure: '', guardLow: '', guardHigh: '' },
});

describe('validateDirection', () => {
  it('turns a valid row into numbers, empty limits into null, an untouched guard left out', () => {
    expect(validateDirection({ ...draft, maxAmount: '' }, contextOf(rubToUsdt), messages).value).toEqual({
      source: 'feed',
      markupPercent: 1.5,
      minAmount: 100,
      maxAmount: null,
      isActive: true,
      maxAgeMinutes: 15,
      publishToMonitors: false,
      monitorCode: null,
    });
  });

  it('refuses a markup above 50 %', () => {
    expect(
      validateDirection({ ...draft, markupPercent: '51' }, contextOf(rubToUsdt), messages).errors,
    ).toEqual({
      markupPercent: 'markup',
    });
  });

  it('refuses a minimum above the maximum', () => {
    expect(validateDirection({ ...draft, minAmount: '6000' }, contextOf(rubToUsdt), messages).errors).toEqual(
      {
        maxAmount: 'minAboveMax',
      },
    );
  });

  it('accepts a decimal comma', () => {
    expect(
      validateDirection({ ...draft, markupPercent: '2,5' }, contextOf(rubToUsdt), messages).value
        ?.markupPercent,
    ).toBe(2.5);
  });

  it('turns "1 USDT = 97,20 RUB" typed for RUB → USDT into the markup against the raw price', () => {
    const value = validateDirection(
      { ...draft, source: 'manual', figure: '97,20' },
      contextOf(rubToUsdt),
      messages,
    ).value;
    // rate = 1 / 97.20 = 0.010288…; markup = 100 × (1 − 0.010288… / 0.0105) = 2.0184 %
    expect(value?.markupPercent).toBe(2.0184);
    const shown = 1 / (0.0105 * (1 - value!.markupPercent / 100));
    expect(shown.toFixed(2)).toBe('97.20');
  });

  it('turns "1 USDT = 93,10 RUB" typed for USDT → RUB into the markup: the figure is the rate', () => {
    const value = validateDirection(
      { ...draft, source: 'manual', figure: '93.10' },
      contextOf(usdtToRub),
      messages,
    ).value;
    expect(value?.markupPercent).toBe(2);
  });

  it('refuses a figure better for the client than the raw price', () => {
    expect(
      validateDirection({ ...draft, source: 'manual', figure: '96' }, contextOf(usdtToRub), messages).errors,
    ).toEqual({ figure: 'figureBeyondRaw' });
  });

  it('sends the guard typed as figures as the rates it lets through, the order turned for RUB → USDT', () => {
    const value = validateDirection(
      { ...draft, guardLow: '90', guardHigh: '100' },
      contextOf(rubToUsdt),
      messages,
    ).value;
    // 1 USDT = 90…100 RUB is 0.01…0.0111… USDT a RUB, widened outwards to 8 decimals.
    expect(value).toMatchObject({ minRate: 0.01, maxRate: 0.01111112 });
    expect(guardFigures({ minRate: 0.01, maxRate: 0.01111112 }, sidesOfDirection(rubToUsdt))).toEqual({
      low: '90.00',
      high: '100.00',
    });
  });

  it('refuses a guard whose lowest figure is above its highest, a maximum age out of range, a bad code', () => {
    expect(
      validateDirection(
        { ...draft, guardLow: '100', guardHigh: '90', maxAgeMinutes: '5', monitorCode: 'sber rub' },
        contextOf(rubToUsdt),
        messages,
      ).errors,
    ).toEqual({ guardHigh: 'minAboveMax', maxAgeMinutes: 'maxAge', monitorCode: 'monitorCode' });
  });

  it('sends a monitors code in capitals and the publish switch', () => {
    expect(
      validateDirection(
        { ...draft, monitorCode: 'sberrub', publishToMonitors: true },
        contextOf(rubToUsdt),
        messages,
      ).value,
    ).toMatchObject({ monitorCode: 'SBERRUB', publishToMonitors: true });
  });
});

describe('effectiveMinimum', () => {
  it("names the global minimum when it is above the direction's own", () => {
    expect(
      effectiveMinimum({
        minAmount: 5000,
        quoteLimits: { minAmount: 9500.02, maxAmount: null, maxAmountTo: null },
      }),
    ).toEqual({ amount: 9500.02, reason: 'global' });
  });

  it("names the direction's own minimum when it is the larger", () => {
    expect(
      effectiveMinimum({
        minAmount: 12000,
        quoteLimits: { minAmount: 12000, maxAmount: null, maxAmountTo: null },
      }),
    ).toEqual({ amount: 12000, reason: 'direction' });
  });

  it('is null while paused', () => {
    expect(effectiveMinimum({ minAmount: 5000, quoteLimits: null })).toBeNull();
  });
});

describe('validateUsdValue', () => {
  it('refuses zero', () => {
    expect(validateUsdValue('0', 'bad').error).toBe('bad');
  });
});

describe('validateCashStep', () => {
  it('reads empty as no step, and a positive amount of whole cents up to 100,000 as the step', () => {
    expect(validateCashStep('', 'bad')).toEqual({ error: null, value: null });
    expect(validateCashStep('100', 'bad')).toEqual({ error: null, value: 100 });
    expect(validateCashStep('0,5', 'bad')).toEqual({ error: null, value: 0.5 });
    for (const wrong of ['0', '-10', '0.001', '100001', 'ten'])
      expect(validateCashStep(wrong, 'bad'), wrong).toEqual({ error: 'bad', value: null });
  });
});
