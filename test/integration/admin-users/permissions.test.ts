import { allRoutes } from '@functions/routes/manifest';
import type { Role } from '@shared/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { createVerifiedUser } from '../../support/users';

/**
 * The permission matrix of the staff user-management calls: every caller kind × every endpoint.
 * Reads are for MANAGER and up, writes for ADMIN and up, a second factor's reset for SUPER_ADMIN;
 * the target of each write is a fresh USER, so a granted write succeeds (200) and a refused one is
 * refused before touching anyone (the invitation routes act on a fresh address or invitation).
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
  /** The id the path names, when it is not a fresh USER's (a staff invitation's). */
  target?: () => Promise<string>;
  minimum: Role;
  /** A granted call's status when it is not 200 (201: created). */
  granted?: number;
}

const inviteeAddress = () => `matrix.${runId()}@example.test`;

/** A pending invitation (by a SUPER_ADMIN) for the routes that act on one. */
async function pendingInvitation(): Promise<string> {
  const answer = await api<{ id: string }>('POST', '/api/admin/staff-invitations', {
    token: tokens.get('SUPER_ADMIN'),
    body: { email: inviteeAddress(), role: 'MANAGER', language: 'ru' },
  });
  return answer.body.data!.id;
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
  {
    route: 'adminListStaffInvitations',
    name: 'GET /admin/staff-invitations',
    method: 'GET',
    path: () => '/api/admin/staff-invitations',
    minimum: 'ADMIN',
  },
  {
    route: 'adminInviteStaff',
    name: 'POST /admin/staff-invitations',
    method: 'POST',
    path: () => '/api/admin/staff-invitations',
    target: async () => inviteeAddress(),
    body: (email: string) => ({ email, role: 'MANAGER', language: 'ru' }),
    minimum: 'ADMIN',
    granted: 201,
  },
  {
    route: 'adminResendStaffInvitation',
    name: 'POST /admin/staff-invitations/{id}/resend',
    method: 'POST',
    path: (id) => `/api/admin/staff-invitations/${id}/resend`,
    target: pendingInvitation,
    minimum: 'ADMIN',
  },
  {
    route: 'adminRevokeStaffInvitation',
    name: 'DELETE /admin/staff-invitations/{id}',
    method: 'DELETE',
    path: (id) => `/api/admin/staff-invitations/${id}`,
    target: pendingInvitation,
    minimum: 'ADMIN',
  },
];

const RANK: Record<Caller, number> = { anonymous: -1, USER: 0, MANAGER: 1, ADMIN: 2, SUPER_ADMIN: 3 };

function expectedStatus(caller: Caller, minimum: Role, granted = 200): number {
  if (caller === 'anonymous') return 401;
  return RANK[caller] >= RANK[minimum] ? granted : 403;
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
      const expected = expectedStatus(caller, endpoint.minimum, endpoint.granted);
      it(`${endpoint.name} answers ${expected} to ${caller}`, async () => {
        const targetId = endpoint.target
          ? await endpoint.target()
          : (await createVerifiedUser({ emailVerified: false })).id;
        const token = tokens.get(caller);
        const answer = await api(endpoint.method, endpoint.path(targetId), {
          body: typeof endpoint.body === 'function' ? endpoint.body(targetId) : endpoint.body,
          token: token || undefined,
        });
        expect(answer.status).toBe(expected);
        expect(answer.body.success).toBe(expected < 300);
      });
    }
  }
});
