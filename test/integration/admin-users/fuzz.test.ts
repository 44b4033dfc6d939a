import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, runId } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * Random bodies and query strings for the staff user calls: whatever arrives, the answer is a
 * well-formed envelope and never a server error (a 500 would be a bug). Valid random edits
 * are allowed to succeed; everything else must be refused with a 4xx.
 */
let superAdmin: TestUser;
let target: TestUser;

beforeAll(async () => {
  [superAdmin, target] = await Promise.all([
    createVerifiedUser({ role: 'SUPER_ADMIN' }),
    createVerifiedUser({ emailVerified: false }),
  ]);
});

const RUNS = { numRuns: 50 };
const OK_STATUSES = [200, 400, 404, 409, 413, 415];

const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ minLength: 3000, maxLength: 5000 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom(
    '',
    ' ',
    'USER',
    'MANAGER',
    'ADMIN',
    'SUPER_ADMIN',
    'ru',
    'en',
    `fz${runId()}@example.test`,
    'x'.repeat(31),
  ),
);
const knownKey = fc.constantFrom('email', 'username', 'role', 'isActive', 'language', 'adminComment');
const anyKey = fc.oneof(knownKey, fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor'));
const anyBody = fc.oneof(
  fc.dictionary(anyKey, anyValue, { maxKeys: 6 }),
  fc.constantFrom(null, [], 'text', 42, true),
);

function isNotJson(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

function expectWellFormed(answer: { status: number; body: { success: boolean; message: string } }) {
  expect(OK_STATUSES).toContain(answer.status);
  expect(typeof answer.body.message).toBe('string');
  expect(answer.body.success).toBe(answer.status === 200);
}

describe('fuzzed staff user calls', () => {
  it('PUT /api/admin/users/{id} answers every random body without a server error', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const answer = await api('PUT', `/api/admin/users/${target.id}`, {
          token: superAdmin.token,
          rawBody: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expectWellFormed(answer);
      }),
      RUNS,
    );
  });

  it('PUT /api/admin/users/{id}/role answers every random body without a server error', async () => {
    await fc.assert(
      fc.asyncProperty(anyBody, async (body) => {
        const answer = await api('PUT', `/api/admin/users/${target.id}/role`, {
          token: superAdmin.token,
          rawBody: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        expectWellFormed(answer);
      }),
      RUNS,
    );
  });

  it('refuses a body that is not JSON with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .string({ maxLength: 200 })
          .map((text) => `{${text}`)
          .filter(isNotJson),
        async (text) => {
          const answer = await api('PUT', `/api/admin/users/${target.id}`, {
            token: superAdmin.token,
            rawBody: text,
            headers: { 'content-type': 'application/json' },
          });
          expect(answer.status).toBe(400);
        },
      ),
      RUNS,
    );
  });

  it('GET /api/admin/users answers every random query without a server error', async () => {
    const param = fc.constantFrom(
      'page',
      'limit',
      'sortBy',
      'sortOrder',
      'search',
      'role',
      'isActive',
      'emailVerified',
    );
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.integer().map(String),
      fc.constantFrom('0', '-1', '1e9', 'NaN', 'true', 'asc', 'email', 'ADMIN', 'x'.repeat(300)),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(param, value, { maxKeys: 8 }), async (query) => {
        const answer = await api('GET', `/api/admin/users?${new URLSearchParams(query)}`, {
          token: superAdmin.token,
        });
        expectWellFormed(answer);
      }),
      RUNS,
    );
  });

  it('answers random ids on the id routes with 404 or 400, never a server error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ minLength: 1, maxLength: 150 }), async (id) => {
        const answer = await api('GET', `/api/admin/users/${encodeURIComponent(id)}`, {
          token: superAdmin.token,
        });
        expect([200, 400, 404]).toContain(answer.status);
      }),
      RUNS,
    );
  });
});
