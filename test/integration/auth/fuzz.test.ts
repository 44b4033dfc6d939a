import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api } from '../../support/api';
import { createVerifiedUser } from '../../support/users';

/**
 * Hostile bodies for every accounts endpoint: wrong types, huge strings, prototype keys, unknown
 * fields, non-object JSON. Whatever arrives, the answer is a JSON envelope and never a 5xx.
 */
const HOSTILE_KEYS = ['__proto__', 'constructor', 'prototype', 'role', 'isActive', '$where', 'toString'];

const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.emailAddress(),
  fc.constantFrom('', '   ', 'a'.repeat(129), 'é'.repeat(3000), 'x'.repeat(20_000), '\u0000\u202e'),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);

/** A raw JSON body: the endpoint's fields (each maybe missing or wrong), maybe a hostile key, or not an object. */
function rawBodyFor(fields: string[]) {
  const objectBody = fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((field) => [field, fieldValue])), { requiredKeys: [] }),
      fc.option(fc.tuple(fc.constantFrom(...HOSTILE_KEYS), fc.jsonValue({ maxDepth: 2 })), {
        nil: undefined,
      }),
    )
    .map(([base, extra]) => {
      const json = JSON.stringify(base);
      if (!extra) return json;
      const member = `${JSON.stringify(extra[0])}:${JSON.stringify(extra[1]) ?? 'null'}`;
      return json === '{}' ? `{${member}}` : `${json.slice(0, -1)},${member}}`;
    });
  const otherJson = fc.jsonValue({ maxDepth: 2 }).map((value) => JSON.stringify(value) ?? 'null');
  const broken = fc.constantFrom('{', '{"a":}', 'null', '[]', '"text"', '{"__proto__":{"isAdmin":true}}');
  return fc.oneof(
    { weight: 6, arbitrary: objectBody },
    { weight: 1, arbitrary: otherJson },
    { weight: 1, arbitrary: broken },
  );
}

async function expectNo5xx(method: string, path: string, fields: string[], numRuns: number, token?: string) {
  await fc.assert(
    fc.asyncProperty(rawBodyFor(fields), async (rawBody) => {
      const answer = await api(method, path, {
        rawBody,
        token,
        headers: { 'content-type': 'application/json' },
      });
      expect(answer.status).toBeLessThan(500);
      expect(typeof answer.body.success).toBe('boolean');
    }),
    { numRuns },
  );
}

describe('fuzzed bodies never cause a 5xx', () => {
  it('POST /api/auth/register', async () => {
    await expectNo5xx(
      'POST',
      '/api/auth/register',
      ['email', 'username', 'password', 'invitationCode', 'language'],
      60,
    );
  });

  it('POST /api/auth/login', async () => {
    await expectNo5xx('POST', '/api/auth/login', ['loginIdentifier', 'password'], 20);
  });

  it('POST /api/auth/refresh', async () => {
    await expectNo5xx('POST', '/api/auth/refresh', ['refreshTokenFromBody'], 60);
  });

  it('POST /api/auth/resend-verification', async () => {
    await expectNo5xx('POST', '/api/auth/resend-verification', ['email'], 15);
  });

  it('POST /api/auth/forgot-password', async () => {
    await expectNo5xx('POST', '/api/auth/forgot-password', ['email'], 15);
  });

  it('POST /api/auth/reset-password', async () => {
    await expectNo5xx('POST', '/api/auth/reset-password', ['token', 'password'], 40);
  });

  it('POST /api/auth/change-password', async () => {
    const user = await createVerifiedUser();
    await expectNo5xx(
      'POST',
      '/api/auth/change-password',
      ['currentPassword', 'newPassword'],
      30,
      user.token,
    );
  });

  it('PUT /api/users/profile', async () => {
    const user = await createVerifiedUser();
    await expectNo5xx('PUT', '/api/users/profile', ['username', 'language', 'photo_url'], 60, user.token);
  });

  it('POST /api/auth/verify-email with fuzzed tokens', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.string({ maxLength: 300 }), fc.constant('z'.repeat(5000))),
        async (token) => {
          const answer = await api('POST', '/api/auth/verify-email', { body: { token, password: 'x' } });
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
