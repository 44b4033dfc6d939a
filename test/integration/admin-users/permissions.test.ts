import { allRoutes } from '@functions/routes/manifest';
import type { Role } from '@shared/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser } from '../../support/users';

/**
 * The permission matrix of the staff user-management calls: every caller kind × every endpoint.
 * Reads are for MANAGER and up, writes for ADMIN and up, a second factor's reset for SUPER_ADMIN;
 * the target of each write is a fresh USER, so a granted write succeeds (200) and a refused one is
 * refused before touching anyone.
 */
type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'];

interface EndpointCase {
  /** The route's name in the manifest. */
  route: string;
  name: string;
  method: string;
  path: (targetId: string) => string;
  body?: unknown;
  minimum: Role;
}

const ENDPOINTS: EndpointCase[] = [
  {
    route: 'adminListUsers',
    name: 'GET /admin/users',
    method: 'GET',
    path: () => '/api/admin/users?limit=5',
    minimum: 'MANAGER',
  },
  {
    route: 'adminGetUser',
    name: 'GET /admin/users/{id}',
    method: 'GET',
    path: (id) => `/api/admin/users/${id}`,
    minimum: 'MANAGER',
  },
  {
    route: 'adminUserApplications',
    name: 'GET /admin/users/{id}/applications',
    method: 'GET',
    path: (id) => `/api/admin/users/${id}/applications`,
    minimum: 'MANAGER',
  },
  {
    route: 'adminListManagers',
    name: 'GET /admin/managers',
    method: 'GET',
    path: () => '/api/admin/managers',
    minimum: 'MANAGER',
  },
  {
    route: 'adminUpdateUser',
    name: 'PUT /admin/users/{id}',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}`,
    body: { adminComment: 'checked by the matrix', language: 'en' },
    minimum: 'ADMIN',
  },
  {
    route: 'adminSetUserRole',
    name: 'PUT /admin/users/{id}/role',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/role`,
    body: { role: 'MANAGER' },
    minimum: 'ADMIN',
  },
  {
    route: 'adminActivateUser',
    name: 'PUT /admin/users/{id}/activate',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/activate`,
    minimum: 'ADMIN',
  },
  {
    route: 'adminDeactivateUser',
    name: 'PUT /admin/users/{id}/deactivate',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/deactivate`,
    minimum: 'ADMIN',
  },
  {
    route: 'adminResetReferrals',
    name: 'POST /admin/users/{id}/reset-referrals',
    method: 'POST',
    path: (id) => `/api/admin/users/${id}/reset-referrals`,
    minimum: 'ADMIN',
  },
  {
    route: 'adminResetUserMfa',
    name: 'POST /admin/users/{id}/mfa/reset',
    method: 'POST',
    path: (id) => `/api/admin/users/${id}/mfa/reset`,
    minimum: 'SUPER_ADMIN',
  },
];

const RANK: Record<Caller, number> = { anonymous: -1, USER: 0, MANAGER: 1, ADMIN: 2, SUPER_ADMIN: 3 };

function expectedStatus(caller: Caller, minimum: Role): number {
  if (caller === 'anonymous') return 401;
  return RANK[caller] >= RANK[minimum] ? 200 : 403;
}

const tokens = new Map<Caller, string>();

beforeAll(async () => {
  tokens.set('anonymous', '');
  for (const role of ['USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'] as const) {
    tokens.set(role, (await createVerifiedUser({ role })).token);
  }
});

describe('staff user-management permission matrix', () => {
  it('covers every route of the admin-users area, with the access it declares', () => {
    const mine = ENDPOINTS.map((endpoint) => endpoint.route);
    const declared = Object.fromEntries(allRoutes.map(([id, route]) => [id, route.access]));
    const areaRoutes = allRoutes.filter(([, route]) => route.tag.startsWith('admin-users')).map(([id]) => id);
    expect(areaRoutes.filter((id) => !mine.includes(id))).toEqual([]);
    expect(ENDPOINTS.filter((endpoint) => declared[endpoint.route] !== endpoint.minimum)).toEqual([]);
  });

  for (const endpoint of ENDPOINTS) {
    for (const caller of CALLERS) {
      const expected = expectedStatus(caller, endpoint.minimum);
      it(`${endpoint.name} answers ${expected} to ${caller}`, async () => {
        const target = await createVerifiedUser({ emailVerified: false });
        const token = tokens.get(caller);
        const answer = await api(endpoint.method, endpoint.path(target.id), {
          body: endpoint.body,
          token: token || undefined,
        });
        expect(answer.status).toBe(expected);
        expect(answer.body.success).toBe(expected === 200);
      });
    }
  }
});
