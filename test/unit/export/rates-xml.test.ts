import { monitorCurrencyCode } from '@functions/domain/export/monitor-codes';
import { type ExportItem, renderRatesXml } from '@functions/domain/export/rates-xml';
import { describe, expect, it } from 'vitest';

const item = (overrides: Partial<ExportItem> = {}): ExportItem => ({
  from: 'USDTTRC20',
  to: 'CASHRUB',
  rate: 95.5,
  amount: 2_500_000,
  minAmount: 100,
  maxAmount: 20_000,
  city: 'MSK',
  ...overrides,
});

describe('monitorCurrencyCode', () => {
  it('names the crypto asset, cash and card as the monitors list them', () => {
    expect(monitorCurrencyCode('usdt-trc20')).toBe('USDTTRC20');
    expect(monitorCurrencyCode('cash-USD')).toBe('CASHUSD');
    expect(monitorCurrencyCode('card-KZT')).toBe('CARDKZT');
  });
});

describe('renderRatesXml', () => {
  it('writes a UTF-8 XML declaration, the rates root and one item per line', () => {
    const lines = renderRatesXml([item(), item({ to: 'CASHUSD', rate: 0.99 })]).split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<rates>');
    expect(lines[2]).toMatch(/^<item>.*<\/item>$/);
    expect(lines[3]).toMatch(/^<item>.*<\/item>$/);
    expect(lines[4]).toBe('</rates>');
  });

  it('gives one unit of what is worth more: out is the rate when it is at least 1', () => {
    const xml = renderRatesXml([item({ rate: 95.5 })]);
    expect(xml).toContain('<in>1</in><out>95.5</out>');
  });

  it('rounds out down at the eighth place, never above the rate', () => {
    expect(renderRatesXml([item({ rate: 1.675170068001 })])).toContain('<out>1.67517006</out>');
  });

  it('derives in from a rate below 1, rounded up so the file never promises more than the rate', () => {
    // 1 / 0.0104 = 96.153846153…: rounded up at the eighth place.
    const xml = renderRatesXml([item({ from: 'CASHRUB', to: 'USDTTRC20', rate: 0.0104 })]);
    expect(xml).toContain('<in>96.15384616</in><out>1</out>');
  });

  it('writes full stops, no grouping and no exponent', () => {
    const xml = renderRatesXml([item({ amount: 1234567.89, minAmount: 0.0000005 + 0.5, maxAmount: 1e7 })]);
    expect(xml).toContain('<amount>1234567.89</amount>');
    expect(xml).toContain('<minamount>0.500001</minamount>');
    expect(xml).toContain('<maxamount>10000000</maxamount>');
  });

  it('names the city of a cash direction and marks every direction manual', () => {
    const [, , cash, card] = renderRatesXml([item(), item({ to: 'CARDRUB', city: undefined })]).split('\n');
    expect(cash).toContain('<city>MSK</city><param>manual</param>');
    expect(card).not.toContain('<city>');
    expect(card).toContain('<param>manual</param>');
  });

  it('escapes what XML reserves', () => {
    expect(renderRatesXml([item({ city: 'A&B<' })])).toContain('<city>A&#38;B&#60;</city>');
  });
});
