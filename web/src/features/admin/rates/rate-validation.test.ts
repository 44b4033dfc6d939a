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
  figureDecimals: 'figureDecimals',
  maxAge: 'maxAge',
  monitorCode: 'monitorCode',
  marketSources: 'marketSources',
  coefficient: 'coefficient',
  place: 'place',
};
const draft: DirectionDraft = {
  source: 'feed',
  marketSources: ['usd-cross'],
  coefficient: '1',
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
const contextOf = (direction: typeof rubToUsdt, figure = '') => ({
  pair: direction,
  sides: sidesOfDirection(direction),
  initial: {
    figure,
    guardLow: '',
    guardHigh: '',
    marketPrice: { sources: ['usd-cross' as const], coefficient: '1' },
  },
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

  it('fixes RUB → USDT at "1 USDT = 97,20 RUB" as typed, whatever source it followed', () => {
    const value = validateDirection(
      { ...draft, source: 'manual', figure: '97,20' },
      contextOf(rubToUsdt, '96,15'),
      messages,
    ).value;

    expect(value).toMatchObject({ source: 'fixed', fixedRate: { figure: '97.20', unit: 'USDT' } });
  });

  it('fixes USDT → RUB at the figure typed: one USDT is the unit on both sides of the pair', () => {
    const value = validateDirection(
      { ...draft, source: 'feed', figure: '93.1' },
      contextOf(usdtToRub, '94,00'),
      messages,
    ).value;

    expect(value).toMatchObject({ source: 'fixed', fixedRate: { figure: '93.1', unit: 'USDT' } });
  });

  it('refuses a figure with more decimals than a rate of its size is shown with', () => {
    const errors = (figure: string) =>
      validateDirection({ ...draft, figure }, contextOf(usdtToRub, '94,00'), messages).errors;

    expect(errors('93,125')).toEqual({ figure: 'figureDecimals' });
    expect(errors('ninety')).toEqual({ figure: 'figure' });
  });

  it('keeps a fixed direction at its figure when its other terms change', () => {
    const value = validateDirection(
      { ...draft, source: 'fixed', figure: '93,00', maxAmount: '' },
      contextOf(usdtToRub, '93,00'),
      messages,
    ).value;

    expect(value).toMatchObject({
      source: 'fixed',
      fixedRate: { figure: '93.00', unit: 'USDT' },
      maxAmount: null,
    });
  });

  it('lets the typed rate go when a source is chosen and the rate left as it was', () => {
    const value = validateDirection(
      { ...draft, source: 'manual', figure: '93,00' },
      contextOf(usdtToRub, '93,00'),
      messages,
    ).value;

    expect(value).toMatchObject({ source: 'manual', markupPercent: 1.5 });
    expect(value).not.toHaveProperty('fixedRate');
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

  it("sends a feed direction's changed market price, its coefficient typed with a comma", () => {
    const value = validateDirection(
      { ...draft, marketSources: ['usdt-market', 'central-bank'], coefficient: ' 1,015 ' },
      contextOf(usdtToRub),
      messages,
    ).value;

    expect(value).toMatchObject({
      marketPrice: { sources: ['usdt-market', 'central-bank'], coefficient: '1.015' },
    });
  });

  it('sends no market price when it is unchanged, or when the direction does not follow the feed', () => {
    const unchanged = validateDirection({ ...draft, coefficient: '1,000' }, contextOf(usdtToRub), messages);
    const manual = validateDirection(
      { ...draft, source: 'manual', marketSources: [], coefficient: '9' },
      contextOf(usdtToRub),
      messages,
    );

    expect(unchanged.value).not.toHaveProperty('marketPrice');
    expect(manual.errors).toEqual({});
    expect(manual.value).not.toHaveProperty('marketPrice');
  });

  it('refuses a feed direction without a source, or with a coefficient out of 0.5–1.5', () => {
    expect(
      validateDirection({ ...draft, marketSources: [], coefficient: '1,6' }, contextOf(usdtToRub), messages)
        .errors,
    ).toEqual({ marketSources: 'marketSources', coefficient: 'coefficient' });
  });
});

describe('effectiveMinimum', () => {
  it('names the global minimum for a direction without one of its own', () => {
    expect(
      effectiveMinimum({
        minAmount: null,
        quoteLimits: { minAmount: 9500.02, maxAmount: null, maxAmountTo: null },
      }),
    ).toEqual({ amount: 9500.02, reason: 'global' });
  });

  it("names the direction's own minimum, which rules whatever the global one", () => {
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
