import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, tableName } from '@functions/data/client';
import { keys } from '@functions/data/keys';
import { allRoutes } from '@functions/routes/manifest';
import { MAX_REQUEST_BODY_BYTES } from '@shared/constants';
import { CONTINENT_KEYS, type GeoTree } from '@shared/geo';
import { describe, expect, it } from 'vitest';
import { api } from '../support/api';

describe('GET /api/health', () => {
  it('answers ok with the database reachable and is never cached', async () => {
    const answer = await api<{ status: string; database: string }>('GET', '/api/health');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, data: { status: 'ok', database: 'ok' } });
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/geo', () => {
  it('returns the seeded tree: seven continents in the spec order, 30+ countries, 80+ cities', async () => {
    const { status, body } = await api<GeoTree>('GET', '/api/geo');
    const countries = body.data!.flatMap((continent) => continent.countries);
    const cities = countries.flatMap((country) => country.cities);
    expect(status).toBe(200);
    expect(body.data!.map((continent) => continent.key)).toEqual([...CONTINENT_KEYS]);
    expect(countries.length).toBeGreaterThanOrEqual(30);
    expect(cities.length).toBeGreaterThanOrEqual(80);
    expect(countries.every((country) => /^[A-Z]{3}$/.test(country.localCurrency))).toBe(true);
    expect(cities.every((city) => city.names.ru && city.names.en)).toBe(true);
  });

  it('leaves out an inactive country together with its cities', async () => {
    const setActive = (isActive: boolean) =>
      db.send(
        new UpdateCommand({
          TableName: tableName,
          Key: keys.geoNode('europe.germany'),
          UpdateExpression: 'SET isActive = :isActive',
          ExpressionAttributeValues: { ':isActive': isActive },
        }),
      );
    await setActive(false);
    try {
      const { body } = await api<GeoTree>('GET', '/api/geo');
      const europe = body.data!.find((continent) => continent.key === 'europe')!;
      expect(europe.countries.map((country) => country.key)).not.toContain('europe.germany');
      expect(europe.countries.length).toBeGreaterThan(0);
    } finally {
      await setActive(true);
    }
  });
});

describe('GET /api/misc/avatars', () => {
  it('lists absolute URLs on the site origin of images the web app ships', async () => {
    const { status, body } = await api<string[]>('GET', '/api/misc/avatars');
    expect(status).toBe(200);
    expect(body.data!.length).toBeGreaterThanOrEqual(6);
    for (const url of body.data!) {
      expect(url.startsWith(`${process.env.SITE_URL}/avatars/`)).toBe(true);
      expect(existsSync(join(import.meta.dirname, '../../web/public', new URL(url).pathname))).toBe(true);
    }
  });
});

describe('POST /api/misc/validate-telegram', () => {
  it.each([
    ['@durov', true],
    ['pavel_durov', true],
    ['+7 (999) 123-45-67', true],
    ['+447911123456', true],
    ['abc', false],
    ['@a-b-c-d-e', false],
    ['8 999 123 45 67', false],
    ['+12', false],
  ])('judges %s as %s', async (username, isValid) => {
    const { status, body } = await api('POST', '/api/misc/validate-telegram', { body: { username } });
    expect(status).toBe(200);
    // The local stack has a bot (infra/local/stack.ts): a valid contact also says whether it started
    // it, which Telegram cannot tell for a phone number (null); these usernames never did.
    const started = username.startsWith('+') ? null : false;
    expect(body.data).toEqual(
      isValid ? { isValid, bot: { username: 'exchange_local_bot', started } } : { isValid },
    );
  });
});

interface OpenApiOperation {
  responses: Record<string, unknown>;
  parameters: Array<{ name: string; in: string; required: boolean }>;
}

/** The document as served: bare, not in the envelope (api() types the envelope, so read it as unknown). */
async function openApiDocument<T>(): Promise<T> {
  const { status, body } = await api('GET', '/api/openapi.json');
  expect(status).toBe(200);
  return body as unknown as T;
}

