import * as z from 'zod/mini';
import { assetKeySchema, DIRECTION_SEPARATOR, directionKey } from './assets';
import type { Role } from './enums';
import { cityKeySchema } from './geo';
import { schema } from './schema';

/**
 * A MANAGER's narrower rights (docs/operations.md "Staff shifts and rights"), set by an ADMIN: the cities and
 * directions whose deals they handle (null: all) and whether they may record refunds. ADMIN and
 * SUPER_ADMIN are never narrowed. One table read by the server's checks and by the admin screens.
 */

/** At most this many cities or directions in one scope (more than the seed has of either). */
const SCOPE_MAX_ENTRIES = 500;

export const directionKeySchema = /* @__PURE__ */ schema(() =>
  z.string().check(
    z.maxLength(100),
    z.refine((key) => {
      const sides = key.split(DIRECTION_SEPARATOR);
      return sides.length === 2 && sides.every((side) => assetKeySchema.safeParse(side).success);
    }, 'directionKey'),
  ),
);

/** A list of at least one key, or null for all of them. */
const someOrAll = <T extends z.ZodMiniType<string>>(key: T) =>
  z.nullable(z.array(key).check(z.minLength(1), z.maxLength(SCOPE_MAX_ENTRIES)));

export const staffScopeSchema = /* @__PURE__ */ schema(() =>
  z.strictObject({
    cities: someOrAll(cityKeySchema),
    directions: someOrAll(directionKeySchema),
    mayRefund: z.boolean({ error: 'mustBeBoolean' }),
  }),
);
export type StaffScope = z.infer<typeof staffScopeSchema>;

/** A MANAGER nobody narrowed: every city and direction, refunds too. */
export const FULL_SCOPE: StaffScope = { cities: null, directions: null, mayRefund: true };

/**
 * The rights a staff member's deals are checked against: a MANAGER's stored scope (FULL_SCOPE when
 * none was set), null (nothing narrowed) for every other role.
 */
export function scopeOfRole(role: Role, stored: StaffScope | null | undefined): StaffScope | null {
  return role === 'MANAGER' ? (stored ?? FULL_SCOPE) : null;
}

/** What a deal is placed by: its city and its direction (an individual request has neither). */
export interface DealPlace {
  city: string | null;
  assetFrom: string | null;
  assetTo: string | null;
}

/** Whether the scope limits which deals its holder sees (cities or directions named). */
export function narrowsDeals(scope: StaffScope | null): scope is StaffScope {
  return scope !== null && (scope.cities !== null || scope.directions !== null);
}

/**
 * Whether a deal is within the scope: its city among the scope's cities and its direction among its
 * directions, each where the scope names any. A deal without a city or direction (an individual
 * request) is outside a scope that names them.
 */
export function dealInScope(scope: StaffScope | null, deal: DealPlace): boolean {
  if (!narrowsDeals(scope)) return true;
  if (scope.cities !== null && (deal.city === null || !scope.cities.includes(deal.city))) return false;
  if (scope.directions === null) return true;
  return (
    deal.assetFrom !== null &&
    deal.assetTo !== null &&
    scope.directions.includes(directionKey(deal.assetFrom, deal.assetTo))
  );
}

export function mayRefund(scope: StaffScope | null): boolean {
  return scope === null || scope.mayRefund;
}

/** The same rights: the same lists in any order, the same refund right. */
export function sameScope(a: StaffScope | null, b: StaffScope | null): boolean {
  const sorted = (list: string[] | null) => (list === null ? null : [...list].sort());
  const normal = (scope: StaffScope | null) =>
    scope === null
      ? null
      : { cities: sorted(scope.cities), directions: sorted(scope.directions), mayRefund: scope.mayRefund };
  return JSON.stringify(normal(a)) === JSON.stringify(normal(b));
}
