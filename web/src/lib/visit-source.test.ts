import { recordVisit } from '@shared/routes/reports';
import { fakeApi, ok } from '@web/testing/fake-api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countVisit } from './visit-click';
import { rememberedVisitSource, rememberVisitSource } from './visit-source';

const DAY_MS = 86_400_000;
const NOW = Date.parse('2026-11-29T10:00:00.000Z');

let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  api = fakeApi().answer(recordVisit, ok({ counted: true }));
});
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the visit source this browser keeps', () => {
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

describe('the clicks a visit counts', () => {
  it('counts an arrival that says where it came from, with that source, and none that says nothing', async () => {
    rememberVisitSource('', 'https://exchange.example/rates', 'exchange.example', NOW);
    rememberVisitSource(
      '?cur_from=SBERRUB&cur_to=USDTTRC20',
      'https://www.bestchange.ru/',
      'exchange.example',
      NOW,
    );
    await vi.waitFor(() => expect(api.requests(recordVisit)).toHaveLength(1));
    expect(api.requests(recordVisit)[0]!.body).toEqual({
      source: { monitorFrom: 'SBERRUB', monitorTo: 'USDTTRC20', referrer: 'www.bestchange.ru' },
    });
  });

  it('counts a source once per browser session: a reload is no new click, another source is', async () => {
    await countVisit({ utmSource: 'telegram' });
    await countVisit({ utmSource: 'telegram' });
    expect(api.requests(recordVisit)).toHaveLength(1);
    await countVisit({ referrer: 'forum.example' });
    expect(api.requests(recordVisit).map((request) => request.body)).toEqual([
      { source: { utmSource: 'telegram' } },
      { source: { referrer: 'forum.example' } },
    ]);
  });
});
