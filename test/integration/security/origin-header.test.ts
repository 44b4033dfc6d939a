import type { ApiEvent, ApiResult } from '@functions/pipeline/http-types';
import { ORIGIN_HEADER } from '@functions/pipeline/middleware/origin-guard';
import { routes } from '@functions/routes/manifest';
import { lambdaContext, loadFunctionModule } from '@infra/local/api-adapter';
import type { Handler } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import fixture from '../../fixtures/http-api-v2-event.json';
import { api } from '../../support/api';

/**
 * A request that reaches the functions without CloudFront's origin header, as a caller of the
 * execute-api endpoint would send it: the handler modules Lambda runs, invoked in-process (the
 * local server, like CloudFront, always adds the header).
 */
async function invokeDirectly(
  route: { method: string; path: string; handler: string },
  headers: Record<string, string>,
  body?: string,
) {
  const handler = await loadFunctionModule<Handler<ApiEvent, ApiResult>>(route.handler);
  const event = structuredClone(fixture) as ApiEvent;
  event.routeKey = `${route.method} ${route.path}`;
  event.rawPath = route.path;
  event.requestContext.http.method = route.method;
  event.requestContext.http.path = route.path;
  event.headers = { host: 'abc123.execute-api.eu-central-1.amazonaws.com', ...headers };
  event.body = body;
  const result = (await handler(event, lambdaContext('direct'), () => {})) as ApiResult;
  return { status: result.statusCode, body: JSON.parse(result.body ?? '{}') as unknown };
}

const refused = { status: 403, body: { success: false, message: 'Forbidden.' } };
const forged = { 'cloudfront-viewer-address': '203.0.113.9:443' };

describe('requests that did not come through CloudFront', () => {
  it('are refused with 403 in the envelope, on a public route', async () => {
    expect(await invokeDirectly(routes.health, forged)).toEqual(refused);
  });

  it('are refused with a wrong header value too', async () => {
    expect(await invokeDirectly(routes.health, { ...forged, [ORIGIN_HEADER]: 'guessed' })).toEqual(refused);
  });

  it('are refused before authentication, body parsing and validation', async () => {
    expect(await invokeDirectly(routes.authMe, forged)).toEqual(refused);
    expect(
      await invokeDirectly(routes.authLogin, { 'content-type': 'application/json' }, '{not json'),
    ).toEqual(refused);
  });

  it('are refused on unknown paths (the $default fallback)', async () => {
    const fallback = { method: 'GET', path: '/api/nowhere', handler: 'handlers/system/not-found' };

    expect(await invokeDirectly(fallback, forged)).toEqual(refused);
  });

  it('pass with the header CloudFront adds', async () => {
    const answer = await invokeDirectly(routes.health, { [ORIGIN_HEADER]: process.env.ORIGIN_SECRET! });

    expect(answer.status).toBe(200);
  });

  it('cannot carry the header through the local server, which sets it as CloudFront does', async () => {
    const answer = await api('GET', '/api/health', { headers: { [ORIGIN_HEADER]: 'a caller value' } });

    expect(answer.status).toBe(200);
  });
});
