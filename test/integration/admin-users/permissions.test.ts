import type { Role } from '@shared/enums';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser } from '../../support/users';

/**
 * The permission matrix of the staff user-management calls: every caller kind × every endpoint.
 * Reads are for MANAGER and up, writes for ADMIN and up; the target of each write is a fresh
 * USER, so a granted write succeeds (200) and a refused one is refused before touching anyone.
 */
type Caller = 'anonymous' | Role;
const CALLERS: Caller[] = ['anonymous', 'USER', 'MANAGER', 'ADMIN', 'SUPER_ADMIN'];

interface EndpointCase {
  name: string;
  method: string;
  path: (targetId: string) => string;
  body?: unknown;
  minimum: Role;
}

const ENDPOINTS: EndpointCase[] = [
  { name: 'GET /admin/users', method: 'GET', path: () => '/api/admin/users?limit=5', minimum: 'MANAGER' },
  {
    name: 'GET /admin/users/{id}',
    method: 'GET',
    path: (id) => `/api/admin/users/${id}`,
    minimum: 'MANAGER',
  },
  {
    name: 'GET /admin/users/{id}/applications',
    method: 'GET',
    path: (id) => `/api/admin/users/${id}/applications`,
    minimum: 'MANAGER',
  },
  { name: 'GET /admin/managers', method: 'GET', path: () => '/api/admin/managers', minimum: 'MANAGER' },
  {
    name: 'PUT /admin/users/{id}',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}`,
    body: { adminComment: 'checked by the matrix', language: 'en' },
    minimum: 'ADMIN',
  },
  {
    name: 'PUT /admin/users/{id}/role',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/role`,
    body: { role: 'MANAGER' },
    minimum: 'ADMIN',
  },
  {
    name: 'PUT /admin/users/{id}/activate',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/activate`,
    minimum: 'ADMIN',
  },
  {
    name: 'PUT /admin/users/{id}/deactivate',
    method: 'PUT',
    path: (id) => `/api/admin/users/${id}/deactivate`,
    minimum: 'ADMIN',
  },
  {
    name: 'POST /admin/users/{id}/reset-referrals',
    method: 'POST',
    path: (id) => `/api/admin/users/${id}/reset-referrals`,
    minimum: 'ADMIN',
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
