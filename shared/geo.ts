import * as z from 'zod/mini';
import { currencyCodeSchema } from './assets';
import { schema } from './schema';
import { scheduleViewSchema } from './working-hours';

/**
 * Geo node keys are dotted paths: `europe`, `europe.germany`, `europe.germany.berlin`.
 * The last segment names the node; each segment is lower-case latin, digits or underscores.
 */
export const GEO_SEGMENT = /^[a-z0-9_]+$/;
export const geoKeySchema = /* @__PURE__ */ schema(() =>
  z.string().check(
    z.minLength(1),
    z.maxLength(200),
    z.refine((key) => {
      const segments = key.split('.');
      return segments.length <= 3 && segments.every((segment) => GEO_SEGMENT.test(segment));
    }, 'geoKey'),
  ),
);

/** A city's dotted key (three segments). */
export const cityKeySchema = /* @__PURE__ */ schema(() =>
  geoKeySchema.check(z.refine((key) => key.split('.').length === 3, 'cityKey')),
);

export type GeoLevel = 'continent' | 'country' | 'city';
export const GEO_LEVELS: readonly GeoLevel[] = ['continent', 'country', 'city'];

export function geoLevel(key: string): GeoLevel {
  return GEO_LEVELS[key.split('.').length - 1] ?? 'city';
}

/** Keys of the node itself and every ancestor, root first. */
export function geoAncestry(key: string): string[] {
  const segments = key.split('.');
  return segments.map((_, index) => segments.slice(0, index + 1).join('.'));
}

export function isGeoDescendantOrSelf(candidate: string, ancestor: string): boolean {
  return candidate === ancestor || candidate.startsWith(`${ancestor}.`);
}

export const CONTINENT_KEYS = [
  'europe',
  'cis',
  'middle_east',
  'north_america',
  'south_america',
  'asia',
  'africa',
] as const;

export const localizedNamesSchema = /* @__PURE__ */ schema(() =>
  z.object({ ru: z.string(), en: z.string() }),
);

const nodeFields = {
  key: z.string(),
  defaultName: z.string(),
  names: localizedNamesSchema,
  isActive: z.boolean(),
};
/**
 * A city with its code for the rate monitors and its working hours now (docs/product.md §4): cash
 * directions of the city are offered while `hours.openNow`, unless the exchange is in maintenance
 * (`GET /api/status`).
 */
export const geoCitySchema = /* @__PURE__ */ schema(() =>
  z.object({ ...nodeFields, code: z.nullable(z.string()), hours: scheduleViewSchema }),
);
export const geoCountrySchema = /* @__PURE__ */ schema(() =>
  z.object({
    ...nodeFields,
    localCurrency: currencyCodeSchema,
    cities: z.array(geoCitySchema),
  }),
);
export const geoContinentSchema = /* @__PURE__ */ schema(() =>
  z.object({ ...nodeFields, countries: z.array(geoCountrySchema) }),
);
export const geoTreeSchema = /* @__PURE__ */ schema(() => z.array(geoContinentSchema));

export type GeoCity = z.infer<typeof geoCitySchema>;
export type GeoCountry = z.infer<typeof geoCountrySchema>;
export type GeoContinent = z.infer<typeof geoContinentSchema>;
export type GeoTree = z.infer<typeof geoTreeSchema>;
