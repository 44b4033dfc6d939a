import { exportMarks } from '@functions/domain/export/marks';
import { type ExportItem, exactText, renderRatesXml } from '@functions/domain/export/rates-xml';
import { followedRate, typedRate } from '@shared/exact-rate';
import {
  directionOfMonitorLink,
  fiatMonitorCodes,
  MONITOR_CITY_CODES,
  monitorCodePairs,
  monitorCurrencyCode,
} from '@shared/monitor-codes';
import { describe, expect, it } from 'vitest';

const item = (overrides: Partial<ExportItem> = {}): ExportItem => ({
  from: 'USDTTRC20',
  to: 'CASHRUB',
  rate: followedRate(95.5),
  amount: 2_500_000,
  amountDecimals: 2,
  fromMin: 100,
  fromMax: 20_000,
  toMin: 9550,
  toMax: 1_910_000,
  limitDecimals: 2,
  city: 'MSK',
  marks: ['manual'],
  ...overrides,
});

/** The fields of the one item of a file, by name, in their order. */
function fieldsOf(xml: string): Array<[string, string]> {
  const line = xml.split('\n')[2]!;
  return [...line.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map(([, name, value]) => [name!, value!]);
}

describe('monitorCurrencyCode', () => {
  it('names the crypto asset, cash and card as the monitors list them', () => {
    expect(monitorCurrencyCode('usdt-trc20')).toBe('USDTTRC20');
    expect(monitorCurrencyCode('cash-USD')).toBe('CASHUSD');
    expect(monitorCurrencyCode('card-KZT')).toBe('CARDKZT');
  });

  it("uses a direction's own code for its fiat side, never for the crypto asset", () => {
    expect(monitorCurrencyCode('card-RUB', 'SBERRUB')).toBe('SBERRUB');
    expect(monitorCurrencyCode('usdt-trc20', 'SBERRUB')).toBe('USDTTRC20');
  });

  it('knows city codes only where BestChange’s are established', () => {
    expect(Object.values(MONITOR_CITY_CODES).sort()).toEqual(['MSK', 'SPB']);
  });
});

describe('fiatMonitorCodes', () => {
  it('lists a payout also made by SBP under SBPRUB beside its card code, and once when that is its code', () => {
    expect(fiatMonitorCodes('card-RUB', null, true)).toEqual(['CARDRUB', 'SBPRUB']);
    expect(fiatMonitorCodes('card-RUB', 'SBERRUB', true)).toEqual(['SBERRUB', 'SBPRUB']);
    expect(fiatMonitorCodes('card-RUB', 'SBPRUB', true)).toEqual(['SBPRUB']);
    expect(fiatMonitorCodes('card-RUB', null, false)).toEqual(['CARDRUB']);
  });
});

describe("a direction's codes, as the file lists it and a deep link names it", () => {
  const direction = (assetFrom: string, assetTo: string, monitorCode: string | null = null, sbp = false) => ({
    assetFrom,
    assetTo,
    monitorCode,
    sbpBanks: sbp ? ['sberbank'] : [],
  });
  const directions = [
    direction('cash-RUB', 'usdt-trc20'),
    direction('usdt-trc20', 'card-RUB', 'TCSBRUB', true),
    direction('card-RUB', 'usdt-trc20', 'SBERRUB'),
  ];

  it('pairs the fiat code on its side with USDTTRC20 on the other, one pair per fiat code', () => {
    expect(monitorCodePairs(directions[0]!)).toEqual([{ from: 'CASHRUB', to: 'USDTTRC20' }]);
    expect(monitorCodePairs(directions[1]!)).toEqual([
      { from: 'USDTTRC20', to: 'TCSBRUB' },
      { from: 'USDTTRC20', to: 'SBPRUB' },
    ]);
  });

  it('finds the direction a link names by any of its pairs, in any case, and none for another pair', () => {
    expect(directionOfMonitorLink(directions, 'SBERRUB', 'USDTTRC20')).toBe(directions[2]);
    expect(directionOfMonitorLink(directions, 'usdttrc20', 'sbprub')).toBe(directions[1]);
    // The direction's own code replaces the asset's: CARDRUB names none of them.
    expect(directionOfMonitorLink(directions, 'CARDRUB', 'USDTTRC20')).toBeNull();
    expect(directionOfMonitorLink(directions, 'USDTTRC20', 'CASHRUB')).toBeNull();
  });
});

describe('exactText', () => {
  it('writes the decimal a number is, rounded as asked, with no float artefact', () => {
    expect(exactText(29999.999977, 2, 'down')).toBe('29999.99');
    expect(exactText(0.1 + 0.2, 2, 'up')).toBe('0.31');
    expect(exactText(30000, 2, 'down')).toBe('30000');
    expect(exactText(1e21, 2, 'down')).toBe('1000000000000000000000');
    expect(exactText(100.5, 6, 'down')).toBe('100.5');
  });
});

describe('renderRatesXml', () => {
  it('writes a UTF-8 XML declaration, the rates root and one item per line', () => {
    const lines = renderRatesXml([item(), item({ to: 'CASHUSD', rate: followedRate(0.99) })]).split('\n');
    expect(lines[0]).toBe('<?xml version="1.0" encoding="UTF-8"?>');
    expect(lines[1]).toBe('<rates>');
    expect(lines[2]).toMatch(/^<item>.*<\/item>$/);
    expect(lines[3]).toMatch(/^<item>.*<\/item>$/);
    expect(lines[4]).toBe('</rates>');
  });

  it("writes BestChange's current fields in order: both limits' forms, the city, manual", () => {
    expect(fieldsOf(renderRatesXml([item()]))).toEqual([
      ['from', 'USDTTRC20'],
      ['to', 'CASHRUB'],
      ['in', '1'],
      ['out', '95.5'],
      ['amount', '2500000'],
      ['minamount', '100'],
      ['maxamount', '20000'],
      ['frommin', '100'],
      ['frommax', '20000'],
      ['tomin', '9550'],
      ['tomax', '1910000'],
      ['city', 'MSK'],
      ['param', 'manual'],
    ]);
  });

  it('writes fromfee and tofee only where set', () => {
    const names = (xml: string) => fieldsOf(xml).map(([name]) => name);
    expect(names(renderRatesXml([item()]))).not.toContain('fromfee');
    expect(fieldsOf(renderRatesXml([item({ fromFee: '10', toFee: '0.5%' })]))).toEqual(
      expect.arrayContaining([
        ['fromfee', '10'],
        ['tofee', '0.5%'],
      ]),
    );
  });

  it('gives one unit of what is worth more: out is the rate when it is at least 1', () => {
    const xml = renderRatesXml([item({ rate: followedRate(95.5) })]);
    expect(xml).toContain('<in>1</in><out>95.5</out>');
  });

  it('rounds out down at the eighth place, never above the rate', () => {
    expect(renderRatesXml([item({ rate: followedRate(1.675170068001) })])).toContain('<out>1.67517006</out>');
  });

  it('derives in from a rate below 1, rounded up so the file never promises more than the rate', () => {
    // 1 / 0.0104 = 96.153846153…: rounded up at the eighth place.
    const xml = renderRatesXml([item({ from: 'CASHRUB', to: 'USDTTRC20', rate: followedRate(0.0104) })]);
    expect(xml).toContain('<in>96.15384616</in><out>1</out>');
  });

  it('writes a typed rate as typed, on the side it was typed for', () => {
    // "1 USDT = 93,00 RUB" on RUB → USDT: stated through 1 / 93 it was 93.00001014.
    const xml = renderRatesXml([
      item({ from: 'CARDRUB', to: 'USDTTRC20', rate: typedRate('card-RUB', '93.00', 'USDT') }),
      item({ from: 'USDTTRC20', to: 'CARDRUB', rate: typedRate('usdt-trc20', '92.5', 'USDT') }),
    ]);

    expect(xml).toContain('<from>CARDRUB</from><to>USDTTRC20</to><in>93</in><out>1</out>');
    expect(xml).toContain('<from>USDTTRC20</from><to>CARDRUB</to><in>1</in><out>92.5</out>');
  });

  it('writes exact figures: the limits at their decimals, minimums up and maximums down', () => {
    const xml = renderRatesXml([
      item({
        amount: 1234567.891,
        fromMin: 0.0000005 + 0.5,
        fromMax: 29999.999977,
        toMin: 9550.001,
        toMax: 1e7,
      }),
    ]);
    expect(xml).toContain('<amount>1234567.89</amount>');
    expect(xml).toContain('<minamount>0.51</minamount><maxamount>29999.99</maxamount>');
    expect(xml).toContain('<frommin>0.51</frommin><frommax>29999.99</frommax>');
    expect(xml).toContain('<tomin>9550.01</tomin><tomax>10000000</tomax>');
  });

  it('writes a USDT reserve with its six decimals', () => {
    const xml = renderRatesXml([item({ to: 'USDTTRC20', amount: 1500.123456, amountDecimals: 6 })]);
    expect(xml).toContain('<amount>1500.123456</amount>');
  });

  it('names the city of a cash direction only', () => {
    const [, , cash, card] = renderRatesXml([item(), item({ to: 'CARDRUB', city: undefined })]).split('\n');
    expect(cash).toContain('<city>MSK</city><param>manual</param>');
    expect(card).not.toContain('<city>');
    expect(card).toContain('<param>manual</param>');
  });

  it('writes the marks comma-separated in one param, and no param without marks', () => {
    const [, , marked, unmarked] = renderRatesXml([
      item({ marks: ['manual', 'verifying'] }),
      item({ marks: [] }),
    ]).split('\n');
    expect(marked).toContain('<param>manual,verifying</param>');
    expect(unmarked).not.toContain('<param>');
  });

  it('escapes what XML reserves', () => {
    expect(renderRatesXml([item({ city: 'A&B<' })])).toContain('<city>A&#38;B&#60;</city>');
  });
});

describe('exportMarks', () => {
  it('marks manual what the client gives in cash or by card, which staff confirm by hand', () => {
    expect(exportMarks('cash-RUB', false)).toEqual(['manual']);
    expect(exportMarks('card-EUR', false)).toEqual(['manual']);
  });

  it('leaves unmarked USDT given, which the chain watcher matches and confirms', () => {
    expect(exportMarks('usdt-trc20', false)).toEqual([]);
  });

  it('adds verifying where the direction asks for verification', () => {
    expect(exportMarks('card-RUB', true)).toEqual(['manual', 'verifying']);
    expect(exportMarks('usdt-trc20', true)).toEqual(['verifying']);
  });
});