describe('GET /api/openapi.json', () => {
  it('serves the bare OpenAPI 3.1 document of every manifest route', async () => {
    const document = await openApiDocument<{
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    }>();
    expect(document).not.toHaveProperty('success');
    expect(document.openapi).toBe('3.1.0');
    for (const [, route] of allRoutes) {
      expect(document.paths[route.path]?.[route.method.toLowerCase()]).toBeDefined();
    }
  });

  it('passes an OpenAPI validator', async () => {
    const document = await openApiDocument<Parameters<typeof SwaggerParser.validate>[0]>();
    // validate() dereferences in place and throws with every schema error it finds.
    await expect(SwaggerParser.validate(structuredClone(document))).resolves.toMatchObject({
      openapi: '3.1.0',
    });
  });

  it('rejects a broken document, so the check above can fail', async () => {
    const document = await openApiDocument<Record<string, unknown>>();
    await expect(
      SwaggerParser.validate({ ...document, paths: { 'no-leading-slash': {} } } as never),
    ).rejects.toThrow();
  });
});

describe('GET /api/openapi.json for POST /api/applications', () => {
  it('documents the 201 answer, the replay, the Idempotency-Key header and the 422 without a rate', async () => {
    const document = await openApiDocument<{ paths: Record<string, Record<string, OpenApiOperation>> }>();
    const operation = document.paths['/api/applications']!.post!;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['201', '200', '422']));
    expect(operation.parameters).toContainEqual(
      expect.objectContaining({ name: 'idempotency-key', in: 'header', required: false }),
    );
  });
});

describe('bad input', () => {
  const validate = (options: Parameters<typeof api>[2]) =>
    api('POST', '/api/misc/validate-telegram', options);

  it('answers malformed JSON with 400 and the envelope', async () => {
    const answer = await validate({
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      success: false,
      code: 'MalformedJson',
      message: 'Malformed JSON in request body.',
    });
  });

  it('answers a body that is not JSON with 415', async () => {
    const answer = await validate({ rawBody: 'username=durov', headers: { 'content-type': 'text/plain' } });
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({ success: false, code: 'UnsupportedMediaType' });
  });

  it('answers a wrong type with 400 and a field error', async () => {
    const answer = await validate({ body: { username: 42 } });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('ValidationFailed');
    expect(answer.body.errors).toEqual([
      expect.objectContaining({
        path: 'username',
        param: 'username',
        code: 'zod.invalid_type',
        params: { expected: 'string' },
      }),
    ]);
  });

  it('answers unknown fields, __proto__ included, with 400 naming each field', async () => {
    const answer = await validate({
      rawBody: '{"username":"durov_x","role":"ADMIN","__proto__":{"x":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.errors!.map((error) => error.path).sort()).toEqual(['__proto__', 'role']);
    expect(answer.body.errors!.map((error) => error.code)).toEqual(['unknownField', 'unknownField']);
  });

  it('answers a missing body with 400 naming the required field', async () => {
    const answer = await validate({ rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual([expect.objectContaining({ path: 'username' })]);
  });

  it('answers an oversized body with 413', async () => {
    const answer = await validate({ body: { username: 'x'.repeat(40_000) } });
    expect(answer.status).toBe(413);
    expect(answer.body).toMatchObject({
      success: false,
      code: 'PayloadTooLarge',
      params: { limitBytes: MAX_REQUEST_BODY_BYTES },
    });
  });

  it('answers an unknown route with 404 and a wrong method with 405 and Allow', async () => {
    const unknown = await api('GET', '/api/no-such-thing');
    const wrongMethod = await api('DELETE', '/api/geo');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({
      success: false,
      code: 'RouteNotFound',
      params: { method: 'GET', path: '/api/no-such-thing' },
    });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.body.code).toBe('MethodNotAllowed');
    expect(wrongMethod.headers.get('allow')).toBe('GET');
  });
});

describe('routes for users and staff', () => {
  const protectedRoutes = allRoutes.filter(([, route]) => route.access !== 'public');

  it.each(protectedRoutes)(
    '%s answers 401 to a caller without a token, whatever the body',
    async (_id, route) => {
      const path = route.path.replace(/\{[^}]+\}/g, 'any-id');
      const body = ['POST', 'PUT', 'PATCH'].includes(route.method) ? { unexpected: true } : undefined;
      const answer = await api(route.method, path, { body });
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ success: false, message: expect.any(String) });
    },
  );
});
