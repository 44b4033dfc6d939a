import { afterEach, describe, expect, it } from 'vitest';
import { rememberedVisitSource, rememberVisitSource } from './visit-source';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-29T10:00:00.000Z');

describe('the visit source this browser keeps', () => {
  afterEach(() => localStorage.clear());

  it('keeps the latest visit that said where it came from, for 30 days', () => {
    rememberVisitSource('?utm_source=telegram', '', 'exchange.example', NOW);
    rememberVisitSource('', '', 'exchange.example', NOW + DAY_MS);
    expect(rememberedVisitSource(NOW + 2 * DAY_MS)).toEqual({ utmSource: 'telegram' });
    rememberVisitSource('?cur_from=SBERRUB&cur_to=USDTTRC20', '', 'exchange.example', NOW + 3 * DAY_MS);
    expect(rememberedVisitSource(NOW + 3 * DAY_MS)).toEqual({
      monitorFrom: 'SBERRUB',
      monitorTo: 'USDTTRC20',
    });
    expect(rememberedVisitSource(NOW + 33 * DAY_MS)).toEqual({
      monitorFrom: 'SBERRUB',
      monitorTo: 'USDTTRC20',
    });
    expect(rememberedVisitSource(NOW + 34 * DAY_MS)).toBeNull();
  });

  it('reads nothing from what it did not write', () => {
    expect(rememberedVisitSource(NOW)).toBeNull();
    localStorage.setItem('visitSource', '{not json');
    expect(rememberedVisitSource(NOW)).toBeNull();
    localStorage.setItem('visitSource', JSON.stringify({ source: { utmSource: 'x' } }));
    expect(rememberedVisitSource(NOW)).toBeNull();
  });
});
