import type { GeoTree } from '@shared/geo';
import { testCity } from '@web/testing/fixtures';
import { describe, expect, it } from 'vitest';
import { applyGeoToggle, countActiveCities, sortGeoTree } from './geo-cascade';

const node = (key: string, isActive: boolean) => ({
  key,
  defaultName: key,
  names: { ru: key, en: key },
  isActive,
});

const city = (key: string, isActive: boolean) => testCity(key, key, { isActive });

function tree(): GeoTree {
  return [
    {
      ...node('europe', true),
      countries: [
        {
          ...node('europe.germany', true),
          localCurrency: 'EUR',
          cities: [city('europe.germany.berlin', true), city('europe.germany.munich', true)],
        },
        {
          ...node('europe.spain', false),
          localCurrency: 'EUR',
          cities: [city('europe.spain.madrid', false)],
        },
      ],
    },
    { ...node('asia', false), countries: [] },
  ];
}

function state(geo: GeoTree): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const continent of geo) {
    out[continent.key] = continent.isActive;
    for (const country of continent.countries) {
      out[country.key] = country.isActive;
      for (const city of country.cities) out[city.key] = city.isActive;
    }
  }
  return out;
}

describe('applyGeoToggle', () => {
  it('switches off a country and every city in it', () => {
    const next = state(applyGeoToggle(tree(), 'europe.germany', false));
    expect(next['europe.germany']).toBe(false);
    expect(next['europe.germany.berlin']).toBe(false);
    expect(next['europe.germany.munich']).toBe(false);
  });

  it('leaves the ancestors on when a node is switched off', () => {
    const next = state(applyGeoToggle(tree(), 'europe.germany.berlin', false));
    expect(next.europe).toBe(true);
    expect(next['europe.germany']).toBe(true);
    expect(next['europe.germany.munich']).toBe(true);
  });

  it('switches on the country and continent of a city that is switched on', () => {
    const off = applyGeoToggle(tree(), 'europe', false);
    const next = state(applyGeoToggle(off, 'europe.germany.berlin', true));
    expect(next.europe).toBe(true);
    expect(next['europe.germany']).toBe(true);
    expect(next['europe.germany.berlin']).toBe(true);
  });

  it('does not switch on the siblings of a city that is switched on', () => {
    const off = applyGeoToggle(tree(), 'europe', false);
    const next = state(applyGeoToggle(off, 'europe.germany.berlin', true));
    expect(next['europe.germany.munich']).toBe(false);
    expect(next['europe.spain']).toBe(false);
  });

  it('does not touch a node whose key merely starts with the same letters', () => {
    const geo = tree();
    geo[0]!.countries.push({ ...node('europe.germany_east', true), localCurrency: 'EUR', cities: [] });
    const next = state(applyGeoToggle(geo, 'europe.germany', false));
    expect(next['europe.germany_east']).toBe(true);
  });

  it('returns a new tree and keeps the original for a rollback', () => {
    const original = tree();
    const before = state(original);
    applyGeoToggle(original, 'europe', false);
    expect(state(original)).toEqual(before);
  });
});

describe('countActiveCities', () => {
  it('counts the cities that are on together with their country and continent', () => {
    expect(countActiveCities(tree(), 'europe')).toEqual({ active: 2, total: 3 });
  });
});

describe('sortGeoTree', () => {
  it('sorts countries by their name in the chosen language', () => {
    const geo = tree();
    geo[0]!.countries[0]!.names = { ru: 'Германия', en: 'Germany' };
    geo[0]!.countries[1]!.names = { ru: 'Испания', en: 'Spain' };
    geo[0]!.countries.push({
      ...node('europe.austria', true),
      names: { ru: 'Австрия', en: 'Austria' },
      localCurrency: 'EUR',
      cities: [],
    });
    expect(sortGeoTree(geo, 'ru')[0]!.countries.map((country) => country.names.ru)).toEqual([
      'Австрия',
      'Германия',
      'Испания',
    ]);
  });
});
