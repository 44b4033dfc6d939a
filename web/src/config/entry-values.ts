import type { Language, Role } from '../../../shared/enums';

/**
 * The few values of shared/enums.ts the landing page's first chunk needs. That module also builds
 * zod schemas which lazy screens keep alive, so importing it from the entry would carry zod into
 * the landing page's JavaScript; `enum-values.test.ts` keeps these copies equal to the originals.
 */
export const LANGUAGES: readonly Language[] = ['ru', 'en'];
export const DEFAULT_LANGUAGE: Language = 'ru';
export const STAFF_ROLES: readonly Role[] = ['MANAGER', 'ADMIN', 'SUPER_ADMIN'];

export function isStaffRole(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}
