import { SETTING_DEFAULTS, SETTING_KEYS, type SettingKey, type SettingValue } from '@shared/constants';
import { geoLevel } from '@shared/geo';
import { putAll, sortKeysIn } from '../data/bulk-writes';
import { type GeoNodeRecord, geoNodeItem } from '../data/geo';
import { keys } from '../data/keys';
import { settingItem } from '../data/settings';
import { cardHoursItem, cityHoursItem, maintenanceItem } from '../data/working-hours';
import { GEO_SEED } from './geo-data';
import { SEED_CARD_HOURS, seedCityHours } from './hours-data';
import { rateSeedItems } from './rates-data';

type SettingValues = Partial<{ [K in SettingKey]: SettingValue<K> }>;

/**
 * Fills an empty table with the geo tree and its working hours, the default settings and default
 * rates. Idempotent: it writes only the items that are missing, so a restart never undoes what
 * staff changed, and a table seeded before working hours existed gets each city's hours beside it.
 * `aroundTheClock` opens every city all week (the test stacks: tests that are not about working
 * hours must not be refused at night; those that are set the hours they test).
 */
export async function seedDatabase(
  options: { now?: Date; settingValues?: SettingValues; aroundTheClock?: boolean } = {},
): Promise<{ written: number }> {
  const now = options.now ?? new Date();
  const wanted = [
    ...geoSeedItems(),
    ...hoursSeedItems(now, options.aroundTheClock ?? false),
    ...settingSeedItems(now, options.settingValues ?? {}),
    ...rateSeedItems(now),
  ];
  const existing = new Set<string>();
  for (const partition of [keys.geoPartition, keys.settingPartition, keys.ratesPartition]) {
    for (const sk of await sortKeysIn(partition)) existing.add(`${partition}|${sk}`);
  }
  const missing = wanted.filter((item) => !existing.has(`${item.pk}|${item.sk}`));
  await putAll(missing);
  return { written: missing.length };
}

export function geoSeedNodes(): GeoNodeRecord[] {
  return GEO_SEED.flatMap((continent) => [
    { key: continent.key, defaultName: continent.names.en, names: continent.names, isActive: true },
    ...continent.countries.flatMap((country) => {
      const countryKey = `${continent.key}.${country.key}`;
      return [
        {
          key: countryKey,
          defaultName: country.names.en,
          names: country.names,
          isActive: true,
          localCurrency: country.localCurrency,
        },
        ...country.cities.map((city) => ({
          key: `${countryKey}.${city.key}`,
          defaultName: city.names.en,
          names: city.names,
          isActive: true,
        })),
      ];
    }),
  ]);
}

function geoSeedItems() {
  return geoSeedNodes().map(geoNodeItem);
}

/** Each seeded city's time zone, hours and monitors' code, the card hours, and maintenance off. */
function hoursSeedItems(now: Date, aroundTheClock: boolean) {
  const changed = { updatedAt: now.toISOString(), updatedBy: null };
  return [
    ...geoSeedNodes()
      .filter((node) => geoLevel(node.key) === 'city')
      .map((node) =>
        cityHoursItem({ key: node.key, ...seedCityHours(node.key, { aroundTheClock }), ...changed }),
      ),
    cardHoursItem({ ...SEED_CARD_HOURS, ...changed }),
    maintenanceItem({ active: false, message: { ru: '', en: '' }, ...changed }),
  ];
}

/** The default settings, with the values a stack chooses for itself (the local one: staff MFA off). */
function settingSeedItems(now: Date, values: SettingValues) {
  return SETTING_KEYS.map((key) =>
    settingItem({
      key,
      description: SETTING_DEFAULTS[key].description,
      value: values[key] ?? SETTING_DEFAULTS[key].value,
      updatedAt: now.toISOString(),
      updatedBy: null,
    }),
  );
}
