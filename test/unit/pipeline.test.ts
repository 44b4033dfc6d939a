import type { ApiEvent, ApiResult } from '@functions/pipeline/http-types';
import type { RouteDefinition } from '@shared/routes/definition';
import type { Context } from 'aws-lambda';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import fixture from '../fixtures/http-api-v2-event.json';

// The pipeline's auth middleware imports the data layer, which reads its table at load.
vi.stubEnv('TABLE_NAME', 'unit-test');
vi.stubEnv('LOG_LEVEL', 'SILENT');
let publicEndpoint: typeof import('@functions/pipeline/endpoint').publicEndpoint;
let errors: typeof import('@functions/commons/errors');

beforeAll(async () => {
  ({ publicEndpoint } = await import('@functions/pipeline/endpoint'));
  errors = await import('@functions/commons/errors');
});

const testRoute = {
  method: 'POST',
  path: '/api/test',
  handler: 'handlers/test',
  access: 'public',
  summary: 'test',
  tag: 'test',
  body: z.strictObject({ name: z.string() }),
  response: 'healthDataSchema',
  uses: {},
} satisfies RouteDefinition;

const context = {
  awsRequestId: 'unit',
  functionName: 'test',
  getRemainingTimeInMillis: () => 1000,
} as Context;

async function invoke(handle: Parameters<typeof publicEndpoint<typeof testRoute>>[1]) {
  const result = (await publicEndpoint(testRoute, handle)(
    structuredClone(fixture) as ApiEvent,
    context,
  )) as ApiResult;
  return { status: result.statusCode, headers: result.headers ?? {}, body: JSON.parse(result.body ?? '{}') };
}

describe('the handler pipeline', () => {
  it("removes CloudFront's origin header before the handler sees the event, so nothing logs the secret", async () => {
    let seen: Record<string, string | undefined> = {};
    await invoke(async ({ event }) => {
      seen = event.headers;
      return { data: { status: 'ok', time: 'x', database: 'ok' } };
    });

    expect(fixture.headers['x-origin-verify']).toBeDefined();
    expect(seen).not.toHaveProperty('x-origin-verify');
  });

  it('hands the validated body to the handler and wraps its reply in the envelope', async () => {
    const answer = await invoke(async ({ body }) => ({
      message: 'Created.',
      status: 201,
      data: { status: 'ok', time: body.name, database: 'ok' },
    }));
    expect(answer).toMatchObject({
      status: 201,
      body: { success: true, message: 'Created.', data: { status: 'ok', time: 'x', database: 'ok' } },
    });
    expect(answer.headers['Cache-Control']).toBe('no-store');
  });

  it('maps a domain error to its status, text and headers', async () => {
    const answer = await invoke(async () => {
      throw new (class SlowDown extends errors.RateLimited {})('Slow down.', { retryAfterSeconds: 30 });
    });
    expect(answer.status).toBe(429);
    expect(answer.body).toEqual({ success: false, code: 'SlowDown', message: 'Slow down.' });
    expect(answer.headers['Retry-After']).toBe('30');
  });

  it("answers a domain error's class name as its code and the values its message names as params", async () => {
    const answer = await invoke(async () => {
      throw new (class TooBig extends errors.InvalidRequest {})('At most 5.', { params: { max: 5 } });
    });
    expect(answer.body).toEqual({
      success: false,
      code: 'TooBig',
      message: 'At most 5.',
      params: { max: 5 },
    });
  });

  it('refuses a body its schema refuses with ValidationFailed and a rule code per field', async () => {
    const result = (await publicEndpoint(testRoute, async () => ({}))(
      { ...structuredClone(fixture), body: JSON.stringify({ name: 7, extra: true }) } as ApiEvent,
      context,
    )) as ApiResult;
    expect(result.statusCode).toBe(400);
    expect(JSON.parse(result.body ?? '{}')).toEqual({
      success: false,
      code: 'ValidationFailed',
      message: 'Validation failed.',
      errors: [
        {
          path: 'name',
          param: 'name',
          code: 'zod.invalid_type',
          msg: 'Invalid input: expected string, received number',
          params: { expected: 'string' },
        },
        { path: 'extra', param: 'extra', code: 'unknownField', msg: 'Unknown field.' },
      ],
    });
  });

  it('turns an unexpected error into a 500 that reveals nothing of it', async () => {
    const answer = await invoke(async () => {
      throw new Error('connection string postgres://secret@db');
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toEqual({ success: false, code: 'InternalError', message: 'Internal server error.' });
    expect(JSON.stringify(answer)).not.toContain('secret');
  });

  it("answers a route's document as it is: typed by the route, never cached, the handler's headers first; refusals in the envelope", async () => {
    const csvRoute = {
      method: 'GET',
      path: '/api/test.csv',
      handler: 'handlers/test-csv',
      access: 'public',
      summary: 'test',
      tag: 'test',
      produces: 'text/csv',
      uses: {},
    } satisfies RouteDefinition;
    const run = async (handle: Parameters<typeof publicEndpoint<typeof csvRoute>>[1]) =>
      (await publicEndpoint(csvRoute, handle)(structuredClone(fixture) as ApiEvent, context)) as ApiResult;
    const csv = '\uFEFFa,"b ""c"""\r\n';

    const plain = await run(async () => ({ document: csv }));
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe(csv);
    expect(plain.headers).toEqual({
      'Content-Type': 'text/csv; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    });

    const named = await run(async () => ({
      document: 'x',
      headers: {
        'Content-Type': 'text/csv; charset=utf-8; header=present',
        'Content-Disposition': 'attachment',
      },
    }));
    expect(named.headers).toMatchObject({
      'Content-Type': 'text/csv; charset=utf-8; header=present',
      'Content-Disposition': 'attachment',
    });

    const refused = await run(async () => {
      throw new (class NoSuchPeriod extends errors.InvalidRequest {})('No.');
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers?.['Content-Type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(refused.body ?? '{}')).toEqual({
      success: false,
      code: 'NoSuchPeriod',
      message: 'No.',
    });
  });
});
