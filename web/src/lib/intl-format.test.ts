import { describe, expect, it } from 'vitest';
import { collator, dateTimeFormat, numberFormat } from './intl-format';

describe('Intl formatters', () => {
  it('gives the same formatter for the same locale and options, a new one when either differs', () => {
    const usd = numberFormat('en-US', { style: 'currency', currency: 'USD' });
    expect(numberFormat('en-US', { style: 'currency', currency: 'USD' })).toBe(usd);
    expect(numberFormat('ru-RU', { style: 'currency', currency: 'USD' })).not.toBe(usd);
    expect(numberFormat('en-US', { style: 'currency', currency: 'EUR' })).not.toBe(usd);
    expect(usd.format(1234.5)).toBe('$1,234.50');
  });

  it('formats dates in the asked locale and time zone', () => {
    const at = new Date('2026-11-24T21:30:00Z');
    const moscow = dateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' });
    expect(dateTimeFormat('en-GB', { timeZone: 'Europe/Moscow', hour: '2-digit', minute: '2-digit' })).toBe(
      moscow,
    );
    expect(moscow.format(at)).toBe('00:30');
    expect(dateTimeFormat('en-GB', { timeZone: 'UTC', hour: '2-digit', minute: '2-digit' }).format(at)).toBe(
      '21:30',
    );
  });

  it('keeps one collator per locale, sorting as the language does', () => {
    expect(collator('ru')).toBe(collator('ru'));
    // By code point Ё (U+0401) would come before А.
    expect(['Яр', 'Ёлкино', 'Абакан', 'Жуковский'].sort(collator('ru').compare)).toEqual([
      'Абакан',
      'Ёлкино',
      'Жуковский',
      'Яр',
    ]);
    expect(['b', 'B', 'a'].sort(collator('en').compare)).toEqual(['a', 'b', 'B']);
  });
});
