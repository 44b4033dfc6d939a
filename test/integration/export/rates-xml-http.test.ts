import type { PublicRatesData, RatesData } from '@shared/contract/rates';
import type { GeoTree } from '@shared/geo';
import { describe, expect, inject, it } from 'vitest';
import { api } from '../../support/api';
import { newUser } from '../applications/fixtures';
import { parseRatesXml } from './rates-xml-reader';

/**
 * The monitors' file over HTTP on the shared stack, read as a monitor reads it and checked against
 * what the API publishes. This file changes nothing: tokens, maintenance, hours and reserves are
 * changed in rates-export.test.ts, on a table of its own.
 */
const fetchFile = (headers: Record<string, string> = {}, query = '') =>
  fetch(`${inject('localStack').apiUrl}/api/export/rates.xml${query}`, { headers });

describe('GET /api/export/rates.xml', () => {
  it('answers UTF-8 XML with validators and the 30 s cache the edge keeps', async () => {
    const answer = await fetchFile();
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=30');
    expect(answer.headers.get('etag')).toMatch(/^"[\w-]{27}"$/);
    expect(Date.parse(answer.headers.get('last-modified')!)).not.toBeNaN();
    const text = await answer.text();
    expect(text.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<rates>\n')).toBe(true);
  });

  it('lists only the directions published to the monitors, where they are offered, with their terms', async () => {
    const [file, rates, geo] = await Promise.all([
      fetchFile().then((answer) => answer.text()),
      api<PublicRatesData>('GET', '/api/rates'),
      api<GeoTree>('GET', '/api/geo'),
    ]);
    const items = parseRatesXml(file);
    const code = (asset: string) =>
      asset === 'usdt-trc20'
        ? 'USDTTRC20'
        : asset.replace(/^(cash|card)-/, (_, kind: string) => kind.toUpperCase());
    const directions = new Map(
      rates.body.data!.directions.map((direction) => [
        `${code(direction.assetFrom)}>${code(direction.assetTo)}`,
        direction,
      ]),
    );
    const openCityCodes = new Set(
      geo.body.data!.flatMap((continent) =>
        continent.countries.flatMap((country) =>
          country.cities.filter((city) => city.hours.openNow && city.code).map((city) => city.code!),
        ),
      ),
    );

    // Only what staff published to the monitors is in the file (a fresh install: nothing at all).
    const published = [...directions.values()].filter((direction) => direction.publishToMonitors);
    if (published.length === 0) expect(items).toEqual([]);
    for (const item of items) {
      const direction = directions.get(`${item.from}>${item.to}`);
      expect(direction, `${item.from}>${item.to} is published`).toBeDefined();
      expect(direction!.publishToMonitors).toBe(true);
      expect(item.out / item.in).toBeCloseTo(direction!.rate!, 6);
      expect(item.out / item.in).toBeLessThanOrEqual(direction!.rate! + 1e-12);
      expect(item.amount).toBeLessThanOrEqual(direction!.reserve!);
      expect(item.frommin).toBe(item.minamount);
      expect(item.frommax).toBe(item.maxamount);
      expect(item.minamount).toBeGreaterThanOrEqual(direction!.quoteLimits!.minAmount);
      expect(item.maxamount).toBeLessThanOrEqual(
        direction!.quoteLimits!.maxAmount ?? Number.POSITIVE_INFINITY,
      );
      expect(item.tomax).toBeLessThanOrEqual(direction!.reserve!);
      // Staff confirm cash and card given by hand; USDT given is matched on chain (no mark).
      expect(item.param).toBe(item.from.startsWith('USDT') ? undefined : 'manual');
      if (item.from.startsWith('CASH') || item.to.startsWith('CASH')) {
        expect(openCityCodes.has(item.city!), `${item.city} is an open city`).toBe(true);
      } else {
        expect(item.city).toBeUndefined();
      }
    }
    // Every card direction with a reserve is in the file once; cash ones once per city.
    const cardPairs = items
      .filter((item) => item.city === undefined)
      .map((item) => `${item.from}>${item.to}`);
    expect(new Set(cardPairs).size).toBe(cardPairs.length);
    const cashKeys = items.filter((item) => item.city).map((item) => `${item.from}>${item.to}@${item.city}`);
    expect(new Set(cashKeys).size).toBe(cashKeys.length);
  });

  it('answers 304 without a body to a monitor that names the current ETag', async () => {
    const first = await fetchFile();
    const etag = first.headers.get('etag')!;

    const again = await fetchFile({ 'If-None-Match': etag });

    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect((await fetchFile({ 'If-None-Match': '"another"' })).status).toBe(200);
  });

  it('refuses a token longer than any the setting holds with the envelope', async () => {
    const answer = await fetchFile({}, `?token=${'x'.repeat(65)}`);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ success: false, errors: [{ path: 'query.token' }] });
  });
});

/**
 * The publish switch through the API on the shared stack. Only refusals: the naira's reserve is
 * the seed's (no test file sets it), so switching card-NGN on is refused and nothing changes.
 */
describe('PUT /api/admin/rates: the monitors fields', () => {
  const direction = { assetFrom: 'card-NGN', assetTo: 'usdt-trc20', markupPercent: 1.5 };

  it("refuses publishing while a side's reserve is still the seed's, naming it", async () => {
    const admin = await newUser({ role: 'ADMIN' });
    const answer = await api('PUT', '/api/admin/rates', {
      token: admin.token,
      body: { directions: [{ ...direction, publishToMonitors: true }] },
    });

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'ReserveNotSetByStaff',
      params: { assetFrom: 'card-NGN', assetTo: 'usdt-trc20', currencies: 'NGN, USDT' },
    });
    const table = await api<RatesData>('GET', '/api/admin/rates', { token: admin.token });
    expect(
      table.body.data!.directions.find((d) => d.assetFrom === 'card-NGN' && d.assetTo === 'usdt-trc20'),
    ).toMatchObject({ publishToMonitors: false, monitorCode: null });
  });

  it("refuses a monitors' code the monitors cannot read, by its rule", async () => {
    const admin = await newUser({ role: 'ADMIN' });
    const answer = await api('PUT', '/api/admin/rates', {
      token: admin.token,
      body: { directions: [{ ...direction, monitorCode: 'sber rub' }] },
    });

    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: [{ code: 'monitorCode' }] });
  });
});
