import { buildGeoTree } from '@functions/domain/geo/tree';
import { geoAncestry, geoKeySchema, geoLevel, isGeoDescendantOrSelf } from '@shared/geo';
import { AROUND_THE_CLOCK } from '@shared/working-hours';
import { describe, expect, it } from 'vitest';

const names = (en: string) => ({ ru: en, en });
const open = { timeZone: 'UTC', week: AROUND_THE_CLOCK, openNow: true, opensAt: null, closesAt: null };
const extras = (key: string) => ({ code: key === 'europe.germany.berlin' ? 'BERLIN' : null, hours: open });
const nodes = [
  { key: 'europe.germany.berlin', defaultName: 'Berlin', names: names('Berlin'), isActive: true },
  { key: 'cis', defaultName: 'CIS', names: names('CIS'), isActive: true },
  { key: 'europe', defaultName: 'Europe', names: names('Europe'), isActive: true },
  {
    key: 'europe.germany',
    defaultName: 'Germany',
    names: names('Germany'),
    isActive: true,
    localCurrency: 'EUR',
  },
  { key: 'europe.germany.munich', defaultName: 'Munich', names: names('Munich'), isActive: false },
  { key: 'cis.russia', defaultName: 'Russia', names: names('Russia'), isActive: false, localCurrency: 'RUB' },
  { key: 'cis.russia.moscow', defaultName: 'Moscow', names: names('Moscow'), isActive: true },
];

describe('buildGeoTree', () => {
  it('nests cities under countries under continents, continents in the spec order', () => {
    const tree = buildGeoTree(nodes, { activeOnly: false }, extras);
    expect(tree.map((continent) => continent.key)).toEqual(['europe', 'cis']);
    expect(tree[0]!.countries[0]!.cities.map((city) => city.key)).toEqual([
      'europe.germany.berlin',
      'europe.germany.munich',
    ]);
    expect(tree[0]!.countries[0]!.cities[0]).toMatchObject({ code: 'BERLIN', hours: open });
  });

  it('hides inactive nodes and everything under them when only active nodes are wanted', () => {
    const tree = buildGeoTree(nodes, { activeOnly: true }, extras);
    expect(tree[0]!.countries[0]!.cities.map((city) => city.key)).toEqual(['europe.germany.berlin']);
    expect(tree[1]!.countries).toEqual([]);
  });
});

describe('geo keys', () => {
  it('accepts dotted keys of up to three lower-case segments', () => {
    expect(geoKeySchema.safeParse('europe.germany.berlin').success).toBe(true);
    expect(geoKeySchema.safeParse('Europe').success).toBe(false);
    expect(geoKeySchema.safeParse('a.b.c.d').success).toBe(false);
    expect(geoKeySchema.safeParse('europe..berlin').success).toBe(false);
  });

  it('knows levels, ancestry and descent', () => {
    expect(geoLevel('europe.germany')).toBe('country');
    expect(geoAncestry('europe.germany.berlin')).toEqual([
      'europe',
      'europe.germany',
      'europe.germany.berlin',
    ]);
    expect(isGeoDescendantOrSelf('europe.germany.berlin', 'europe.germany')).toBe(true);
    expect(isGeoDescendantOrSelf('europe.germanyx', 'europe.germany')).toBe(false);
  });
});
