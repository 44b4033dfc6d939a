import { allRoutes } from '@functions/routes/manifest';
import {
  ADMIN_SECTION_NAMES,
  type AdminSection,
  canOpenSection,
  mayCall,
  sectionCalls,
  sectionMinimum,
} from '@shared/admin-sections';
import { hasRoleAtLeast, type Role, STAFF_ROLES } from '@shared/enums';
import { lowestRoleFor, type StaffAction } from '@shared/permissions';
import { adminChainReview } from '@shared/routes/chain';
import type { Access, RouteDefinition } from '@shared/routes/definition';
import { adminCreatePaymentTemplate } from '@shared/routes/payment-templates';
import { describe, expect, it } from 'vitest';

/**
 * The admin sections open by the access of the routes they call (shared/admin-sections.ts,
 * docs/architecture.md §6), so no section is open to a role the server refuses those calls to.
 * test/integration/admin/permissions.test.ts and admin-users/permissions.test.ts prove the server
 * answers each route by its access.
 */
const ROLES_OF_STAFF_AREA: Role[] = ['USER', ...STAFF_ROLES];

/** Whether the server lets `role` call a route of `access` (pipeline/middleware/authenticate.ts). */
function admits(access: Access, role: Role): boolean {
  return access === 'public' || access === 'user' || hasRoleAtLeast(role, access);
}

const declared = new Set<RouteDefinition>(allRoutes.map(([, route]) => route));
const name = (route: RouteDefinition) => `${route.method} ${route.path}`;

describe('the admin sections', () => {
  it('open to the same roles as before the table moved to shared/', () => {
    const minimums = Object.fromEntries(
      ADMIN_SECTION_NAMES.map((section) => [section, sectionMinimum(section)]),
    );
    expect(minimums).toEqual({
      dashboard: 'MANAGER',
      users: 'MANAGER',
      applications: 'MANAGER',
      rates: 'ADMIN',
      reports: 'ADMIN',
      reserves: 'ADMIN',
      geo: 'ADMIN',
      settings: 'ADMIN',
      payments: 'MANAGER',
      verification: 'MANAGER',
      transactions: 'MANAGER',
      ledger: 'MANAGER',
      security: 'ADMIN',
      audit: 'ADMIN',
      blacklists: 'MANAGER',
      partners: 'ADMIN',
      pages: 'ADMIN',
    });
  });

  it('stay closed to users without a staff role', () => {
    expect(ADMIN_SECTION_NAMES.filter((section) => canOpenSection('USER', section))).toEqual([]);
  });

  it('call only routes the manifest serves', () => {
    const calls = ADMIN_SECTION_NAMES.flatMap((section) => {
      const { calls: always, byAction = {}, byRole = {} } = sectionCalls(section);
      return [...always, ...Object.values(byAction).flat(), ...Object.values(byRole).flat()];
    });
    expect(calls.filter((route) => !declared.has(route)).map(name)).toEqual([]);
  });

  describe.each(ADMIN_SECTION_NAMES)('%s', (section: AdminSection) => {
    const { calls, byAction = {}, byRole = {} } = sectionCalls(section);

    it('is open to no role that any of its calls refuses', () => {
      const refused = ROLES_OF_STAFF_AREA.filter((role) => canOpenSection(role, section)).flatMap((role) =>
        calls.filter((route) => !admits(route.access, role)).map((route) => `${role}: ${name(route)}`),
      );
      expect(refused).toEqual([]);
    });

    it('is open to every staff role all of its calls admit', () => {
      const shut = STAFF_ROLES.filter(
        (role) => calls.every((route) => admits(route.access, role)) && !canOpenSection(role, section),
      );
      expect(shut).toEqual([]);
    });

    it('makes its other calls only for actions whose every allowed role the route admits', () => {
      const refused = (Object.entries(byAction) as [StaffAction, readonly RouteDefinition[]][]).flatMap(
        ([action, routes]) =>
          routes
            .filter((route) => !admits(route.access, lowestRoleFor(action)))
            .map((route) => `${action}: ${name(route)}`),
      );
      expect(refused).toEqual([]);
    });

    it('makes its calls for a role only where the route admits that role', () => {
      const refused = (Object.entries(byRole) as [Role, readonly RouteDefinition[]][]).flatMap(
        ([role, routes]) =>
          routes.filter((route) => !admits(route.access, role)).map((route) => `${role}: ${name(route)}`),
      );
      expect(refused).toEqual([]);
    });
  });

  it('open the payment gateways page to a MANAGER for the review list, its template writes to an ADMIN', () => {
    expect(canOpenSection('MANAGER', 'payments')).toBe(true);
    expect(mayCall('MANAGER', adminChainReview)).toBe(true);
    expect(mayCall('MANAGER', adminCreatePaymentTemplate)).toBe(false);
    expect(mayCall('ADMIN', adminCreatePaymentTemplate)).toBe(true);
  });
});
