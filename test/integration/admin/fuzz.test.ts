import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser, type TestUser } from '../../support/users';

/**
 * Random bodies for every call of this area that takes one: whatever arrives, the answer is a
 * client error in the envelope, never a server error. Targets are chosen so that a body that
 * happened to be valid could not change shared state (unknown ids and keys).
 */
let user: TestUser;
let admin: TestUser;

beforeAll(async () => {
  [user, admin] = await Promise.all([createVerifiedUser(), createVerifiedUser({ role: 'ADMIN' })]);
});

const RUNS = { numRuns: 40 };
const MISSING = '00000000-0000-4000-8000-000000000000';

const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ minLength: 2100, maxLength: 2500 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
  fc.constantFrom(
    'STANDARD',
    'INDIVIDUAL',
    'REJECTED',
    'COMPLETED',
    'card-EUR',
    'usdt-trc20',
    'cash-XYZ',
    'europe',
    'europe.spain',
    'europe.spain.madrid',
    '@exchange_tester',
    -1,
    0,
    1e308,
  ),
);
const knownKeys = fc.constantFrom(
  'requestType',
  'continent',
  'country',
  'city',
  'assetFrom',
  'assetTo',
  'amount',
  'contactTelegram',
  'originFunds',
  'details',
  'status',
  'rejectionReason',
  'expectedStatus',
  'adminNote',
  'assignedToId',
  'locationKey',
  'isActive',
  'value',
  'description',
  'currencies',
  'directions',
);
const anyKey = fc.oneof(knownKeys, fc.string({ maxLength: 10 }), fc.constantFrom('__proto__', 'constructor'));
const anyBody = fc.oneof(
  fc.dictionary(anyKey, anyValue, { maxKeys: 7 }),
  fc.constantFrom(null, [], 'text', 42, true, {}),
);

const CALLS: Array<{ name: string; method: string; path: string; caller: () => TestUser }> = [
  { name: 'POST /applications', method: 'POST', path: '/api/applications', caller: () => user },
  { name: 'POST /rates/calculate', method: 'POST', path: '/api/rates/calculate', caller: () => user },
  {
    name: 'POST /admin/applications/{id}/status',
    method: 'POST',
    path: `/api/admin/applications/${MISSING}/status`,
    caller: () => admin,
  },
  {
    name: 'PUT /admin/applications/{id}/details',
    method: 'PUT',
    path: `/api/admin/applications/${MISSING}/details`,
    caller: () => admin,
  },
  { name: 'PUT /admin/geo/toggle', method: 'PUT', path: '/api/admin/geo/toggle', caller: () => admin },
  {
    name: 'PUT /admin/settings/{key}',
    method: 'PUT',
    path: '/api/admin/settings/fuzzKey',
    caller: () => admin,
  },
  { name: 'PUT /admin/rates', method: 'PUT', path: '/api/admin/rates', caller: () => admin },
];

describe('fuzzed bodies', () => {
  for (const call of CALLS) {
    it(`${call.name} answers every random body with a 4xx envelope`, async () => {
      await fc.assert(
        fc.asyncProperty(anyBody, async (body) => {
          const answer = await api(call.method, call.path, {
            token: call.caller().token,
            rawBody: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
          });
          expect(answer.status).toBeGreaterThanOrEqual(400);
          expect(answer.status).toBeLessThan(500);
          expect(answer.body.success).toBe(false);
        }),
        RUNS,
      );
    });
  }

  it('GET /admin/applications answers random query strings with 200 or 400, never 500', async () => {
    const queryKey = fc.constantFrom(
      'page',
      'limit',
      'sortBy',
      'sortOrder',
      'search',
      'status',
      'userId',
      'cursor',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(queryKey, fc.string({ maxLength: 20 }), { maxKeys: 5 }),
        async (query) => {
          const answer = await api('GET', `/api/admin/applications?${new URLSearchParams(query)}`, {
            token: admin.token,
          });
          expect([200, 400]).toContain(answer.status);
        },
      ),
      RUNS,
    );
  });
});
